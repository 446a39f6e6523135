package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestProgressBarClearedBeforeDiagnostics: under a terminal, every diagnostic starts on a line
// of its own: the bar is taken off its line first (it was glued to the first diagnostic, as
// in "…[0s:0s]corpus/edge/x.pgn:27:5: …") and drawn again after.
func TestProgressBarClearedBeforeDiagnostics(t *testing.T) {
	defer func(f func(io.Writer) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(io.Writer) bool { return true }
	edge := filepath.Join(corpus, "edge")
	code, _, errs := qipu(t, context.Background(), "", "check", "-j", "2", edge)
	if code != exitInvalid {
		t.Fatalf("exit %d\n%q", code, errs)
	}
	if !strings.Contains(errs, "files") || !strings.Contains(errs, "\r") {
		t.Fatalf("no progress bar drawn:\n%q", errs)
	}
	diags := 0
	for _, line := range strings.Split(errs, "\n") {
		if !strings.Contains(line, edge) {
			continue
		}
		diags++
		// What the terminal shows of the line: the text after the last carriage return
		// before the diagnostic.
		at := strings.Index(line, edge)
		shown := line[strings.LastIndex(line[:at], "\r")+1:]
		if !strings.HasPrefix(shown, edge) {
			t.Errorf("diagnostic glued to the bar: %q", shown)
		}
	}
	if diags == 0 {
		t.Fatalf("no diagnostic:\n%q", errs)
	}
}

// writeFiles writes files (slash-separated names) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// oneGame is a short valid game.
const oneGame = "[Event \"x\"]\n\n1. h2e2 h9g7 *\n"

func TestVersionAndHelp(t *testing.T) {
	code, out, errs := qipu(t, context.Background(), "", "--version")
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "qipu (devel)") || strings.Count(out, "\n") != 1 {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {}, {"help", "convert"}, {"convert", "--help"}, {"perft", "--help"}} {
		code, out, errs := qipu(t, context.Background(), "", args...)
		if code != exitOK || errs != "" || !strings.Contains(out, "USAGE:") {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q", args, code, out, errs)
		}
	}
	code, out, _ = qipu(t, context.Background(), "", "help", "convert")
	if code != exitOK || !strings.Contains(out, "--keep-result") {
		t.Errorf("help convert: %q", out)
	}
	// Every usage problem: one line on stderr, nothing on stdout, exit 2.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bogus"}, `qipu: unknown command "bogus" (commands: convert, check, dedupe, stats, export, analyze, perft, show, rules; see qipu --help)`},
		{[]string{"help", "bogus"}, `qipu: unknown command "bogus" (commands: convert, check, dedupe, stats, export, analyze, perft, show, rules; see qipu --help)`},
		{[]string{"perft", "--bogus", "3"}, "qipu: perft: flag provided but not defined: -bogus (see qipu perft --help)"},
		{[]string{"check", "--bogus", "x"}, "qipu: check: flag provided but not defined: -bogus (see qipu check --help)"},
		{[]string{"--bogus"}, "qipu: flag provided but not defined: -bogus"},
		{[]string{"perft", "x"}, `qipu: perft: DEPTH must be a number from 0 to 12, not "x"`},
	} {
		code, out, errs := qipu(t, context.Background(), "", c.args...)
		if code != exitUsage || out != "" || errs != c.want+"\n" {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q\nwant %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestJobsBelowOne(t *testing.T) {
	path := filepath.Join(corpus, "pgn", "iccs-utf8.pgn")
	for _, j := range []string{"-3", "0"} {
		code, out, errs := qipu(t, context.Background(), "", "check", "-q", "-j", j, path)
		if code != exitUsage || out != "" || errs != "qipu: check: --jobs "+j+": want at least 1 worker\n" {
			t.Errorf("-j %s: exit %d, stderr %q", j, code, errs)
		}
	}
	// Unset: the number of CPUs.
	if code, _, errs := qipu(t, context.Background(), "", "check", "-q", path); code != exitOK {
		t.Errorf("no -j: exit %d, %q", code, errs)
	}
}

// TestDashIsStandardOutput: -o - and --report - write to standard output (they created a
// file named "-"); both at once is a usage error.
func TestDashIsStandardOutput(t *testing.T) {
	src, err := filepath.Abs(filepath.Join(corpus, "pgn", "iccs-utf8.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	_, want, _ := qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", src)
	code, out, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", "-o", "-", src)
	if code != exitOK || out != want || errs != "" {
		t.Errorf("-o -: exit %d, stderr %q, stdout %.100q", code, errs, out)
	}
	code, out, errs = qipu(t, context.Background(), "", "check", "-q", "--report", "-", src)
	if code != exitOK || errs != "" || strings.Count(out, `{"source":`) != 6 || strings.Contains(out, `"moves"`) {
		t.Errorf("check --report -: exit %d, stderr %q, stdout %.200q", code, errs, out)
	}
	code, out, errs = qipu(t, context.Background(), "", "convert", "-q", "-o", "dir", "--report", "-", src)
	if code != exitOK || errs != "" || strings.Count(out, `{"source":`) != 6 {
		t.Errorf("convert -o dir --report -: exit %d, stderr %q, stdout %.200q", code, errs, out)
	}
	for _, args := range [][]string{
		{"convert", "-o", "-", "--report", "-", src},
		{"convert", "--report", "-", src},
		{"check", "--format", "json", "--report", "-", src},
		{"convert", "--to", "xqf", "-o", "-", src},
	} {
		code, out, errs := qipu(t, context.Background(), "", args...)
		if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q", args, code, out, errs)
		}
	}
	if _, err := os.Lstat("-"); err == nil {
		t.Errorf("a file named - was created")
	}
}

// TestNoGameFiles: an argument that yields no game file fails the run (exit 1) with one line
// naming it, also under -q; the other arguments are still read.
func TestNoGameFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"games/a.pgn": oneGame, "notes/README.md": "# notes\n", "readme.txt": "hello\n"})
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	games, notes, readme := filepath.Join(dir, "games"), filepath.Join(dir, "notes"), filepath.Join(dir, "readme.txt")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{empty}, "qipu: no game files found in " + empty + "\n"},
		{[]string{readme}, "qipu: no game files found in " + readme + "\n"},
		{[]string{games, notes, empty}, "qipu: no game files found in " + notes + "\nqipu: no game files found in " + empty + "\n"},
	} {
		for _, cmd := range []string{"check", "convert"} {
			code, _, errs := qipu(t, context.Background(), "", append([]string{cmd, "-q"}, c.args...)...)
			if code != exitInvalid || errs != c.want {
				t.Errorf("%s %q: exit %d, stderr %q\nwant %q", cmd, c.args, code, errs, c.want)
			}
		}
	}
	code, _, errs := qipu(t, context.Background(), "", "check", empty)
	if code != exitInvalid || !strings.HasPrefix(errs, "qipu: no game files found in "+empty+"\nqipu check: 0 files") {
		t.Errorf("with summary: exit %d, %q", code, errs)
	}
	if code, _, errs := qipu(t, context.Background(), "", "check", "-q", games); code != exitOK || errs != "" {
		t.Errorf("games: exit %d, %q", code, errs)
	}
}

