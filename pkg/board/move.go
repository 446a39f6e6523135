package board

// Move is a from/to pair packed in 16 bits:
//
//	bits 0–6   from square (0…89)
//	bits 7–13  to square (0…89)
//	bits 14–15 zero
//
// A move does not record the piece or a capture; the position supplies both. The zero value
// NoMove (a1 to a1 is never a move) means "no move".
type Move uint16

// NoMove is the null move.
const NoMove Move = 0

// NewMove packs a move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<7 }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0x7F) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 7 & 0x7F) }

// String returns the move in UCCI form ("h2e2").
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	f, t := m.From(), m.To()
	return string([]byte{f.File(), '0' + byte(f.Rank()), t.File(), '0' + byte(t.Rank())})
}
