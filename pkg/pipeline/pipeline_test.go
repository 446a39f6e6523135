package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/textenc"

	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// runCfg runs the pipeline and returns its exit code, standard output and standard error.
func runCfg(t *testing.T, ctx context.Context, cfg options) (int, string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	cfg.Stdout, cfg.Stderr = &out, &errb
	if cfg.Stdin == nil {
		cfg.Stdin = strings.NewReader("")
	}
	code, err := runOpts(ctx, cfg)
	return code, out.String(), errb.String(), err
}

// writeTree creates files under dir from a map of slash paths to contents.
func writeTree(t *testing.T, dir string, files map[string]string) {
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

// listTree returns the slash paths of the files under dir, sorted.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// archive makes a tree of many small files, a multi-game file, an XQF file, an unreadable
// XQF file, a file with a broken game, and files to skip.
func archive(t *testing.T) string {
	dir := t.TempDir()
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("games/g%02d.pgn", i)] = pgnText(fmt.Sprintf("g%02d", i), randomGame(uint64(i), 10+i))
	}
	files["multi/big.PGN"] = pgnText("big", randomGame(100, 30), randomGame(101, 31), randomGame(102, 32))
	files["multi/broken.pgn"] = pgnText("ok", randomGame(200, 12)) +
		"[Event \"broken\"]\n\n1. H2-E2 H9-G7 2. H0-G2 A0-A5 3. C3-C4 *\n\n" +
		pgnText("ok2", randomGame(201, 12))
	files["x/a.xqf"] = xqfFile("h2e2", "h9g7")
	files["x/bad.xqf"] = "garbage!"
	files["x/sniffed.bin"] = xqfFile("b2e2")
	files["x/sniffed.txt"] = pgnText("txt", randomGame(300, 4))
	files["x/README.md"] = "# not a game\n"
	files[".git/ignored.pgn"] = pgnText("hidden", randomGame(400, 4))
	writeTree(t, dir, files)
	return dir
}

func TestOutputIdenticalForAnyJobs(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	for _, to := range []string{"jsonl", "iccs", "chinese"} {
		var first string
		var firstErr string
		for _, j := range []int{1, 2, 4, 7} {
			code, out, errs, err := runCfg(t, context.Background(), options{Command: Convert, Output: outputOf(to), Notation: notationOf(to), Paths: []string{dir}, Jobs: j, Quiet: true})
			if code != ExitInvalid || err != nil {
				t.Fatalf("to %s -j %d: exit %d, %v; stderr:\n%s", to, j, code, err, errs)
			}
			if j == 1 {
				first, firstErr = out, errs
				continue
			}
			if out != first {
				t.Errorf("to %s: stdout of -j %d differs from -j 1", to, j)
			}
			if errs != firstErr {
				t.Errorf("to %s: stderr of -j %d differs from -j 1:\n%s\nvs\n%s", to, j, errs, firstErr)
			}
		}
	}
}

func TestBrokenGameInTheMiddle(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	path := filepath.Join(dir, "multi", "broken.pgn")
	code, out, errs, err := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{path}, Quiet: true})
	if code != ExitInvalid || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	want := path + `:8:25: game 2, ply 4: illegal: `
	if !strings.HasPrefix(errs, want) {
		t.Fatalf("stderr %q, want prefix %q", errs, want)
	}
	if !strings.HasSuffix(strings.TrimSpace(errs), `("A0-A5")`) {
		t.Errorf("diagnostic without the move text: %q", errs)
	}
	var games []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("bad JSON line %q: %v", l, err)
		}
		games = append(games, m)
	}
	if len(games) != 3 {
		t.Fatalf("%d games out, want 3", len(games))
	}
	if games[0]["status"] != "ok" || games[2]["status"] != "ok" || games[1]["status"] != "invalid" {
		t.Errorf("statuses %v %v %v", games[0]["status"], games[1]["status"], games[2]["status"])
	}
	if games[1]["plies"] != 3.0 {
		t.Errorf("broken game kept %v plies, want the 3 before the bad move", games[1]["plies"])
	}
	e := games[1]["errors"].([]any)[0].(map[string]any)
	for k, v := range map[string]any{"kind": "illegal", "ply": 4.0, "line": 8.0, "col": 25.0, "token": "A0-A5"} {
		if e[k] != v {
			t.Errorf("error field %s = %v, want %v", k, e[k], v)
		}
	}
	data, _ := os.ReadFile(path)
	if want := strings.Index(string(data), "A0-A5"); e["offset"] != float64(want) {
		t.Errorf("offset %v, want %d", e["offset"], want)
	}
}

