// Package iccs reads and writes ICCS coordinate notation: H2-E2 (files A–I from Red's left,
// ranks 0–9 from Red's side), or in UCCI style h2e2.
//
// Reading accepts either case, with or without the dash, full-width characters, and one
// trailing check mark (+ or #).
package iccs

import (
	"github.com/qipu/qipu/pkg/notation/internal/textres"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// Name is the notation name carried by this package's errors.
const Name = "iccs"

// Style selects how Notation writes coordinates. Reading accepts both.
type Style uint8

// The coordinate styles.
const (
	Dash Style = iota // "H2-E2", the default
	UCCI              // "h2e2", as UCCI engines write it
)

// String returns "iccs" or "ucci", the names ParseStyle takes.
func (s Style) String() string {
	if s == UCCI {
		return "ucci"
	}
	return "iccs"
}

// ParseStyle returns the style named "iccs" (Dash) or "ucci" (UCCI), in any case. Other names
// fail with a *notation.NameError, which wraps notation.ErrUnknownName.
func ParseStyle(name string) (Style, error) {
	return notation.ParseStyle("ICCS style", name, Dash, UCCI)
}

// Notation is ICCS notation written in Style; it implements notation.Notation. The zero
// value writes H2-E2.
type Notation struct {
	Style Style
}

var _ notation.Notation = Notation{}

// Name returns "iccs".
func (Notation) Name() string { return Name }

// Resolve reads text as an ICCS move (either style) of the side to move in pos. The note is
// always empty: a coordinate text has one reading.
func (Notation) Resolve(pos *board.Position, text string) (board.Move, string, error) {
	return textres.Resolve(pos, text, Parse, resolveNote)
}

// resolveNote is Syntax.Resolve with the empty note of a coordinate move.
func resolveNote(s Syntax, pos *board.Position) (board.Move, string, error) {
	m, err := s.Resolve(pos)
	return m, "", err
}

// Append appends the ICCS text of m in the notation's style. pos is not consulted: the
// squares say everything.
func (n Notation) Append(dst []byte, pos *board.Position, m board.Move) []byte {
	return appendSquares(dst, m.From(), m.To(), n.Style)
}

// Format returns the ICCS text of m in the default style, H2-E2.
func Format(pos *board.Position, m board.Move) string {
	var buf [8]byte
	return string(appendSquares(buf[:0], m.From(), m.To(), Dash))
}

// Syntax is a parsed ICCS move: its two squares.
type Syntax struct {
	From, To board.Square
}

// Parse reads an ICCS move text. It fails with a *notation.Error of kind notation.ErrSyntax.
func Parse(text string) (Syntax, error) {
	if s, ok := parse(text); ok {
		return s, nil
	}
	return Syntax{}, &notation.Error{Kind: notation.ErrSyntax, Notation: Name, Text: text, Reason: "not an ICCS move"}
}

// TryParse is Parse without the error value: it reports whether text reads as an ICCS
// move. It does not allocate.
func TryParse(text string) (Syntax, bool) { return parse(text) }

func parse(text string) (Syntax, bool) {
	var buf [8]byte
	n := 0
	for i := 0; i < len(text); {
		c := text[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			if r = textenc.Glyph(r); r >= utf8.RuneSelf {
				return Syntax{}, false
			}
			c = byte(r)
			i += size
		} else {
			i++
		}
		if n == len(buf) {
			return Syntax{}, false
		}
		buf[n] = c
		n++
	}
	b := buf[:n]
	if n > 4 && (b[n-1] == '+' || b[n-1] == '#') {
		b = b[:n-1]
	}
	switch {
	case len(b) == 5 && b[2] == '-':
		b[2], b[3] = b[3], b[4]
		b = b[:4]
	case len(b) != 4:
		return Syntax{}, false
	}
	from, ok1 := board.SquareFromICCS(b[0], b[1])
	to, ok2 := board.SquareFromICCS(b[2], b[3])
	if !ok1 || !ok2 {
		return Syntax{}, false
	}
	return Syntax{from, to}, true
}

// Move returns the move from s.From to s.To.
func (s Syntax) Move() board.Move { return board.NewMove(s.From, s.To) }

// String returns the canonical text of s, H2-E2.
func (s Syntax) String() string {
	return string(appendSquares(make([]byte, 0, 5), s.From, s.To, Dash))
}

// Resolve returns the move if it is legal for the side to move, else a *notation.Error of
// kind ErrIllegal.
func (s Syntax) Resolve(pos *board.Position) (board.Move, error) {
	m := s.Move()
	if s.From != s.To && pos.IsLegal(m) {
		return m, nil
	}
	reason := "not a legal move"
	switch pc := pos.At(s.From); {
	case pc == board.NoPiece:
		reason = "no piece on the origin square"
	case pc.Color() != pos.Turn():
		reason = "the piece on the origin square is not the mover's"
	}
	return board.NoMove, &notation.Error{Kind: notation.ErrIllegal, Notation: Name, Text: s.String(), Reason: reason, Move: m}
}

func appendSquares(dst []byte, from, to board.Square, style Style) []byte {
	return board.NewMove(from, to).AppendICCS(dst, style == UCCI)
}
