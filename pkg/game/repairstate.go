package game

import "github.com/qipu/qipu/pkg/board"

// repairs holds what a repair of the current game works from: its failures (the main line's
// first, the first failed text move) and the events of the game (rec: all with Repair, the
// first plies without). See Builder.Repair and repair.go, moverepair.go.
type repairs struct {
	mainFail   int // ply of the main line's first failed move; 0 when none failed
	mainDiag   *Diagnostic
	mainPos    board.Position // the position the main line's failed move was played in
	fails      int            // failed moves in the game, in any line
	rec        recorder       // the events of the game (all with Repair, the first plies without), for repairs
	firstFail  failure        // the game's first failed text move, for move repair
	mainText   string         // the text of the main line's failed move (ICCS for a move given by its squares)
	mainBinary bool           // the main line's failed move was given by its squares
}

// reset forgets the failures of the previous game (the recorded events are reset apart,
// rec.reset, as a rebuild keeps them).
func (r *repairs) reset() {
	r.mainFail, r.mainDiag, r.fails = 0, nil, 0
	r.firstFail, r.mainText, r.mainBinary = failure{ev: -1}, "", false
}