func TestJSONFieldOrder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.pgn": "[Red \"红方\"]\n[Black \"b\"]\n[Event \"e\"]\n\n1. H2-E2 H9-G7 *\n"})
	code, out, _, _ := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{filepath.Join(dir, "a.pgn")}, Quiet: true})
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	keys := []string{`"source"`, `"index"`, `"format"`, `"encoding"`, `"tags"`, `"start_fen"`, `"moves"`, `"plies"`, `"end_fen"`, `"result"`, `"status"`, `"errors"`, `"warnings"`}
	last := -1
	for _, k := range keys {
		i := strings.Index(out, k+":")
		if i <= last {
			t.Fatalf("key %s out of order in %s", k, out)
		}
		last = i
	}
	if !strings.Contains(out, `"tags":{"Red":"红方","Black":"b","Event":"e"}`) {
		t.Errorf("tags not in order or badly escaped: %s", out)
	}
	if !strings.Contains(out, `"moves":[{"iccs":"H2-E2","wxf":"C2.5","chinese":"炮二平五","platform":"`) {
		t.Errorf("moves: %s", out)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
}

func TestUnreadableFileInReport(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	report := filepath.Join(t.TempDir(), "sub", "report.jsonl")
	code, out, errs, err := runCfg(t, context.Background(), options{Command: Check, Paths: []string{dir}, Report: report, Jobs: 3})
	if code != ExitInvalid || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	if out != "" {
		t.Errorf("check wrote to stdout: %q", out)
	}
	bad := filepath.Join(dir, "x", "bad.xqf")
	if !strings.Contains(errs, bad+":@0: syntax: no \"XQ\" signature\n") {
		t.Errorf("no diagnostic for the unreadable file:\n%s", errs)
	}
	if !strings.Contains(errs, "qipu check: 46 files, 49 games") || !strings.Contains(errs, "1 unreadable, 1 skipped") {
		t.Errorf("summary:\n%s", errs)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("bad report line %q", l)
		}
		if _, ok := m["moves"]; ok {
			t.Errorf("report line with moves")
		}
		// The source is the path as diagnostics print it: the argument joined with the path below it.
		src, _ := m["source"].(string)
		rel, ok := strings.CutPrefix(src, dir+string(filepath.Separator))
		if !ok {
			t.Errorf("source %q is not below the argument %s", src, dir)
		}
		sources = append(sources, fmt.Sprintf("%v#%v", filepath.ToSlash(rel), m["index"]))
		if src == bad && (m["status"] != "invalid" || m["index"] != 0.0) {
			t.Errorf("bad.xqf entry: %s", l)
		}
	}
	if len(sources) != 50 || !slices.Contains(sources, "x/bad.xqf#0") || !slices.Contains(sources, "multi/big.PGN#3") {
		t.Errorf("report sources %v", sources)
	}
	if slices.ContainsFunc(sources, func(s string) bool { return strings.HasPrefix(s, ".git") }) {
		t.Errorf("hidden directory walked")
	}
}

func TestMirrorTree(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	for _, to := range []string{"iccs", "jsonl", "xqf"} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, errs, err := runCfg(t, context.Background(), options{Command: Convert, Output: outputOf(to), Notation: notationOf(to), Paths: []string{dir}, Out: out, Jobs: 4, Quiet: true})
		if code != ExitInvalid || err != nil || stdout != "" {
			t.Fatalf("to %s: exit %d, %v, stdout %q\n%s", to, code, err, stdout, errs)
		}
		got := listTree(t, out)
		ext := map[string]string{"iccs": ".pgn", "jsonl": ".jsonl", "xqf": ".xqf"}[to]
		want := []string{}
		for i := range 40 {
			want = append(want, fmt.Sprintf("games/g%02d%s", i, ext))
		}
		if to == "xqf" {
			want = append(want, "multi/big.xqf", "multi/big-2.xqf", "multi/big-3.xqf",
				"multi/broken.xqf", "multi/broken-2.xqf", "multi/broken-3.xqf", "x/sniffed.xqf")
		} else {
			want = append(want, "multi/big"+ext, "multi/broken"+ext, "x/sniffed"+ext)
		}
		// x/a.xqf and x/sniffed.bin both become x/a|sniffed.*; x/sniffed.txt then takes -2.
		want = append(want, "x/a"+ext, "x/sniffed-2"+ext)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("to %s: output tree\n%v\nwant\n%v", to, got, want)
		}
	}
}

