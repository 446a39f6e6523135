package game

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/ending"
)

// checkResult records a final checkmate or stalemate as the game's Ending, and warns
// (KindResult) when the game's result contradicts the final position of
// its main line: the side to move there has no legal move, so it has lost (checkmate, or
// stalemate, which loses in Xiangqi), and the result says a draw, the other side's loss, or
// "*". A main line that did not replay to its end (a failed move, a limit, a truncated
// record) is not judged, nor a record without moves (a diagram: its result is not about
// play).
func (b *Builder) checkResult() {
	main := &b.cur
	if len(b.stack) > 0 {
		main = &b.stack[0]
	}
	if main.dead || main.ply == 0 || b.tooLong || !b.setupOK {
		return
	}
	for _, d := range b.g.Diagnostics {
		if d.Kind == KindTruncated && d.IsError() {
			return
		}
	}
	pos := &main.pos
	if pos.HasLegalMove() {
		return
	}
	loser := pos.Turn()
	// The ply goes in the array of the repeats' plies: with Reuse, one the next game reuses.
	r := &b.reps
	r.occ = append(r.occ, main.ply)
	plies := r.occ[len(r.occ)-1 : len(r.occ) : len(r.occ)]
	b.g.Ending = ending.Ending{Kind: ending.Checkmate, Loser: ending.SideOf(loser), Plies: plies}
	if !pos.InCheck() {
		b.g.Ending.Kind = ending.Stalemate
	}
	want := "1-0"
	if loser == board.Red {
		want = "0-1"
	}
	if b.g.Result == want {
		return
	}
	how := "checkmated"
	if b.g.Ending.Kind == ending.Stalemate {
		how = "stalemated (which loses in Xiangqi)"
	}
	b.diag(KindResult, true, main.node.Loc, 0, "", fmt.Sprintf("Result %q but %s is %s after ply %d: the board says %s",
		b.g.Result, sideName(loser), how, main.ply, want), nil)
}

// finishMain checks the result against the end of the main line and keeps that end.
func (b *Builder) finishMain() {
	b.checkResult()
	b.keepEnd()
}

// keepEnd keeps the end of the main line in the game for EndPosition: its last node and the
// position after it, when it holds a move (else the position may not have been built).
func (b *Builder) keepEnd() {
	main := &b.cur
	if len(b.stack) > 0 {
		main = &b.stack[0]
	}
	if main.node == nil || main.node == &b.g.Root {
		return
	}
	b.g.end, b.g.endPos = main.node, main.pos.Setup()
}

// sideName returns "Red" or "Black".
func sideName(c board.Color) string {
	if c == board.Red {
		return "Red"
	}
	return "Black"
}
