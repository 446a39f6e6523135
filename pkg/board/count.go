package board

import "math/bits"

// countLegalBulk counts the legal moves of the side to move without listing them. When the
// side is not in check, a move of a piece that is not pinned is legal unless it lands on a
// cannon screen square, where it is never legal (see safety); so whole target sets are
// counted with a popcount and only the moves of pinned pieces and of the general are tested.
func (p *Position) countLegalBulk() int {
	us := p.turn
	g := p.general[us]
	if g == NoSquare || p.pieces[us][General].Count() != 1 {
		var l MoveList
		p.genPseudo(&l)
		return p.countLegal(&l)
	}
	s, check := p.guard(g)
	if check {
		var l MoveList
		p.genPseudo(&l)
		return p.filterEvasions(&l, g)
	}
	them := us ^ 1
	gr, gc := sqRow[g], sqCol[g]
	plain := s.screenRow|s.screenCol == 0 // no cannon screen to avoid
	n := 0
	for bb := p.pieces[us][Chariot]; !bb.Empty(); {
		from := bb.PopFirst()
		r, c := sqRow[from], sqCol[from]
		rowT := rankSlide[c][p.rows[0][r]|p.rows[1][r]].rook &^ p.rows[us][r]
		colT := fileSlide[r][p.cols[0][c]|p.cols[1][c]].rook &^ p.cols[us][c]
		if plain && !s.pinned.Has(from) {
			n += bits.OnesCount16(rowT) + bits.OnesCount16(colT)
			continue
		}
		n += p.countLine(from, g, &s, plain, gr, gc, rowT, colT)
	}
	for bb := p.pieces[us][Cannon]; !bb.Empty(); {
		from := bb.PopFirst()
		r, c := sqRow[from], sqCol[from]
		rs := &rankSlide[c][p.rows[0][r]|p.rows[1][r]]
		fs := &fileSlide[r][p.cols[0][c]|p.cols[1][c]]
		rowT := rs.cannonQuiet | rs.cannonCap&p.rows[them][r]
		colT := fs.cannonQuiet | fs.cannonCap&p.cols[them][c]
		if plain && !s.pinned.Has(from) {
			n += bits.OnesCount16(rowT) + bits.OnesCount16(colT)
			continue
		}
		n += p.countLine(from, g, &s, plain, gr, gc, rowT, colT)
	}
	for bb := p.pieces[us][Horse]; !bb.Empty(); {
		from := bb.PopFirst()
		pinned := s.pinned.Has(from)
		for _, hp := range horseMoves[from] {
			if p.board[hp.block] != NoPiece {
				continue
			}
			if pinned {
				if t := p.board[hp.to]; (t == NoPiece || t.Color() != us) && p.safeAfter(from, hp.to, g) {
					n++
				}
			} else if t := p.board[hp.to]; (t == NoPiece || t.Color() != us) && (plain || !s.screen.Has(hp.to)) {
				n++
			}
		}
	}
	soldiers := p.pieces[us][Soldier]
	// own holds the squares a free (unpinned) piece may not land on: its own pieces and the
	// cannon screens.
	own := p.occupied(us).Or(s.screen)
	if free := soldiers.AndNot(s.pinned); !free.Empty() {
		n += soldierCount(us, free, own)
		soldiers = soldiers.And(s.pinned)
	}
	for bb := soldiers; !bb.Empty(); {
		from := bb.PopFirst()
		for _, to := range soldierMoves[us][from] {
			if t := p.board[to]; (t == NoPiece || t.Color() != us) && p.safeAfter(from, to, g) {
				n++
			}
		}
	}
	for bb := p.pieces[us][Elephant]; !bb.Empty(); {
		from := bb.PopFirst()
		pinned := s.pinned.Has(from)
		for _, ep := range elephantMoves[us][from] {
			if p.board[ep.block] != NoPiece {
				continue
			}
			if pinned {
				if t := p.board[ep.to]; (t == NoPiece || t.Color() != us) && p.safeAfter(from, ep.to, g) {
					n++
				}
			} else if t := p.board[ep.to]; (t == NoPiece || t.Color() != us) && (plain || !s.screen.Has(ep.to)) {
				n++
			}
		}
	}
	for bb := p.pieces[us][Advisor]; !bb.Empty(); {
		from := bb.PopFirst()
		if !s.pinned.Has(from) {
			n += advisorTargets[us][from].AndNot(own).Count()
			continue
		}
		for _, to := range advisorMoves[us][from] {
			if t := p.board[to]; (t == NoPiece || t.Color() != us) && p.safeAfter(from, to, g) {
				n++
			}
		}
	}
	for _, to := range generalMoves[us][g] {
		if t := p.board[to]; t != NoPiece && t.Color() == us {
			continue
		}
		if p.safeAfter(g, to, to) {
			n++
		}
	}
	return n
}

