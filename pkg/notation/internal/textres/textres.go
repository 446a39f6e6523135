// Package textres is the one Resolve of the notations: parse a move's text, resolve the
// parsed move in a position, and put the text into the *notation.Error of a move that does
// not resolve, so that the error names the move as written.
package textres

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Resolve parses text with parse and resolves the result in pos with resolve; an error of
// resolve that is a *notation.Error gets text as its Text. It allocates nothing of its own.
func Resolve[S any](pos *board.Position, text string, parse func(string) (S, error),
	resolve func(S, *board.Position) (board.Move, string, error)) (board.Move, string, error) {
	s, err := parse(text)
	if err != nil {
		return board.NoMove, "", err
	}
	m, note, err := resolve(s, pos)
	if err != nil {
		SetText(err, text)
	}
	return m, note, err
}

// SetText puts text into err when it is a *notation.Error.
func SetText(err error, text string) {
	if e, ok := err.(*notation.Error); ok {
		e.Text = text
	}
}
