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
// between becomes the cannon's screen: such a landing is never legal for a piece that is not
// pinned, since nothing else on that line moves. Every other move of a piece other than the
// general keeps the general as safe as it was.
type safety struct {
	pinned Bitboard // own pieces whose move may uncover an attack on the general
	screen Bitboard // empty squares between the general and an enemy cannon that faces it
	// screenRow holds the screen squares on the general's row (column bits), screenCol those
	// on its column (row bits).
	screenRow, screenCol uint16
}

// lineBetween returns the line indices strictly between a and b.
func lineBetween(a, b uint8) uint16 {
	if a > b {
		a, b = b, a
	}
	return (uint16(1)<<b - 1) &^ (uint16(2)<<a - 1)
}

// guard computes, for the side to move whose general stands on g, whether the general is in
// check and, when it is not, the safety of the side. It looks at the few enemy pieces that
// can attack g at all: chariots, cannons and the general on its lines, horses, soldiers.
func (p *Position) guard(g Square) (s safety, check bool) {
	us := p.turn
	them := us ^ 1
	gr, gc := sqRow[g], sqCol[g]
	rowOcc := p.rows[0][gr] | p.rows[1][gr]
	colOcc := p.cols[0][gc] | p.cols[1][gc]
	sliders := p.pieces[them][Chariot].Or(p.pieces[them][Cannon]).Or(p.pieces[them][General]).And(lineBB[g])
	for !sliders.Empty() {
		x := sliders.PopFirst()
		pc := p.board[x]
		var btw, occ uint16
		var base, stride Square
		if xr := sqRow[x]; xr == gr {
			if pc.Role() == General {
				continue // the generals face each other only on a file
			}
			btw = lineBetween(sqCol[x], gc)
			occ = btw & rowOcc
			base, stride = Square(gr)*9, 1
		} else {
			btw = lineBetween(xr, gr)
			occ = btw & colOcc
			base, stride = Square(gc), 9
		}
		switch bits.OnesCount16(occ) {
		case 0:
			if pc.Role() != Cannon {
				return s, true
			}
			// Any piece landing between them would screen the cannon.
			if stride == 1 {
				s.screenRow |= btw
			} else {
				s.screenCol |= btw
			}
		case 1:
			if pc.Role() == Cannon {
				return s, true
			}
			if sq := base + Square(bits.TrailingZeros16(occ))*stride; p.board[sq].Color() == us {
				s.pinned = s.pinned.Set(sq)
			}
		case 2:
			if pc.Role() == Cannon {
				// Either screen leaving would leave the other as the only one.
				for ; occ != 0; occ &= occ - 1 {
					if sq := base + Square(bits.TrailingZeros16(occ))*stride; p.board[sq].Color() == us {
						s.pinned = s.pinned.Set(sq)
					}
				}
			}
		}
	}
	for bb := p.pieces[them][Horse]; !bb.Empty(); {
		h := bb.PopFirst()
		a, b := int(gr)-int(sqRow[h]), int(gc)-int(sqCol[h])
		if a*a+b*b != 5 {
			continue
		}
		leg := h + Square((a/2)*9+b/2)
		if lp := p.board[leg]; lp == NoPiece {
			return s, true
		} else if lp.Color() == us {
			s.pinned = s.pinned.Set(leg)
		}
	}
	if !p.pieces[them][Soldier].Empty() {
		soldier := MakePiece(them, Soldier)
		for _, sq := range soldierAttackFrom[them][g] {
			if p.board[sq] == soldier {
				return s, true
			}
		}
	}
	if s.screenRow|s.screenCol != 0 {
		base := Square(gr) * 9
		for m := s.screenRow; m != 0; m &= m - 1 {
			s.screen = s.screen.Set(base + Square(bits.TrailingZeros16(m)))
		}
		for m := s.screenCol; m != 0; m &= m - 1 {
			s.screen = s.screen.Set(Square(bits.TrailingZeros16(m))*9 + Square(gc))
		}
	}
	return s, false
}

// evasions returns, for the side to move whose general on g is in check, the squares a move
// of another piece must land on to have a chance of answering every check (the checkers,
// the squares between a checking chariot, cannon or general and g, the legs of checking
// horses) and the own pieces whose leaving may answer one (the lone screens of checking
// cannons). A move of a piece other than the general that does neither leaves some check in
// place and is illegal; the others still need an exact test.
func (p *Position) evasions(g Square) (to, from Bitboard) {
	us := p.turn
	them := us ^ 1
	gr, gc := sqRow[g], sqCol[g]
	rowOcc := p.rows[0][gr] | p.rows[1][gr]
	colOcc := p.cols[0][gc] | p.cols[1][gc]
	sliders := p.pieces[them][Chariot].Or(p.pieces[them][Cannon]).Or(p.pieces[them][General]).And(lineBB[g])
	for !sliders.Empty() {
		x := sliders.PopFirst()
		role := p.board[x].Role()
		var btw, occ uint16
		var base, stride Square
		if xr := sqRow[x]; xr == gr {
			if role == General {
				continue
			}
			btw = lineBetween(sqCol[x], gc)
			occ = btw & rowOcc
			base, stride = Square(gr)*9, 1
		} else {
			btw = lineBetween(xr, gr)
			occ = btw & colOcc
			base, stride = Square(gc), 9
		}
		n := bits.OnesCount16(occ)
		if n == 0 && role != Cannon || n == 1 && role == Cannon {
			to = to.Set(x)
			for m := btw; m != 0; m &= m - 1 {
				to = to.Set(base + Square(bits.TrailingZeros16(m))*stride)
			}
			if n == 1 {
				if sq := base + Square(bits.TrailingZeros16(occ))*stride; p.board[sq].Color() == us {
					from = from.Set(sq)
				}
			}
		}
	}
	for bb := p.pieces[them][Horse]; !bb.Empty(); {
		h := bb.PopFirst()
		a, b := int(gr)-int(sqRow[h]), int(gc)-int(sqCol[h])
		if a*a+b*b != 5 {
			continue
		}
		if leg := h + Square((a/2)*9+b/2); p.board[leg] == NoPiece {
			to = to.Set(h).Set(leg)
		}
	}
	if !p.pieces[them][Soldier].Empty() {
		soldier := MakePiece(them, Soldier)
		for _, sq := range soldierAttackFrom[them][g] {
			if p.board[sq] == soldier {
				to = to.Set(sq)
			}
		}
	}
	return to, from
}
