package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/notation/iccs"
)

// TestLinksInTheTree: a directory given through a symbolic link is walked; links to
// directories inside the tree are not followed (no loop); a dangling link or a loop of links
// named like a game file is an io diagnostic at offset 0, not silently skipped.
func TestLinksInTheTree(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "games")
	writeTree(t, dir, map[string]string{"a.pgn": pgnText("a", randomGame(1, 6))})
	for _, l := range [][2]string{
		{"..", "games/up"}, {"nowhere.pgn", "games/dangling.pgn"}, {"nowhere", "games/dangling.txt"},
		{"l2.xqf", "games/l1.xqf"}, {"l1.xqf", "games/l2.xqf"}, {"a.pgn", "games/b.pgn"}, {"games", "link"},
	} {
		if err := os.Symlink(l[0], filepath.Join(root, filepath.FromSlash(l[1]))); err != nil {
			t.Fatal(err)
		}
	}
	for _, arg := range []string{dir, filepath.Join(root, "link"), filepath.Join(root, "link") + "/"} {
		report := filepath.Join(t.TempDir(), "r.jsonl")
		code, _, errs, err := runCfg(t, context.Background(), options{Command: Check, Paths: []string{arg}, Report: report})
		if code != ExitInvalid || err != nil {
			t.Fatalf("%s: exit %d, %v\n%s", arg, code, err, errs)
		}
		for _, name := range []string{"dangling.pgn", "l1.xqf", "l2.xqf"} {
			if !strings.Contains(errs, string(filepath.Separator)+name+":@0: io: ") {
				t.Errorf("%s: no io diagnostic for %s:\n%s", arg, name, errs)
			}
		}
		if strings.Contains(errs, "dangling.txt") || strings.Count(errs, ": io: ") != 3 {
			t.Errorf("%s: diagnostics\n%s", arg, errs)
		}
		if !strings.Contains(errs, "qipu check: 2 files, 2 games, ") {
			t.Errorf("%s: a.pgn and b.pgn are read once each:\n%s", arg, errs)
		}
		data, _ := os.ReadFile(report)
		dangling := filepath.Join(arg, "dangling.pgn") // the argument joined with the path below it
		if !strings.Contains(string(data), `{"source":`+strconv.Quote(dangling)+`,"index":0,`) {
			t.Errorf("%s: report\n%s", arg, data)
		}
	}
}

// TestEveryFileDiagnosticPositioned: the diagnostics that belong to a file rather than a game
// carry a position too (the contract's path:line:col or path:@offset).
func TestEveryFileDiagnosticPositioned(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"empty.pgn": "", "blank.pgn": "\n\n  \n", "empty.xqf": ""})
	code, _, errs, _ := runCfg(t, context.Background(), options{Command: Check, Paths: []string{dir}, Quiet: true})
	if code != ExitInvalid {
		t.Fatalf("exit %d", code)
	}
	want := filepath.Join(dir, "blank.pgn") + ":1:1: syntax: no game found\n" +
		filepath.Join(dir, "empty.pgn") + ":1:1: syntax: no game found\n" +
		filepath.Join(dir, "empty.xqf") + ":@0: syntax: "
	if !strings.HasPrefix(errs, want) {
		t.Errorf("stderr\n%s\nwant\n%s", errs, want)
	}
	checkDiagLines(t, errs)
}

