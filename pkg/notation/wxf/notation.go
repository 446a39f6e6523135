package wxf

import (
	"github.com/qipu/qipu/pkg/notation/internal/textres"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Style selects the WXF dialect Notation writes. Reading accepts both.
type Style uint8

// The WXF dialects.
const (
	// Xqbase is the WXF of the xqbase notation note (and ElephantEye): "." sideways, the
	// tandem markers + . - for front, middle, rear in place of the file digit, a–e for four
	// or more pawns on a file or pawns doubled on two files. It is the default.
	Xqbase Style = iota
	// Fairy is Fairy-Stockfish's dialect: "=" sideways, front/rear markers only where the
	// other piece could make the same-shaped move, index+file (15=6) for larger tandems.
	Fairy
)

// String returns "xqbase" or "fairy", the names ParseStyle takes.
func (s Style) String() string {
	if s == Fairy {
		return "fairy"
	}
	return "xqbase"
}

// ParseStyle returns the dialect named "xqbase" or "fairy", in any case. Other names fail
// with a *notation.NameError, which wraps notation.ErrUnknownName.
func ParseStyle(name string) (Style, error) {
	return notation.ParseStyle("WXF style", name, Xqbase, Fairy)
}

// Notation is WXF notation written in the dialect Style; it implements notation.Notation.
// The zero value writes the xqbase dialect.
type Notation struct {
	Style Style
}

var _ notation.Notation = Notation{}

// Name returns "wxf".
func (Notation) Name() string { return Name }

// Resolve reads text as a WXF move (either dialect, and the variants Parse accepts) of the
// side to move in pos; see Syntax.ResolveNote for the note and the errors. The errors carry
// text itself.
func (Notation) Resolve(pos *board.Position, text string) (board.Move, string, error) {
	return textres.Resolve(pos, text, Parse, Syntax.ResolveNote)
}

// Append appends the WXF text of m, a legal move in pos, in the notation's dialect. It
// allocates only if dst lacks room for the 4 bytes.
func (n Notation) Append(dst []byte, pos *board.Position, m board.Move) []byte {
	return appendMove(dst, pos, m, n.Style)
}

// Format returns the WXF text of m, a legal move in pos, in the xqbase dialect (C2.5).
func Format(pos *board.Position, m board.Move) string {
	var buf [8]byte
	return string(appendMove(buf[:0], pos, m, Xqbase))
}
