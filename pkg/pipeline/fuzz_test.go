// Fuzzing: run each target for three minutes, one at a time (a run takes every core), with
//
//	go test -run XXX -fuzz '^FuzzRun$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/pipeline
//	go test -run XXX -fuzz '^FuzzRunFiles$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/pipeline
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.
//
// FuzzRun works in memory and is the fast one; FuzzRunFiles writes files for every input
// and runs several times slower.

package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/textenc"
)

// diagLine is the one-line diagnostic of the command-line contract: a path, a
// position (line:col for text, @offset for binary input), the game and ply when known, the
// kind and a message.
var diagLine = regexp.MustCompile(`^[^:]+:(\d+:\d+|@\d+): (game \d+(, ply \d+)?: )?(warning: )?(syntax|illegal|ambiguous|encoding|truncated|setup|io|notation|side|repaired|result): .+`)

// fuzzSeeds adds the seeds both targets start from, each a few hundred bytes: the edge cases
// of the bundled corpus (../../corpus/edge) and small inputs in every input encoding and move
// notation. The larger corpus files are run by TestRunCorpus instead: as fuzz seeds they
// would slow every mutation down.
func fuzzSeeds(f *testing.F) {
	dir := filepath.Join("..", "..", "corpus", "edge")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && len(data) <= 2<<10 {
			f.Add(data, uint8(0))
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
	f.Add([]byte("[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n"), uint8(0x30))
	f.Add([]byte("[Game \"Chinese Chess\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 *\n"), uint8(2))
	f.Add([]byte("1. \xac\xb6\xa4\x47\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6\x69\xa2\xb6 *\n"), uint8(3))
	f.Add([]byte("1. C2=5 H8+7 2. H2+3 R9=8 {a comment} *\n"), uint8(0x20))
	f.Add([]byte("1. h2e2 (1. c3c4 {c} $1) h9g7 *\n\n[Event \"2\"]\n1. h2e2 h2e2 1-0\n"), uint8(0x10))
	f.Add([]byte("[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n1. h7e7 *\n"), uint8(0))
	f.Add([]byte("[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_comment1]a||b[/DhtmlXQ_comment1][/DhtmlXQ]"), uint8(0))
}

// FuzzRun feeds arbitrary bytes through the whole pipeline with the real readers and writers,
// as standard input and in memory: through check (with the report on standard output) and
// convert --to jsonl, with an input encoding and --strict chosen by opts. The run never
// panics nor hangs, exits 0 or 1 (1 exactly when some diagnostic is an error), prints every
// diagnostic in the contract form, writes JSON Lines and a report that parse (one object per
// game, plus the file entry), prints the same diagnostics for check and convert, and leaves
// the input as it was. Then the input is converted to PGN in one of the four notations (opts
// again) and read back: every game is written, and every valid game reads back valid,
// without new warnings, with the same start, moves and end. Standard input is read as the
// format its content shows, else as PGN: the same as a file named *.pgn, so this is also the
// property of PGN files. FuzzRunFiles covers named files, XQF by name and the report file.
//
// Seeds: fuzzSeeds and testdata/fuzz/FuzzRun.
func FuzzRun(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, opts uint8) {
		if len(data) > 64<<10 {
			return
		}
		checkRun(t, data, opts)
	})
}

// FuzzRunFiles is FuzzRun's property on files: the input is written as a .pgn and as a .xqf
// file (read as XQF when its content says nothing) and read with standard input in one run,
// check writing its report to a file in a folder it creates. Check and convert agree on the
// three inputs, the XQF reading converts to PGN and reads back as FuzzRun's does, the input
// files are left as they were, and no temporary file is left behind.
//
// Seeds: fuzzSeeds and testdata/fuzz/FuzzRunFiles.
func FuzzRunFiles(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, opts uint8) {
		if len(data) > 64<<10 {
			return
		}
		checkRunFiles(t, data, opts)
	})
}