func TestSingleOutputFile(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	out := filepath.Join(t.TempDir(), "one.pgn")
	in := filepath.Join(dir, "multi", "big.PGN")
	code, stdout, _, err := runCfg(t, context.Background(), options{Command: Convert, Notation: wxf.Notation{}, Paths: []string{in}, Out: out, Quiet: true})
	if code != ExitOK || err != nil || stdout != "" {
		t.Fatalf("exit %d, %v", code, err)
	}
	data, err := os.ReadFile(out)
	if err != nil || strings.Count(string(data), "[Format \"WXF\"]") != 3 {
		t.Fatalf("output %q, %v", data, err)
	}
	// The same through standard output.
	_, stdout, _, _ = runCfg(t, context.Background(), options{Command: Convert, Notation: wxf.Notation{}, Paths: []string{in}, Quiet: true})
	if stdout != string(data) {
		t.Errorf("file output differs from standard output")
	}
	// An input that yields no game gets no output file.
	out2 := filepath.Join(t.TempDir(), "none.pgn")
	code, _, _, _ = runCfg(t, context.Background(), options{Command: Convert, Paths: []string{filepath.Join(dir, "x", "bad.xqf")}, Out: out2, Quiet: true})
	if _, err := os.Stat(out2); code != ExitInvalid || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("exit %d; output of an unreadable file: %v", code, err)
	}
	if left := listTree(t, filepath.Dir(out2)); len(left) != 0 {
		t.Errorf("files left: %v", left)
	}
}

