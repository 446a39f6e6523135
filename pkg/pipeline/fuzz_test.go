package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/qipu/qipu/pkg/textenc"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// diagLine is the one-line diagnostic of the command-line contract: a path, a
// position (line:col for text, @offset for binary input), the game and ply when known, the
// kind and a message.
var diagLine = regexp.MustCompile(`^[^:]+:(\d+:\d+|@\d+): (game \d+(, ply \d+)?: )?(warning: )?(syntax|illegal|ambiguous|encoding|truncated|setup|io|notation|side|repaired|result): .+`)

// FuzzRun feeds arbitrary bytes through the whole pipeline with the real readers and writers:
// as a .pgn file, as a .xqf file and as standard input, through check (with a report) and
// convert --to jsonl, with an input encoding and --strict chosen by opts. The run never
// panics nor hangs, exits 0 or 1 (1 exactly when some diagnostic is an error), prints every
// diagnostic in the contract form, writes JSON Lines and a report that parse (one object per
// game, plus the file entries), prints the same diagnostics for check and convert, and
// leaves the inputs as they were. Then each file is converted to PGN in one of the four
// notations (opts again) and read back: every game is written, and every valid game reads
// back valid, without new warnings, with the same start, moves and end.
//
// Seeds: the bundled corpus (../../corpus) and testdata/fuzz/FuzzRun.
func FuzzRun(f *testing.F) {
	for _, dir := range []string{"edge", "pgn", "xqf"} {
		entries, _ := os.ReadDir(filepath.Join("..", "..", "corpus", dir))
		for _, e := range entries {
			if data, err := os.ReadFile(filepath.Join("..", "..", "corpus", dir, e.Name())); err == nil && len(data) <= 8<<10 {
				f.Add(data, uint8(0))
			}
		}
	}
	f.Add([]byte(""), uint8(0))
	f.Add([]byte("XQ"), uint8(0))
	f.Add([]byte("[Event \"x\"]\n[FEN \"garbage\"]\n1. h2e2 *\n"), uint8(0))
	f.Add([]byte("1. h9g7 h2e2 *\n"), uint8(8+2))
	f.Add([]byte("1. h2e2 h9g7 2. h0g2 i9h9 *\n"), uint8(0x10))
	f.Add([]byte("1. h2e2 h9g7 2. h0g2 i9h9 *\n"), uint8(0x20))
	f.Add([]byte("1. h2e2 h9g7 2. h0g2 i9h9 *\n"), uint8(0x30))
	f.Add([]byte("\xff\xfe[\x00E\x00v\x00 \x00\"\x00"), uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, opts uint8) {
		if len(data) > 64<<10 {
			return
		}
		checkRun(t, data, opts)
	})
}

// fuzzEncodings are the --encoding values FuzzRun picks from.
var fuzzEncodings = [...]string{"auto", "utf-8", "gbk", "big5", "utf-16", "utf-16le", "utf-16be", "gb18030"}

