package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard initial position in xqbase FEN.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// ErrFEN is the sentinel wrapped by every FEN syntax error.
var ErrFEN = errors.New("invalid FEN")

// FENError describes where a FEN is malformed: the field (0 placement, 1 side, …), the byte
// index in the whole string and the reason.
type FENError struct {
	FEN    string
	Field  string
	Index  int
	Reason string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("invalid FEN %q: %s field at byte %d: %s", e.FEN, e.Field, e.Index, e.Reason)
}

// Unwrap returns ErrFEN.
func (e *FENError) Unwrap() error { return ErrFEN }

// Setup is an unvalidated position: the board, the side to move and the move counters, as read
// from a FEN or a file header. Build a Position from it to play moves.
type Setup struct {
	Board    [NumSquares]Piece
	Turn     Color
	Halfmove int // plies since the last capture (FEN field 5)
	Fullmove int // move number, starting at 1 (FEN field 6)
}

// StartSetup returns the standard initial setup.
func StartSetup() Setup { return startSetup }

var startSetup = func() Setup {
	s, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return s
}()

func pieceFromFENChar(c byte) (Piece, bool) {
	color := Red
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	var r Role
	switch c {
	case 'K':
		r = General
	case 'A':
		r = Advisor
	case 'B', 'E':
		r = Elephant
	case 'N', 'H':
		r = Horse
	case 'R':
		r = Chariot
	case 'C':
		r = Cannon
	case 'P':
		r = Soldier
	default:
		return NoPiece, false
	}
	return MakePiece(color, r), true
}

// ParseFEN reads a FEN in the xqbase form (upper case Red, ranks from Black's side). It also
// accepts E for B and H for N, "r" for Red to move, and FENs without the castling, en-passant
// or counter fields. It checks syntax only; NewPosition checks the position.
func ParseFEN(fen string) (Setup, error) {
	var s Setup
	s.Fullmove = 1
	fail := func(field string, idx int, format string, args ...any) (Setup, error) {
		return Setup{}, &FENError{FEN: fen, Field: field, Index: idx, Reason: fmt.Sprintf(format, args...)}
	}
	start := 0
	for start < len(fen) && fen[start] == ' ' {
		start++
	}
	end := start
	for end < len(fen) && fen[end] != ' ' {
		end++
	}
	if start == end {
		return fail("placement", start, "empty")
	}
	row, col := 0, 0
	for i := start; i < end; i++ {
		c := fen[i]
		switch {
		case c == '/':
			if col != 9 {
				return fail("placement", i, "row %d has %d columns, want 9", row+1, col)
			}
			row++
			col = 0
			if row > 9 {
				return fail("placement", i, "more than 10 rows")
			}
		case c >= '1' && c <= '9':
			col += int(c - '0')
			if col > 9 {
				return fail("placement", i, "row %d is longer than 9 columns", row+1)
			}
		default:
			p, ok := pieceFromFENChar(c)
			if !ok {
				return fail("placement", i, "unexpected character %q", c)
			}
			if col >= 9 {
				return fail("placement", i, "row %d is longer than 9 columns", row+1)
			}
			s.Board[row*9+col] = p
			col++
		}
	}
	if row != 9 || col != 9 {
		return fail("placement", end, "board has %d full rows, want 10", row+boolInt(col == 9))
	}
	fields := strings.Fields(fen[end:])
	idx := func(k int) int { // byte index of field k (1-based after placement)
		return end + strings.Index(fen[end:], fields[k])
	}
	if len(fields) == 0 {
		return s, nil
	}
	switch fields[0] {
	case "w", "W", "r", "R":
		s.Turn = Red
	case "b", "B":
		s.Turn = Black
	default:
		return fail("side", idx(0), "unexpected side %q, want w, r or b", fields[0])
	}
	rest := fields[1:]
	// Castling and en-passant fields are "-" in Xiangqi; they may be missing (cxboard's CFEN
	// keeps only the move number).
	for len(rest) > 0 && rest[0] == "-" {
		rest = rest[1:]
	}
	if len(rest) > 2 {
		return fail("counters", idx(len(fields)-len(rest)+2), "unexpected extra field %q", rest[2])
	}
	nums := make([]int, 0, 2)
	for i, f := range rest {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 100000 {
			return fail("counters", idx(len(fields)-len(rest)+i), "bad number %q", f)
		}
		nums = append(nums, n)
	}
	switch len(nums) {
	case 1:
		s.Fullmove = max(nums[0], 1)
	case 2:
		s.Halfmove = nums[0]
		s.Fullmove = max(nums[1], 1)
	}
	return s, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BoardFEN returns the placement field of the FEN.
func (s *Setup) BoardFEN() string {
	return boardFEN(&s.Board)
}

func boardFEN(b *[NumSquares]Piece) string {
	return string(appendBoardFEN(make([]byte, 0, 90), b))
}

// appendBoardFEN appends the placement field of the FEN of b.
func appendBoardFEN(out []byte, b *[NumSquares]Piece) []byte {
	for row := 0; row < 10; row++ {
		if row > 0 {
			out = append(out, '/')
		}
		empty := 0
		for col := 0; col < 9; col++ {
			p := b[row*9+col]
			if p == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				out = append(out, byte('0'+empty))
				empty = 0
			}
			out = append(out, p.FENChar())
		}
		if empty > 0 {
			out = append(out, byte('0'+empty))
		}
	}
	return out
}

// FEN returns the canonical xqbase FEN: "<board> w|b - - <halfmove> <fullmove>".
func (s *Setup) FEN() string {
	return string(s.AppendFEN(make([]byte, 0, 100)))
}

// AppendFEN appends the FEN that FEN returns to dst and returns the extended buffer.
func (s *Setup) AppendFEN(dst []byte) []byte {
	return appendFEN(dst, &s.Board, s.Turn, s.Halfmove, s.Fullmove)
}

func appendFEN(dst []byte, b *[NumSquares]Piece, turn Color, halfmove, fullmove int) []byte {
	dst = appendBoardFEN(dst, b)
	if turn == Black {
		dst = append(dst, " b - - "...)
	} else {
		dst = append(dst, " w - - "...)
	}
	dst = strconv.AppendInt(dst, int64(halfmove), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(max(fullmove, 1)), 10)
}