// countLine counts the legal moves of a chariot or cannon on from with row targets rowT
// (column bits) and column targets colT (row bits), for a side not in check whose general
// stands on g = (gr, gc) with safety s; plain says that no cannon screen is open.
func (p *Position) countLine(from, g Square, s *safety, plain bool, gr, gc uint8, rowT, colT uint16) int {
	if !s.pinned.Has(from) {
		if !plain {
			// A free piece may not land on a cannon screen square.
			r, c := sqRow[from], sqCol[from]
			if r == gr {
				rowT &^= s.screenRow
			} else if s.screenCol>>r&1 != 0 {
				rowT &^= 1 << gc
			}
			if c == gc {
				colT &^= s.screenCol
			} else if s.screenRow>>c&1 != 0 {
				colT &^= 1 << gr
			}
		}
		return bits.OnesCount16(rowT) + bits.OnesCount16(colT)
	}
	r, c := sqRow[from], sqCol[from]
	n := 0
	base := Square(r) * 9
	for ; rowT != 0; rowT &= rowT - 1 {
		if p.safeAfter(from, base+Square(bits.TrailingZeros16(rowT)), g) {
			n++
		}
	}
	for ; colT != 0; colT &= colT - 1 {
		if p.safeAfter(from, Square(bits.TrailingZeros16(colT))*9+Square(c), g) {
			n++
		}
	}
	return n
}

// filterEvasions keeps the legal moves of the pseudo-legal list l of a side in check, whose
// general stands on g, and returns their number. Only the moves that evasions allows are
// tested.
func (p *Position) filterEvasions(l *MoveList, g Square) int {
	to, from := p.evasions(g)
	n := 0
	for _, m := range l.Moves[:l.N] {
		f, t := m.From(), m.To()
		if f == g {
			if !p.safeAfter(g, t, t) {
				continue
			}
		} else if !to.Has(t) && !from.Has(f) || !p.safeAfter(f, t, g) {
			continue
		}
		l.Moves[n] = m
		n++
	}
	l.N = n
	return n
}

// occupied returns the squares of the pieces of color c.
func (p *Position) occupied(c Color) Bitboard {
	pc := &p.pieces[c]
	return Bitboard{
		pc[General].Lo | pc[Advisor].Lo | pc[Elephant].Lo | pc[Horse].Lo | pc[Chariot].Lo | pc[Cannon].Lo | pc[Soldier].Lo,
		pc[General].Hi | pc[Advisor].Hi | pc[Elephant].Hi | pc[Horse].Hi | pc[Chariot].Hi | pc[Cannon].Hi | pc[Soldier].Hi,
	}
}

// Masks for soldierCount: the squares across the river for each side, and those of the
// edge files a soldier cannot step sideways off.
var (
	acrossRiver        = [2]Bitboard{{Lo: 1<<45 - 1}, {Lo: ^uint64(1<<45 - 1), Hi: 1<<26 - 1}}
	notFileA, notFileI Bitboard
)

func initSoldierMasks() {
	for s := Square(0); s < NumSquares; s++ {
		if s.Col() != 0 {
			notFileA = notFileA.Set(s)
		}
		if s.Col() != 8 {
			notFileI = notFileI.Set(s)
		}
	}
}

// soldierCount returns the number of moves of the soldiers of color c, none of them pinned,
// onto squares not in own: one shift of the whole set per direction.
func soldierCount(c Color, soldiers, own Bitboard) int {
	var fwd Bitboard
	if c == Red { // toward row 0: square - 9
		fwd = Bitboard{soldiers.Lo>>9 | soldiers.Hi<<55, soldiers.Hi >> 9}
	} else { // toward row 9: square + 9, off the board past row 9
		fwd = Bitboard{soldiers.Lo << 9, (soldiers.Hi<<9 | soldiers.Lo>>55) & (1<<26 - 1)}
	}
	n := fwd.AndNot(own).Count()
	across := soldiers.And(acrossRiver[c])
	if across.Empty() {
		return n
	}
	l := across.And(notFileA) // square - 1
	l = Bitboard{l.Lo>>1 | l.Hi<<63, l.Hi >> 1}
	r := across.And(notFileI) // square + 1
	r = Bitboard{r.Lo << 1, r.Hi<<1 | r.Lo>>63}
	return n + l.AndNot(own).Count() + r.AndNot(own).Count()
}
