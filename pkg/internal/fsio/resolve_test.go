package fsio

import (
	"os"
	"path/filepath"
	"testing"
)

// TestResolveWithCache: Resolve with a cache (directories resolved from their parents, one
// Lstat each) gives what resolving every path afresh gives, through links to directories,
// in any order of calls, and for directories that do not exist yet.
func TestResolveWithCache(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"a/b/c", "x/y"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "la")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink("../a/b", filepath.Join(root, "x", "lb")); err != nil {
		t.Fatal(err)
	}
	paths := []string{
		"a/b/c/f.pgn", "la/b/c/f.pgn", "x/lb/c/f.pgn", "x/y/f.pgn", "la/f.pgn", "a/f.pgn",
		"x/lb/f.pgn", "new/dir/f.pgn", "la/new/f.pgn", "x/y/../lb/c/f.pgn", "f.pgn",
	}
	want := map[string]string{}
	for _, p := range paths {
		want[p] = Resolve(filepath.Join(root, p), nil)
	}
	if want["la/b/c/f.pgn"] != want["a/b/c/f.pgn"] || want["x/lb/c/f.pgn"] != want["a/b/c/f.pgn"] {
		t.Fatalf("the reference does not resolve the links: %v", want)
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, {2, 8, 1, 6, 0, 4, 9, 3, 7, 5, 10}} {
		cache := map[string]string{}
		for _, i := range order {
			p := paths[i]
			if got := Resolve(filepath.Join(root, p), cache); got != want[p] {
				t.Errorf("order %v: Resolve(%s) = %s, want %s", order, p, got, want[p])
			}
		}
	}
}
