package board

import "math/bits"

// safety is what a side that is not in check needs to know to accept most of its moves
// without testing each one: which of its pieces may expose its general by moving, and which
// empty squares would expose it by being filled.
//
// In Xiangqi a move can uncover an attack in three ways: a piece leaves the line between the
// general and an enemy chariot (or the enemy general, on the file), a piece leaves so that an
// enemy cannon is left with exactly one screen, or a piece leaves a horse's leg. It can also
// create one: a piece that lands between the general and an enemy cannon with nothing in
// between becomes the cannon's screen. Every other move of a piece other than the general
// keeps the general as safe as it was.
type safety struct {
	pinned Bitboard // own pieces whose move may uncover an attack on the general
	screen Bitboard // empty squares between the general and an enemy cannon that faces it
	// screenRow holds the screen squares on the general's row (column bits), screenCol those
	// on its column (row bits).
	screenRow, screenCol uint16
}

// safetyOf computes the safety of the side to move, whose general stands on g and is not in
// check.
func (p *Position) safetyOf(g Square) safety {
	var s safety
	us := p.turn
	r, c := sqRow[g], sqCol[g]
	rowOcc := p.rows[0][r] | p.rows[1][r]
	colOcc := p.cols[0][c] | p.cols[1][c]
	base := Square(r) * 9
	s.screenRow |= p.ray(&s, rowOcc&^(2<<c-1), int(c), true, base, 1, false)
	s.screenRow |= p.ray(&s, rowOcc&(1<<c-1), int(c), false, base, 1, false)
	s.screenCol |= p.ray(&s, colOcc&^(2<<r-1), int(r), true, Square(c), 9, true)
	s.screenCol |= p.ray(&s, colOcc&(1<<r-1), int(r), false, Square(c), 9, true)
	if s.screenRow|s.screenCol != 0 {
		for m := s.screenRow; m != 0; m &= m - 1 {
			s.screen = s.screen.Set(base + Square(bits.TrailingZeros16(m)))
		}
		for m := s.screenCol; m != 0; m &= m - 1 {
			s.screen = s.screen.Set(Square(bits.TrailingZeros16(m))*9 + Square(c))
		}
	}
	if !p.pieces[us^1][Horse].Empty() {
		horse := MakePiece(us^1, Horse)
		for _, hp := range horseAttackFrom[g] {
			if p.board[hp.to] == horse {
				if leg := p.board[hp.block]; leg != NoPiece && leg.Color() == us {
					s.pinned = s.pinned.Set(hp.block)
				}
			}
		}
	}
	return s
}

// ray looks at the pieces of one ray from the general, whose line index is gi: occ holds the
// occupied line indices on the ray's side of the general (up: above gi, else below it), and
// the line index i stands for square base+i*stride. It marks the pinned pieces in s and returns the line indices of the
// empty squares a screen would fill (those between the general and a facing enemy cannon).
func (p *Position) ray(s *safety, occ uint16, gi int, up bool, base, stride Square, file bool) uint16 {
	if occ == 0 {
		return 0
	}
	var idx [3]int
	n := 0
	for ; n < 3 && occ != 0; n++ {
		if up {
			idx[n] = bits.TrailingZeros16(occ)
		} else {
			idx[n] = bits.Len16(occ) - 1
		}
		occ &^= 1 << idx[n]
	}
	us := p.turn
	them := us ^ 1
	sq1 := base + Square(idx[0])*stride
	pc1 := p.board[sq1]
	if pc1.Color() != us {
		// Our second piece is pinned when it alone separates this enemy piece, as a screen,
		// from an enemy cannon.
		if n == 3 && p.board[base+Square(idx[2])*stride] == MakePiece(them, Cannon) {
			if sq2 := base + Square(idx[1])*stride; p.board[sq2].Color() == us {
				s.pinned = s.pinned.Set(sq2)
			}
		}
		if pc1 == MakePiece(them, Cannon) {
			// The empty squares between the general and the cannon.
			if up {
				return (uint16(1)<<idx[0] - 1) &^ (2<<gi - 1)
			}
			return (uint16(1)<<gi - 1) &^ (2<<idx[0] - 1)
		}
		return 0
	}
	if n < 2 {
		return 0
	}
	sq2 := base + Square(idx[1])*stride
	pc2 := p.board[sq2]
	if pc2 == MakePiece(them, Chariot) || file && pc2 == MakePiece(them, General) {
		s.pinned = s.pinned.Set(sq1)
		return 0
	}
	if n == 3 && p.board[base+Square(idx[2])*stride] == MakePiece(them, Cannon) {
		s.pinned = s.pinned.Set(sq1)
		if pc2.Color() == us {
			s.pinned = s.pinned.Set(sq2)
		}
	}
	return 0
}