func TestStdin(t *testing.T) {
	t.Parallel()
	code, out, errs, err := runCfg(t, context.Background(), options{Command: Convert, Notation: iccs.Notation{}, Paths: []string{"-"}, Quiet: true,
		Stdin: strings.NewReader("1. h2e2 h9g7 *\n")})
	if code != ExitOK || err != nil {
		t.Fatalf("exit %d %v %s", code, err, errs)
	}
	if !strings.Contains(out, "1. H2-E2 H9-G7 *") {
		t.Errorf("stdout %q", out)
	}
	code, _, _, err = runCfg(t, context.Background(), options{Command: Convert, Paths: []string{"-", "-"}})
	if code != ExitUsage || err == nil {
		t.Errorf("stdin twice: exit %d %v", code, err)
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	for name, cfg := range map[string]options{
		"missing path":     {Command: Convert, Paths: []string{filepath.Join(dir, "nope.pgn")}},
		"missing among":    {Command: Check, Paths: []string{dir, filepath.Join(dir, "nope")}},
		"no path":          {Command: Check},
		"bad to":           {Command: Convert, Notation: otherNotation{}, Paths: []string{dir}},
		"xqf without out":  {Command: Convert, Output: XQF, Paths: []string{dir}},
		"bad encoding":     {Command: Convert, Encoding: textenc.Encoding(99), Paths: []string{dir}},
		"bad out-encoding": {Command: Convert, OutEncoding: textenc.UTF16, Paths: []string{dir}},
		"bad format":       {Command: Check, Format: CheckFormat(7), Paths: []string{dir}},
		"bad script":       {Command: Convert, Script: Script(9), Paths: []string{dir}},
		"out is a file":    {Command: Convert, Out: filepath.Join(dir, "x", "a.xqf"), Paths: []string{dir}},
		"out is the input": {Command: Convert, Out: filepath.Join(dir, "x", "sniffed.txt"), Paths: []string{filepath.Join(dir, "x", "sniffed.txt")}},
		"report is input":  {Command: Check, Report: filepath.Join(dir, "x", "a.xqf"), Paths: []string{dir}},
		"report is a dir":  {Command: Check, Report: dir, Paths: []string{dir}},
	} {
		code, out, errs, err := runCfg(t, context.Background(), cfg)
		var ue *UsageError
		if code != ExitUsage || !errors.As(err, &ue) || out != "" || errs != "" {
			t.Errorf("%s: exit %d, %v, stdout %q, stderr %q", name, code, err, out, errs)
		}
	}
}

func TestUnwritableOutput(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	blocker := filepath.Join(t.TempDir(), "file")
	writeTree(t, filepath.Dir(blocker), map[string]string{"file": "x"})
	code, _, _, err := runCfg(t, context.Background(), options{Command: Convert, Paths: []string{dir}, Out: filepath.Join(blocker, "out") + "/", Quiet: true})
	if code != ExitUsage || err == nil {
		t.Errorf("exit %d, %v", code, err)
	}
	// A directory that is there, with a subdirectory that cannot be created.
	out := t.TempDir()
	writeTree(t, out, map[string]string{"games": "a file where a directory should be"})
	code, _, _, err = runCfg(t, context.Background(), options{Command: Convert, Paths: []string{dir}, Out: out, Quiet: true, Jobs: 2})
	if code != ExitUsage || err == nil {
		t.Errorf("exit %d, %v", code, err)
	}
	for _, f := range listTree(t, out) {
		if strings.Contains(f, fsio.TempPrefix) {
			t.Errorf("temporary file left: %s", f)
		}
	}
}

// TestInterruptLeavesNoPartialOutput: a run cancelled in the middle (after the first file of
// a tree; in the middle of a long standard input) exits 130 and leaves no output file, no
// temporary file and no report behind.
func TestInterruptLeavesNoPartialOutput(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	var games [][]string
	for k := range 200 {
		games = append(games, randomGame(uint64(500+k), 40))
	}
	big := pgnText("big", games...)
	for _, to := range []string{"iccs", "xqf"} {
		for _, single := range []bool{false, true} {
			if single && to == "xqf" {
				continue
			}
			ctx, cancel := context.WithCancel(context.Background())
			outDir := t.TempDir()
			out := filepath.Join(outDir, "out")
			cfg := options{Command: Convert, Output: outputOf(to), Notation: notationOf(to), Paths: []string{dir}, Jobs: 3, Quiet: true,
				Progress: &cancelProgress{cancel: cancel}}
			if single {
				out = filepath.Join(outDir, "one.pgn")
				cfg.Paths, cfg.Progress = []string{"-"}, nil
				cfg.Stdin = &hookReader{r: strings.NewReader(big), at: len(big) / 2, hook: cancel}
			}
			cfg.Out, cfg.Report = out, filepath.Join(outDir, "report.jsonl")
			code, _, _, err := runCfg(t, ctx, cfg)
			cancel()
			if code != ExitInterrupted || !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
				t.Fatalf("to %s, single %v: exit %d, %v", to, single, code, err)
			}
			for _, f := range listTree(t, outDir) {
				if strings.Contains(f, fsio.TempPrefix) || f == "report.jsonl" || f == "one.pgn" || single {
					t.Errorf("to %s: partial or temporary file left: %s", to, f)
				}
			}
		}
	}
}

func TestManyGamesStreamThroughSmallWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Each file's output is larger than the budget of the smaller runs, so workers must
	// wait their turn.
	files := map[string]string{}
	for i := range 6 {
		var games [][]string
		for k := range 120 {
			games = append(games, randomGame(uint64(1000*i+k), 40))
		}
		files[fmt.Sprintf("f%d.pgn", i)] = pgnText(fmt.Sprint(i), games...)
	}
	writeTree(t, dir, files)
	_, want, _, _ := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir}, Jobs: 1, Quiet: true})
	if len(want) < 16*chunkSize {
		t.Fatalf("output only %d bytes", len(want))
	}
	for _, b := range []int64{32 << 20, 3 * chunkSize, 1} {
		code, got, _, _ := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir}, Jobs: 4, Quiet: true, budget: b})
		if code != ExitOK || got != want {
			t.Errorf("budget %d: exit %d; -j 4 output differs", b, code)
		}
	}
}

