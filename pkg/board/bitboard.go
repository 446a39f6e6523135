package board

import "math/bits"

// Bitboard is a set of squares: bit i of Lo is square i (0…63), bit i of Hi is square 64+i
// (64…89). Only the low 26 bits of Hi are ever set.
type Bitboard struct {
	Lo, Hi uint64
}

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard {
	if s < 64 {
		return Bitboard{Lo: 1 << s}
	}
	return Bitboard{Hi: 1 << (s - 64)}
}

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool {
	if s < 64 {
		return b.Lo>>s&1 != 0
	}
	return b.Hi>>(s-64)&1 != 0
}

// Set returns b with s added.
func (b Bitboard) Set(s Square) Bitboard {
	if s < 64 {
		b.Lo |= 1 << s
	} else {
		b.Hi |= 1 << (s - 64)
	}
	return b
}

// Clear returns b with s removed.
func (b Bitboard) Clear(s Square) Bitboard {
	if s < 64 {
		b.Lo &^= 1 << s
	} else {
		b.Hi &^= 1 << (s - 64)
	}
	return b
}

// Toggle returns b with s flipped.
func (b Bitboard) Toggle(s Square) Bitboard {
	if s < 64 {
		b.Lo ^= 1 << s
	} else {
		b.Hi ^= 1 << (s - 64)
	}
	return b
}

// Or returns the union.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.Lo | o.Lo, b.Hi | o.Hi} }

// And returns the intersection.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.Lo & o.Lo, b.Hi & o.Hi} }

// AndNot returns b without the squares of o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }

// Empty reports whether the set is empty.
func (b Bitboard) Empty() bool { return b.Lo|b.Hi == 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// First returns the lowest square of the set, or NoSquare when it is empty.
func (b Bitboard) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	if b.Hi != 0 {
		return Square(64 + bits.TrailingZeros64(b.Hi))
	}
	return NoSquare
}

// PopFirst removes and returns the lowest square; the set must not be empty.
func (b *Bitboard) PopFirst() Square {
	if b.Lo != 0 {
		s := Square(bits.TrailingZeros64(b.Lo))
		b.Lo &= b.Lo - 1
		return s
	}
	s := Square(64 + bits.TrailingZeros64(b.Hi))
	b.Hi &= b.Hi - 1
	return s
}

// Squares returns the squares of the set in increasing order (it allocates; not for hot paths).
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for !b.Empty() {
		out = append(out, b.PopFirst())
	}
	return out
}

// FileBB returns the set of the ten squares of column col.
func FileBB(col int) Bitboard { return fileBB[col] }

// RowBB returns the set of the nine squares of row row.
func RowBB(row int) Bitboard { return rowBB[row] }

var fileBB [9]Bitboard
var rowBB [10]Bitboard

func initLineBitboards() {
	for s := Square(0); s < NumSquares; s++ {
		fileBB[s.Col()] = fileBB[s.Col()].Set(s)
		rowBB[s.Row()] = rowBB[s.Row()].Set(s)
	}
}
