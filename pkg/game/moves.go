package game

import (
	"iter"

	"github.com/qipu/qipu/pkg/board"
)

// Moves returns the moves of the main line, first move first, each with the position it is
// played in (the position before the move):
//
//	for pos, m := range g.Moves() {
//		fmt.Println(iccs.Format(pos, m))
//	}
//
// The position belongs to the iterator: it is one board, updated in place from move to move
// (no allocation per move), valid only until the loop asks for the next move. Read it, do
// not modify it; keep a copy with p := *pos. The moves are legal in their positions: the
// game was replayed when it was read.
func (g *Game) Moves() iter.Seq2[*board.Position, board.Move] {
	return func(yield func(*board.Position, board.Move) bool) {
		pos := g.StartPosition()
		for n := &g.Root; len(n.Children) > 0; {
			n = n.Children[0]
			if !yield(pos, n.Move) {
				return
			}
			pos.Play(n.Move)
		}
	}
}