func TestStrictAndWarnings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Black's move first in a start position without FEN: a side warning.
	writeTree(t, dir, map[string]string{"w.pgn": "1. h9g7 h2e2 *\n"})
	code, _, errs, _ := runCfg(t, context.Background(), options{Command: Check, Paths: []string{dir}})
	if code != ExitOK || !strings.Contains(errs, "warning: side:") {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	code, _, errs, _ = runCfg(t, context.Background(), options{Command: Check, Paths: []string{dir}, Strict: true})
	if code != ExitInvalid || strings.Contains(errs, "warning:") || !strings.Contains(errs, ": side:") {
		t.Fatalf("strict: exit %d\n%s", code, errs)
	}
}

func TestCheckFormats(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	code, out, errs, _ := runCfg(t, context.Background(), options{Command: Check, Format: CheckJSON, Paths: []string{dir}})
	var sum map[string]any
	if err := json.Unmarshal([]byte(out), &sum); err != nil || code != ExitInvalid {
		t.Fatalf("json summary %q: %v", out, err)
	}
	if sum["games"] != 49.0 || sum["unreadable"] != 1.0 || sum["skipped"] != 1.0 || sum["invalid"] != 1.0 {
		t.Errorf("summary %v", sum)
	}
	if !strings.Contains(errs, "illegal:") {
		t.Errorf("diagnostics not on stderr: %q", errs)
	}
	_, out, _, _ = runCfg(t, context.Background(), options{Command: Check, Format: CheckGitHub, Paths: []string{dir}, Quiet: true})
	broken := filepath.Join(dir, "multi", "broken.pgn")
	if !strings.Contains(out, "::error file="+broken+",line=8,col=25,title=qipu illegal::game 2, ply 4: illegal: ") {
		t.Errorf("annotations:\n%s", out)
	}
	if !strings.Contains(out, "::error file="+filepath.Join(dir, "x", "bad.xqf")+",title=qipu syntax::@0: syntax: no \"XQ\" signature") {
		t.Errorf("annotations:\n%s", out)
	}
}

func TestOutEncoding(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.pgn": "[Event \"测试\"]\n\n1. H2-E2 H9-G7 *\n"})
	code, out, _, _ := runCfg(t, context.Background(), options{Command: Convert, OutEncoding: textenc.GBK, Paths: []string{dir}, Quiet: true})
	if code != ExitOK || !bytes.Contains([]byte(out), []byte{0xC5, 0xDA, 0xB6, 0xFE}) { // 炮二 in GBK
		t.Fatalf("exit %d, output %q", code, out)
	}
	// Simplified 测 and 马 are not in Big5: the game is written with '?' in their place and
	// a warning that names the first and suggests the flags not given.
	code, out, errs, _ := runCfg(t, context.Background(), options{Command: Convert, OutEncoding: textenc.Big5, Paths: []string{dir}, Quiet: true})
	if code != ExitOK || !strings.Contains(out, `[Event "??"]`) ||
		!strings.Contains(errs, "game 1: warning: encoding: '测' cannot be written in big5, nor 3 more character(s); written as '?' (try --traditional --script traditional)") {
		t.Fatalf("exit %d, output %q, stderr %q", code, out, errs)
	}
	code, _, errs, _ = runCfg(t, context.Background(), options{Command: Convert, OutEncoding: textenc.Big5, Script: ScriptTraditional, Paths: []string{dir}, Quiet: true})
	if code != ExitOK || !strings.Contains(errs, "(try --traditional)") {
		t.Fatalf("big5 with --script traditional: exit %d, stderr %q", code, errs)
	}
	code, out, errs, _ = runCfg(t, context.Background(), options{Command: Convert, OutEncoding: textenc.Big5, Notation: chinese.Notation{Traditional: true}, Script: ScriptTraditional, Paths: []string{dir}, Quiet: true})
	if code != ExitOK || !strings.Contains(out, "[Format") {
		t.Fatalf("traditional big5: exit %d, %q %q", code, out, errs)
	}
}

