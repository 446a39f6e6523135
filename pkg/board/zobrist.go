package board

// Zobrist keys, from a fixed splitmix64 stream so that keys are the same in every run.
var (
	zobristPiece [16][NumSquares]uint64 // indexed by Piece; NoPiece's row stays zero
	zobristSide  uint64                 // xored in when Black is to move
)

func init() {
	state := uint64(0x71B0_5EED_C4E5_5A11)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for _, c := range [2]Color{Red, Black} {
		for _, r := range Roles {
			for sq := 0; sq < NumSquares; sq++ {
				zobristPiece[MakePiece(c, r)][sq] = next()
			}
		}
	}
	zobristSide = next()
}

// ComputeKey returns the Zobrist key computed from scratch (for tests of the incremental key).
func (p *Position) ComputeKey() uint64 {
	var k uint64
	for sq := Square(0); sq < NumSquares; sq++ {
		k ^= zobristPiece[p.board[sq]][sq]
	}
	if p.turn == Black {
		k ^= zobristSide
	}
	return k
}
