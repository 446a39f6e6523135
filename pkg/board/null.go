package board

// PassTurn gives the move to the other side without moving a piece (a "null move", which is
// never a legal Xiangqi move) and updates the key; the counters are left alone. Calling it
// twice restores the position. It is for analysis: it lets the move generator answer what
// the side not to move could capture, as the repetition rules ask (package ending). The
// side that passes may be in check, so the side that then moves may be able to capture the
// general; callers must not take such positions for legal ones.
func (p *Position) PassTurn() {
	p.turn ^= 1
	p.key ^= zobristSide
}