// TestRunCorpus runs both fuzz properties over every file of the bundled corpus (too large
// to be fuzz seeds), cycling through the four notations of the read-back.
func TestRunCorpus(t *testing.T) {
	i := 0
	for _, dir := range []string{"edge", "pgn", "xqf"} {
		dir = filepath.Join("..", "..", "corpus", dir)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			opts := uint8(i%4) << 4
			i++
			t.Run(e.Name(), func(t *testing.T) {
				checkRun(t, data, opts)
				checkRunFiles(t, data, opts)
			})
		}
	}
}

// fuzzEncodings are the --encoding values the fuzz targets pick from.
var fuzzEncodings = [...]string{"auto", "utf-8", "gbk", "big5", "utf-16", "utf-16le", "utf-16be", "gb18030"}

// fuzzOpts splits a fuzz input's opts: the input encoding, --strict and the notation of the
// read-back.
func fuzzOpts(opts uint8) (enc string, strict bool, to string) {
	return fuzzEncodings[opts%8], opts&8 != 0, fuzzNotations[opts>>4&3]
}

// hangGuard panics if the input is not done in 30 seconds; the caller stops it.
func hangGuard(data []byte) *time.Timer {
	return time.AfterFunc(30*time.Second, func() { panic(fmt.Sprintf("pipeline hangs on %q", data)) })
}

// checkRun is FuzzRun's property on one input, given as standard input.
func checkRun(t *testing.T, data []byte, opts uint8) {
	enc, strict, to := fuzzOpts(opts)
	defer hangGuard(data).Stop()
	orig := bytes.Clone(data)

	var rep, errb bytes.Buffer
	code, err := runOpts(context.Background(), options{Command: Check, Paths: []string{"-"}, Report: "-",
		Encoding: encodingOf(enc), Strict: strict, Quiet: true, Jobs: 1, Stdin: bytes.NewReader(data), Stdout: &rep, Stderr: &errb})
	if err != nil || (code != ExitOK && code != ExitInvalid) {
		t.Fatalf("check: exit %d, %v", code, err)
	}
	checkExit(t, code, errb.String(), strict)
	games := reportGames(t, rep.Bytes())

	objs := checkConvertJSONL(t, options{Paths: []string{"-"}, Encoding: encodingOf(enc), Strict: strict, Jobs: 1},
		data, code, errb.String(), games)
	checkRoundTrip(t, "-", data, enc, to, objs["-"])
	if !bytes.Equal(data, orig) {
		t.Fatalf("the input changed")
	}
}

// checkRunFiles is FuzzRunFiles's property on one input, written to files.
func checkRunFiles(t *testing.T, data []byte, opts uint8) {
	enc, strict, to := fuzzOpts(opts)
	defer hangGuard(data).Stop()
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
	code, err := runOpts(context.Background(), options{Command: Check, Paths: paths, Report: report,
		Encoding: encodingOf(enc), Strict: strict, Quiet: true, Jobs: 2, Stdin: bytes.NewReader(data), Stdout: &out, Stderr: &errb})
	if err != nil || (code != ExitOK && code != ExitInvalid) || out.Len() != 0 {
		t.Fatalf("check: exit %d, %v, stdout %q", code, err, out.String())
	}
	checkExit(t, code, errb.String(), strict)
	rep, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	games := reportGames(t, rep)

	objs := checkConvertJSONL(t, options{Paths: paths, Encoding: encodingOf(enc), Strict: strict, Jobs: 1},
		data, code, errb.String(), games)
	// The .pgn file reads as standard input does (FuzzRun's read-back); the .xqf one is the
	// only reading of its own.
	checkRoundTrip(t, xqfPath, nil, enc, to, objs[xqfPath])
	for _, p := range []string{pgnPath, xqfPath} {
		if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("input %s changed (%v)", p, err)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*", fsio.TempPrefix+"*")); len(tmp) > 0 {
		t.Fatalf("temporary files left: %v", tmp)
	}
}

