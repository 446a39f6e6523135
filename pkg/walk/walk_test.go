package walk

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestSplitList(t *testing.T) {
	if got := SplitList([]byte("a.pgn\nb c.pgn\n\nd.xqf")); !slices.Equal(got, []string{"a.pgn", "b c.pgn", "d.xqf"}) {
		t.Errorf("newlines: %q", got)
	}
	if got := SplitList([]byte("a\nb.pgn\x00c.pgn\x00")); !slices.Equal(got, []string{"a\nb.pgn", "c.pgn"}) {
		t.Errorf("NULs: %q", got)
	}
}

func TestShardKey(t *testing.T) {
	for in, want := range map[string]string{
		"a.pgn": "a", "a-2.pgn": "a", "a-2-3.xqf": "a", "d/game-10.xqf": "d/game", "d.e/f": "d.e/f",
		"x-.pgn": "x-", "-1.pgn": "-1", "v1.2-3.pgn": "v1.2", ".hidden": ".hidden", "stdin": "stdin",
	} {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseShard(t *testing.T) {
	for in, want := range map[string]Shard{"0/1": {0, 1}, "3/8": {3, 8}, " 7/8 ": {7, 8}} {
		if got, err := ParseShard(in); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"8/8", "-1/8", "1/0", "1", "a/b"} {
		if _, err := ParseShard(in); err == nil {
			t.Errorf("ParseShard(%q) takes it", in)
		}
	}
}

// TestDirOrder: files in the byte order of their paths, a directory's name as if it ended in
// "/"; hidden directories and skipped prefixes left out; a dangling link reported only when
// its name is a game file's; links to directories not followed.
func TestDirOrder(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.pgn", "a-b.pgn", "a/x.pgn", "b/.git/c.pgn", ".qipu-tmp", "z.txt"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"gone.pgn": "nowhere", "gone.md": "nowhere", "up": "."} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	o := Options{Named: func(name string) bool { return filepath.Ext(name) == ".pgn" }, SkipPrefix: ".qipu-"}
	Dir(root, &o, func(e *Entry) bool {
		s := e.Rel
		if e.Err != nil {
			s += " (error)"
		}
		got = append(got, s)
		return true
	})
	want := []string{"a-b.pgn", "a.pgn", "a/x.pgn", "gone.pgn (error)", "z.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("walk %q, want %q", got, want)
	}
}
