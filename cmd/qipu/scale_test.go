package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// copyTree copies the regular files of src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFilesFromNUL feeds --files-from - a NUL-separated list, as find -print0 writes it (from
// find itself when it is installed): the report is the one of the same files named as PATHs.
func TestFilesFromNUL(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "in")
	copyTree(t, filepath.Join(corpus, "pgn"), filepath.Join(dir, "p q")) // a space in a name
	copyTree(t, filepath.Join(corpus, "xqf"), filepath.Join(dir, "xqf"))
	var list string
	if out, err := exec.Command("find", dir, "-type", "f", "-print0").Output(); err == nil {
		list = string(out)
	} else {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				list += p + "\x00"
			}
			return nil
		})
	}
	paths := strings.Split(strings.TrimSuffix(list, "\x00"), "\x00")
	if len(paths) < 4 {
		t.Fatalf("list: %q", list)
	}
	tmp := t.TempDir()
	r1, r2 := filepath.Join(tmp, "list.jsonl"), filepath.Join(tmp, "args.jsonl")
	code1, _, errs1 := qipu(t, context.Background(), list, "check", "-q", "--files-from", "-", "--report", r1)
	code2, _, errs2 := qipu(t, context.Background(), "", append([]string{"check", "-q", "--report", r2}, paths...)...)
	if code1 != code2 || code1 > exitInvalid || errs1 != errs2 {
		t.Fatalf("--files-from -: exit %d, stderr:\n%s\nas PATHs: exit %d, stderr:\n%s", code1, errs1, code2, errs2)
	}
	a, _ := os.ReadFile(r1)
	b, _ := os.ReadFile(r2)
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("reports differ:\n%s\n---\n%s", a, b)
	}
	// A newline-separated list from a file, and stdin still readable as a PATH.
	listFile := filepath.Join(tmp, "list.txt")
	os.WriteFile(listFile, []byte(strings.Join(paths[:2], "\n")+"\n"), 0o644)
	code, out, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", "--files-from", listFile, "-o", filepath.Join(tmp, "out"))
	if code > exitInvalid {
		t.Fatalf("--files-from FILE: exit %d: %s %s", code, out, errs)
	}
	// A listed path that does not exist is unreadable, not a usage error.
	code, _, errs = qipu(t, context.Background(), "missing.pgn\n", "check", "-q", "--files-from", "-")
	if code != exitInvalid || !strings.Contains(errs, "missing.pgn") {
		t.Errorf("missing listed path: exit %d, %q", code, errs)
	}
}

// TestOutputInsideInput: `convert -o in/out in` run twice reads only the inputs, never its
// own output tree, and says once that it left it out.
func TestOutputInsideInput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in")
	copyTree(t, filepath.Join(corpus, "pgn"), in)
	out := filepath.Join(in, "out")
	code, _, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", "-o", out, in)
	if code > exitInvalid {
		t.Fatalf("first run: exit %d: %s", code, errs)
	}
	first := tree(t, out)
	code, _, errs = qipu(t, context.Background(), "", "convert", "-q", "--to", "iccs", "-o", out, in)
	if code > exitInvalid {
		t.Fatalf("second run: exit %d: %s", code, errs)
	}
	if second := tree(t, out); second != first {
		t.Errorf("the second run read its own output:\nfirst:\n%s\nsecond:\n%s", first, second)
	}
	want := "qipu convert: not reading " + out + ": it is the output directory\n"
	if strings.Count(errs, "not reading") != 1 || !strings.Contains(errs, want) {
		t.Errorf("stderr %q, want it to hold %q once", errs, want)
	}
}

// TestSpecialFileSkipped: a named pipe called *.pgn in a walked folder is skipped with a
// warning, counted and in the report, and the walk does not wait on it.
func TestSpecialFileSkipped(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join(corpus, "xqf"), dir)
	fifo := filepath.Join(dir, "pipe.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	report := filepath.Join(t.TempDir(), "r.jsonl")
	code, out, errs := qipu(t, context.Background(), "", "check", "--format", "json", "--report", report, dir)
	if code > exitInvalid {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, fifo+": warning: io: skipped: a named pipe, not a regular file") {
		t.Errorf("stderr %q", errs)
	}
	if !strings.Contains(out, `"skipped":1`) {
		t.Errorf("summary %q", out)
	}
	data, _ := os.ReadFile(report)
	if !strings.Contains(string(data), `{"source":"`+fifo+`","index":0`) || !strings.Contains(string(data), "a named pipe") {
		t.Errorf("report:\n%s", data)
	}
}

func TestScaleUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"check", "--shard", "2/2", corpus},
		{"check", "--shard", "x", corpus},
		{"convert", "--memory-limit", "lots", corpus},
		{"check", "--files-from", "-", "-"},
		{"check", "--files-from", "/nonexistent/list"},
	} {
		code, _, errs := qipu(t, context.Background(), "", args...)
		if code != exitUsage || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestShardFlag: the shards of the bundled sample, run through the command line, share out
// its files: their summaries add up to the whole.
func TestShardFlag(t *testing.T) {
	_, whole, _ := qipu(t, context.Background(), "", "check", "-q", "--format", "json", "--memory-limit", "64MiB", corpus)
	games := 0
	for k := range 3 {
		_, out, errs := qipu(t, context.Background(), "", "check", "--format", "json", "--shard", string(rune('0'+k))+"/3", corpus)
		n := jsonInt(t, out, "games")
		if n == 0 && k == 0 {
			t.Logf("shard %d/3 is empty: %s", k, errs)
		}
		games += n
	}
	if w := jsonInt(t, whole, "games"); games != w || w == 0 {
		t.Errorf("shards hold %d games, the whole %d", games, w)
	}
}

func jsonInt(t *testing.T, s, field string) int {
	t.Helper()
	i := strings.Index(s, `"`+field+`":`)
	if i < 0 {
		t.Fatalf("no %s in %q", field, s)
	}
	n := 0
	for _, c := range s[i+len(field)+3:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}
