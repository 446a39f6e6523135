package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"
)

// diagLine is a diagnostic line of the command-line contract.
var diagLine = regexp.MustCompile(`^[^:]+:(\d+:\d+|@\d+): (game \d+(, ply \d+)?: )?(warning: )?(syntax|illegal|ambiguous|encoding|truncated|setup|io|notation|side): .+`)

// diagnostics returns the diagnostic lines of standard error (the summary line left out) and
// fails unless each is in the contract form.
func diagnostics(t *testing.T, stderr string) []string {
	t.Helper()
	if stderr == "" {
		return nil
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if strings.HasPrefix(l, "qipu check: ") || strings.HasPrefix(l, "qipu convert: ") {
			continue
		}
		if !diagLine.MatchString(l) {
			t.Errorf("diagnostic not in the contract form: %.300q", l)
		}
		lines = append(lines, l)
	}
	return lines
}

// qipuTimeout is qipu with a deadline: a run that hangs fails the test instead.
func qipuTimeout(t *testing.T, d time.Duration, stdin io.Reader, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		c := run(context.Background(), append([]string{"qipu"}, args...), stdin, &out, &errb)
		done <- result{c, out.String(), errb.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(d):
		t.Fatalf("qipu %v did not finish in %v", args, d)
	}
	return
}

func writeFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func utf16Bytes(s string, bigEndian bool) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// TestAdversarialInputs runs check and convert on files built to break a reader. Each run
// ends (no hang), exits 1 or 0 as the contract says, prints positioned diagnostics and leaves
// its inputs as they were.
func TestAdversarialInputs(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	binary := make([]byte, 64<<10)
	for i := range binary {
		binary[i] = byte(rng.Uint32())
	}
	long := bytes.Repeat([]byte("1. h2e2 h2e2 "), 20<<20/13) // 20 MB, no newline; the second move is illegal
	text := "[Event \"象棋\"]\n1. 炮二平五 马８进７ *\n"
	cases := []struct {
		name string
		data []byte
		code int
		want []string // substrings of stderr, in order of appearance
	}{
		{"empty.pgn", nil, exitInvalid, []string{"empty.pgn:1:1: syntax: no game found"}},
		{"empty.xqf", nil, exitInvalid, []string{"empty.xqf:@0: syntax: "}},
		{"binary.pgn", binary, exitInvalid, nil},
		{"long-line.pgn", long, exitInvalid, []string{"long-line.pgn:1:9: game 1, ply 2: illegal: "}},
		{"long-comment.pgn", append([]byte("1. h2e2 {"), bytes.Repeat([]byte("x"), 20<<20)...), exitInvalid,
			[]string{"long-comment.pgn:1:9: game 1: syntax: text longer than 16 MiB, cut", "long-comment.pgn:1:9: game 1: syntax: unterminated comment"}},
		{"nested.pgn", []byte("[Event \"x\"]\n1. h2e2 " + strings.Repeat("(", 10000) + " h9g7 *\n"), exitInvalid,
			[]string{"nested.pgn:2:10: game 1: syntax: variation before any move", "more errors and 0 more warnings from here on in this game not shown"}},
		{"nested-moves.pgn", []byte("[Event \"x\"]\n1. h2e2 " + strings.Repeat("( h0g2 ", 10000) + strings.Repeat(")", 10000) + " *\n"), exitInvalid,
			[]string{"nested-moves.pgn:2:", "syntax: variations nested deeper than 1024, skipped"}},
		{"open-comment.pgn", []byte("[Event \"x\"]\n1. h2e2 {never closed\n2. h0g2 *\n"), exitInvalid,
			[]string{"open-comment.pgn:2:9: game 1: syntax: unterminated comment"}},
		{"bad-fen.pgn", []byte("[Event \"x\"]\n[FEN \"garbage/9/zz w\"]\n1. h2e2 *\n"), exitInvalid,
			[]string{"bad-fen.pgn:2:1: game 1: setup: "}},
		{"utf16le-nobom.pgn", utf16Bytes(text, false), exitOK, nil},
		{"utf16be-nobom.pgn", utf16Bytes(text, true), exitOK, nil},
	}
	var paths []string
	for _, c := range cases {
		paths = append(paths, writeFile(t, filepath.Join(dir, c.name), c.data))
	}
	before := tree(t, dir)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, args := range [][]string{{"check", "-q"}, {"convert", "-q", "--to", "jsonl"}} {
				code, out, errs := qipuTimeout(t, hangTimeout, strings.NewReader(""), append(args, paths[i])...)
				if code != c.code {
					t.Errorf("%v: exit %d, want %d\n%.2000s", args, code, c.code, errs)
				}
				lines := diagnostics(t, errs)
				if c.code == exitInvalid && len(lines) == 0 {
					t.Errorf("%v: exit 1 without a diagnostic", args)
				}
				rest := errs
				for _, w := range c.want {
					k := strings.Index(rest, w)
					if k < 0 {
						t.Errorf("%v: stderr lacks %q:\n%.2000s", args, w, errs)
						break
					}
					rest = rest[k+len(w):]
				}
				for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
					if l == "" {
						continue
					}
					var g map[string]any
					if err := json.Unmarshal([]byte(l), &g); err != nil {
						t.Errorf("%v: JSON line %.200q: %v", args, l, err)
					}
				}
				if c.code == exitOK && args[0] == "convert" && (strings.Count(out, "\n") != 1 || !strings.Contains(out, `"plies":2`)) {
					t.Errorf("%v: output %q", args, out)
				}
			}
		})
	}
	// Nested variations: bounded noise, not one line per parenthesis.
	if _, _, errs := qipu(t, context.Background(), "", "check", "-q", paths[5]); strings.Count(errs, "\n") > 2*1024+10 {
		t.Errorf("10000 open variations: %d diagnostic lines", strings.Count(errs, "\n"))
	}
	if after := tree(t, dir); after != before {
		t.Errorf("inputs changed:\n%s\nwas\n%s", after, before)
	}
}

