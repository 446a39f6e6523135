package game

import (
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/textenc"
)

// TestOnPathCounts: the bucket counts of the path's keys follow the path through variations
// and are all zero again when the next game begins.
func TestOnPathCounts(t *testing.T) {
	mv := func(s string) board.Move {
		from, _ := board.SquareFromICCS(s[0], s[1])
		to, _ := board.SquareFromICCS(s[2], s[3])
		return board.NewMove(from, to)
	}
	var b Builder
	for range 3 {
		b.Begin(1, "test", textenc.Auto)
		for _, m := range []string{"h0g2", "h9g7", "g2h0", "g7h9", "h0g2"} {
			b.PlayMove(mv(m), NoLoc)
		}
		b.BeginVariation()
		for _, m := range []string{"h2e2", "h9g7", "e2h2"} {
			b.PlayMove(mv(m), NoLoc)
		}
		b.EndVariation()
		b.PlayMove(mv("h9g7"), NoLoc)
		total := 0
		for _, n := range b.reps.onPath {
			total += int(n)
		}
		if total != len(b.reps.keys) {
			t.Fatalf("%d keys counted for a path of %d", total, len(b.reps.keys))
		}
		g := b.Finish()
		if len(g.Repeats()) == 0 {
			t.Fatal("the shuffle's repeat is not found")
		}
	}
	b.Begin(1, "test", textenc.Auto)
	for i, n := range b.reps.onPath {
		if n != 0 {
			t.Fatalf("bucket %d holds %d after Begin", i, n)
		}
	}
}
