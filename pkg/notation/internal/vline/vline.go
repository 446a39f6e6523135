// Package vline holds what the two vertical-line notations, WXF and Chinese, share: the
// geometry of files counted from the mover's right, the canonical description of a move
// (which decides 前/中/后 and the tandem ordinals), and resolution of a notation.Line against
// a position by legality.
package vline

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// ColOf returns the board column of file f (1–9) in c's numbering: Red counts from col 8
// leftward, Black from col 0 rightward.
func ColOf(c board.Color, f int) int {
	if c == board.Red {
		return 9 - f
	}
	return f - 1
}

// FileOf returns c's file number (1–9) of board column col.
func FileOf(c board.Color, col int) int {
	if c == board.Red {
		return 9 - col
	}
	return col + 1
}

// Straight reports whether pieces of role r move along lines (general, chariot, cannon,
// soldier), so that a move along the file is written with the number of ranks moved.
func Straight(r board.Role) bool {
	return r == board.General || r == board.Chariot || r == board.Cannon || r == board.Soldier
}

func fwd(c board.Color) int {
	if c == board.Red {
		return -1
	}
	return 1
}

// Dest returns the square a piece of color c and role r on from reaches by op and arg, and
// false when the direction and number describe no move of that piece kind from there. It
// does not test legality.
func Dest(c board.Color, r board.Role, from board.Square, op notation.Op, arg int) (board.Square, bool) {
	row, col := from.Row(), from.Col()
	if arg < 1 || arg > 9 {
		return board.NoSquare, false
	}
	sign := fwd(c)
	switch op {
	case notation.Forward:
	case notation.Backward:
		sign = -sign
	case notation.Sideways:
		if !Straight(r) {
			return board.NoSquare, false
		}
		col2 := ColOf(c, arg)
		if col2 == col {
			return board.NoSquare, false
		}
		return board.NewSquare(row, col2), true
	default:
		return board.NoSquare, false
	}
	if Straight(r) {
		row += sign * arg
	} else {
		col2 := ColOf(c, arg)
		dc := col2 - col
		if dc < 0 {
			dc = -dc
		}
		dr := 0
		switch {
		case r == board.Advisor && dc == 1:
			dr = 1
		case r == board.Elephant && dc == 2:
			dr = 2
		case r == board.Horse && dc == 1:
			dr = 2
		case r == board.Horse && dc == 2:
			dr = 1
		default:
			return board.NoSquare, false
		}
		row += sign * dr
		col = col2
	}
	if row < 0 || row > 9 {
		return board.NoSquare, false
	}
	return board.NewSquare(row, col), true
}

// OpArg returns the direction and the last number of the move from→to by a piece of color c
// and role r.
func OpArg(c board.Color, r board.Role, from, to board.Square) (notation.Op, uint8) {
	dr := (to.Row() - from.Row()) * fwd(c)
	if Straight(r) && from.Col() == to.Col() {
		if dr > 0 {
			return notation.Forward, uint8(dr)
		}
		return notation.Backward, uint8(-dr)
	}
	arg := uint8(FileOf(c, to.Col()))
	switch {
	case dr > 0:
		return notation.Forward, arg
	case dr < 0:
		return notation.Backward, arg
	}
	return notation.Sideways, arg
}