// TestOutputNeverReplacesInputOrReport: an output directory that reaches the inputs through a
// symbolic link does not replace them (it did: convert -o in-link in overwrote in/a.pgn), and
// a report inside the output directory does not replace an output (it did: the report was
// renamed over out/a.pgn), nor does an output replace the report.
func TestOutputNeverReplacesInputOrReport(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	in := filepath.Join(root, "in")
	body := pgnText("a", randomGame(1, 8))
	writeTree(t, in, map[string]string{"a.pgn": body, "sub/b.pgn": body})
	if err := os.Symlink("in", filepath.Join(root, "in-link")); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{filepath.Join(root, "in-link"), filepath.Join(root, "in-link", "sub", "..")} {
		code, _, errs, err := runCfg(t, context.Background(), options{Command: Convert, Notation: iccs.Notation{}, Paths: []string{in}, Out: out, Quiet: true})
		if code != ExitOK || err != nil {
			t.Fatalf("exit %d, %v\n%s", code, err, errs)
		}
		for _, name := range []string{"a.pgn", "sub/b.pgn"} {
			if data, _ := os.ReadFile(filepath.Join(in, name)); string(data) != body {
				t.Fatalf("-o %s: input %s replaced by its conversion", out, name)
			}
		}
		os.Remove(filepath.Join(in, "a-2.pgn"))
		os.Remove(filepath.Join(in, "sub", "b-2.pgn"))
	}

	out := filepath.Join(root, "out")
	for _, report := range []string{filepath.Join(out, "a.pgn"), filepath.Join(root, "out-link", "a.pgn")} {
		os.RemoveAll(out)
		os.Remove(filepath.Join(root, "out-link"))
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("out", filepath.Join(root, "out-link")); err != nil {
			t.Fatal(err)
		}
		code, _, errs, err := runCfg(t, context.Background(), options{Command: Convert, Notation: iccs.Notation{}, Paths: []string{in}, Out: out, Report: report, Quiet: true})
		if code != ExitOK || err != nil {
			t.Fatalf("exit %d, %v\n%s", code, err, errs)
		}
		if got := listTree(t, out); strings.Join(got, " ") != "a-2.pgn a.pgn sub/b.pgn" {
			t.Errorf("--report %s: outputs %v", report, got)
		}
		rep, _ := os.ReadFile(filepath.Join(out, "a.pgn"))
		conv, _ := os.ReadFile(filepath.Join(out, "a-2.pgn"))
		if !strings.HasPrefix(string(rep), `{"source":`+strconv.Quote(filepath.Join(in, "a.pgn"))) || !strings.HasPrefix(string(conv), "[") {
			t.Errorf("--report %s: report %.60q, conversion %.60q", report, rep, conv)
		}
	}

	// A single output file and the report named through a link: a usage error.
	code, _, _, err := runCfg(t, context.Background(), options{Command: Convert, Paths: []string{filepath.Join(in, "a.pgn")},
		Out: filepath.Join(out, "one.pgn"), Report: filepath.Join(root, "out-link", "one.pgn"), Quiet: true})
	if code != ExitUsage || err == nil {
		t.Errorf("--report and --out the same file through a link: exit %d, %v", code, err)
	}
}

// TestMisnamedFiles: an XQF file named .pgn and a PGN file named .xqf are read for what they
// hold; a binary file named .pgn that is not XQF is still read as PGN (and reported).
func TestMisnamedFiles(t *testing.T) {
	t.Parallel()
	xqfData, err := os.ReadFile(filepath.Join("..", "..", "corpus", "xqf", "game-01.xqf"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.pgn": string(xqfData),
		"b.xqf": "[Event \"x\"]\n1. h2e2 h9g7 *\n",
		"c.pgn": "XQ\x00 not an XQF header",
	})
	code, out, errs, _ := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir}, Quiet: true})
	if code != ExitInvalid {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{`"a.pgn","index":1,"format":"xqf",`, `"b.xqf","index":1,"format":"pgn",`, `"c.pgn","index":1,"format":"pgn",`} {
		want = `{"source":` + strings.TrimSuffix(strconv.Quote(dir+string(filepath.Separator)), `"`) + want[1:]
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%.1000s", want, out)
		}
	}
	if strings.Contains(errs, "a.pgn") || strings.Contains(errs, "b.xqf") || !strings.Contains(errs, "c.pgn:1:1: ") {
		t.Errorf("diagnostics\n%s", errs)
	}
}
