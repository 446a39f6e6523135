package diagram

import (
	"io"

	"github.com/qipu/qipu/pkg/board"
)

// The text board: a line of the far side's file numbers, ten rows of points each headed by
// its ICCS rank, the lines between them (the palaces' diagonals, the river), the near side's
// file numbers, the ICCS file letters, then who is to move, the last move and the FEN:
//
//	   1    2    3    4    5    6    7    8    9
//	9 [车]-[马]-[象]-[士]-[将]-[士]-[象]-[马]-[车]
//	   |    |    |    |  \ |  / |    |    |    |
//	…
//	0 (车)-(马)-(相)-(仕)-(帅)-(仕)-(相)-(马)-(车)
//	   九   八   七   六   五   四   三   二   一
//	   a    b    c    d    e    f    g    h    i
//	red to move
//	FEN rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
//
// A point is four cells wide (a CJK glyph takes two) and points are five cells apart.

// lineWidth is the width in cells of a row of points: the rank and a space, nine points
// four cells wide and eight separators.
const lineWidth = 2 + 9*4 + 8

// ANSI sequences of the coloured board.
const (
	ansiRed   = "\x1b[31m"
	ansiBlack = "\x1b[1;34m"
	ansiMark  = "\x1b[7m"
	ansiReset = "\x1b[0m"
)

// Text writes the board as text to w.
func Text(w io.Writer, pos *board.Position, o *Options) error {
	_, err := w.Write(AppendText(nil, pos, o))
	return err
}

// AppendText appends the board as text (see Text) to dst and returns the extended buffer.
func AppendText(dst []byte, pos *board.Position, o *Options) []byte {
	if o == nil {
		o = &Options{}
	}
	from, to := lastSquares(o.LastMove)
	dst = appendFiles(dst, o, true)
	for row := 0; row < 10; row++ {
		sq := at(row, 0, o.Flip)
		dst = append(dst, byte('0'+sq.Rank()), ' ')
		for col := 0; col < 9; col++ {
			sq := at(row, col, o.Flip)
			if col > 0 {
				left := at(row, col-1, o.Flip)
				if sq == to || left == to && o.Glyphs != Letters {
					dst = append(dst, '*')
				} else {
					dst = append(dst, '-')
				}
			}
			dst = appendPoint(dst, pos.At(sq), col, sq == from, sq == to, o)
		}
		dst = trimSpaces(dst)
		dst = append(dst, '\n')
		if row < 9 {
			dst = appendBetween(dst, row, o.Glyphs)
		}
	}
	dst = appendFiles(dst, o, false)
	dst = append(dst, "   "...)
	for col := 0; col < 9; col++ {
		if col > 0 {
			dst = append(dst, "    "...)
		}
		dst = append(dst, at(0, col, o.Flip).File())
	}
	dst = append(dst, '\n')
	dst = append(dst, pos.Turn().String()...)
	dst = append(dst, " to move"...)
	if o.LastMove != board.NoMove {
		dst = append(dst, ", last move "...)
		dst = o.LastMove.AppendICCS(dst, false)
	}
	dst = append(dst, "\nFEN "...)
	dst = append(dst, pos.FEN()...)
	return append(dst, '\n')
}

// appendPoint appends the four cells of one point: a piece in its side's brackets, or the
// crossing of the lines ('*' for the last move's origin).
func appendPoint(dst []byte, pc board.Piece, col int, from, to bool, o *Options) []byte {
	if pc == board.NoPiece {
		left, right := byte('-'), "--"
		if col == 0 {
			left = ' '
		}
		if col == 8 {
			right = "  "
		}
		point := byte('+')
		if from {
			point = '*'
		}
		dst = append(dst, left)
		if from && o.Color {
			dst = append(dst, ansiMark...)
			dst = append(dst, point)
			dst = append(dst, ansiReset...)
		} else {
			dst = append(dst, point)
		}
		return append(dst, right...)
	}
	if o.Color {
		if pc.Color() == board.Red {
			dst = append(dst, ansiRed...)
		} else {
			dst = append(dst, ansiBlack...)
		}
		if to {
			dst = append(dst, ansiMark...)
		}
	}
	open, close := byte('('), byte(')')
	if pc.Color() == board.Black {
		open, close = '[', ']'
	}
	dst = append(dst, open)
	dst = append(dst, Glyph(o.Glyphs, pc)...)
	dst = append(dst, close)
	if o.Color {
		dst = append(dst, ansiReset...)
	}
	if o.Glyphs == Letters { // one cell: the fourth is line
		switch {
		case to:
			dst = append(dst, '*')
		case col == 8:
			dst = append(dst, ' ')
		default:
			dst = append(dst, '-')
		}
	}
	return dst
}

// appendBetween appends the line below a row of points: the files' lines, the palaces'
// diagonals, and the river below row 4.
func appendBetween(dst []byte, row int, g Glyphs) []byte {
	var line [lineWidth]byte
	for i := range line {
		line[i] = ' '
	}
	bar := func(col int) int { return 3 + 5*col }
	if row == 4 {
		dst = append(dst, line[:bar(0)]...)
		dst = append(dst, '|')
		if g == Letters {
			dst = append(dst, "                 river                 "...)
		} else {
			dst = append(dst, "       楚  河             汉  界       "...)
		}
		return append(dst, "|\n"...)
	}
	for col := 0; col < 9; col++ {
		line[bar(col)] = '|'
	}
	switch row {
	case 0, 7:
		line[bar(3)+3], line[bar(4)+2] = '\\', '/'
	case 1, 8:
		line[bar(3)+3], line[bar(4)+2] = '/', '\\'
	}
	dst = append(dst, line[:]...)
	dst = trimSpaces(dst)
	return append(dst, '\n')
}

// Numbers of the files: Red's from its right (一 = column 8), Black's from its right
// (1 = column 0), in the glyph sets' digits.
var (
	redFiles   = [9]string{"九", "八", "七", "六", "五", "四", "三", "二", "一"}
	blackFiles = [9]string{"１", "２", "３", "４", "５", "６", "７", "８", "９"}
)

// appendFiles appends a line of file numbers: the far side's (top) or the near side's.
func appendFiles(dst []byte, o *Options, top bool) []byte {
	side := board.Red // the side whose numbers the line shows
	if top != o.Flip {
		side = board.Black
	}
	dst = append(dst, "   "...)
	for c := 0; c < 9; c++ {
		col := at(0, c, o.Flip).Col()
		var n int // the file number, 1…9
		if side == board.Red {
			n = 9 - col
		} else {
			n = col + 1
		}
		if c > 0 {
			if o.Glyphs == Letters {
				dst = append(dst, "    "...)
			} else {
				dst = append(dst, "   "...)
			}
		}
		switch {
		case o.Glyphs == Letters:
			dst = append(dst, byte('0'+n))
		case side == board.Red:
			dst = append(dst, redFiles[9-n]...)
		default:
			dst = append(dst, blackFiles[n-1]...)
		}
	}
	return append(dst, '\n')
}

// trimSpaces drops the spaces at the end of dst.
func trimSpaces(dst []byte) []byte {
	for len(dst) > 0 && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst
}
