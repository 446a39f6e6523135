package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// readAll reads every game of a PGN or XQF file with qipu's readers.
func readAll(t *testing.T, path string) []*game.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.EqualFold(filepath.Ext(path), ".xqf") {
		gm, err := xqf.Decode(bytes.NewReader(data), xqf.Config{Path: path, Encoding: textenc.Auto})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return []*game.Game{gm}
	}
	dec, err := textenc.Open(bytes.NewReader(data), textenc.Auto)
	if err != nil {
		t.Fatal(err)
	}
	var games []*game.Game
	cfg := pgn.Config{Path: path, Encoding: dec.Detection().Encoding}
	if err := pgn.Decode(dec, cfg, func(g *game.Game) error {
		games = append(games, g)
		return nil
	}); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return games
}

// readTree reads every game file under dir and fails on an invalid game or a warning.
func readTree(t *testing.T, dir string) (files, games int) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		for _, g := range readAll(t, path) {
			games++
			if !g.Valid() || len(g.Warnings()) > 0 {
				t.Errorf("%s game %d: %v", path, g.Index, g.Diagnostics)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files, games
}

// TestClassicCorpus reads the committed corpus/classic: every game replays with no
// diagnostic, each declared encoding is the detected one, and no comment is left.
func TestClassicCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "corpus", "classic")
	files, games := readTree(t, dir)
	want := 0
	for _, f := range classicFiles {
		want += len(f.games)
	}
	if files != len(classicFiles) || games != want {
		t.Errorf("corpus/classic: %d files, %d games; the manifest has %d files, %d games", files, games, len(classicFiles), want)
	}
	for _, f := range classicFiles {
		for _, g := range readAll(t, filepath.Join(dir, filepath.FromSlash(f.rel))) {
			if f.to != 0 && g.Encoding != f.enc {
				t.Errorf("%s: read as %s, written as %s", f.rel, g.Encoding, f.enc)
			}
			if ev, _ := g.Tag("Event"); ev == "" && f.to != 0 {
				t.Errorf("%s game %d: no Event tag", f.rel, g.Index)
			}
			for _, n := range append(g.MainLine(), &g.Root) {
				if len(n.Comments) > 0 {
					t.Errorf("%s game %d: comment %q left", f.rel, g.Index, n.Comments[0])
				}
			}
		}
	}
}

// TestClassicRegenerates writes corpus/classic again from the shared test corpus and
// compares it byte for byte with the committed files.
func TestClassicRegenerates(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(src); err != nil {
		t.Skip("shared corpus absent")
	}
	out := t.TempDir()
	g := &generator{out: out}
	if err := g.classicArchive(src); err != nil {
		t.Fatal(err)
	}
	for _, f := range classicFiles {
		got, err := os.ReadFile(filepath.Join(out, "classic", filepath.FromSlash(f.rel)))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "corpus", "classic", filepath.FromSlash(f.rel)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("corpus/classic/%s differs from what gencorpus -classic writes: rerun it", f.rel)
		}
	}
}

// TestLargeArchive writes a small archive twice, with one and with two workers: the trees
// are identical and every game (the huge tree included) replays.
func TestLargeArchive(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	a, b := t.TempDir(), t.TempDir()
	if err := largeArchive(a, 7, 1100, 1); err != nil {
		t.Fatal(err)
	}
	if err := largeArchive(b, 7, 1100, 2); err != nil {
		t.Fatal(err)
	}
	files, games := readTree(t, a)
	if games != 1100 {
		t.Errorf("%d games, want 1100", games)
	}
	// Chunk 0: 2 PGN, the huge tree, 99 XQF; chunk 1: 1 PGN of 100 games.
	if files != 103 {
		t.Errorf("%d files, want 103", files)
	}
	huge := readAll(t, filepath.Join(a, "0000", "huge-tree.xqf"))[0]
	if n := countNodes(&huge.Root) - 1; n < hugeNodes/2 {
		t.Errorf("huge tree: %d moves, want about %d", n, hugeNodes)
	}
	err := filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, path)
		x, _ := os.ReadFile(path)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between -j 1 and -j 2", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func countNodes(n *game.Node) int {
	c := 1
	for _, ch := range n.Children {
		c += countNodes(ch)
	}
	return c
}
