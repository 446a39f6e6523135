package main

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/record"
)

// TestProblemMatcher: the GitHub problem matcher reads every diagnostic line of the text
// output, with its file, place, severity and code; the runner takes the first matcher that
// matches a line, so the order is note, warning, error.
func TestProblemMatcher(t *testing.T) {
	data, err := os.ReadFile("../../.github/qipu-matcher.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ProblemMatcher []struct {
			Owner    string
			Severity string
			Pattern  []struct {
				Regexp                            string
				File, Line, Column, Message, Code int
			}
		}
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	_, _, errs := qipu(t, context.Background(), "", "check", "-v", "-j", "1", edge)
	lines := diagLines(errs)
	if len(lines) != 5 {
		t.Fatalf("want 5 diagnostics, got %q", lines)
	}
	for _, l := range append(lines, `a:b.pgn:3:4: game 1: note: repetition: the position occurs for the 3rd time at plies 4, 8, 12`) {
		matched := false
		for _, pm := range m.ProblemMatcher {
			p := pm.Pattern[0]
			sub := regexp.MustCompile(p.Regexp).FindStringSubmatch(l)
			if sub == nil {
				continue
			}
			matched = true
			want := "error"
			switch {
			case strings.Contains(l, ": warning: "):
				want = "warning"
			case strings.Contains(l, ": note: "):
				want = "notice"
			}
			file := l[:strings.Index(l, ":@")+1]
			if p.Line > 0 {
				file = regexp.MustCompile(`^(.+?):\d+:\d+: `).FindStringSubmatch(l)[1]
			} else {
				file = strings.TrimSuffix(file, ":")
			}
			if pm.Severity != want || sub[p.File] != file || sub[p.Message] == "" || sub[p.Code] == "" ||
				!strings.Contains(l, " "+sub[p.Code]+": ") || sub[p.Code] == "warning" || sub[p.Code] == "note" {
				t.Errorf("%q: matcher %s gives severity %s, file %q, code %q", l, pm.Owner, pm.Severity, sub[p.File], sub[p.Code])
			}
			break
		}
		if !matched {
			t.Errorf("no matcher reads %q", l)
		}
	}
}

// TestPreCommitFiles: the pre-commit hook's files regex takes every extension qipu reads, in
// any case, and the extensions being added (.mxq .sg .qp .xqn); not other files.
func TestPreCommitFiles(t *testing.T) {
	data, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sub := regexp.MustCompile(`(?m)^\s*files:\s*'([^']+)'`).FindSubmatch(data)
	if sub == nil {
		t.Fatal("no files: regex in .pre-commit-hooks.yaml")
	}
	re := regexp.MustCompile(string(sub[1]))
	exts := []string{".mxq", ".sg", ".qp", ".xqn"}
	for _, f := range record.Formats() {
		exts = append(exts, f.Extensions()...)
	}
	for _, e := range exts {
		for _, name := range []string{"games/a" + e, "A" + strings.ToUpper(e)} {
			if !re.MatchString(name) {
				t.Errorf("the hook's files regex %q skips %s", sub[1], name)
			}
		}
	}
	for _, name := range []string{"main.go", "README.md", "a.pgn.bak", "x.json"} {
		if re.MatchString(name) {
			t.Errorf("the hook's files regex takes %s", name)
		}
	}
	for _, want := range []string{"language: golang", "entry: qipu check"} {
		if !strings.Contains(string(data), want) {
			t.Errorf(".pre-commit-hooks.yaml lacks %q", want)
		}
	}
}

// TestActionManifest: the composite action installs the pinned version with go install and
// uploads SARIF.
func TestActionManifest(t *testing.T) {
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{"using: composite", "actions/setup-go@", `go install "github.com/qipu/qipu/cmd/qipu@${QIPU_VERSION}"`,
		"QIPU_VERSION: ${{ inputs.version }}", "--output \"sarif=${QIPU_SARIF}\"", "github/codeql-action/upload-sarif@", "qipu-matcher.json"} {
		if !strings.Contains(s, want) {
			t.Errorf("action.yml lacks %q", want)
		}
	}
	if !regexp.MustCompile(`(?m)^    default: v\d+\.\d+\.\d+$`).MatchString(s) {
		t.Error("action.yml pins no default version")
	}
}
