package chinese

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/textres"
)

// Notation is vertical-line Chinese notation; it implements notation.Notation. The zero value
// writes simplified glyphs (炮二平五, 马８进７); with Traditional set it writes the glyphs of
// Big5 archives (炮二平五, 馬８進７, 後車進二), all of them in plain Big5.
type Notation struct {
	Traditional bool
}

var _ notation.Notation = Notation{}

// Name returns "chinese".
func (Notation) Name() string { return Name }

// Resolve reads text as a Chinese move (any glyph variant, either side's numbers) of the side
// to move in pos; see Syntax.ResolveNote for the note and the errors. The errors carry text
// itself.
func (Notation) Resolve(pos *board.Position, text string) (board.Move, string, error) {
	return textres.Resolve(pos, text, Parse, Syntax.ResolveNote)
}

// Append appends the Chinese text of m, a legal move in pos: Red's files and numbers as
// 一…九, Black's as full-width １…９. It allocates only if dst lacks room (at most 15 bytes).
func (n Notation) Append(dst []byte, pos *board.Position, m board.Move) []byte {
	return appendMove(dst, pos, m, n.Traditional)
}

// Format returns the Chinese text of m, a legal move in pos, in simplified glyphs (炮二平五).
func Format(pos *board.Position, m board.Move) string {
	var buf [16]byte
	return string(appendMove(buf[:0], pos, m, false))
}
