// Package textmove resolves the move texts of the plain-text readers (package txtgame,
// package xqn) for game.Builder: whatever the notation (Chinese, WXF, ICCS, the platform
// display format), through anynotation, as package pgn does.
package textmove

import (
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
)

// Resolver reads move texts in a hinted notation, and switches the hint to the notation the
// moves turn out to be in, so that a text written in another notation than expected gets
// one notation warning, not one per move.
type Resolver struct {
	// Hint is the notation tried first; notation.Unknown detects it per move.
	Hint notation.ID
}

// Resolve is a game.ResolveFunc: it returns the move, a note when the text is non-standard
// but fits exactly one legal move, or the notation error.
func (r *Resolver) Resolve(pos *board.Position, text string) (board.Move, string, error) {
	res, err := anynotation.Resolve(pos, text, r.Hint)
	return Outcome(res, err, &r.Hint)
}

// Outcome turns what anynotation resolved into what a game.ResolveFunc returns: the move, and
// a note when the text is non-standard but fits exactly one legal move. A hinted notation
// that the text is not in becomes the hint (*hint) for the next moves: a text written in
// another notation than the one expected gets one notation warning, not one per move.
func Outcome(res anynotation.Resolved, err error, hint *notation.ID) (board.Move, string, error) {
	if err != nil {
		return board.NoMove, "", err
	}
	if *hint != notation.Unknown && res.Format != *hint {
		*hint = res.Format
	}
	if res.Nonstandard {
		if res.Note == "" {
			return res.Move, "non-standard move text", nil
		}
		return res.Move, res.Note, nil
	}
	return res.Move, "", nil
}

// MaxMoveText is the longest move text passed on: the longest move of any notation is a
// few dozen bytes, and a longer token is no move (its error quotes it cut to this length).
const MaxMoveText = 64

// Cut returns text cut to at most MaxMoveText bytes, on a character boundary.
func Cut(text string) string {
	if len(text) <= MaxMoveText {
		return text
	}
	n := MaxMoveText
	for n > 0 && !utf8.RuneStart(text[n]) {
		n--
	}
	return text[:n]
}
