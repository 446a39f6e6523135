package board

import (
	"errors"
	"fmt"
	"strings"
)

// Position is a validated position that moves can be played on. It keeps a mailbox, one
// bitboard per colored role, per-row and per-column occupancy masks for the sliding-piece
// lookups, the general squares and an incrementally updated Zobrist key.
//
// The zero value is not usable; build positions with NewPosition or FromFEN. Copying a
// Position by value gives an independent position.
type Position struct {
	board    [NumSquares]Piece
	pieces   [2][8]Bitboard // by color and role
	rows     [2][10]uint16  // occupancy of each row by color, bit = col
	cols     [2][9]uint16   // occupancy of each column by color, bit = row
	general  [2]Square      // NoSquare when a side has no general (only in ignored setups)
	turn     Color
	key      uint64
	halfmove int
	fullmove int
}

// Problem is a set of reasons why a setup is not a legal Xiangqi position. Each kind can be
// ignored when building a Position, because real archives contain odd setups that must still
// replay.
type Problem uint16

// The kinds of setup problems.
const (
	ProblemNoGeneral       Problem = 1 << iota // a side has no general
	ProblemTooManyGenerals                     // a side has two or more generals
	ProblemGeneralsFacing                      // the generals see each other on an open file
	ProblemBadSquare                           // a piece stands where its kind can never go
	ProblemTooManyPieces                       // more pieces of a kind than a side starts with
	ProblemOpponentInCheck                     // the side not to move is in check
)

// AllProblems is every problem kind; pass it to NewPosition to accept any setup.
const AllProblems Problem = ProblemNoGeneral | ProblemTooManyGenerals | ProblemGeneralsFacing |
	ProblemBadSquare | ProblemTooManyPieces | ProblemOpponentInCheck

var problemNames = []struct {
	p    Problem
	name string
}{
	{ProblemNoGeneral, "no general"},
	{ProblemTooManyGenerals, "too many generals"},
	{ProblemGeneralsFacing, "generals face each other"},
	{ProblemBadSquare, "piece on a square its kind cannot reach"},
	{ProblemTooManyPieces, "too many pieces of a kind"},
	{ProblemOpponentInCheck, "side not to move is in check"},
}

// String lists the problems, separated by "; ".
func (p Problem) String() string {
	var parts []string
	for _, n := range problemNames {
		if p&n.p != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, "; ")
}

// ErrInvalidSetup is the sentinel wrapped by SetupError.
var ErrInvalidSetup = errors.New("invalid setup")

// SetupError reports the problems that made NewPosition refuse a setup, with one detail line
// per offending piece or side.
type SetupError struct {
	Problems Problem
	Details  []string
}

func (e *SetupError) Error() string {
	return fmt.Sprintf("invalid setup: %s", strings.Join(e.Details, "; "))
}

// Unwrap returns ErrInvalidSetup.
func (e *SetupError) Unwrap() error { return ErrInvalidSetup }

// Validate returns every problem of the setup and a detail line for each.
func (s *Setup) Validate() (Problem, []string) {
	var probs Problem
	var details []string
	add := func(p Problem, format string, args ...any) {
		probs |= p
		details = append(details, fmt.Sprintf(format, args...))
	}
	var count [2][8]int
	var gen [2]Square = [2]Square{NoSquare, NoSquare}
	for sq := Square(0); sq < NumSquares; sq++ {
		p := s.Board[sq]
		if p == NoPiece {
			continue
		}
		c, r := p.Color(), p.Role()
		count[c][r]++
		if r == General && gen[c] == NoSquare {
			gen[c] = sq
		}
		if !reachable(c, r, sq) {
			add(ProblemBadSquare, "%s %s on %s", c, r, sq)
		}
	}
	limits := [8]int{0, 1, 2, 2, 2, 2, 2, 5}
	for _, c := range [2]Color{Red, Black} {
		switch n := count[c][General]; {
		case n == 0:
			add(ProblemNoGeneral, "%s has no general", c)
		case n > 1:
			add(ProblemTooManyGenerals, "%s has %d generals", c, n)
		}
		for _, r := range Roles[1:] {
			if count[c][r] > limits[r] {
				add(ProblemTooManyPieces, "%s has %d %ss (at most %d)", c, count[c][r], r, limits[r])
			}
		}
	}
	if gen[Red] != NoSquare && gen[Black] != NoSquare && gen[Red].Col() == gen[Black].Col() {
		facing := true
		for sq := gen[Black] + 9; sq < gen[Red]; sq += 9 {
			if s.Board[sq] != NoPiece {
				facing = false
				break
			}
		}
		if facing {
			add(ProblemGeneralsFacing, "generals face each other on file %c", gen[Red].File())
		}
	}
	if probs&(ProblemNoGeneral|ProblemGeneralsFacing) == 0 {
		var p Position
		p.load(s)
		them := s.Turn.Other()
		if p.general[them] != NoSquare && p.attacked(p.general[them], s.Turn) {
			add(ProblemOpponentInCheck, "%s is in check but %s is to move", them, s.Turn)
		}
	}
	return probs, details
}

