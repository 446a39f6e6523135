package record_test

import (
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/record"
)

// TestFailedMoveFEN: the error of a failed main-line move carries the position it was played
// in (the main line's end) and the move before it.
func TestFailedMoveFEN(t *testing.T) {
	seen := 0
	for g, err := range record.ReadFile("../../corpus/edge/broken-middle.pgn") {
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range g.Errors() {
			if d.Ply == 0 {
				continue
			}
			seen++
			pos := g.StartPosition()
			last := board.NoMove
			for _, n := range g.MainLine() {
				pos.Play(n.Move)
				last = n.Move
			}
			if d.Ply != g.Plies()+1 || d.FEN != pos.FEN() || d.LastMove != last {
				t.Errorf("%v: FEN %q after %v, want ply %d, %q after %v", d, d.FEN, d.LastMove, g.Plies()+1, pos.FEN(), last)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no failed move in broken-middle.pgn")
	}
}
