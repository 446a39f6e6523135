// Package notation is what qipu's move notations have in common: the Notation interface
// (a name, reading a move text against a position, writing a move), the errors a move text
// fails with (ErrSyntax, ErrIllegal, ErrAmbiguous, wrapped in an *Error), and the vocabulary
// the vertical-line notations share (Line, Op, Pick).
//
// The notations are values of the subpackages, each with its style as fields:
// iccs.Notation (H2-E2, or UCCI h2e2), wxf.Notation (C2.5; the xqbase or Fairy-Stockfish
// dialect), chinese.Notation (炮二平五, simplified or traditional glyphs) and
// platform.Notation (the platform display format, 炮三7). Each subpackage also has a plain
// Format function for its default style. The subpackage any (package anynotation) keeps the
// list of them: it detects the notation of a text, resolves a text whatever its notation, and
// looks a notation up by name.
package notation

import (
	"errors"
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/board"
)

// The three ways a move text can fail. Test with errors.Is.
var (
	// ErrSyntax: the text cannot be read as a move in the notation.
	ErrSyntax = errors.New("syntax")
	// ErrIllegal: the text reads as a move, but no legal move fits it.
	ErrIllegal = errors.New("illegal")
	// ErrAmbiguous: the text fits more than one legal move.
	ErrAmbiguous = errors.New("ambiguous")
)

// Notation is one move notation in one output style: a value of iccs.Notation, wxf.Notation,
// chinese.Notation or platform.Notation. Values are small, comparable and safe for concurrent
// use; the zero value of each writes the notation's default style.
type Notation interface {
	// Name returns the notation's name: "iccs", "wxf", "chinese" or "platform".
	Name() string
	// Resolve reads text as a move of the side to move in pos, in this notation only. It
	// returns the move; a note when the text is non-standard but fits exactly one legal move
	// (the caller reports it as a `notation` warning); or an *Error of kind ErrSyntax (the
	// text is not a move in this notation), ErrIllegal or ErrAmbiguous.
	Resolve(pos *board.Position, text string) (m board.Move, note string, err error)
	// Append appends the text of m, a legal move in pos, in this notation and style, and
	// returns the extended buffer. Appending into a buffer with room does not allocate.
	Append(dst []byte, pos *board.Position, m board.Move) []byte
}

// Error is a failed parse or resolution. Kind is ErrSyntax, ErrIllegal or ErrAmbiguous;
// Candidates lists the legal moves an ambiguous text fits.
type Error struct {
	Kind       error
	Notation   string
	Text       string
	Reason     string
	Candidates []board.Move
	// Move is the move the text names when the notation names its squares (ICCS): a caller
	// can then say why it is illegal in the position (which piece, which square). It is
	// board.NoMove otherwise.
	Move board.Move
}

// Error returns the reason, followed by the candidate moves of an ambiguous text in UCCI
// form. The text itself is not repeated; diagnostics print it beside the message.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Reason)
	if len(e.Candidates) > 0 {
		b.WriteString(" (fits ")
		for i, m := range e.Candidates {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(m.String())
		}
		b.WriteString(")")
	}
	return b.String()
}

// Unwrap returns the kind, so errors.Is(err, ErrIllegal) works.
func (e *Error) Unwrap() error { return e.Kind }

// Errorf builds an *Error of the given kind.
func Errorf(kind error, notation, text, format string, args ...any) *Error {
	return &Error{Kind: kind, Notation: notation, Text: text, Reason: fmt.Sprintf(format, args...)}
}
