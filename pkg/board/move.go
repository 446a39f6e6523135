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

// String returns the move in UCCI form ("h2e2"), or "0000" for NoMove.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	var buf [8]byte
	return string(m.AppendICCS(buf[:0], true))
}

// AppendICCS appends the ICCS text of m and returns the extended buffer: "H2-E2" (files A–I
// from Red's left, ranks 0–9 from Red's side), or "h2e2" with ucci set, as UCCI engines write
// it. NoMove is written as the square-0 move it packs ("A9-A9"), a square off the board as its
// raw number ("95-3", for diagnostics). It is the module's one ICCS formatter: package iccs and
// Move.String write through it.
func (m Move) AppendICCS(dst []byte, ucci bool) []byte {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() {
		dst = appendUint(dst, uint8(from))
		dst = append(dst, '-')
		return appendUint(dst, uint8(to))
	}
	f1, r1 := from.File(), '0'+byte(from.Rank())
	f2, r2 := to.File(), '0'+byte(to.Rank())
	if ucci {
		return append(dst, f1, r1, f2, r2)
	}
	return append(dst, f1-'a'+'A', r1, '-', f2-'a'+'A', r2)
}

func appendUint(dst []byte, n uint8) []byte {
	if n >= 100 {
		dst = append(dst, '0'+n/100)
	}
	if n >= 10 {
		dst = append(dst, '0'+n/10%10)
	}
	return append(dst, '0'+n%10)
}
