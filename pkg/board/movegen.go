package board

import "math/bits"

// MaxMoves bounds the number of pseudo-legal moves of any position (the known maximum of legal
// moves is far below it). Buffers of this size never overflow.
const MaxMoves = 192

// MoveList is a fixed-capacity move buffer that lives on the stack.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Slice returns the moves in the list (aliasing the list's storage).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(from, to Square) {
	l.Moves[l.N] = NewMove(from, to)
	l.N++
}

// attacked reports whether sq, holding (or about to hold) a general of the side other than by,
// is attacked by the pieces of color by. The enemy general counts as attacking along an open
// file (the flying-general rule).
func (p *Position) attacked(sq Square, by Color) bool {
	r, c := sqRow[sq], sqCol[sq]
	rowOcc := p.rows[0][r] | p.rows[1][r]
	colOcc := p.cols[0][c] | p.cols[1][c]
	chariot := MakePiece(by, Chariot)
	cannon := MakePiece(by, Cannon)
	general := MakePiece(by, General)
	base := Square(r) * 9
	rs := &rankSlide[c][rowOcc]
	for m := rs.rook & rowOcc & p.rows[by][r]; m != 0; m &= m - 1 {
		if p.board[base+Square(bits.TrailingZeros16(m))] == chariot {
			return true
		}
	}
	for m := rs.cannonCap & p.rows[by][r]; m != 0; m &= m - 1 {
		if p.board[base+Square(bits.TrailingZeros16(m))] == cannon {
			return true
		}
	}
	fs := &fileSlide[r][colOcc]
	for m := fs.rook & colOcc & p.cols[by][c]; m != 0; m &= m - 1 {
		pc := p.board[Square(bits.TrailingZeros16(m))*9+Square(c)]
		if pc == chariot || pc == general {
			return true
		}
	}
	for m := fs.cannonCap & p.cols[by][c]; m != 0; m &= m - 1 {
		if p.board[Square(bits.TrailingZeros16(m))*9+Square(c)] == cannon {
			return true
		}
	}
	if !p.pieces[by][Horse].Empty() {
		horse := MakePiece(by, Horse)
		for _, hp := range horseAttackFrom[sq] {
			if p.board[hp.to] == horse && p.board[hp.block] == NoPiece {
				return true
			}
		}
	}
	if !p.pieces[by][Soldier].Empty() {
		soldier := MakePiece(by, Soldier)
		for _, s := range soldierAttackFrom[by][sq] {
			if p.board[s] == soldier {
				return true
			}
		}
	}
	return false
}

// InCheck reports whether the side to move is in check (its general attacked, including by the
// opposing general on an open file).
func (p *Position) InCheck() bool {
	g := p.general[p.turn]
	return g != NoSquare && p.attacked(g, p.turn^1)
}

// genPseudo appends every pseudo-legal move (legal but for exposing one's own general).
func (p *Position) genPseudo(l *MoveList) {
	us := p.turn
	them := us ^ 1
	for bb := p.pieces[us][Chariot]; !bb.Empty(); {
		from := bb.PopFirst()
		r, c := sqRow[from], sqCol[from]
		rowOcc := p.rows[0][r] | p.rows[1][r]
		base := Square(r) * 9
		for m := rankSlide[c][rowOcc].rook &^ p.rows[us][r]; m != 0; m &= m - 1 {
			l.add(from, base+Square(bits.TrailingZeros16(m)))
		}
		colOcc := p.cols[0][c] | p.cols[1][c]
		for m := fileSlide[r][colOcc].rook &^ p.cols[us][c]; m != 0; m &= m - 1 {
			l.add(from, Square(bits.TrailingZeros16(m))*9+Square(c))
		}
	}
	for bb := p.pieces[us][Cannon]; !bb.Empty(); {
		from := bb.PopFirst()
		r, c := sqRow[from], sqCol[from]
		rowOcc := p.rows[0][r] | p.rows[1][r]
		base := Square(r) * 9
		rs := &rankSlide[c][rowOcc]
		for m := rs.cannonQuiet | rs.cannonCap&p.rows[them][r]; m != 0; m &= m - 1 {
			l.add(from, base+Square(bits.TrailingZeros16(m)))
		}
		colOcc := p.cols[0][c] | p.cols[1][c]
		fs := &fileSlide[r][colOcc]
		for m := fs.cannonQuiet | fs.cannonCap&p.cols[them][c]; m != 0; m &= m - 1 {
			l.add(from, Square(bits.TrailingZeros16(m))*9+Square(c))
		}
	}
	for bb := p.pieces[us][Horse]; !bb.Empty(); {
		from := bb.PopFirst()
		for _, hp := range horseMoves[from] {
			if p.board[hp.block] == NoPiece {
				if t := p.board[hp.to]; t == NoPiece || t.Color() != us {
					l.add(from, hp.to)
				}
			}
		}
	}
	for bb := p.pieces[us][Soldier]; !bb.Empty(); {
		from := bb.PopFirst()
		for _, to := range soldierMoves[us][from] {
			if t := p.board[to]; t == NoPiece || t.Color() != us {
				l.add(from, to)
			}
		}
	}
	for bb := p.pieces[us][Elephant]; !bb.Empty(); {
		from := bb.PopFirst()
		for _, ep := range elephantMoves[us][from] {
			if p.board[ep.block] == NoPiece {
				if t := p.board[ep.to]; t == NoPiece || t.Color() != us {
					l.add(from, ep.to)
				}
			}
		}
	}
	for bb := p.pieces[us][Advisor]; !bb.Empty(); {
		from := bb.PopFirst()
		for _, to := range advisorMoves[us][from] {
			if t := p.board[to]; t == NoPiece || t.Color() != us {
				l.add(from, to)
			}
		}
	}
	for bb := p.pieces[us][General]; !bb.Empty(); {
		from := bb.PopFirst()
		for _, to := range generalMoves[us][from] {
			if t := p.board[to]; t == NoPiece || t.Color() != us {
				l.add(from, to)
			}
		}
	}
}

