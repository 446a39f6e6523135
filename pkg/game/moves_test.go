package game_test

import (
	"fmt"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
)

// playGame builds a game from moves given by their squares, as a binary reader does.
func playGame(ucci ...string) *game.Game {
	var b game.Builder
	b.Begin(1, "xqf", textenc.GB18030)
	for i, s := range ucci {
		from, _ := board.SquareFromICCS(s[0], s[1])
		to, _ := board.SquareFromICCS(s[2], s[3])
		b.PlayMove(board.NewMove(from, to), game.Loc{Offset: int64(i)})
	}
	return b.Finish()
}

func ExampleGame_Moves() {
	g := playGame("h2e2", "h9g7", "h0g2", "i9h9")
	for pos, m := range g.Moves() {
		fmt.Println(pos.Turn(), iccs.Format(pos, m), wxf.Format(pos, m), pos.IsCapture(m))
	}
	// Output:
	// red H2-E2 C2.5 false
	// black H9-G7 H8+7 false
	// red H0-G2 H2+3 false
	// black I9-H9 R9.8 false
}

func TestMovesPositionBeforeEachMove(t *testing.T) {
	t.Parallel()
	g := playGame("h2e2", "h9g7", "h0g2", "i9h9", "e2e6")
	want := g.StartPosition()
	n := 0
	var kept []board.Position
	for pos, m := range g.Moves() {
		if pos.FEN() != want.FEN() {
			t.Fatalf("move %d: position %s, want %s", n+1, pos.FEN(), want.FEN())
		}
		if m != g.MainLine()[n].Move {
			t.Fatalf("move %d: %v, want %v", n+1, m, g.MainLine()[n].Move)
		}
		kept = append(kept, *pos)
		want.Play(m)
		n++
	}
	if n != g.Plies() {
		t.Fatalf("%d moves, want %d", n, g.Plies())
	}
	// Copies stay what they were.
	if kept[0].FEN() != g.StartPosition().FEN() {
		t.Errorf("the copy of the first position changed: %s", kept[0].FEN())
	}
	// Breaking out early stops the iterator.
	count := 0
	for range g.Moves() {
		count++
		if count == 2 {
			break
		}
	}
	if count != 2 {
		t.Errorf("break: %d", count)
	}
	// A game without moves yields nothing.
	for range playGame().Moves() {
		t.Errorf("moves in an empty game")
	}
}

func TestMovesAllocatesOncePerLoop(t *testing.T) {
	g := playGame("h2e2", "h9g7", "h0g2", "i9h9", "e2e6", "d9e8", "b0c2", "b9c7")
	allocs := testing.AllocsPerRun(100, func() {
		for pos, m := range g.Moves() {
			_ = pos.IsCapture(m)
		}
	})
	// The position and the closure, whatever the number of moves.
	if allocs > 3 {
		t.Errorf("%v allocations per loop over 8 moves", allocs)
	}
}