// checkExit checks check's diagnostics: each in the contract form, no warning under
// --strict, and exit 1 exactly when one of them is an error.
func checkExit(t *testing.T, code int, diags string, strict bool) {
	t.Helper()
	failed := false
	for _, l := range checkDiagLines(t, diags) {
		warning := diagLine.FindStringSubmatch(l)[4] != ""
		if warning && strict {
			t.Fatalf("--strict: a warning is printed: %q", l)
		}
		failed = failed || !warning
	}
	if failed != (code == ExitInvalid) {
		t.Fatalf("check: exit %d with diagnostics\n%s", code, diags)
	}
}

// reportGames parses a report and counts its games by source; a report holds no moves.
func reportGames(t *testing.T, rep []byte) map[string]int {
	t.Helper()
	games := map[string]int{}
	for _, obj := range jsonLines(t, "report", rep) {
		if obj["index"] != 0.0 {
			games[obj["source"].(string)]++
		}
		if _, ok := obj["moves"]; ok {
			t.Fatalf("report has moves")
		}
	}
	return games
}

// checkConvertJSONL runs convert --to jsonl on cfg's paths (stdin for "-") and checks it
// against check's exit code, diagnostics and games by source. It returns the JSON Lines
// objects by source.
func checkConvertJSONL(t *testing.T, cfg options, stdin []byte, code int, checkDiags string, games map[string]int) map[string][]map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	cfg.Command, cfg.Output, cfg.Quiet = Convert, JSONL, true
	cfg.Stdin, cfg.Stdout, cfg.Stderr = bytes.NewReader(stdin), &out, &errb
	code2, err := runOpts(context.Background(), cfg)
	if err != nil || code2 != code {
		t.Fatalf("convert --to jsonl: exit %d (check: %d), %v", code2, code, err)
	}
	if errb.String() != checkDiags {
		t.Fatalf("convert diagnostics\n%s\ndiffer from check's\n%s", errb.String(), checkDiags)
	}
	converted := map[string]int{}
	bySource := map[string][]map[string]any{}
	for _, obj := range jsonLines(t, "jsonl", out.Bytes()) {
		src := obj["source"].(string)
		converted[src]++
		bySource[src] = append(bySource[src], obj)
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
	return bySource
}

// fuzzNotations are the PGN outputs the fuzz targets read back.
var fuzzNotations = [...]string{"chinese", "iccs", "wxf", "platform"}

// checkRoundTrip converts path (standard input, holding stdin, for "-") to PGN in the
// notation to, reads the output back (from a file beside path, or from standard input) and
// compares its games with want, the JSON Lines objects of the original.
func checkRoundTrip(t *testing.T, path string, stdin []byte, enc, to string, want []map[string]any) {
	t.Helper()
	var out, errb bytes.Buffer
	code, err := runOpts(context.Background(), options{Command: Convert, Output: outputOf(to), Notation: notationOf(to), Paths: []string{path},
		Encoding: encodingOf(enc), Quiet: true, Jobs: 1, Stdin: bytes.NewReader(stdin), Stdout: &out, Stderr: &errb})
	if err != nil || code > ExitInvalid {
		t.Fatalf("convert --to %s: exit %d, %v", to, code, err)
	}
	if strings.Contains(errb.String(), "left out of the output") {
		t.Fatalf("convert --to %s: a game cannot be written:\n%s", to, errb.String())
	}
	back := "-"
	if path != "-" {
		back = filepath.Join(filepath.Dir(path), "back-"+filepath.Base(path)+".pgn")
		if err := os.WriteFile(back, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Read back as the UTF-8 it is: detection can take UTF-8 text with NUL characters for
	// UTF-16 (reported, seed 5074e3c768028c16).
	var js, errb2 bytes.Buffer
	if _, err := runOpts(context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{back},
		Encoding: textenc.UTF8, Quiet: true, Jobs: 1, Stdin: bytes.NewReader(out.Bytes()), Stdout: &js, Stderr: &errb2}); err != nil {
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
