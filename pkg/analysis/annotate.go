package analysis

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// The NAGs Annotate gives a move.
const (
	NAGMistake = 2 // "?": the mover lost more than Thresholds.Mistake
	NAGBlunder = 4 // "??": the mover lost more than Thresholds.Blunder
)

// Thresholds are the centipawn losses, from the mover's point of view, beyond which a move is
// a mistake or a blunder, and the margin by which the final evaluation contradicts a result.
type Thresholds struct {
	Mistake, Blunder, Result int
}

// DefaultThresholds are 100 and 300 centipawns for mistakes and blunders and 500 for results.
var DefaultThresholds = Thresholds{Mistake: 100, Blunder: 300, Result: 500}

// Loss returns what the move from the position of before to that of after cost its mover, in
// centipawns (Centipawns' scale; negative when the move gained).
func Loss(before, after *Eval) int {
	loss := before.Centipawns() - after.Centipawns()
	if blackToMove(before.FEN) {
		loss = -loss
	}
	return loss
}

// blackToMove reports whether the side-to-move field of a FEN says Black.
func blackToMove(fen string) bool {
	_, side, _ := strings.Cut(fen, " ")
	return strings.HasPrefix(side, "b")
}

// Annotate writes the evaluations into the main line of g: each position's "[%eval …]"
// comment after the move that leads to it (ply 0's among the root's comments), replacing the
// eval comments a former analysis left, and NAGMistake or NAGBlunder after a move that lost
// more than th says. evals are by ply, as Analyzer returns them; a ply missing from them gets
// no comment. It returns the result note, or nil (ResultNote).
func Annotate(g *game.Game, evals []Eval, th Thresholds) *game.Diagnostic {
	byPly := func(ply int, from int) (*Eval, int) {
		for i := from; i < len(evals); i++ {
			if evals[i].Ply == ply {
				return &evals[i], i
			}
			if evals[i].Ply > ply {
				break
			}
		}
		return nil, from
	}
	at := 0
	var prev *Eval
	n := &g.Root
	for ply := 0; ; ply++ {
		var e *Eval
		e, at = byPly(ply, at)
		n.Comments = dropEvalComments(n.Comments)
		if e != nil {
			n.Comments = append(n.Comments, e.Comment())
			if prev != nil && ply > 0 {
				switch loss := Loss(prev, e); {
				case th.Blunder > 0 && loss > th.Blunder:
					n.AddNAG(NAGBlunder)
				case th.Mistake > 0 && loss > th.Mistake:
					n.AddNAG(NAGMistake)
				}
			}
		}
		prev = e
		if len(n.Children) == 0 {
			break
		}
		n = n.Children[0]
	}
	return ResultNote(g, evals, th.Result)
}

// dropEvalComments removes the comments that are one eval command only.
func dropEvalComments(cs []string) []string {
	out := cs[:0]
	for _, c := range cs {
		if !isEvalComment(c) {
			out = append(out, c)
		}
	}
	return out
}

// ResultNote returns a note of kind game.KindResult when the evaluation of the final position
// contradicts a decisive Result of g by more than margin centipawns, or by a mate; nil
// otherwise (no decisive result, the final position not evaluated).
func ResultNote(g *game.Game, evals []Eval, margin int) *game.Diagnostic {
	if len(evals) == 0 || g.Result != "1-0" && g.Result != "0-1" {
		return nil
	}
	last := &evals[len(evals)-1]
	if last.Ply != g.Plies() {
		return nil
	}
	v := last.Centipawns()
	winner := "Red"
	if g.Result == "0-1" {
		v, winner = -v, "Black"
	}
	if v >= -margin {
		return nil
	}
	return &game.Diagnostic{Kind: game.KindResult, Level: game.LevelNote, Path: g.Source, Loc: game.NoLoc,
		Game: g.Index, Ply: last.Ply,
		Message: fmt.Sprintf("Result %s says %s won, but the engine scores the final position %s", g.Result, winner, last.Comment())}
}

// Read returns the evaluations that "[%eval …]" comments give along the main line of g (the
// root's comments for ply 0): ply, FEN, score and depth; best, PV and nodes are not in the
// comments.
func Read(g *game.Game) []Eval {
	var out []Eval
	pos := g.StartPosition()
	n := &g.Root
	for ply := 0; ; ply++ {
		for _, c := range n.Comments {
			if score, mate, depth, ok := ParseEval(c); ok {
				out = append(out, Eval{Ply: ply, FEN: pos.FEN(), Score: score, Mate: mate, Depth: depth, Best: board.NoMove})
				break
			}
		}
		if len(n.Children) == 0 {
			return out
		}
		n = n.Children[0]
		pos.Play(n.Move)
	}
}