// TestAdversarialFileSystem: symbolic link loops, dangling links, a directory given through a
// link, unreadable files, outputs that cannot be written, the same input twice, and XQF on
// standard input.
func TestAdversarialFileSystem(t *testing.T) {
	iccs, err := os.ReadFile(filepath.Join(corpus, "pgn", "iccs-utf8.pgn")) // 6 valid games
	if err != nil {
		t.Fatal(err)
	}
	xqfData, err := os.ReadFile(filepath.Join(corpus, "xqf", "game-01.xqf"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	in := filepath.Join(root, "in")
	game := writeFile(t, filepath.Join(in, "a", "games.pgn"), iccs)
	for _, l := range [][2]string{
		{"..", "up"},                    // a loop back to the top
		{"../in", "self"},               // another
		{"nowhere.pgn", "dangling.pgn"}, // a link to nothing
		{"l2.xqf", "l1.xqf"},            // a loop of links to files
		{"l1.xqf", "l2.xqf"},
		{"a/games.pgn", "link.pgn"}, // a link to a file: read
	} {
		if err := os.Symlink(l[0], filepath.Join(in, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("in", filepath.Join(root, "in-link")); err != nil {
		t.Fatal(err)
	}
	before := tree(t, filepath.Dir(game)) // tree reads links too: only games.pgn is there
	sum := func(errs string) string {
		return errs[strings.LastIndex(strings.TrimSuffix(errs, "\n"), "\n")+1:]
	}

	t.Run("loops", func(t *testing.T) {
		for _, arg := range []string{in, filepath.Join(root, "in-link")} {
			code, _, errs := qipuTimeout(t, hangTimeout, strings.NewReader(""), "check", arg)
			if code != exitInvalid {
				t.Errorf("%s: exit %d\n%s", arg, code, errs)
			}
			lines := diagnostics(t, errs)
			if len(lines) != 3 || !strings.Contains(errs, "dangling.pgn:@0: io: ") ||
				!strings.Contains(errs, "l1.xqf:@0: io: ") || !strings.Contains(errs, "l2.xqf:@0: io: ") {
				t.Errorf("%s: diagnostics\n%s", arg, errs)
			}
			// games.pgn and link.pgn: read once each, not once per loop.
			if s := sum(errs); !strings.HasPrefix(s, "qipu check: 2 files, 12 games, ") || !strings.Contains(s, "3 unreadable") {
				t.Errorf("%s: summary %q", arg, s)
			}
		}
	})

	t.Run("unreadable", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root reads files whatever their mode")
		}
		dir := t.TempDir()
		p := writeFile(t, filepath.Join(dir, "locked.pgn"), iccs)
		if err := os.Chmod(p, 0); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(p, 0o644)
		code, _, errs := qipu(t, context.Background(), "", "check", "-q", p, game)
		if code != exitInvalid || !strings.HasPrefix(errs, p+":@0: io: permission denied\n") {
			t.Errorf("exit %d\n%s", code, errs)
		}
		diagnostics(t, errs)
	})

	t.Run("output-is-a-file", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, filepath.Join(dir, "file"), []byte("keep"))
		for _, out := range []string{file, file + "/", filepath.Join(file, "sub")} {
			code, stdout, errs := qipu(t, context.Background(), "", "convert", "-q", "-o", out, in)
			if code != exitUsage || stdout != "" || !strings.HasPrefix(errs, "qipu: ") {
				t.Errorf("-o %s: exit %d, stderr %q", out, code, errs)
			}
		}
		if data, _ := os.ReadFile(file); string(data) != "keep" {
			t.Errorf("the file was overwritten: %q", data)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("left behind: %v", entries)
		}
		// --report under a file.
		code, _, errs := qipu(t, context.Background(), "", "check", "-q", "--report", filepath.Join(file, "r.jsonl"), game)
		if code != exitUsage || !strings.HasPrefix(errs, "qipu: ") {
			t.Errorf("--report under a file: exit %d, stderr %q", code, errs)
		}
	})

	t.Run("report-in-missing-directory", func(t *testing.T) {
		report := filepath.Join(t.TempDir(), "new", "dir", "r.jsonl")
		code, _, errs := qipu(t, context.Background(), "", "check", "-q", "--report", report, game)
		if code != exitOK || errs != "" {
			t.Fatalf("exit %d\n%s", code, errs)
		}
		data, err := os.ReadFile(report)
		if err != nil || bytes.Count(data, []byte("\n")) != 6 {
			t.Errorf("report %q: %v", data, err)
		}
	})

	t.Run("same-input-twice", func(t *testing.T) {
		code, out, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "jsonl", game, game)
		if code != exitOK || errs != "" || strings.Count(out, "\n") != 12 {
			t.Errorf("stdout: exit %d, %d lines\n%s", code, strings.Count(out, "\n"), errs)
		}
		outDir := t.TempDir()
		code, _, errs = qipu(t, context.Background(), "", "convert", "-q", "-o", outDir, game, game)
		if code != exitOK || errs != "" {
			t.Fatalf("-o: exit %d\n%s", code, errs)
		}
		// Both runs of the file are kept: the second under the next free name.
		var names []string
		for _, l := range strings.Split(strings.TrimSpace(tree(t, outDir)), "\n") {
			names = append(names, l[strings.LastIndex(l, " ")+1:])
		}
		if len(names) != 2 || !strings.HasSuffix(names[0], "games-2.pgn") || !strings.HasSuffix(names[1], "games.pgn") {
			t.Errorf("outputs %v", names)
		}
	})

	t.Run("stdin-xqf", func(t *testing.T) {
		code, out, errs := qipu(t, context.Background(), string(xqfData), "convert", "-q", "--to", "jsonl", "-")
		if code != exitOK || errs != "" || strings.Count(out, "\n") != 1 ||
			!strings.HasPrefix(out, `{"source":"-","index":1,"format":"xqf",`) {
			t.Errorf("exit %d, stderr %q, stdout %.200s", code, errs, out)
		}
		// Truncated XQF on standard input: positioned by offset.
		code, _, errs = qipu(t, context.Background(), string(xqfData[:600]), "check", "-q", "-")
		if code != exitInvalid || !strings.HasPrefix(errs, "-:@600: truncated: ") {
			t.Errorf("truncated: exit %d, stderr %q", code, errs)
		}
	})

	if after := tree(t, filepath.Dir(game)); after != before {
		t.Errorf("inputs changed:\n%s\nwas\n%s", after, before)
	}
}

