package ciformat

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// TestFillPosition: a diagnostic of a move gets the position before it, found by its place in
// the tree (a variation's move too) or, with no place, on the main line; one that has a
// position, or no move, keeps what it has.
func TestFillPosition(t *testing.T) {
	var g *game.Game
	for gg, err := range record.Read(strings.NewReader("1. h2e2 h9g7 (1... b9c7 2. b0c2) 2. h0g2 i9h9 *\n"), "a.pgn") {
		if err != nil {
			t.Fatal(err)
		}
		g = gg
	}
	first := g.Root.Children[0]
	varNode := first.Children[1].Children[0] // 2. b0c2 in the variation
	after := func(moves ...*game.Node) string {
		pos := g.StartPosition()
		for _, n := range moves {
			pos.Play(n.Move)
		}
		return pos.FEN()
	}
	// On the main line by ply alone.
	d := &game.Diagnostic{Ply: 2, Loc: game.NoLoc}
	FillPosition(g, d)
	if d.FEN != after(first) || d.LastMove != first.Move {
		t.Errorf("main line: %q %v, want %q %v", d.FEN, d.LastMove, after(first), first.Move)
	}
	// In the variation, by the move's place.
	d = &game.Diagnostic{Ply: 3, Loc: varNode.Loc}
	FillPosition(g, d)
	if want := after(first, first.Children[1]); d.FEN != want || d.LastMove != first.Children[1].Move {
		t.Errorf("variation: %q %v, want %q", d.FEN, d.LastMove, want)
	}
	// The first move: the start position, no last move.
	d = &game.Diagnostic{Ply: 1, Loc: game.NoLoc}
	FillPosition(g, d)
	if d.FEN != after() || d.LastMove != board.NoMove {
		t.Errorf("first move: %q %v", d.FEN, d.LastMove)
	}
	for _, keep := range []*game.Diagnostic{{Ply: 2, FEN: "given"}, {Ply: 0}, {Ply: 9, Loc: game.NoLoc}} {
		before := *keep
		FillPosition(g, keep)
		if keep.FEN != before.FEN {
			t.Errorf("%+v became %q", before, keep.FEN)
		}
	}
	FillPosition(nil, &game.Diagnostic{Ply: 2}) // a file's diagnostic: nothing to do, no panic
}