// legalAfter reports whether the pseudo-legal move m leaves the mover's general safe.
// zone is kingZone of the mover's general and inCheck whether the mover is in check now;
// a move that touches no square of the zone cannot change the general's safety.
func (p *Position) legalAfter(m Move, zone *Bitboard, inCheck bool) bool {
	from, to := m.From(), m.To()
	g := p.general[p.turn]
	if p.board[from].Role() == General {
		g = to
	} else if g == NoSquare || !inCheck && !zone.Has(from) && !zone.Has(to) {
		return true
	}
	return p.safeAfter(from, to, g)
}

// safeAfter reports whether the general that stands on g after the move from→to (g == to
// when the general itself moves) is not attacked then. It computes the attacks on the
// occupancy the move would leave, without making the move.
func (p *Position) safeAfter(from, to, g Square) bool {
	us := p.turn
	them := us ^ 1
	r, c := sqRow[g], sqCol[g]
	fr, fc, tr, tc := sqRow[from], sqCol[from], sqRow[to], sqCol[to]
	rowOcc := p.rows[0][r] | p.rows[1][r]
	colOcc := p.cols[0][c] | p.cols[1][c]
	if fr == r {
		rowOcc &^= 1 << fc
	}
	if tr == r {
		rowOcc |= 1 << tc
	}
	if fc == c {
		colOcc &^= 1 << fr
	}
	if tc == c {
		colOcc |= 1 << tr
	}
	// The enemy chariots, cannons and general on the general's lines: a chariot (or the
	// general, on the file) attacks with nothing between, a cannon with exactly one screen.
	// A piece on to is captured by the move.
	sliders := p.pieces[them][Chariot].Or(p.pieces[them][Cannon]).Or(p.pieces[them][General]).And(lineBB[g])
	for !sliders.Empty() {
		x := sliders.PopFirst()
		if x == to {
			continue
		}
		role := p.board[x].Role()
		var n int
		if sqRow[x] == r {
			if role == General {
				continue
			}
			n = bits.OnesCount16(lineBetween(sqCol[x], c) & rowOcc)
		} else {
			n = bits.OnesCount16(lineBetween(sqRow[x], r) & colOcc)
		}
		if n == 0 && role != Cannon || n == 1 && role == Cannon {
			return false
		}
	}
	for bb := p.pieces[them][Horse]; !bb.Empty(); {
		h := bb.PopFirst()
		a, b := int(r)-int(sqRow[h]), int(c)-int(sqCol[h])
		if a*a+b*b != 5 || h == to {
			continue
		}
		if leg := h + Square((a/2)*9+b/2); leg == from || p.board[leg] == NoPiece && leg != to {
			return false
		}
	}
	if !p.pieces[them][Soldier].Empty() {
		soldier := MakePiece(them, Soldier)
		for _, s := range soldierAttackFrom[them][g] {
			if p.board[s] == soldier && s != to {
				return false
			}
		}
	}
	return true
}

func (p *Position) zone() Bitboard {
	if g := p.general[p.turn]; g != NoSquare {
		return kingZone[g]
	}
	return Bitboard{}
}