// TestReadErrorAfterSomeGames: a read error after some games keeps the games read before
// it, and is a file error placed at the offset where reading failed.
func TestReadErrorAfterSomeGames(t *testing.T) {
	t.Parallel()
	var games [][]string
	for k := range 1000 {
		games = append(games, randomGame(uint64(k), 30))
	}
	data := pgnText("a", games...)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"b.pgn": pgnText("b", randomGame(3, 10))})
	report := filepath.Join(dir, "report.jsonl")
	errDisk := errors.New("input/output error")
	code, out, errs, _ := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL,
		Paths: []string{"-", filepath.Join(dir, "b.pgn")}, Report: report,
		Stdin: &testutil.FailingReader{R: strings.NewReader(data), Err: errDisk}})
	if code != ExitInvalid {
		t.Fatalf("exit %d", code)
	}
	if n := strings.Count(out, "\n"); n < 100 || n > 1000 {
		t.Errorf("%d games out: want the games before the error and the next file's game", n)
	}
	if !strings.Contains(out, `{"source":"`+filepath.Join(dir, "b.pgn")+`","index":1,`) {
		t.Errorf("the next file is not read")
	}
	// The error comes once the whole input is read: it is placed at its end.
	want := fmt.Sprintf("-:@%d: io: ", len(data))
	if !strings.Contains(errs, want) || !strings.Contains(errs, "input/output error\n") || !strings.Contains(errs, "1 file errors") {
		t.Errorf("stderr lacks %q:\n%s", want, errs)
	}
	rep, _ := os.ReadFile(report)
	if !strings.Contains(string(rep), `{"source":"-","index":0,"format":"pgn","encoding":"utf-8","tags":{},"start_fen":"","plies":0,"end_fen":"","result":"*","status":"invalid","errors":[{"kind":"io","message":`) ||
		!strings.Contains(string(rep), fmt.Sprintf(`input/output error","offset":%d}],"warnings":[],"notes":[]}`, len(data))) {
		t.Errorf("report:\n%.3000s", rep[max(0, len(rep)-3000):])
	}
}

// TestSpilledOutputs: under an output directory, an output that outgrows a batch is streamed
// to disk by its worker (the writer creates the others): every file is what a conversion to
// standard output gives, whether its last game ends a batch or not, and no temporary file is
// left.
func TestSpilledOutputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := func(event, comment string) string {
		return fmt.Sprintf("[Event %q]\n\n1. h2e2 {%s} h9g7 2. h0g2 *\n\n", event, comment)
	}
	long := strings.Repeat("炮二平五 x ", 8000) // about 120 KB: a batch or more by itself
	inputs := map[string]string{
		"small.pgn":     game("a", "x") + game("b", "y"),
		"last-big.pgn":  game("a", "x") + game("b", long), // the last game ends a batch
		"first-big.pgn": game("a", long) + game("b", "y"),
		"all-big.pgn":   game("a", long) + game("b", long) + game("c", long),
	}
	for name, text := range inputs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, j := range []int{1, 3} {
		out := filepath.Join(t.TempDir(), "out")
		code, _, errs, err := runCfg(t, context.Background(), options{Command: Convert, Notation: wxf.Notation{}, Paths: []string{dir}, Out: out, Jobs: j, Quiet: true})
		if code != ExitOK || err != nil {
			t.Fatalf("-j %d: exit %d, %v\n%s", j, code, err, errs)
		}
		if got := listTree(t, out); !slices.Equal(got, []string{"all-big.pgn", "first-big.pgn", "last-big.pgn", "small.pgn"}) {
			t.Fatalf("-j %d: output tree %v", j, got)
		}
		for name := range inputs {
			_, want, _, _ := runCfg(t, context.Background(), options{Command: Convert, Notation: wxf.Notation{}, Paths: []string{filepath.Join(dir, name)}, Quiet: true})
			got, err := os.ReadFile(filepath.Join(out, name))
			if err != nil || string(got) != want {
				t.Errorf("-j %d: %s: %d bytes (%v), standard output %d", j, name, len(got), err, len(want))
			}
		}
	}
}