// order fills out with the squares of bb, all on one file, from the mover's front (Red's front
// is row 0, Black's row 9), and returns how many there are.
func order(c board.Color, bb board.Bitboard, out *[board.NumRows]board.Square) int {
	n := 0
	for !bb.Empty() && n < len(out) {
		out[n] = bb.PopFirst()
		n++
	}
	if c == board.Black {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return n
}

// tandemFiles returns how many files hold two or more of the squares of all.
func tandemFiles(all board.Bitboard) int {
	n := 0
	for col := 0; col < board.NumCols; col++ {
		if all.And(board.FileBB(col)).Count() >= 2 {
			n++
		}
	}
	return n
}

func inRegion(c board.Color, r board.Role, row, col int) bool {
	switch r {
	case board.General, board.Advisor:
		if col < 3 || col > 5 {
			return false
		}
		if c == board.Red {
			return row >= 7
		}
		return row <= 2
	case board.Elephant:
		if c == board.Red {
			return row >= 5
		}
		return row <= 4
	}
	return true
}

// Describe returns the canonical Line of the move m, whose origin must hold a piece: in the
// convention of the xqbase notation note (xqbase WXF, Chinese), or in Fairy-Stockfish's when fairy is set.
//
// The xqbase notation note: two on a file take 前/后, three 前/中/后; four or more on a file, or pieces doubled
// on two files, take ordinals counted over all files holding two or more, right to left in the
// mover's view, then front to back; advisors and elephants always keep their file.
//
// Fairy-Stockfish: three or more on the file, or two while another file holds two, give the
// index from the front plus the file and no piece (Role NoRole); exactly two give front/rear
// only if the other piece shifted by the same vector stays on the board inside its region.
func Describe(pos *board.Position, m board.Move, fairy bool) notation.Line {
	from, to := m.From(), m.To()
	pc := pos.At(from)
	c, r := pc.Color(), pc.Role()
	col := from.Col()
	l := notation.Line{Role: r, File: uint8(FileOf(c, col))}
	l.Op, l.Arg = OpArg(c, r, from, to)
	all := pos.Pieces(c, r)
	onFile := all.And(board.FileBB(col))
	n := onFile.Count()
	if n < 2 {
		return l
	}
	var sq [board.NumRows]board.Square
	k := order(c, onFile, &sq)
	idx := 0
	for idx < k && sq[idx] != from {
		idx++
	}
	if fairy {
		if n >= 3 || tandemFiles(all) >= 2 {
			l.Role, l.Pick, l.Index = board.NoRole, notation.PickOrdinal, uint8(idx+1)
			return l
		}
		twin := sq[1-idx]
		row := twin.Row() + to.Row() - from.Row()
		tcol := twin.Col() + to.Col() - col
		if row >= 0 && row < board.NumRows && tcol >= 0 && tcol < board.NumCols && inRegion(c, r, row, tcol) {
			l.File = 0
			l.Pick = notation.PickFront
			if idx == 1 {
				l.Pick = notation.PickRear
			}
		}
		return l
	}
	if r == board.Advisor || r == board.Elephant {
		return l
	}
	l.File = 0
	if n >= 4 || tandemFiles(all) >= 2 {
		l.Pick = notation.PickOrdinal
		l.Index = uint8(ordinalAcross(c, all, from))
		return l
	}
	switch {
	case idx == 0:
		l.Pick = notation.PickFront
	case idx == n-1:
		l.Pick = notation.PickRear
	default:
		l.Pick = notation.PickMiddle
	}
	return l
}

// ordinalAcross numbers the pieces of all standing on files with two or more, files right to
// left in c's view, then front to back, and returns the number of sq (1-based), or 0.
func ordinalAcross(c board.Color, all board.Bitboard, sq board.Square) int {
	var buf [board.NumRows]board.Square
	i := 0
	for f := 1; f <= board.NumCols; f++ {
		onFile := all.And(board.FileBB(ColOf(c, f)))
		if onFile.Count() < 2 {
			continue
		}
		k := order(c, onFile, &buf)
		for _, s := range buf[:k] {
			i++
			if s == sq {
				return i
			}
		}
	}
	return 0
}

// nthAcross returns the i-th (1-based) piece of the xqbase notation note's numbering over files with two or
// more, or NoSquare.
func nthAcross(c board.Color, all board.Bitboard, i int) board.Square {
	var buf [board.NumRows]board.Square
	for f := 1; f <= board.NumCols; f++ {
		onFile := all.And(board.FileBB(ColOf(c, f)))
		if onFile.Count() < 2 {
			continue
		}
		k := order(c, onFile, &buf)
		if i <= k {
			return buf[i-1]
		}
		i -= k
	}
	return board.NoSquare
}