// cancelReader is standard input that serves data until at bytes are read, then waits until
// a file matching glob exists (the run is writing its output) and need exists, records that,
// cancels the run and serves the rest.
type cancelReader struct {
	data    []byte
	at      int    // bytes to serve before cancelling; -1 once cancelled
	glob    string // what appears while the run writes (its temporary files, or its outputs)
	need    string // a file that must exist first ("" for none)
	cancel  context.CancelFunc
	sawTemp bool
}

func (r *cancelReader) Read(p []byte) (int, error) {
	if r.at == 0 {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			m, _ := filepath.Glob(r.glob)
			_, err := os.Stat(r.need)
			if r.sawTemp = len(m) > 0 && (r.need == "" || err == nil); r.sawTemp {
				break
			}
		}
		r.cancel()
		r.at = -1
	}
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(r.data))
	if r.at > 0 {
		n = min(n, r.at)
		r.at -= n
	}
	n = copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// TestInterruptedWhileWriting cancels a run while it holds a temporary output file, at a
// known point: the input is standard input, which cancels once the output is being written.
// Complete outputs of earlier files stay; the interrupted one leaves nothing, neither its
// temporary file nor a partial file, and neither does the report.
func TestInterruptedWhileWriting(t *testing.T) {
	one, err := os.ReadFile(filepath.Join(corpus, "pgn", "iccs-utf8.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat(one, 200) // 1200 games, 700 KB: several 64 KB output pieces
	inDir := t.TempDir()
	first := writeFile(t, filepath.Join(inDir, "first.pgn"), one)
	for _, c := range []struct {
		name    string
		args    func(out string) []string
		want    string // the complete file left in out, written before standard input was read
		writing string // what appears in out once standard input's output is being written
	}{
		{"single-file", func(out string) []string { return []string{"-o", filepath.Join(out, "all.pgn"), "-"} }, "", ".qipu-*.tmp"},
		{"directory", func(out string) []string { return []string{"-o", out, first, "-"} }, "first.pgn", ".qipu-*.tmp"},
		{"jsonl-directory", func(out string) []string { return []string{"--to", "jsonl", "-o", out, first, "-"} }, "first.jsonl", ".qipu-*.tmp"},
		// XQF is one file per game, each written whole (its temporary file lives for a
		// write): the run is writing standard input's output once its first files are
		// there. The games written before the interruption are complete files, checked
		// below.
		{"xqf-directory", func(out string) []string { return []string{"--to", "xqf", "-o", out, first, "-"} }, "first.xqf", "stdin*.xqf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			out := t.TempDir()
			// The report elsewhere: the temporary file waited for is the output's.
			report := filepath.Join(t.TempDir(), "report.jsonl")
			r := &cancelReader{data: data, at: len(data) / 2, glob: filepath.Join(out, c.writing), cancel: cancel}
			var want []string
			if c.want != "" {
				want = []string{c.want}
				// Standard input is read once the earlier file's output is in place.
				r.need = filepath.Join(out, c.want)
			}
			var stdout, stderr bytes.Buffer
			args := append([]string{"qipu", "convert", "-q", "--report", report}, c.args(out)...)
			code := run(ctx, args, r, &stdout, &stderr)
			if !r.sawTemp {
				t.Fatalf("no %s while the run was writing: the test proves nothing", c.writing)
			}
			if code != exitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			var left []string
			stdinGames := 0
			for _, l := range strings.Split(strings.TrimSpace(tree(t, out)), "\n") {
				name := l[strings.LastIndex(l, " ")+1:]
				switch {
				case l == "":
				case strings.HasSuffix(c.want, ".xqf") && strings.HasPrefix(name, "stdin"):
					stdinGames++
				case strings.HasSuffix(c.want, ".xqf") && strings.HasPrefix(name, "first-"):
				default:
					left = append(left, name)
				}
			}
			if strings.Join(left, " ") != strings.Join(want, " ") {
				t.Fatalf("files left %.500q, want %v", left, want)
			}
			if _, err := os.Stat(report); err == nil {
				t.Errorf("report written by an interrupted run")
			}
			if stdinGames > 0 {
				if code, _, errs := qipu(t, context.Background(), "", "check", "-q", out); code != exitOK {
					t.Errorf("the XQF files left do not read back: exit %d\n%.1000s", code, errs)
				}
			}
			if c.want == "" {
				return
			}
			// The complete file is what a run on that file alone writes.
			full := t.TempDir()
			code, _, errs := qipu(t, context.Background(), "", append([]string{"convert", "-q"}, c.args(full)[:len(c.args(full))-1]...)...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			got, _ := os.ReadFile(filepath.Join(out, c.want))
			if w, _ := os.ReadFile(filepath.Join(full, c.want)); len(got) == 0 || !bytes.Equal(got, w) {
				t.Errorf("%s: %d bytes, a full run writes %d", c.want, len(got), len(w))
			}
		})
	}
}

// TestInterruptWhileInputBlocks: an interruption ends the run even while it waits for input
// that does not come (standard input left open, a named pipe without a writer). It used to
// wait for the input's end: Ctrl-C did nothing.
func TestInterruptWhileInputBlocks(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	defer func() {
		// Let the open left waiting for a writer finish.
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	}()
	pr, pw := io.Pipe()
	defer pw.Close()
	for _, c := range []struct {
		name  string
		stdin io.Reader
		args  []string
	}{
		{"stdin", pr, []string{"check", "-"}},
		{"stdin-after-a-game", io.MultiReader(strings.NewReader("[Event \"x\"]\n1. h2e2 h9g7 *\n"), pr), []string{"convert", "--to", "jsonl", "-"}},
		{"named-pipe", strings.NewReader(""), []string{"check", fifo}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			done := make(chan int, 1)
			var stdout, stderr bytes.Buffer
			go func() { done <- run(ctx, append([]string{"qipu"}, c.args...), c.stdin, &stdout, &stderr) }()
			select {
			case code := <-done:
				if code != exitInterrupted {
					t.Errorf("exit %d, stderr %q", code, stderr.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("the run does not end when interrupted while its input blocks")
			}
		})
	}
}

// hangTimeout is how long one adversarial run may take before it counts as a hang: far more
// than any run needs, even under the race detector on a loaded machine.
const hangTimeout = 90 * time.Second
