package main

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
)

// edge is the bundled archive of broken files.
var edge = filepath.Join(corpus, "edge")

// driverVersion matches the version fields of SARIF's driver, which depend on the build.
var driverVersion = regexp.MustCompile(`"version":"[^"]*","semanticVersion":"[^"]*"|,"properties":\{"qipuVersion":"[^"]*"\}`)

// withoutVersion replaces the driver's version fields of a SARIF document, which depend on
// the build.
func withoutVersion(s string) string {
	return driverVersion.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, ",") {
			return ""
		}
		return `"version":"V","semanticVersion":"S"`
	})
}

func TestCheckCIFormats(t *testing.T) {
	dir := t.TempDir()
	args := []string{"check", "-q", "-j", "2", edge}
	var outs []string
	for _, f := range []string{"sarif", "junit", "codeclimate", "github"} {
		outs = append(outs, "--output", f+"="+filepath.Join(dir, "out."+f))
	}
	code, out, _ := qipu(t, context.Background(), "", append(args, outs...)...)
	if code != exitInvalid || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 4 {
		t.Errorf("%d files in the output directory, want the 4 outputs and no temporary file", len(ents))
	}
	for _, f := range []string{"sarif", "junit", "codeclimate", "github"} {
		data, err := os.ReadFile(filepath.Join(dir, "out."+f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "sarif" {
			data = []byte(withoutVersion(string(data)))
		}
		golden(t, "check-edge."+f+".golden", data)
		// --format FORMAT writes the same document to standard output.
		code, out, _ := qipu(t, context.Background(), "", append(args, "--format", f)...)
		if f == "sarif" {
			out = withoutVersion(out)
		}
		if code != exitInvalid || out != string(data) {
			t.Errorf("--format %s: exit %d, stdout differs from --output:\n%s", f, code, out)
		}
	}
	// Shapes the consumers rely on.
	var sarif struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID              string
				Level               string
				PartialFingerprints map[string]string
				Locations           []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           map[string]int
					}
				}
			}
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "out.sarif"))
	if err := json.Unmarshal(data, &sarif); err != nil {
		t.Fatal(err)
	}
	if sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || sarif.Runs[0].Tool.Driver.Name != "qipu" ||
		len(sarif.Runs[0].Tool.Driver.Rules) != len(game.Rules()) || len(sarif.Runs[0].Results) != 5 {
		t.Fatalf("SARIF shape: %+v", sarif)
	}
	for _, r := range sarif.Runs[0].Results {
		reg := r.Locations[0].PhysicalLocation.Region
		binary := strings.HasSuffix(r.Locations[0].PhysicalLocation.ArtifactLocation.URI, ".xqf")
		if r.PartialFingerprints[ciformat.FingerprintVersion] == "" ||
			binary && (reg["startLine"] != 0 || reg["byteOffset"] != 600) || !binary && reg["startLine"] == 0 {
			t.Errorf("SARIF result %+v", r)
		}
	}
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	data, _ = os.ReadFile(filepath.Join(dir, "out.junit"))
	if err := xml.Unmarshal(data, &suites); err != nil || suites.Tests != 15+1 || suites.Failures != 2 {
		// 15 games and the truncated file's testcase; the broken game and that file fail.
		t.Errorf("JUnit totals %+v: %v", suites, err)
	}
}

