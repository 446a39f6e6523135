package ciformat

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// Positions of diagnostics for the CI formats that draw them (Format.Positions):
// a failed move's error carries its position (game.Diagnostic.FEN); other diagnostics of a
// move (a notation or side warning, a repetition) name the move's node by its place and
// ply, and the position before it is found in the game's tree.

// FillPosition sets d.FEN and d.LastMove to the position before the move d is about, when d
// names a move of g's tree and has no position yet (a failed move's error has its own). g is
// the game d belongs to; nil, for a diagnostic of the file, leaves d as it is.
func FillPosition(g *game.Game, d *game.Diagnostic) {
	if g == nil || d.FEN != "" || d.Ply <= 0 {
		return
	}
	n := findNode(g, d)
	if n == nil {
		return
	}
	var path []*game.Node
	for p := n.Parent; p != nil && p != &g.Root; p = p.Parent {
		path = append(path, p)
	}
	pos := g.StartPosition()
	for i := len(path) - 1; i >= 0; i-- {
		pos.Play(path[i].Move)
	}
	d.FEN = pos.FEN()
	if len(path) > 0 {
		d.LastMove = path[0].Move
	} else {
		d.LastMove = board.NoMove
	}
}

// findNode returns the node at depth d.Ply read where d was (the main line's node at that
// ply when d has no place), or nil.
func findNode(g *game.Game, d *game.Diagnostic) *game.Node {
	known := d.Loc.Line > 0 || d.Loc.Offset >= 0
	if !known {
		n := &g.Root
		for i := 0; i < d.Ply; i++ {
			if len(n.Children) == 0 {
				return nil
			}
			n = n.Children[0]
		}
		return n
	}
	type item struct {
		n     *game.Node
		depth int
	}
	stack := []item{{&g.Root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.depth == d.Ply {
			if it.n.Loc == d.Loc {
				return it.n
			}
			continue
		}
		for i := len(it.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{it.n.Children[i], it.depth + 1})
		}
	}
	return nil
}
