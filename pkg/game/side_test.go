package game_test

import (
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// TestFullWidthDigitsKeepRedFirst: Red's first move written with Black's full-width digits
// is still Red's from the standard start (digit style is weak evidence of the side); the
// digits get notation warnings. A move that only Black can make still flips the side.
func TestFullWidthDigitsKeepRedFirst(t *testing.T) {
	g := readGame(t, "1. 炮２平５ 马８进７ 2. 马２进３ *\n", false)
	var got []string
	for _, m := range mainMoves(g) {
		got = append(got, m.String())
	}
	if !slices.Equal(got, []string{"h2e2", "h9g7", "h0g2"}) || g.Setup.Turn != board.Red ||
		!slices.Equal(kinds(g), []string{"w:notation", "w:notation"}) {
		t.Errorf("moves %v, turn %v, diagnostics %v", got, g.Setup.Turn, g.Diagnostics)
	}

	g = readGame(t, "1. h9g7 h2e2 *\n", false)
	if g.Setup.Turn != board.Black || g.Plies() != 2 || !slices.Equal(kinds(g), []string{"w:side"}) {
		t.Errorf("black first: turn %v, %v", g.Setup.Turn, g.Diagnostics)
	}
}
