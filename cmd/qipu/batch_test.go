package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// corpus is the bundled sample archive (go run ./scripts/gencorpus).
const corpus = "../../corpus"

// sharedCorpus returns the real-world test archive, or skips the test.
func sharedCorpus(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"../../../shared/corpus", "../../shared/corpus"} {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p
		}
	}
	t.Skip("shared/corpus not found")
	return ""
}

// qipu runs the command line in-process.
func qipu(t *testing.T, ctx context.Context, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(ctx, append([]string{"qipu"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/qipu -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			g, w := "", ""
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs at line %d:\ngot:  %.300s\nwant: %.300s\n(go test ./cmd/qipu -update rewrites it)", name, i+1, g, w)
			}
		}
	}
}

// tree lists the files under dir with their SHA-256, one per line.
func tree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%x %6d %s\n", sha256.Sum256(data), len(data), filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestConvertGolden(t *testing.T) {
	var stderr0 string
	edge := []string{filepath.Join(corpus, "edge"), filepath.Join(corpus, "pgn", "chinese-big5-traditional.pgn")}
	for _, c := range []struct {
		name  string
		args  []string
		paths []string // default: the whole corpus
	}{
		{"convert-chinese", []string{"--to", "chinese"}, nil},
		{"convert-iccs", []string{"--to", "iccs"}, nil},
		{"convert-wxf", []string{"--to", "wxf"}, nil},
		{"convert-platform", []string{"--to", "platform"}, nil},
		{"convert-jsonl", []string{"--to", "jsonl"}, edge},
		{"convert-jsonl-styles", []string{"--to", "jsonl", "--wxf-style", "fairy", "--iccs-style", "ucci", "--traditional"}, edge},
		{"convert-chinese-gbk", []string{"--out-encoding", "gbk"}, nil},
		{"convert-big5-traditional", []string{"--out-encoding", "big5", "--traditional", "--script", "traditional"}, nil},
		{"convert-wxf-simplified", []string{"--to", "wxf", "--script", "simplified"}, edge},
		{"convert-dhtmlxq", []string{"--to", "dhtmlxq"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			paths := c.paths
			if paths == nil {
				paths = []string{corpus}
			}
			args := append(append([]string{"convert", "-q", "-j", "3"}, c.args...), paths...)
			code, out, errs := qipu(t, context.Background(), "", args...)
			if code != exitInvalid {
				t.Fatalf("exit %d, want 1 (the corpus has a broken game)\n%s", code, errs)
			}
			golden(t, c.name+".golden", []byte(out))
			if stderr0 == "" {
				stderr0 = errs
				golden(t, "convert.stderr.golden", []byte(errs))
			} else if withoutReplaced(errs) != stderr0 {
				// Big5 output replaces the simplified characters Big5 lacks, with a warning
				// each game; every other diagnostic is the same for every output.
				t.Errorf("diagnostics differ between outputs:\n%s", errs)
			}
		})
	}
	t.Run("convert-xqf", func(t *testing.T) {
		out := t.TempDir()
		code, stdout, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "xqf", "-o", out, corpus)
		if code != exitInvalid || stdout != "" {
			t.Fatalf("exit %d, stdout %q\n%s", code, stdout, errs)
		}
		golden(t, "convert-xqf.golden", []byte(tree(t, out)))
		// The XQF files read back: every game valid, the same number of games.
		// A mate under Result "*" (edge/warnings.pgn game 2) stays a result warning.
		code, _, errs = qipu(t, context.Background(), "", "check", "-q", out)
		for _, l := range strings.Split(strings.TrimRight(errs, "\n"), "\n") {
			if l != "" && !strings.Contains(l, ": warning: result: ") {
				t.Errorf("reading the XQF output: %s", l)
			}
		}
		if code != exitOK {
			t.Errorf("reading the XQF output: exit %d\n%s", code, errs)
		}
	})
}

// withoutReplaced drops the warnings of characters the output encoding lacks.
func withoutReplaced(errs string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(errs, "\n") {
		if !strings.Contains(l, ": warning: encoding: ") || !strings.Contains(l, "cannot be written in") {
			b.WriteString(l)
		}
	}
	return b.String()
}

