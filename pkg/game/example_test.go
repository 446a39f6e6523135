package game_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/textenc"
)

// A game whose FEN has Red's pieces mirrored left–right (as an old exporter wrote them) fails
// at its first move: Red's chariot is on file 2, not 8. The first error says which repair
// fits every move; with Repair, the builder applies it.
func ExampleBuilder_repair() {
	// Move texts in any notation, as the PGN reader resolves them.
	resolve := func(pos *board.Position, text string) (board.Move, string, error) {
		r, err := anynotation.Resolve(pos, text, notation.Unknown)
		return r.Move, r.Note, err
	}
	for _, repair := range []bool{false, true} {
		b := &game.Builder{Path: "endgame.pgn", Resolve: resolve, Repair: repair}
		b.Begin(1, "pgn", textenc.UTF8)
		b.SetFEN("5k3/9/9/9/9/9/9/9/4A4/4K2R1 w - - 0 1", game.Loc{Line: 1, Col: 1})
		for i, text := range []string{"车八进九", "将6进1", "车八平四", "将6退1"} {
			b.Move(text, game.Loc{Line: 3, Col: 1 + 5*i})
		}
		g := b.Finish()
		for _, d := range g.Diagnostics {
			fmt.Println(d)
		}
		fmt.Println(g.Valid(), g.Setup.FEN())
	}
	// Output:
	// endgame.pgn:3:1: game 1, ply 1: illegal: no such piece on that file; the position with Red's pieces mirrored left–right fits every move; --repair applies it ("车八进九")
	// false 5k3/9/9/9/9/9/9/9/4A4/4K2R1 w - - 0 1
	// endgame.pgn:1:1: game 1: warning: repaired: start position repaired: Red's pieces mirrored left–right (as written, the main line fails at ply 1: illegal: no such piece on that file ("车八进九"))
	// true 5k3/9/9/9/9/9/9/9/4A4/1R2K4 w - - 0 1
}