// TestInterruptedMessage: an interruption says "interrupted", not the context's error.
func TestInterruptedMessage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, errs := qipu(t, ctx, "", "check", "-q", corpus)
	if code != exitInterrupted || errs != "qipu: interrupted\n" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// illegalGame fails at ply 3 under a Result that claims a finished game.
const illegalGame = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. e2e9 1-0\n"

// TestKeepResult: a game cut at its first error is written with a comment at the cut and
// Result "*", in PGN and XQF; --keep-result keeps its own Result.
func TestKeepResult(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"cut.pgn": illegalGame})
	path := filepath.Join(dir, "cut.pgn")
	code, out, _ := qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", path)
	if code != exitInvalid || !strings.Contains(out, `[Result "*"]`) ||
		!strings.Contains(out, `1. H2-E2 H9-G7 {qipu: game ends here: illegal move "e2e9" at ply 3} *`) {
		t.Errorf("default: exit %d\n%s", code, out)
	}
	_, out, _ = qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", "--keep-result", path)
	if !strings.Contains(out, `[Result "1-0"]`) || !strings.HasSuffix(out, "} 1-0\n\n") {
		t.Errorf("--keep-result:\n%q", out)
	}
	for _, keep := range []bool{false, true} {
		xo := filepath.Join(t.TempDir(), "x")
		args := []string{"convert", "-q", "--to", "xqf", "-o", xo, path}
		if keep {
			args = append(args, "--keep-result")
		}
		qipu(t, context.Background(), "", args...)
		_, back, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", filepath.Join(xo, "cut.xqf"))
		want := `[Result "*"]`
		if keep {
			want = `[Result "1-0"]`
		}
		if !strings.Contains(back, want) {
			t.Errorf("xqf, --keep-result %v: read back\n%s%s", keep, back, errs)
		}
	}
}