// reachable reports whether a piece of color c and role r can ever stand on sq.
func reachable(c Color, r Role, sq Square) bool {
	row, col := sq.Row(), sq.Col()
	if c == Black { // mirror to Red's view
		row = 9 - row
	}
	switch r {
	case General:
		return row >= 7 && col >= 3 && col <= 5
	case Advisor:
		return (row == 9 || row == 7) && (col == 3 || col == 5) || row == 8 && col == 4
	case Elephant:
		switch row {
		case 9, 5:
			return col == 2 || col == 6
		case 7:
			return col == 0 || col == 4 || col == 8
		}
		return false
	case Soldier:
		if row >= 7 {
			return false
		}
		if row >= 5 {
			return col%2 == 0
		}
		return true
	}
	return true
}

// NewPosition validates a setup and builds a Position. Problems in ignore are accepted; any
// other problem gives a *SetupError.
func NewPosition(s Setup, ignore Problem) (*Position, error) {
	if ignore&AllProblems != AllProblems {
		probs, details := s.Validate()
		if probs&^ignore != 0 {
			return nil, &SetupError{Problems: probs &^ ignore, Details: details}
		}
	}
	p := new(Position)
	p.load(&s)
	return p, nil
}

// FromFEN parses a FEN and builds a fully validated Position.
func FromFEN(fen string) (*Position, error) {
	s, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return NewPosition(s, 0)
}

// StartPosition returns the standard initial position.
func StartPosition() *Position {
	p, err := FromFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Position) load(s *Setup) {
	*p = Position{}
	p.general = [2]Square{NoSquare, NoSquare}
	for sq := Square(0); sq < NumSquares; sq++ {
		if pc := s.Board[sq]; pc != NoPiece {
			p.put(pc, sq)
			p.key ^= zobristPiece[pc][sq]
		}
	}
	for _, c := range [2]Color{Red, Black} {
		p.general[c] = p.pieces[c][General].First()
	}
	p.turn = s.Turn
	if p.turn == Black {
		p.key ^= zobristSide
	}
	p.halfmove = s.Halfmove
	p.fullmove = max(s.Fullmove, 1)
}

func (p *Position) put(pc Piece, sq Square) {
	c := pc.Color()
	p.board[sq] = pc
	p.pieces[c][pc.Role()] = p.pieces[c][pc.Role()].Set(sq)
	p.rows[c][sqRow[sq]] |= 1 << sqCol[sq]
	p.cols[c][sqCol[sq]] |= 1 << sqRow[sq]
}

// Setup returns the position as an unvalidated setup.
func (p *Position) Setup() Setup {
	return Setup{Board: p.board, Turn: p.turn, Halfmove: p.halfmove, Fullmove: p.fullmove}
}

// FEN returns the canonical xqbase FEN of the position.
func (p *Position) FEN() string {
	return string(p.AppendFEN(make([]byte, 0, 100)))
}

// AppendFEN appends the FEN that FEN returns to dst and returns the extended buffer.
func (p *Position) AppendFEN(dst []byte) []byte {
	return appendFEN(dst, &p.board, p.turn, p.halfmove, p.fullmove)
}

// BoardFEN returns only the placement field of the FEN.
func (p *Position) BoardFEN() string { return boardFEN(&p.board) }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// At returns the piece on sq (NoPiece when empty or off the board).
func (p *Position) At(sq Square) Piece {
	if sq >= NumSquares {
		return NoPiece
	}
	return p.board[sq]
}

