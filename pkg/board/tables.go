package board

// Precomputed move and attack tables. Sliding pieces use occupancy-indexed lookups on the
// row (9 bits) and column (10 bits) occupancy masks that Position keeps incrementally.

// slide holds, for one square on a line and one occupancy of that line, the reachable line
// indices as bit masks.
type slide struct {
	rook        uint16 // empty squares up to and including the first blocker each way
	cannonQuiet uint16 // empty squares up to the first blocker each way
	cannonCap   uint16 // the first piece beyond the screen each way
}

// stepPair is a move of a leaper: the square that must be empty (horse leg, elephant eye) and
// the destination.
type stepPair struct {
	block, to Square
}

var (
	rankSlide [9][512]slide   // [col][row occupancy]
	fileSlide [10][1024]slide // [row][col occupancy]

	horseMoves      [NumSquares][]stepPair // leg, destination
	horseAttackFrom [NumSquares][]stepPair // leg, horse square that attacks this square

	elephantMoves [2][NumSquares][]stepPair // eye, destination (own half only)
	advisorMoves  [2][NumSquares][]Square
	// advisorTargets[c][s] is advisorMoves[c][s] as a set.
	advisorTargets [2][NumSquares]Bitboard
	generalMoves   [2][NumSquares][]Square
	soldierMoves   [2][NumSquares][]Square
	// soldierAttackFrom[c][s] lists the squares from which a soldier of color c attacks s.
	soldierAttackFrom [2][NumSquares][]Square

	// kingZone[s] holds the squares whose change of occupancy can expose a general on s to
	// an attack: its row, its column and its four diagonal neighbours (horse legs).
	kingZone [NumSquares]Bitboard
	// lineBB[s] holds the squares of the row and the column of s, without s.
	lineBB [NumSquares]Bitboard
)

func lineSlide(pos, n int, occ uint16) slide {
	var sl slide
	for _, dir := range [2]int{-1, 1} {
		screen := false
		for i := pos + dir; i >= 0 && i < n; i += dir {
			bit := uint16(1) << i
			if !screen {
				if occ&bit == 0 {
					sl.rook |= bit
					sl.cannonQuiet |= bit
					continue
				}
				sl.rook |= bit
				screen = true
				continue
			}
			if occ&bit != 0 {
				sl.cannonCap |= bit
				break
			}
		}
	}
	return sl
}

func onBoard(r, c int) bool { return r >= 0 && r < 10 && c >= 0 && c < 9 }

func inPalace(c Color, r, col int) bool {
	if col < 3 || col > 5 {
		return false
	}
	if c == Red {
		return r >= 7
	}
	return r <= 2
}

func ownHalf(c Color, r int) bool {
	if c == Red {
		return r >= 5
	}
	return r <= 4
}

// forward returns the row step toward the opponent.
func forward(c Color) int {
	if c == Red {
		return -1
	}
	return 1
}

// init builds every table in dependency order (one init function, so that the order does
// not depend on file names).
func init() {
	initLineBitboards()
	initMoveTables()
	initSoldierMasks()
}

func initMoveTables() {
	for pos := 0; pos < 9; pos++ {
		for occ := 0; occ < 512; occ++ {
			rankSlide[pos][occ] = lineSlide(pos, 9, uint16(occ))
		}
	}
	for pos := 0; pos < 10; pos++ {
		for occ := 0; occ < 1024; occ++ {
			fileSlide[pos][occ] = lineSlide(pos, 10, uint16(occ))
		}
	}
	horseDirs := [8][4]int{ // dr, dc, leg dr, leg dc
		{-2, -1, -1, 0}, {-2, 1, -1, 0}, {2, -1, 1, 0}, {2, 1, 1, 0},
		{-1, -2, 0, -1}, {1, -2, 0, -1}, {-1, 2, 0, 1}, {1, 2, 0, 1},
	}
	for s := 0; s < NumSquares; s++ {
		r, c := s/9, s%9
		for _, d := range horseDirs {
			tr, tc := r+d[0], c+d[1]
			if !onBoard(tr, tc) {
				continue
			}
			horseMoves[s] = append(horseMoves[s], stepPair{NewSquare(r+d[2], c+d[3]), NewSquare(tr, tc)})
			// The horse on (tr,tc) attacks s through its own leg, one step toward s.
			hr, hc := tr, tc
			lr, lc := hr-d[2], hc-d[3]
			horseAttackFrom[s] = append(horseAttackFrom[s], stepPair{NewSquare(lr, lc), NewSquare(hr, hc)})
		}
		for _, col := range [2]Color{Red, Black} {
			for _, d := range [4][2]int{{-2, -2}, {-2, 2}, {2, -2}, {2, 2}} {
				tr, tc := r+d[0], c+d[1]
				if onBoard(tr, tc) && ownHalf(col, tr) {
					elephantMoves[col][s] = append(elephantMoves[col][s], stepPair{NewSquare(r+d[0]/2, c+d[1]/2), NewSquare(tr, tc)})
				}
			}
			for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				if tr, tc := r+d[0], c+d[1]; onBoard(tr, tc) && inPalace(col, tr, tc) {
					advisorMoves[col][s] = append(advisorMoves[col][s], NewSquare(tr, tc))
					advisorTargets[col][s] = advisorTargets[col][s].Set(NewSquare(tr, tc))
				}
			}
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if tr, tc := r+d[0], c+d[1]; onBoard(tr, tc) && inPalace(col, tr, tc) {
					generalMoves[col][s] = append(generalMoves[col][s], NewSquare(tr, tc))
				}
			}
			f := forward(col)
			if onBoard(r+f, c) {
				soldierMoves[col][s] = append(soldierMoves[col][s], NewSquare(r+f, c))
			}
			if !ownHalf(col, r) {
				for _, dc := range [2]int{-1, 1} {
					if onBoard(r, c+dc) {
						soldierMoves[col][s] = append(soldierMoves[col][s], NewSquare(r, c+dc))
					}
				}
			}
		}
		kingZone[s] = rowBB[r].Or(fileBB[c])
		lineBB[s] = kingZone[s].Clear(Square(s))
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			if onBoard(r+d[0], c+d[1]) {
				kingZone[s] = kingZone[s].Set(NewSquare(r+d[0], c+d[1]))
			}
		}
	}
	for _, col := range [2]Color{Red, Black} {
		for s := 0; s < NumSquares; s++ {
			for _, t := range soldierMoves[col][s] {
				soldierAttackFrom[col][t] = append(soldierAttackFrom[col][t], Square(s))
			}
		}
	}
}