func TestCheckGolden(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.jsonl")
	code, out, errs := qipu(t, context.Background(), "", "check", "-q", "--report", report, corpus)
	if code != exitInvalid || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "check-report.golden", data)
	golden(t, "check.stderr.golden", []byte(errs))
	code, out, _ = qipu(t, context.Background(), "", "check", "-q", "--format", "github", corpus)
	if code != exitInvalid {
		t.Fatalf("github: exit %d", code)
	}
	golden(t, "check-github.golden", []byte(out))
	// The summary: one line on stderr, or JSON on stdout.
	_, _, errs = qipu(t, context.Background(), "", "check", corpus)
	if last := errs[strings.LastIndex(strings.TrimRight(errs, "\n"), "\n")+1:]; !strings.HasPrefix(last, "qipu check: 41 files, 103 games, ") ||
		!strings.Contains(last, "102 valid, 1 invalid (illegal 1); 1 unreadable, 2 skipped, 3 warnings;") {
		t.Errorf("summary %q", last)
	}
	_, out, _ = qipu(t, context.Background(), "", "check", "--format", "json", corpus)
	var sum map[string]any
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum["games"] != 103.0 || sum["unreadable"] != 1.0 {
		t.Errorf("json summary %q: %v", out, err)
	}
}

func TestJobsByteIdentical(t *testing.T) {
	inputs := []string{corpus}
	if testing.Short() {
		t.Log("short: bundled corpus only")
	} else if fi, err := os.Stat("../../../shared/corpus"); err == nil && fi.IsDir() {
		inputs = append(inputs, "../../../shared/corpus")
	}
	for _, to := range []string{"jsonl", "chinese"} {
		_, out1, err1 := qipu(t, context.Background(), "", append([]string{"convert", "-q", "--to", to, "-j", "1"}, inputs...)...)
		_, out4, err4 := qipu(t, context.Background(), "", append([]string{"convert", "-q", "--to", to, "-j", "4"}, inputs...)...)
		if out1 != out4 {
			t.Errorf("--to %s: stdout of -j 1 and -j 4 differ", to)
		}
		if err1 != err4 {
			t.Errorf("--to %s: stderr of -j 1 and -j 4 differ", to)
		}
		if len(out1) == 0 {
			t.Errorf("--to %s: no output", to)
		}
	}
}

func TestBrokenGameInTheMiddle(t *testing.T) {
	path := filepath.Join(corpus, "edge", "broken-middle.pgn")
	code, out, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "jsonl", path)
	if code != exitInvalid {
		t.Fatalf("exit %d", code)
	}
	want := path + `:22:9: game 2, ply 4: illegal: no legal move fits; did you mean 车９进１ (the rest replays)? ("车９进９")` + "\n"
	if errs != want {
		t.Errorf("stderr %q\nwant   %q", errs, want)
	}
	var status []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var g struct {
			Status string
			Plies  int
			Errors []map[string]any
		}
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatal(err)
		}
		status = append(status, fmt.Sprintf("%s/%d", g.Status, g.Plies))
	}
	if !slices.Equal(status, []string{"ok/30", "invalid/3", "ok/30"}) {
		t.Errorf("games %v", status)
	}
}

func TestUnreadableFileReport(t *testing.T) {
	report := filepath.Join(t.TempDir(), "r.jsonl")
	path := filepath.Join(corpus, "edge", "truncated.xqf")
	code, out, errs := qipu(t, context.Background(), "", "convert", "-q", "--report", report, path)
	if code != exitInvalid || out != "" || !strings.HasPrefix(errs, path+":@600: truncated: ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	data, _ := os.ReadFile(report)
	var e map[string]any
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatalf("report %q: %v", data, err)
	}
	if e["source"] != path || e["index"] != 0.0 || e["status"] != "invalid" || e["format"] != "xqf" {
		t.Errorf("report entry %s", data)
	}
	errsList := e["errors"].([]any)
	if len(errsList) != 1 || errsList[0].(map[string]any)["kind"] != "truncated" || errsList[0].(map[string]any)["offset"] != 600.0 {
		t.Errorf("report errors %v", errsList)
	}
}