// TestXQFWriterWarnings: a tag the XQF writer cuts to its header field is a warning on
// standard error and in the report, and an error under --strict.
func TestXQFWriterWarnings(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"long.pgn": "[Event \"" + strings.Repeat("长", 70) + "\"]\n\n1. h2e2 h9g7 *\n"})
	path := filepath.Join(dir, "long.pgn")
	report := filepath.Join(dir, "r.jsonl")
	code, _, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "xqf", "-o", filepath.Join(dir, "out"), "--report", report, path)
	want := path + `: game 1: warning: encoding: tag Event is 70 characters, more than its XQF field holds: cut to its first 31 (62 bytes in GBK) ("Event")` + "\n"
	if code != exitOK || errs != want {
		t.Errorf("exit %d, stderr %q\nwant %q", code, errs, want)
	}
	data, _ := os.ReadFile(report)
	if !strings.Contains(string(data), `"warnings":[{"kind":"encoding","message":"tag Event is 70 characters`) {
		t.Errorf("report %s", data)
	}
	code, _, errs = qipu(t, context.Background(), "", "convert", "-q", "--strict", "--to", "xqf", "-o", filepath.Join(dir, "out2"), path)
	if code != exitInvalid || !strings.Contains(errs, ": game 1: encoding: tag Event is 70") {
		t.Errorf("--strict: exit %d, stderr %q", code, errs)
	}
}

// outTree lists the files under dir, slash-separated.
func outTree(t *testing.T, dir string) []string {
	t.Helper()
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(tree(t, dir)), "\n") {
		if l != "" {
			got = append(got, l[strings.LastIndex(l, " ")+1:])
		}
	}
	return got
}

// TestOutPathRule: one rule for where -o DIR puts each input's output, whatever the form of
// the argument (relative, absolute, ".."): a file argument is its base name, a directory
// argument is the tree below it, and with several arguments each directory's tree goes below
// a folder of its name (-2 … when two have the same name). Nothing collides or leaves OUT.
func TestOutPathRule(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"a/x.pgn": oneGame, "a/sub/y.pgn": oneGame, "b/x.pgn": oneGame,
		"c/a/x.pgn": oneGame, "w/d/z.pgn": oneGame,
	})
	t.Chdir(filepath.Join(root, "w", "d"))
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"../../a/x.pgn"}, "x.pgn"},
		{[]string{abs("a/x.pgn")}, "x.pgn"},
		{[]string{"z.pgn"}, "z.pgn"},
		{[]string{"../../a"}, "sub/y.pgn x.pgn"},
		{[]string{abs("a")}, "sub/y.pgn x.pgn"},
		{[]string{"."}, "z.pgn"},
		{[]string{".."}, "d/z.pgn"},
		{[]string{abs("a/x.pgn"), abs("b/x.pgn")}, "x-2.pgn x.pgn"},
		{[]string{"../../a", "../../b"}, "a/sub/y.pgn a/x.pgn b/x.pgn"},
		{[]string{abs("a"), "../../c/a", "."}, "a/sub/y.pgn a/x.pgn a-2/x.pgn d/z.pgn"},
		{[]string{"../../a/x.pgn", abs("b")}, "b/x.pgn x.pgn"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		// A trailing separator: OUT is a directory also for a single file.
		code, _, errs := qipu(t, context.Background(), "", append([]string{"convert", "-q", "-o", out + "/"}, c.args...)...)
		if code != exitOK {
			t.Errorf("%q: exit %d\n%s", c.args, code, errs)
			continue
		}
		if got := strings.Join(outTree(t, out), " "); got != c.want {
			t.Errorf("%q: -o tree %q, want %q", c.args, got, c.want)
		}
	}
}

// TestSourceAcrossArguments: "source" is the path as diagnostics print it, so two arguments
// that hold the same relative name give two sources.
func TestSourceAcrossArguments(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a/x.pgn": oneGame, "b/x.pgn": illegalGame})
	t.Chdir(root)
	code, out, errs := qipu(t, context.Background(), "", "check", "-q", "--report", "-", "a/", "./b")
	if code != exitInvalid {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var sources []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e struct{ Source string }
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, e.Source)
	}
	if strings.Join(sources, " ") != "a/x.pgn b/x.pgn" {
		t.Errorf("sources %q", sources)
	}
	// The diagnostic names the same path.
	if !strings.HasPrefix(errs, "b/x.pgn:4:17: ") {
		t.Errorf("diagnostic %q", errs)
	}
	_, out, _ = qipu(t, context.Background(), oneGame, "convert", "-q", "--to", "jsonl", "-", "b/x.pgn")
	if !strings.Contains(out, `{"source":"-",`) || !strings.Contains(out, `{"source":"b/x.pgn",`) {
		t.Errorf("jsonl sources:\n%.300s", out)
	}
}

// TestStrictResultWarning: --strict turns a result warning into an error (exit 1).
func TestStrictResultWarning(t *testing.T) {
	path := filepath.Join(corpus, "edge", "warnings.pgn")
	code, _, errs := qipu(t, context.Background(), "", "check", "-q", path)
	if code != exitOK || !strings.Contains(errs, ": game 2: warning: result: ") {
		t.Fatalf("exit %d, %q", code, errs)
	}
	code, _, errs = qipu(t, context.Background(), "", "check", "-q", "--strict", path)
	if code != exitInvalid || !strings.Contains(errs, ": game 2: result: ") || strings.Contains(errs, "warning:") {
		t.Errorf("--strict: exit %d, %q", code, errs)
	}
}

