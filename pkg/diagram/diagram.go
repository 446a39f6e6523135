// Package diagram draws a board.Position for people: as text for a terminal (Text, AppendText)
// and as SVG for a page or a file (SVG, Defs).
//
// Both pictures show the ten rows of nine points, the river and the two palaces, the pieces
// in Chinese glyphs (Glyphs Chinese: 帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black) or WXF
// letters (Letters: K A E H R C P, upper case for Red, lower case for Black), the last move
// marked, and Red at the bottom unless Flip asks for Black's view.
//
// In text, Red's pieces stand in parentheses and Black's in brackets ("(车)", "[车]"), so the
// sides read apart without colour; Options.Color adds ANSI colours for a terminal. The last
// move's origin is a '*' point and its piece has '*' on both sides.
//
// An SVG board is an <svg class="board" data-fen="FEN"> holding one <text> per piece (its
// glyph) over a disc, the grid and the discs being shared definitions (Defs) that a page of
// many boards writes once (Options.Shared); a lone board (the default) carries its own. Each
// disc also shows the piece's WXF letter in small print, and the glyphs are set in a
// font-family stack of CJK fonts ending in a generic family, so a viewer without CJK fonts
// still reads every piece. Options.Arrows draws suggested moves as arrows.
package diagram

import "github.com/qipu/qipu/pkg/board"

// Glyphs is the set of characters that names the pieces.
type Glyphs uint8

// The glyph sets.
const (
	// Chinese names the pieces in simplified Chinese: 帅仕相马车炮兵 and 将士象马车炮卒.
	Chinese Glyphs = iota
	// Letters names the pieces by their WXF letters K A E H R C P, Red in upper case and
	// Black in lower case.
	Letters
)

// ParseGlyphs reads a glyph set's name: "chinese" or "letters".
func ParseGlyphs(name string) (Glyphs, bool) {
	switch name {
	case "chinese":
		return Chinese, true
	case "letters":
		return Letters, true
	}
	return Chinese, false
}

// String returns "chinese" or "letters".
func (g Glyphs) String() string {
	if g == Letters {
		return "letters"
	}
	return "chinese"
}

// Options say how to draw a board. The zero value draws Red's view in Chinese glyphs,
// without colour, marks or arrows.
type Options struct {
	Glyphs Glyphs
	// Flip draws Black's view: Black's back rank at the bottom.
	Flip bool
	// Color writes ANSI colours in text (Red's pieces red, Black's bold blue, the last move
	// reversed); SVG always has colours.
	Color bool
	// LastMove is the move that led to the position, marked on both squares; board.NoMove
	// for none.
	LastMove board.Move
	// Arrows are moves to draw as arrows (SVG only), e.g. the candidates for a failed move.
	Arrows []board.Move
	// Shared leaves the definitions out of an SVG board: the page it stands in holds them
	// once (Defs) together with the style (Style).
	Shared bool
	// ID is the SVG board's id attribute; "" for none. It must be unique in its page.
	ID string
}

// glyphs of the pieces by glyph set, color and role (board.Role order; index 0 unused).
var glyphs = [2][2][8]string{
	{{"", "帅", "仕", "相", "马", "车", "炮", "兵"}, {"", "将", "士", "象", "马", "车", "炮", "卒"}},
	{{"", "K", "A", "E", "H", "R", "C", "P"}, {"", "k", "a", "e", "h", "r", "c", "p"}},
}

// Glyph returns the name of a piece in a glyph set ("车", "R", "r"), or "" for board.NoPiece.
func Glyph(g Glyphs, pc board.Piece) string {
	if pc == board.NoPiece {
		return ""
	}
	return glyphs[g&1][pc.Color()][pc.Role()&7]
}

// view returns the row and column at which a square is drawn (0, 0 at the top left).
func view(sq board.Square, flip bool) (row, col int) {
	row, col = sq.Row(), sq.Col()
	if flip {
		return 9 - row, 8 - col
	}
	return row, col
}

// at returns the square drawn at a row and column.
func at(row, col int, flip bool) board.Square {
	if flip {
		row, col = 9-row, 8-col
	}
	return board.NewSquare(row, col)
}

// lastSquares returns the squares of the last move, or NoSquare for none.
func lastSquares(m board.Move) (from, to board.Square) {
	if m == board.NoMove || !m.From().Valid() || !m.To().Valid() {
		return board.NoSquare, board.NoSquare
	}
	return m.From(), m.To()
}