// Pieces returns the squares of the pieces of color c and role r.
func (p *Position) Pieces(c Color, r Role) Bitboard { return p.pieces[c][r&7] }

// General returns the square of color c's general, or NoSquare.
func (p *Position) General(c Color) Square { return p.general[c] }

// Key returns the Zobrist key of the placement and side to move.
func (p *Position) Key() uint64 { return p.key }

// Halfmove returns the plies since the last capture.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove returns the move number (starting at 1, incremented after Black moves).
func (p *Position) Fullmove() int { return p.fullmove }

// Undo holds what Play needs to take a move back.
type Undo struct {
	Captured Piece
	halfmove int32
}

// Play makes a move, which must be legal (see IsLegal), and returns what Unplay needs.
func (p *Position) Play(m Move) Undo {
	u := Undo{halfmove: int32(p.halfmove)}
	u.Captured = p.makeMove(m)
	if u.Captured != NoPiece {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	if p.turn == Red { // Black just moved
		p.fullmove++
	}
	return u
}

// Unplay takes back the move m that Play returned u for.
func (p *Position) Unplay(m Move, u Undo) {
	if p.turn == Red {
		p.fullmove--
	}
	p.halfmove = int(u.halfmove)
	p.unmakeMove(m, u.Captured)
}

// makeMove moves the piece and returns the captured piece. It updates everything except the
// move counters.
func (p *Position) makeMove(m Move) Piece {
	from, to := m.From(), m.To()
	pc := p.board[from]
	captured := p.board[to]
	us := pc.Color()
	role := pc.Role()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.pieces[us][role] = p.pieces[us][role].Toggle(from).Toggle(to)
	fr, fc, tr, tc := sqRow[from], sqCol[from], sqRow[to], sqCol[to]
	p.rows[us][fr] ^= 1 << fc
	p.rows[us][tr] ^= 1 << tc
	p.cols[us][fc] ^= 1 << fr
	p.cols[us][tc] ^= 1 << tr
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	if captured != NoPiece {
		them := us ^ 1
		cr := captured.Role()
		p.pieces[them][cr] = p.pieces[them][cr].Clear(to)
		p.rows[them][tr] &^= 1 << tc
		p.cols[them][tc] &^= 1 << tr
		p.key ^= zobristPiece[captured][to]
		if cr == General {
			p.general[them] = p.pieces[them][General].First()
		}
	}
	if role == General {
		p.general[us] = p.pieces[us][General].First()
	}
	p.turn ^= 1
	return captured
}

func (p *Position) unmakeMove(m Move, captured Piece) {
	from, to := m.From(), m.To()
	pc := p.board[to]
	us := pc.Color()
	role := pc.Role()
	p.turn ^= 1
	p.board[from] = pc
	p.board[to] = captured
	p.pieces[us][role] = p.pieces[us][role].Toggle(from).Toggle(to)
	fr, fc, tr, tc := sqRow[from], sqCol[from], sqRow[to], sqCol[to]
	p.rows[us][fr] ^= 1 << fc
	p.rows[us][tr] ^= 1 << tc
	p.cols[us][fc] ^= 1 << fr
	p.cols[us][tc] ^= 1 << tr
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	if captured != NoPiece {
		them := us ^ 1
		cr := captured.Role()
		p.pieces[them][cr] = p.pieces[them][cr].Set(to)
		p.rows[them][tr] |= 1 << tc
		p.cols[them][tc] |= 1 << tr
		p.key ^= zobristPiece[captured][to]
		if cr == General {
			p.general[them] = p.pieces[them][General].First()
		}
	}
	if role == General {
		p.general[us] = p.pieces[us][General].First()
	}
}

// String draws the board, Black at the top, for debugging.
func (p *Position) String() string {
	var b strings.Builder
	for row := 0; row < 10; row++ {
		fmt.Fprintf(&b, "%d ", 9-row)
		for col := 0; col < 9; col++ {
			b.WriteString(p.board[row*9+col].String())
		}
		b.WriteByte('\n')
	}
	b.WriteString("  abcdefghi\n")
	return b.String()
}