func TestOutMirrorsTree(t *testing.T) {
	out := t.TempDir()
	code, stdout, _ := qipu(t, context.Background(), "", "convert", "-q", "-o", out, corpus)
	if code != exitInvalid || stdout != "" {
		t.Fatalf("exit %d", code)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(tree(t, out)), "\n") {
		got = append(got, l[strings.LastIndex(l, " ")+1:])
	}
	want := []string{
		"classic/endgames-wxf.pgn", "classic/juzhongmi-big5.pgn", "classic/manuals-gbk.pgn",
		"classic/manuals-utf8.pgn", "classic/masters-big5.pgn", "classic/masters-gbk.pgn",
		"classic/masters-iccs.pgn", "classic/masters-utf8.pgn", "classic/xqf/juzhongmi-2-08.pgn",
		"classic/xqf/li-laiqun-wang-jialiang-1982.pgn", "classic/xqf/lv-qin-xu-yinchuan-1995.pgn",
		"classic/xqf/yang-guanlin-jiang-zhiliang-1985.pgn", "classic/xqf/zhao-guorong-xu-tianhong-1992.pgn",
		"edge/broken-middle.pgn", "edge/gbk-cr-linebreaks.pgn", "edge/pgn-without-extension.pgn",
		"edge/setup-black-to-move.pgn", "edge/tags-only.pgn", "edge/tandem-pawns.pgn",
		"edge/variations.pgn", "edge/warnings.pgn", "edge/xqf-full.pgn", "edge/xqf-setup.pgn",
		"pgn/chinese-big5-traditional.pgn", "pgn/chinese-gbk.pgn", "pgn/chinese-utf16.pgn",
		"pgn/chinese-utf8.pgn", "pgn/iccs-utf8.pgn", "pgn/platform-utf8.pgn", "pgn/ucci-utf8.pgn",
		"pgn/wxf-fairy-utf8.pgn", "pgn/wxf-utf8-bom.pgn",
	}
	for i := 1; i <= 8; i++ {
		want = append(want, fmt.Sprintf("xqf/game-%02d.pgn", i))
	}
	if !slices.Equal(got, want) {
		t.Errorf("tree\n%v\nwant\n%v", got, want)
	}
	// The mirrored files are what standard output gets, file by file.
	_, one, _ := qipu(t, context.Background(), "", "convert", "-q", filepath.Join(corpus, "pgn", "chinese-gbk.pgn"))
	data, _ := os.ReadFile(filepath.Join(out, "pgn", "chinese-gbk.pgn"))
	if string(data) != one {
		t.Errorf("mirrored file differs from standard output")
	}
}

func TestInterrupted(t *testing.T) {
	// A context cancelled before the run: nothing is written.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "out")
	report := filepath.Join(t.TempDir(), "report.jsonl")
	code, _, errs := qipu(t, ctx, "", "convert", "-q", "-o", out, "--report", report, corpus)
	if code != exitInterrupted || !strings.Contains(errs, "interrupted") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(report); err == nil {
		t.Errorf("report written by an interrupted run")
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("output directory left by an interrupted run: %s", tree(t, out))
	}
	// Cancelled in the middle of a larger run: only complete files, no temporary ones, no
	// empty directories, no partial single output file.
	big := sharedCorpus(t)
	bigFile := filepath.Join(big, "maksimKorzh__wukong-xiangqi", "xqdb", "xqdb", "_unzipped", "Hu_Ronghua_1391_UCI_games.pgn")
	for _, delay := range []time.Duration{5 * time.Millisecond, 40 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), delay)
		out := t.TempDir()
		code, _, _ := qipu(t, ctx, "", "convert", "-q", "-j", "2", "-o", out, big)
		cancel()
		if code != exitInterrupted {
			t.Logf("delay %v: run finished first (exit %d)", delay, code)
		}
		filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if strings.HasPrefix(d.Name(), ".qipu-") {
				t.Errorf("temporary file left: %s", p)
			}
			if d.IsDir() {
				if entries, _ := os.ReadDir(p); len(entries) == 0 && p != out {
					t.Errorf("empty directory left: %s", p)
				}
			}
			return nil
		})

		ctx, cancel = context.WithTimeout(context.Background(), delay)
		dir := t.TempDir()
		single := filepath.Join(dir, "sub", "all.pgn")
		code, _, _ = qipu(t, ctx, "", "convert", "-q", "-o", single, bigFile)
		cancel()
		entries, _ := os.ReadDir(dir)
		switch {
		case code == exitInterrupted && len(entries) != 0:
			t.Errorf("interrupted single-file run left %v", entries)
		case code != exitInterrupted:
			t.Logf("delay %v: single-file run finished first (exit %d)", delay, code)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"convert", filepath.Join(corpus, "no-such-file.pgn")},
		{"check", corpus, filepath.Join(corpus, "missing-dir")},
		{"convert", "--to", "xqf", corpus},
		{"convert", "--to", "fen", corpus},
		{"check", "--format", "xml", corpus},
		{"convert", corpus, "--to", "xqf"}, // flags after the paths are read too
		{"check"},
		{"convert", "--jobs", "x", corpus},
		{"check", "--no-such-flag", corpus},
	} {
		code, out, errs := qipu(t, context.Background(), "", args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "qipu: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	code, _, errs := qipu(t, context.Background(), "", "convert", filepath.Join(corpus, "no-such-file.pgn"))
	if code != exitUsage || !strings.Contains(errs, "no-such-file.pgn: no such file or directory") {
		t.Errorf("missing path: %q", errs)
	}
}

func TestStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus, "pgn", "chinese-gbk.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := qipu(t, context.Background(), string(data), "convert", "-q", "--to", "jsonl", "-")
	if code != exitOK || errs != "" || strings.Count(out, "\n") != 6 || !strings.Contains(out, `"source":"-","index":1,"format":"pgn","encoding":"gb18030"`) {
		t.Errorf("exit %d, stderr %q, stdout %.300s", code, errs, out)
	}
}

