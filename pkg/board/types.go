package board

import "fmt"

// Color is the side a piece belongs to or the side to move.
type Color uint8

// The two sides. Red moves first.
const (
	Red   Color = 0
	Black Color = 1
)

// Other returns the opposing color.
func (c Color) Other() Color { return c ^ 1 }

// String returns "red" or "black".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Role is the kind of a piece. Its numeric value is the WXF piece digit (1 = general … 7 = soldier).
type Role uint8

// The seven piece kinds.
const (
	NoRole   Role = 0
	General  Role = 1
	Advisor  Role = 2
	Elephant Role = 3
	Horse    Role = 4
	Chariot  Role = 5
	Cannon   Role = 6
	Soldier  Role = 7
)

// Roles lists the seven piece kinds in WXF digit order.
var Roles = [7]Role{General, Advisor, Elephant, Horse, Chariot, Cannon, Soldier}

var roleLetters = [8]byte{0, 'K', 'A', 'B', 'N', 'R', 'C', 'P'}

// Letter returns the upper-case FEN letter of the role (K A B N R C P), or 0 for NoRole.
func (r Role) Letter() byte { return roleLetters[r&7] }

// String returns the English name of the role.
func (r Role) String() string {
	switch r {
	case General:
		return "general"
	case Advisor:
		return "advisor"
	case Elephant:
		return "elephant"
	case Horse:
		return "horse"
	case Chariot:
		return "chariot"
	case Cannon:
		return "cannon"
	case Soldier:
		return "soldier"
	}
	return "none"
}

// Piece is a colored role packed in a byte: bits 0–2 hold the Role, bit 3 the Color.
// The zero value NoPiece is an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece packs a color and a role.
func MakePiece(c Color, r Role) Piece { return Piece(c)<<3 | Piece(r) }

// Color returns the piece's side. It is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// Role returns the piece's kind (NoRole for NoPiece).
func (p Piece) Role() Role { return Role(p & 7) }

// FENChar returns the piece's FEN letter: upper case for Red, lower case for Black.
func (p Piece) FENChar() byte {
	l := p.Role().Letter()
	if p.Color() == Black && l != 0 {
		l += 'a' - 'A'
	}
	return l
}

// String returns the FEN letter, or "." for an empty square.
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	return string(p.FENChar())
}

// Square is a point of the board, row*9+col (0…89). NoSquare marks "none".
type Square uint8

// Board dimensions and the sentinel square.
const (
	NumRows    = 10
	NumCols    = 9
	NumSquares = 90
	NoSquare   = Square(0xFF)
)

// NewSquare returns the square at row and col; both must be in range.
func NewSquare(row, col int) Square { return Square(row*9 + col) }

// Row returns 0 (Black's back rank) … 9 (Red's back rank).
func (s Square) Row() int { return int(sqRow[s]) }

// Col returns 0 (left edge seen from Red) … 8.
func (s Square) Col() int { return int(sqCol[s]) }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s < NumSquares }

// File returns the ICCS file letter 'a'…'i'.
func (s Square) File() byte { return 'a' + byte(sqCol[s]) }

// Rank returns the ICCS rank 0 (Red's back rank) … 9.
func (s Square) Rank() int { return 9 - int(sqRow[s]) }

// String returns the square in lower-case ICCS form, e.g. "h2".
func (s Square) String() string {
	if !s.Valid() {
		return fmt.Sprintf("Square(%d)", uint8(s))
	}
	return string([]byte{s.File(), '0' + byte(s.Rank())})
}

// SquareFromICCS returns the square of file 'a'…'i' (either case) and rank '0'…'9'.
func SquareFromICCS(file, rank byte) (Square, bool) {
	if file >= 'A' && file <= 'I' {
		file += 'a' - 'A'
	}
	if file < 'a' || file > 'i' || rank < '0' || rank > '9' {
		return NoSquare, false
	}
	return NewSquare(9-int(rank-'0'), int(file-'a')), true
}

// sqRow and sqCol are initialized before any init function runs, since the other tables'
// init functions use them.
var sqRow, sqCol = func() (rows, cols [256]uint8) {
	for s := 0; s < NumSquares; s++ {
		rows[s] = uint8(s / 9)
		cols[s] = uint8(s % 9)
	}
	return rows, cols
}()