// TestEveryInputEncoding: every textenc.Encoding value is an input encoding the Config takes
// as it is, GBK included (read as GB18030, its superset), without a round trip through a
// name; the GBK file reads the same under auto, gbk and gb18030.
func TestEveryInputEncoding(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	gbk := "[Event \"\xb2\xe2\xca\xd4\"]\n\n1. H2-E2 H9-G7 *\n" // 测试 in GBK
	writeTree(t, dir, map[string]string{"a.pgn": gbk})
	want := ""
	for _, enc := range []textenc.Encoding{textenc.Auto, textenc.GBK, textenc.GB18030} {
		code, out, errs, err := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Encoding: enc, Paths: []string{dir}, Quiet: true})
		if code != ExitOK || err != nil || !strings.Contains(out, `"Event":"测试"`) {
			t.Fatalf("%v: exit %d, %v, %s %s", enc, code, err, out, errs)
		}
		if want == "" {
			want = out
		} else if out != want {
			t.Errorf("%v reads otherwise than auto:\n%s\n%s", enc, out, want)
		}
	}
	for _, enc := range []textenc.Encoding{textenc.UTF8, textenc.UTF16, textenc.UTF16LE, textenc.UTF16BE, textenc.Big5} {
		if code, _, errs, err := runCfg(t, context.Background(), options{Command: Check, Encoding: enc, Paths: []string{dir}, Quiet: true}); code == ExitUsage || err != nil {
			t.Errorf("%v: exit %d, %v, %s", enc, code, err, errs)
		}
	}
}

// TestLibraryEntryFormat: the report entry of a 象棋桥 library that cannot be read names the
// format its games would have, "cbl", not the single record's "cbr".
func TestLibraryEntryFormat(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"lib.cbl": "CCBridgeLibrary\x00\x01\x02"})
	report := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, errs, _ := runCfg(t, context.Background(), options{Command: Check, Report: report, Paths: []string{dir}, Quiet: true})
	rep, _ := os.ReadFile(report)
	if code != ExitInvalid || !strings.Contains(string(rep), `"index":0,"format":"cbl",`) {
		t.Errorf("exit %d, report %s, stderr %s", code, rep, errs)
	}
}