// GenerateLegal fills l with every legal move of the side to move.
func (p *Position) GenerateLegal(l *MoveList) {
	l.N = 0
	p.genPseudo(l)
	us := p.turn
	g := p.general[us]
	if g == NoSquare || p.pieces[us][General].Count() != 1 {
		// An odd setup without exactly one general: test each move on its own.
		zone := p.zone()
		inCheck := p.InCheck()
		n := 0
		for _, m := range l.Moves[:l.N] {
			if p.legalAfter(m, &zone, inCheck) {
				l.Moves[n] = m
				n++
			}
		}
		l.N = n
		return
	}
	s, check := p.guard(g)
	if check {
		p.filterEvasions(l, g)
		return
	}
	// Not in check: only moves of the general and of pinned pieces need a test, and no
	// other piece may land on a cannon screen square (see safety).
	risky := s.pinned.Set(g)
	n := 0
	for _, m := range l.Moves[:l.N] {
		from, to := m.From(), m.To()
		if risky.Has(from) {
			at := g
			if from == g {
				at = to
			}
			if !p.safeAfter(from, to, at) {
				continue
			}
		} else if s.screen.Has(to) {
			continue // a free piece landing there screens an enemy cannon
		}
		l.Moves[n] = m
		n++
	}
	l.N = n
}

// LegalMoves appends the legal moves of the side to move to dst and returns it. It allocates
// only when dst lacks capacity.
func (p *Position) LegalMoves(dst []Move) []Move {
	var l MoveList
	p.GenerateLegal(&l)
	return append(dst, l.Moves[:l.N]...)
}

// CountLegal returns the number of legal moves of the side to move.
func (p *Position) CountLegal() int { return p.countLegalBulk() }

func (p *Position) countLegal(l *MoveList) int {
	zone := p.zone()
	inCheck := p.InCheck()
	n := 0
	for _, m := range l.Moves[:l.N] {
		if p.legalAfter(m, &zone, inCheck) {
			n++
		}
	}
	return n
}

// HasLegalMove reports whether the side to move has any legal move. Without one it has lost
// (checkmate, or stalemate, which is also a loss in Xiangqi).
func (p *Position) HasLegalMove() bool {
	var l MoveList
	p.genPseudo(&l)
	zone := p.zone()
	inCheck := p.InCheck()
	for _, m := range l.Moves[:l.N] {
		if p.legalAfter(m, &zone, inCheck) {
			return true
		}
	}
	return false
}

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move is not in check but has no legal move.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// IsPseudoLegal reports whether m moves a piece of the side to move along a path its kind may
// take, onto an empty square or an enemy piece, ignoring the safety of its own general.
func (p *Position) IsPseudoLegal(m Move) bool {
	from, to := m.From(), m.To()
	if from >= NumSquares || to >= NumSquares || from == to {
		return false
	}
	pc := p.board[from]
	us := p.turn
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == us {
		return false
	}
	fr, fc, tr, tc := sqRow[from], sqCol[from], sqRow[to], sqCol[to]
	switch pc.Role() {
	case Chariot, Cannon:
		var sl *slide
		var bit uint16
		switch {
		case fr == tr:
			sl = &rankSlide[fc][p.rows[0][fr]|p.rows[1][fr]]
			bit = 1 << tc
		case fc == tc:
			sl = &fileSlide[fr][p.cols[0][fc]|p.cols[1][fc]]
			bit = 1 << tr
		default:
			return false
		}
		if pc.Role() == Chariot {
			return sl.rook&bit != 0
		}
		if target == NoPiece {
			return sl.cannonQuiet&bit != 0
		}
		return sl.cannonCap&bit != 0
	case Horse:
		for _, hp := range horseMoves[from] {
			if hp.to == to {
				return p.board[hp.block] == NoPiece
			}
		}
	case Elephant:
		for _, ep := range elephantMoves[us][from] {
			if ep.to == to {
				return p.board[ep.block] == NoPiece
			}
		}
	case Advisor:
		return containsSquare(advisorMoves[us][from], to)
	case General:
		return containsSquare(generalMoves[us][from], to)
	case Soldier:
		return containsSquare(soldierMoves[us][from], to)
	}
	return false
}

func containsSquare(list []Square, s Square) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// IsLegal reports whether m is a legal move of the side to move. It tests m alone, without
// generating the move list.
func (p *Position) IsLegal(m Move) bool {
	if !p.IsPseudoLegal(m) {
		return false
	}
	// legalAfter, with the check test done only when its answer matters: a move that
	// touches the general's zone (or moves the general) is tested exactly either way.
	from, to := m.From(), m.To()
	g := p.general[p.turn]
	switch {
	case p.board[from].Role() == General:
		g = to
	case g == NoSquare:
		return true
	case !kingZone[g].Has(from) && !kingZone[g].Has(to) && !p.InCheck():
		return true
	}
	return p.safeAfter(from, to, g)
}

// IsCapture reports whether m takes a piece in this position.
func (p *Position) IsCapture(m Move) bool { return p.At(m.To()) != NoPiece }

// GivesCheck reports whether the legal move m puts the opponent in check.
func (p *Position) GivesCheck(m Move) bool {
	captured := p.makeMove(m)
	check := p.InCheck()
	p.unmakeMove(m, captured)
	return check
}