func TestCheckSharedCorpus(t *testing.T) {
	dir := sharedCorpus(t)
	report := filepath.Join(t.TempDir(), "report.jsonl")
	code, out, errs := qipu(t, context.Background(), "", "check", "-q", "--report", report, dir)
	if code != exitInvalid && code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if out != "" {
		t.Errorf("check wrote to stdout")
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	games := 0
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var e struct {
			Source string
			Index  int
		}
		if err := json.Unmarshal(l, &e); err != nil {
			t.Fatalf("report line %q: %v", l, err)
		}
		seen[e.Source] = true
		if e.Index > 0 {
			games++
		}
	}
	missing := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := strings.ToLower(filepath.Ext(p)); ext == ".pgn" || ext == ".xqf" {
			rel, _ := filepath.Rel(dir, p)
			// The source is the path as diagnostics print it: the argument joined with rel.
			if !seen[p] {
				missing++
				if missing < 10 {
					t.Errorf("%s not in the report", rel)
				}
			}
		}
		return nil
	})
	if missing > 0 || games < 1000 {
		t.Errorf("%d files missing from the report; %d games", missing, games)
	}
	// Every diagnostic line has the contract form.
	for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
		if !strings.HasPrefix(l, dir) || !strings.Contains(l, ": ") {
			t.Errorf("diagnostic %q", l)
		}
	}
}

func TestUnreadableDeviceFile(t *testing.T) {
	// Reading /proc/self/mem at offset 0 fails (EIO), even for root.
	const path = "/proc/self/mem"
	if _, err := os.Stat(path); err != nil {
		t.Skip(err)
	}
	report := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, errs := qipu(t, context.Background(), "", "check", "-q", "--report", report, path, filepath.Join(corpus, "pgn", "iccs-utf8.pgn"))
	if code != exitInvalid || !strings.HasPrefix(errs, path+":@0: io: ") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	data, _ := os.ReadFile(report)
	if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); len(lines) != 7 || !strings.Contains(lines[0], `"kind":"io"`) {
		t.Errorf("report:\n%s", data)
	}
}

func TestFlagsAfterPaths(t *testing.T) {
	app := newApp(nil, nil, nil)
	tests := []struct{ in, want []string }{
		{[]string{"qipu", "convert", "a.pgn", "--to", "iccs", "-q", "b"}, []string{"qipu", "convert", "--to", "iccs", "-q", "a.pgn", "b"}},
		{[]string{"qipu", "check", "dir", "--format=github", "-j", "2"}, []string{"qipu", "check", "--format=github", "-j", "2", "dir"}},
		{[]string{"qipu", "convert", "-", "--strict"}, []string{"qipu", "convert", "--strict", "-"}},
		{[]string{"qipu", "convert", "--to", "wxf", "--", "-odd.pgn"}, []string{"qipu", "convert", "--to", "wxf", "--", "-odd.pgn"}},
		{[]string{"qipu", "perft", "3", "--divide"}, []string{"qipu", "perft", "--divide", "3"}},
	}
	for _, tt := range tests {
		if got := permuteArgs(app, tt.in); strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("permuteArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