func TestCheckSelectIgnore(t *testing.T) {
	ctx := context.Background()
	code, _, errs := qipu(t, ctx, "", "check", "-q", "--ignore", "illegal,truncated", edge)
	if code != exitOK || strings.Contains(errs, "illegal:") || !strings.Contains(errs, "warning: side:") {
		t.Errorf("--ignore illegal,truncated: exit %d, stderr %q", code, errs)
	}
	code, _, errs = qipu(t, ctx, "", "check", "-q", "--select", "notation", edge)
	if code != exitOK || len(diagLines(errs)) != 1 || !strings.Contains(errs, "warning: notation:") {
		t.Errorf("--select notation: exit %d, stderr %q", code, errs)
	}
	code, _, errs = qipu(t, ctx, "", "check", "-q", "--select", "illegal", edge)
	if code != exitInvalid || len(diagLines(errs)) != 1 {
		t.Errorf("--select illegal: exit %d, stderr %q", code, errs)
	}
	for _, args := range [][]string{
		{"check", "--select", "illegal,bogus", edge},
		{"check", "--ignore", "Illegal", edge},
		{"convert", "--ignore", "nope", edge},
		{"check", "--output", "xml=x.xml", edge},
		{"check", "--output", "sarif", edge},
		{"check", "--format", "sarif", "--output", "junit=-", edge},
		{"check", "--format", "json", "--report", "-", edge},
		{"check", "--baseline", filepath.Join(t.TempDir(), "missing.json"), edge},
	} {
		code, out, errs := qipu(t, ctx, "", args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "qipu: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// A baseline that is not one.
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"tool":"other"}`), 0o644)
	if code, _, errs := qipu(t, ctx, "", "check", "--baseline", bad, edge); code != exitUsage || !strings.Contains(errs, "not a qipu baseline") {
		t.Errorf("bad baseline: exit %d, %q", code, errs)
	}
}

func TestOutputAtomic(t *testing.T) {
	dir := t.TempDir()
	// An output that cannot be created (its directory is a file): usage error, and no
	// output, complete or partial, is left behind.
	writeFile(t, filepath.Join(dir, "file"), []byte("x"))
	code, _, _ := qipu(t, context.Background(), "", "check", "-q", "--output", "junit="+filepath.Join(dir, "x.xml"),
		"--output", "sarif="+filepath.Join(dir, "file", "x.sarif"), edge)
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left %v", ents)
	}
}

func TestRulesCommand(t *testing.T) {
	for _, args := range [][]string{{"rules"}, {"help", "rules"}} {
		code, out, errs := qipu(t, context.Background(), "", args...)
		if code != exitOK || errs != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
		}
		for _, r := range game.Rules() {
			if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(string(r.Code)) + ` +` + r.Level.String() + ` +` + regexp.QuoteMeta(r.Doc) + `$`).MatchString(out) {
				t.Errorf("%v lacks %s:\n%s", args, r.Code, out)
			}
		}
	}
	if code, _, _ := qipu(t, context.Background(), "", "rules", "x"); code != exitUsage {
		t.Errorf("rules x: exit %d", code)
	}
}

// TestBaselineScenario: a baseline written today, read back after one game was broken anew
// and a game was inserted at the top of another file, reports exactly the new problem.
func TestBaselineScenario(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	for _, name := range []string{"broken-middle.pgn", "warnings.pgn", "truncated.xqf", "tandem-pawns.pgn"} {
		copyFile(t, filepath.Join(edge, name), filepath.Join(in, name))
	}
	base := filepath.Join(dir, "baseline.json")
	code, _, before := qipu(t, ctx, "", "check", "-q", "--write-baseline", base, in)
	if code != exitInvalid || len(diagLines(before)) != 5 {
		t.Fatalf("first run: exit %d, %q", code, before)
	}
	if code, _, errs := qipu(t, ctx, "", "check", "--baseline", base, in); code != exitOK || len(diagLines(errs)) != 0 ||
		!strings.Contains(errs, "baseline: 5 suppressed, 0 no longer seen") {
		t.Fatalf("same tree: exit %d, %q", code, errs)
	}
	// Break the first game of broken-middle.pgn; insert a game above the others of warnings.pgn.
	bm := filepath.Join(in, "broken-middle.pgn")
	data, _ := os.ReadFile(bm)
	broken := strings.Replace(string(data), "炮八进二", "炮八进九", 1)
	if broken == string(data) {
		t.Fatal("the move to break is not in broken-middle.pgn")
	}
	os.WriteFile(bm, []byte(broken), 0o644)
	wp := filepath.Join(in, "warnings.pgn")
	data, _ = os.ReadFile(wp)
	os.WriteFile(wp, append([]byte("[Event \"inserted\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ *\n\n"), data...), 0o644)

	code, _, errs := qipu(t, ctx, "", "check", "--baseline", base, in)
	diags := diagLines(errs)
	if code != exitInvalid || len(diags) != 1 || !strings.HasPrefix(diags[0], bm+":") || !strings.Contains(diags[0], "game 1, ply 3: illegal:") {
		t.Fatalf("after the edits: exit %d, diagnostics %q", code, diags)
	}
	if !strings.Contains(errs, "baseline: 5 suppressed, 0 no longer seen") {
		t.Errorf("summary: %q", errs)
	}
	// SARIF with the baseline holds the new problem only.
	sarif := filepath.Join(dir, "new.sarif")
	qipu(t, ctx, "", "check", "-q", "--baseline", base, "--output", "sarif="+sarif, in)
	data, _ = os.ReadFile(sarif)
	if n := strings.Count(string(data), `"ruleId"`); n != 1 {
		t.Errorf("SARIF with the baseline has %d results, want 1", n)
	}
	// A fixed problem is counted as no longer seen.
	os.Remove(filepath.Join(in, "truncated.xqf"))
	if _, _, errs := qipu(t, ctx, "", "check", "--baseline", base, in); !strings.Contains(errs, "baseline: 4 suppressed, 1 no longer seen") {
		t.Errorf("after a fix: %q", errs)
	}
}

// TestReadmeRules keeps the README's rules table equal to game.Rules (-update rewrites it).
func TestReadmeRules(t *testing.T) {
	const begin, end = "<!-- rules:begin (go test ./cmd/qipu -update) -->\n", "<!-- rules:end -->"
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the rules table markers %q … %q", begin, end)
	}
	want := ciformat.RulesMarkdown()
	if got := s[i+len(begin) : j]; got != want {
		if *update {
			if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's rules table differs from game.Rules (go test ./cmd/qipu -run TestReadmeRules -update):\n%s", want)
	}
}

// diagLines returns the diagnostic lines of standard error, the summary left out.
func diagLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if l != "" && !strings.HasPrefix(l, "qipu check: ") && !strings.HasPrefix(l, "qipu convert: ") {
			out = append(out, l)
		}
	}
	return out
}

func TestAllowNoGames(t *testing.T) {
	notes := filepath.Join(edge, "notes.txt")
	if code, _, errs := qipu(t, context.Background(), "", "check", "-q", notes); code != exitInvalid || !strings.Contains(errs, "no game files found") {
		t.Errorf("without --allow-no-games: exit %d, %q", code, errs)
	}
	if code, _, errs := qipu(t, context.Background(), "", "check", "-q", "--allow-no-games", notes); code != exitOK || errs != "" {
		t.Errorf("--allow-no-games: exit %d, %q", code, errs)
	}
	if code, _, _ := qipu(t, context.Background(), "", "check", "-q", "--allow-no-games", notes, filepath.Join(edge, "broken-middle.pgn")); code != exitInvalid {
		t.Errorf("--allow-no-games with a broken game: exit %d", code)
	}
}

func TestFormatVersion(t *testing.T) {
	for _, tc := range []struct {
		v, rev, date string
		modified     bool
		want         string
	}{
		{"(devel)", "0123456789abcdef", "2026-12-03T09:00:00Z", false, "(devel) (revision 0123456789ab, 2026-12-03T09:00:00Z)"},
		{"(devel)", "0123456789abcdef", "2026-12-03T09:00:00Z", true, "(devel) (revision 0123456789ab+modified, 2026-12-03T09:00:00Z)"},
		{"(devel)", "", "", false, "(devel)"},
		{"v1.2.3", "", "", false, "v1.2.3"},
	} {
		if got := formatVersion(tc.v, tc.rev, tc.date, tc.modified); got != tc.want {
			t.Errorf("formatVersion(%q, %q, %q, %v) = %q, want %q", tc.v, tc.rev, tc.date, tc.modified, got, tc.want)
		}
	}
}
