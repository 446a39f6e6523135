package board

import "math/bits"

// zoneRows[g][r] holds the columns of row r that lie in kingZone[g]; zoneCols[g][c] the rows
// of column c that do. They let the move counter classify whole target masks at once.
var zoneRows [NumSquares][10]uint16
var zoneCols [NumSquares][9]uint16

func initZoneMasks() {
	for g := Square(0); g < NumSquares; g++ {
		for s := Square(0); s < NumSquares; s++ {
			if kingZone[g].Has(s) {
				zoneRows[g][sqRow[s]] |= 1 << sqCol[s]
				zoneCols[g][sqCol[s]] |= 1 << sqRow[s]
			}
		}
	}
}

// countLegalBulk counts the legal moves of the side to move without listing them: when the
// side is not in check, every move of a piece off the general's zone to a square off the zone
// is legal, so whole target masks of sliding pieces are counted with one popcount.
func (p *Position) countLegalBulk() int {
	us := p.turn
	g := p.general[us]
	if g == NoSquare || p.attacked(g, us^1) {
		var l MoveList
		p.genPseudo(&l)
		return p.countLegal(&l)
	}
	them := us ^ 1
	zone := &kingZone[g]
	zr := &zoneRows[g]
	zc := &zoneCols[g]
	n := 0
	for bb := p.pieces[us][Chariot]; !bb.Empty(); {
		from := bb.PopFirst()
		r, c := sqRow[from], sqCol[from]
		rowT := rankSlide[c][p.rows[0][r]|p.rows[1][r]].rook &^ p.rows[us][r]
		colT := fileSlide[r][p.cols[0][c]|p.cols[1][c]].rook &^ p.cols[us][c]
		n += p.countLine(from, g, zone.Has(from), rowT, colT, zr[r], zc[c])
	}
	for bb := p.pieces[us][Cannon]; !bb.Empty(); {
		from := bb.PopFirst()
		r, c := sqRow[from], sqCol[from]
		rs := &rankSlide[c][p.rows[0][r]|p.rows[1][r]]
		fs := &fileSlide[r][p.cols[0][c]|p.cols[1][c]]
		rowT := rs.cannonQuiet | rs.cannonCap&p.rows[them][r]
		colT := fs.cannonQuiet | fs.cannonCap&p.cols[them][c]
		n += p.countLine(from, g, zone.Has(from), rowT, colT, zr[r], zc[c])
	}
	for bb := p.pieces[us][Horse]; !bb.Empty(); {
		from := bb.PopFirst()
		inZone := zone.Has(from)
		for _, hp := range horseMoves[from] {
			if p.board[hp.block] != NoPiece {
				continue
			}
			if t := p.board[hp.to]; t != NoPiece && t.Color() == us {
				continue
			}
			if !inZone && !zone.Has(hp.to) || p.safeAfter(from, hp.to, g) {
				n++
			}
		}
	}
	for bb := p.pieces[us][Soldier]; !bb.Empty(); {
		from := bb.PopFirst()
		inZone := zone.Has(from)
		for _, to := range soldierMoves[us][from] {
			if t := p.board[to]; t != NoPiece && t.Color() == us {
				continue
			}
			if !inZone && !zone.Has(to) || p.safeAfter(from, to, g) {
				n++
			}
		}
	}
	for bb := p.pieces[us][Elephant]; !bb.Empty(); {
		from := bb.PopFirst()
		inZone := zone.Has(from)
		for _, ep := range elephantMoves[us][from] {
			if p.board[ep.block] != NoPiece {
				continue
			}
			if t := p.board[ep.to]; t != NoPiece && t.Color() == us {
				continue
			}
			if !inZone && !zone.Has(ep.to) || p.safeAfter(from, ep.to, g) {
				n++
			}
		}
	}
	for bb := p.pieces[us][Advisor]; !bb.Empty(); {
		from := bb.PopFirst()
		inZone := zone.Has(from)
		for _, to := range advisorMoves[us][from] {
			if t := p.board[to]; t != NoPiece && t.Color() == us {
				continue
			}
			if !inZone && !zone.Has(to) || p.safeAfter(from, to, g) {
				n++
			}
		}
	}
	for bb := p.pieces[us][General]; !bb.Empty(); {
		from := bb.PopFirst()
		for _, to := range generalMoves[us][from] {
			if t := p.board[to]; t != NoPiece && t.Color() == us {
				continue
			}
			if p.safeAfter(from, to, to) {
				n++
			}
		}
	}
	return n
}

// countLine counts the legal moves of a chariot or cannon on from with row targets rowT
// (column bits) and column targets colT (row bits); zoneRow and zoneCol are the zone's bits on
// the piece's row and column.
func (p *Position) countLine(from, g Square, fromInZone bool, rowT, colT, zoneRow, zoneCol uint16) int {
	r, c := sqRow[from], sqCol[from]
	n := 0
	check := rowT
	if !fromInZone {
		n += bits.OnesCount16(rowT &^ zoneRow)
		check = rowT & zoneRow
	}
	base := Square(r) * 9
	for ; check != 0; check &= check - 1 {
		if p.safeAfter(from, base+Square(bits.TrailingZeros16(check)), g) {
			n++
		}
	}
	check = colT
	if !fromInZone {
		n += bits.OnesCount16(colT &^ zoneCol)
		check = colT & zoneCol
	}
	for ; check != 0; check &= check - 1 {
		if p.safeAfter(from, Square(bits.TrailingZeros16(check))*9+Square(c), g) {
			n++
		}
	}
	return n
}
