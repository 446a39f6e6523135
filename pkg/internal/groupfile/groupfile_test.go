package groupfile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSetWritesEveryFileWhole: files appended to in any order, more of them than may be open
// at once, hold what was appended to each in order once committed, at their targets; the
// temporary directory is gone.
func TestSetWritesEveryFileWhole(t *testing.T) {
	dir := t.TempDir()
	s, err := New(dir, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]strings.Builder, 5)
	for i := range want {
		if n := s.Add(); n != i {
			t.Fatalf("Add = %d, want %d", n, i)
		}
	}
	for i := range 40 {
		num := (i * 7) % 5
		text := strings.Repeat(string(rune('a'+i%26)), 1+i)
		if err := s.Append(num, []byte(text)); err != nil {
			t.Fatal(err)
		}
		want[num].WriteString(text)
		if i == 20 {
			if err := s.Done(num); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Add() // never appended to: not made
	if err := s.Commit(func(num int) string { return filepath.Join(dir, string(rune('A'+num))+".pgn") }); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"A.pgn", "B.pgn", "C.pgn", "D.pgn", "E.pgn"}) {
		t.Fatalf("files %v", names)
	}
	for i := range want {
		b, err := os.ReadFile(filepath.Join(dir, string(rune('A'+i))+".pgn"))
		if err != nil || string(b) != want[i].String() {
			t.Errorf("file %d = %q, %v; want %q", i, b, err, want[i].String())
		}
	}
}

// TestSetDiscardLeavesNothing: a discarded Set leaves its directory as it found it.
func TestSetDiscardLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	s, err := New(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := s.Add()
	if err := s.Append(n, []byte("game")); err != nil {
		t.Fatal(err)
	}
	s.Discard()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

// TestFoldName: the names a case- and normalization-insensitive file system holds as one fold
// alike, and no others.
func TestFoldName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"Open.pgn", "OPEN.PGN", true},
		{"Straße", "STRASSE", false}, // no full folding: a file system keeps these apart too
		{"K", "\u212a", true},        // Kelvin sign
		{"é", "e\u0301", true},       // composed and decomposed
		{"É", "e\u0301", true},
		{"全国赛", "全国赛", true},
		{"a", "b", false},
	} {
		if got := FoldName(tc.a) == FoldName(tc.b); got != tc.same {
			t.Errorf("FoldName(%q) == FoldName(%q): %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