// TestCommandOptions: a Config runs the command whose options it sets, exactly one, and its
// settings hold that command's own options (the others' zero), each option once; the table of
// commands covers every Command.
func TestCommandOptions(t *testing.T) {
	t.Parallel()
	for c := Convert; c <= Analyze; c++ {
		if d := c.def(); d == nil || d.validate == nil || d.passes == nil || d.passes(&settings{conv: ConvertOptions{Dedupe: true}, export: ExportOptions{Dedupe: true}}) && d.runPasses == nil {
			t.Errorf("command %d: incomplete value %+v", c, d)
		}
	}
	eval := &AnalysisOptions{Cache: "c"}
	for _, tc := range []struct {
		cfg  Config
		want settings
	}{
		{Config{Paths: []string{"a"}, Convert: &ConvertOptions{Writing: Writing{Output: JSONL, KeepResult: true}, Dedupe: true, FixResults: true, ECCOTags: ECCOAdd}},
			settings{command: Convert, conv: ConvertOptions{Writing: Writing{Output: JSONL, KeepResult: true}, Dedupe: true, FixResults: true, ECCOTags: ECCOAdd},
				write: Writing{Output: JSONL, KeepResult: true}}},
		{Config{Check: &CheckOptions{Format: CheckGitHub, Outputs: []CIOutput{{Path: "x"}}, Baseline: "b", WriteBaseline: "w", DecodeOnly: true}},
			settings{command: Check, check: CheckOptions{Format: CheckGitHub, Outputs: []CIOutput{{Path: "x"}}, Baseline: "b", WriteBaseline: "w", DecodeOnly: true}}},
		{Config{Dedupe: &DedupeOptions{}}, settings{command: Dedupe}},
		{Config{Stats: &StatsOptions{Format: StatsHTML, CheckReport: "c.html"}}, settings{command: Stats, stats: StatsOptions{Format: StatsHTML, CheckReport: "c.html"}}},
		{Config{Export: &ExportOptions{Partial: true, KeepResult: true, Dedupe: true}},
			settings{command: Export, export: ExportOptions{Partial: true, KeepResult: true, Dedupe: true}}},
		{Config{Export: &ExportOptions{Evaluation: eval}},
			settings{command: Export, export: ExportOptions{Evaluation: eval}, analysis: &AnalysisOptions{Cache: "c"}}},
		{Config{Analyze: &AnalyzeOptions{Writing: Writing{Script: ScriptTraditional}, AnalysisOptions: AnalysisOptions{Cache: "c"}}},
			settings{command: Analyze, write: Writing{Script: ScriptTraditional}, analysis: &AnalysisOptions{Cache: "c"}}},
	} {
		got := settings{cfg: tc.cfg}
		if err := got.takeCommand(); err != nil {
			t.Fatalf("%+v: %v", tc.cfg, err)
		}
		if got.command != tc.want.command || !reflect.DeepEqual(got.conv, tc.want.conv) || !reflect.DeepEqual(got.check, tc.want.check) ||
			got.stats != tc.want.stats || !reflect.DeepEqual(got.export, tc.want.export) || !reflect.DeepEqual(got.write, tc.want.write) ||
			!reflect.DeepEqual(got.analysis, tc.want.analysis) {
			t.Errorf("%+v: settings %+v\nwant %+v", tc.cfg, got, tc.want)
		}
		if got.cfg.Checks.FixResults != tc.want.conv.FixResults {
			t.Errorf("%+v: the ending check's FixResults %v", tc.cfg, got.cfg.Checks.FixResults)
		}
		if got.analysis != nil && tc.cfg.Export != nil && got.analysis == tc.cfg.Export.Evaluation {
			t.Errorf("%+v: the settings share the caller's AnalysisOptions", tc.cfg)
		}
	}
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Paths: []string{"a"}}, errCommands.Error()},
		{Config{Check: &CheckOptions{}, Stats: &StatsOptions{}}, errCommands.Error() + "; it sets Check and Stats"},
		{Config{Check: &CheckOptions{}, Checks: CheckSettings{FixResults: true}}, "pipeline: Checks.FixResults is convert's: set ConvertOptions.FixResults"},
		{Config{Convert: &ConvertOptions{}, Checks: CheckSettings{FixResults: true}}, "pipeline: Checks.FixResults is convert's: set ConvertOptions.FixResults"},
	} {
		code, err := Run(context.Background(), tc.cfg)
		var ue *UsageError
		if code != ExitUsage || !errors.As(err, &ue) || err.Error() != tc.want {
			t.Errorf("%+v: exit %d, %v; want %q", tc.cfg, code, err, tc.want)
		}
	}
}

// TestOpeningsOnlyWhenShown: a run whose output shows no opening classifies only the games
// with an ECCO tag (to check it); the report, JSON Lines and --where on ecco see every game's.
func TestOpeningsOnlyWhenShown(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.pgn": "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n"})
	for _, tc := range []struct {
		cfg  options
		only bool
	}{
		{options{Command: Check}, true},
		{options{Command: Check, Report: filepath.Join(t.TempDir(), "r.jsonl")}, false},
		{options{Command: Convert, Output: JSONL}, false},
		{options{Command: Convert}, true},
		{options{Command: Stats}, false},
	} {
		tc.cfg.Paths = []string{dir}
		s, err := validate(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if classifiesUntagged(t, s) == tc.only {
			t.Errorf("%v %v: openings of tagged games only %v, want %v", tc.cfg.Command, tc.cfg.Output, !tc.only, tc.only)
		}
	}
	where, err := query.Parse(`ecco == "A00"`)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := validate(options{Command: Check, Paths: []string{dir}, Where: where}); !classifiesUntagged(t, s) {
		t.Error("--where on ecco does not classify every game")
	}
}

// classifiesUntagged reports whether the checks of s classify the opening of a game without
// an ECCO tag.
func classifiesUntagged(t *testing.T, s *settings) bool {
	t.Helper()
	for g, err := range record.Read(strings.NewReader("1. h2e2 h9g7 2. h0g2 i9h9 *\n"), "a.pgn", record.WithChecks(s.checks...)) {
		if err != nil {
			t.Fatal(err)
		}
		return g.Opening.Code != ""
	}
	t.Fatal("no game read")
	return false
}
