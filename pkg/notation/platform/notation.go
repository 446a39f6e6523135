package platform

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/textres"
)

// Notation is the platform display format; it implements notation.Notation. It has one
// style, so the zero value is the only value.
type Notation struct{}

var _ notation.Notation = Notation{}

// Name returns "platform".
func (Notation) Name() string { return Name }

// Resolve reads text as a platform move of the side to move in pos; see Syntax.ResolveNote
// for the note and the errors. The errors carry text itself.
func (Notation) Resolve(pos *board.Position, text string) (board.Move, string, error) {
	return textres.Resolve(pos, text, Parse, Syntax.ResolveNote)
}

// Append appends the platform text of m, a legal move in pos: the display format's own form
// (炮三7, 車五10(吃)), with the origin inserted (炮二3-五3) when another piece of the same kind
// could also move to the target. It allocates only if dst lacks room (at most 23 bytes).
func (Notation) Append(dst []byte, pos *board.Position, m board.Move) []byte {
	return appendMove(dst, pos, m)
}

// Format returns the platform text of m, a legal move in pos, as Append writes it.
func Format(pos *board.Position, m board.Move) string {
	var buf [24]byte
	return string(appendMove(buf[:0], pos, m))
}
