// Package textmove resolves the move texts of the plain-text readers (package txtgame,
// package xqn) for game.Builder: whatever the notation (Chinese, WXF, ICCS, the platform
// display format), through anynotation, as package pgn does.
package textmove

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	anynotation "github.com/qipu/qipu/pkg/notation/any"
)

// Resolver reads move texts in a hinted notation, and switches the hint to the notation the
// moves turn out to be in, so that a text written in another notation than expected gets
// one notation warning, not one per move.
type Resolver struct {
	// Hint is the notation tried first; notation.Unknown detects it per move.
	Hint notation.Format
}

// Resolve is a game.ResolveFunc: it returns the move, a note when the text is non-standard
// but fits exactly one legal move, or the notation error.
func (r *Resolver) Resolve(pos *board.Position, text string) (board.Move, string, error) {
	res, err := anynotation.Resolve(pos, text, r.Hint)
	if err != nil {
		return board.NoMove, "", err
	}
	if r.Hint != notation.Unknown && res.Format != r.Hint {
		r.Hint = res.Format
	}
	if res.Nonstandard {
		if res.Note == "" {
			return res.Move, "non-standard move text", nil
		}
		return res.Move, res.Note, nil
	}
	return res.Move, "", nil
}