// checkRun is FuzzRun's property on one input.
func checkRun(t *testing.T, data []byte, opts uint8) {
	enc, strict := fuzzEncodings[opts%8], opts&8 != 0
	hang := time.AfterFunc(30*time.Second, func() { panic(fmt.Sprintf("pipeline hangs on %q", data)) })
	defer hang.Stop()
	dir := t.TempDir()
	pgnPath, xqfPath := filepath.Join(dir, "in.pgn"), filepath.Join(dir, "in.xqf")
	for _, p := range []string{pgnPath, xqfPath} {
		if err := os.WriteFile(p, data, 0o444); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{pgnPath, xqfPath, "-"}
	report := filepath.Join(dir, "out", "report.jsonl")

	var out, errb bytes.Buffer
	code, err := Run(context.Background(), Config{Command: Check, Paths: paths, Report: report,
		Encoding: encodingOf(enc), Strict: strict, Quiet: true, Jobs: 2, Stdin: bytes.NewReader(data), Stdout: &out, Stderr: &errb})
	if err != nil || (code != ExitOK && code != ExitInvalid) || out.Len() != 0 {
		t.Fatalf("check: exit %d, %v, stdout %q", code, err, out.String())
	}
	checkDiags := errb.String()
	lines := checkDiagLines(t, checkDiags)
	failed := false
	for _, l := range lines {
		warning := diagLine.FindStringSubmatch(l)[4] != ""
		if warning && strict {
			t.Fatalf("--strict: a warning is printed: %q", l)
		}
		failed = failed || !warning
	}
	if failed != (code == ExitInvalid) {
		t.Fatalf("check: exit %d with diagnostics\n%s", code, checkDiags)
	}
	rep, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	games := map[string]int{}
	for _, obj := range jsonLines(t, "report", rep) {
		if obj["index"] != 0.0 {
			games[obj["source"].(string)]++
		}
		if _, ok := obj["moves"]; ok {
			t.Fatalf("report has moves")
		}
	}

	out.Reset()
	errb.Reset()
	code2, err := Run(context.Background(), Config{Command: Convert, Output: JSONL, Paths: paths,
		Encoding: encodingOf(enc), Strict: strict, Quiet: true, Jobs: 1, Stdin: bytes.NewReader(data), Stdout: &out, Stderr: &errb})
	if err != nil || code2 != code {
		t.Fatalf("convert --to jsonl: exit %d (check: %d), %v", code2, code, err)
	}
	if errb.String() != checkDiags {
		t.Fatalf("convert diagnostics\n%s\ndiffer from check's\n%s", errb.String(), checkDiags)
	}
	converted := map[string]int{}
	for _, obj := range jsonLines(t, "jsonl", out.Bytes()) {
		converted[obj["source"].(string)]++
		status, errs := obj["status"], obj["errors"].([]any)
		if (status == "ok") != (len(errs) == 0) || obj["index"].(float64) < 1 {
			t.Fatalf("jsonl object: status %v, index %v, errors %v", status, obj["index"], errs)
		}
		if moves := obj["moves"].([]any); len(moves) != int(obj["plies"].(float64)) {
			t.Fatalf("jsonl object: %d moves, plies %v", len(moves), obj["plies"])
		}
	}
	if fmt.Sprint(converted) != fmt.Sprint(games) {
		t.Fatalf("games in the report %v, in the JSON Lines %v", games, converted)
	}
	bySource := map[string][]map[string]any{}
	for _, obj := range jsonLines(t, "jsonl", out.Bytes()) {
		src := obj["source"].(string)
		bySource[src] = append(bySource[src], obj)
	}
	to := fuzzNotations[opts>>4&3]
	for _, p := range []string{pgnPath, xqfPath} {
		checkRoundTrip(t, p, enc, to, bySource[p])
	}
	for _, p := range []string{pgnPath, xqfPath} {
		if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("input %s changed (%v)", p, err)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*", tempPrefix+"*")); len(tmp) > 0 {
		t.Fatalf("temporary files left: %v", tmp)
	}
}

// fuzzNotations are the PGN outputs FuzzRun reads back.
var fuzzNotations = [...]string{"chinese", "iccs", "wxf", "platform"}

// checkRoundTrip converts path to PGN in the notation to, reads the output back and
// compares its games with want, the JSON Lines objects of the original.
func checkRoundTrip(t *testing.T, path, enc, to string, want []map[string]any) {
	t.Helper()
	var out, errb bytes.Buffer
	code, err := Run(context.Background(), Config{Command: Convert, Output: outputOf(to), Notation: notationOf(to), Paths: []string{path},
		Encoding: encodingOf(enc), Quiet: true, Jobs: 1, Stdout: &out, Stderr: &errb})
	if err != nil || code > ExitInvalid {
		t.Fatalf("convert --to %s: exit %d, %v", to, code, err)
	}
	if strings.Contains(errb.String(), "left out of the output") {
		t.Fatalf("convert --to %s: a game cannot be written:\n%s", to, errb.String())
	}
	back := filepath.Join(filepath.Dir(path), "back-"+filepath.Base(path)+".pgn")
	if err := os.WriteFile(back, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Read back as the UTF-8 it is: detection can take UTF-8 text with NUL characters for
	// UTF-16 (reported, seed 5074e3c768028c16).
	var js, errb2 bytes.Buffer
	if _, err := Run(context.Background(), Config{Command: Convert, Output: JSONL, Paths: []string{back},
		Encoding: textenc.UTF8, Quiet: true, Jobs: 1, Stdout: &js, Stderr: &errb2}); err != nil {
		t.Fatal(err)
	}
	got := jsonLines(t, "jsonl", js.Bytes())
	if len(got) != len(want) {
		t.Fatalf("--to %s: %d games written, %d read back\n%s\noutput:\n%.3000s", to, len(want), len(got), errb2.String(), out.String())
	}
	for i, w := range want {
		if w["status"] != "ok" {
			continue
		}
		g := got[i]
		for _, k := range []string{"status", "start_fen", "end_fen", "plies"} {
			if fmt.Sprint(g[k]) != fmt.Sprint(w[k]) {
				t.Fatalf("--to %s, game %d: %s %v, read back %v\n%s\noutput:\n%.3000s", to, i+1, k, w[k], g[k], errb2.String(), out.String())
			}
		}
		// qipu writes standard notation: reading it back gives no notation warning, nor any
		// kind of warning the original did not have (a setup tolerated with a warning stays
		// so).
		had := map[any]bool{}
		for _, x := range w["warnings"].([]any) {
			if k := x.(map[string]any)["kind"]; k != "notation" {
				had[k] = true
			}
		}
		for _, x := range g["warnings"].([]any) {
			if !had[x.(map[string]any)["kind"]] {
				t.Fatalf("--to %s, game %d: warning reading back qipu's own output: %v\noutput:\n%.3000s", to, i+1, x, out.String())
			}
		}
		for j, m := range w["moves"].([]any) {
			if a, b := m.(map[string]any)["iccs"], g["moves"].([]any)[j].(map[string]any)["iccs"]; a != b {
				t.Fatalf("--to %s, game %d, ply %d: %v read back as %v", to, i+1, j+1, a, b)
			}
		}
	}
}

// checkDiagLines splits standard error into lines, each of which must be a contract
// diagnostic.
func checkDiagLines(t *testing.T, stderr string) []string {
	t.Helper()
	if stderr == "" {
		return nil
	}
	if !strings.HasSuffix(stderr, "\n") {
		t.Fatalf("standard error does not end in a newline: %q", stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	for _, l := range lines {
		if !diagLine.MatchString(l) {
			t.Fatalf("diagnostic not in the contract form: %q\nall:\n%s", l, stderr)
		}
	}
	return lines
}

// jsonLines parses JSON Lines, one object per line.
func jsonLines(t *testing.T, what string, data []byte) []map[string]any {
	t.Helper()
	var objs []map[string]any
	if len(data) == 0 {
		return nil
	}
	if data[len(data)-1] != '\n' {
		t.Fatalf("%s does not end in a newline", what)
	}
	for _, l := range bytes.Split(data[:len(data)-1], []byte("\n")) {
		var obj map[string]any
		if err := json.Unmarshal(l, &obj); err != nil {
			t.Fatalf("%s line %q: %v", what, l, err)
		}
		objs = append(objs, obj)
	}
	return objs
}