// TestOutEncodingCLI: GBK output holds only GBK codes (a character GBK lacks is '?' with a
// warning); Big5 output keeps the game, and its hint names only the flags not given.
func TestOutEncodingCLI(t *testing.T) {
	code, out, errs := qipu(t, context.Background(), "[Event \"😀\"]\n\n1. 炮二平五 *\n", "convert", "-q", "--out-encoding", "gbk", "-")
	if code != exitOK || !strings.Contains(errs, `-: game 1: warning: encoding: '😀' cannot be written in gbk; written as '?'`) {
		t.Errorf("gbk: exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, `[Event "?"]`) {
		t.Errorf("gbk: %q", out)
	}
	if iconv, err := exec.LookPath("iconv"); err == nil {
		cmd := exec.Command(iconv, "-f", "gbk", "-t", "utf-8")
		cmd.Stdin = strings.NewReader(out)
		if back, err := cmd.Output(); err != nil || !strings.Contains(string(back), "炮二平五") {
			t.Errorf("iconv -f gbk: %v\n%s", err, back)
		}
	}
	in := "[Event \"简体\"]\n\n1. 炮二平五 *\n"
	for _, c := range []struct {
		flags []string
		hint  string
	}{
		{nil, " (try --traditional --script traditional)"},
		{[]string{"--traditional"}, " (try --script traditional)"},
		{[]string{"--to", "iccs"}, " (try --script traditional)"},
	} {
		args := append(append([]string{"convert", "-q", "--out-encoding", "big5"}, c.flags...), "-")
		code, out, errs := qipu(t, context.Background(), in, args...)
		if code != exitOK || !strings.HasSuffix(errs, "written as '?'"+c.hint+"\n") || strings.Count(errs, "\n") != 1 {
			t.Errorf("big5 %q: exit %d, stderr %q", c.flags, code, errs)
		}
		if !strings.Contains(out, "[Event \"") || !strings.Contains(out, "1. ") {
			t.Errorf("big5 %q: game left out: %q", c.flags, out)
		}
	}
}

// TestEncodingWarningPlaced: undecodable bytes in a PGN file are reported at line:col (not
// @offset), in line order with the file's other diagnostics.
func TestEncodingWarningPlaced(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"x.pgn": "[Event \"b \xff\"]\n\n1. h2e2 h9g7 *\n\n" + illegalGame})
	path := filepath.Join(dir, "x.pgn")
	code, _, errs := qipu(t, context.Background(), "", "check", "-q", "--encoding", "utf-8", path)
	want := path + ":1:11: warning: encoding: 1 byte sequence(s) invalid in utf-8, replaced by U+FFFD\n" +
		path + ":8:17: game 2, ply 3: illegal: red cannon cannot move to e9; did you mean e2e1 (the last move)? (\"e2e9\")\n"
	if code != exitInvalid || errs != want {
		t.Errorf("exit %d, stderr\n%s\nwant\n%s", code, errs, want)
	}
}

// TestControlCharactersInNames: a newline, an escape sequence or bytes that are not UTF-8 in a
// file name never forge a line nor reach the terminal: not in the text diagnostics, not in
// the GitHub annotations, not in the report's "source" (which stays unique).
func TestControlCharactersInNames(t *testing.T) {
	dir := t.TempDir()
	names := []string{"a\n::error file=x.pgn", "e\x1b[31mred.pgn", "bad\xff.pgn", "bad\xfe.pgn"}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(illegalGame), 0o644); err != nil {
			t.Skip("file system refuses the name:", err)
		}
	}
	clean := func(what, s string, lines int) {
		t.Helper()
		if strings.Count(s, "\n") != lines || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7F }) {
			t.Errorf("%s: want %d clean lines:\n%q", what, lines, s)
		}
	}
	code, out, errs := qipu(t, context.Background(), "", "check", "-q", "--format", "github", dir)
	if code != exitInvalid {
		t.Fatalf("exit %d", code)
	}
	clean("stderr", errs, len(names))
	clean("annotations", out, len(names))
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, "::error file=") || !strings.HasSuffix(l, `::game 1, ply 3: illegal: red cannon cannot move to e9; did you mean e2e1 (the last move)? ("e2e9")`) {
			t.Errorf("annotation %q", l)
		}
	}
	report := filepath.Join(t.TempDir(), "r.jsonl")
	qipu(t, context.Background(), "", "check", "-q", "--report", report, dir)
	data, _ := os.ReadFile(report)
	clean("report", string(data), len(names))
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e struct{ Source string }
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("report line %q: %v", l, err)
		}
		seen[e.Source] = true
	}
	if len(seen) != len(names) {
		t.Errorf("sources not unique: %v", seen)
	}
}
