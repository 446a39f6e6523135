package board

// Perft counts the leaf nodes of the legal move tree to the given depth. The last ply is
// counted without being played. The position is unchanged afterwards.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.countLegalBulk())
	}
	var l MoveList
	p.GenerateLegal(&l)
	var nodes uint64
	if depth == 2 {
		for _, m := range l.Moves[:l.N] {
			captured := p.makeMove(m)
			nodes += uint64(p.countLegalBulk())
			p.unmakeMove(m, captured)
		}
		return nodes
	}
	for _, m := range l.Moves[:l.N] {
		captured := p.makeMove(m)
		nodes += p.Perft(depth - 1)
		p.unmakeMove(m, captured)
	}
	return nodes
}

// DivideEntry is one root move and the perft count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move, in generation order.
func (p *Position) Divide(depth int) []DivideEntry {
	var l MoveList
	p.GenerateLegal(&l)
	out := make([]DivideEntry, 0, l.N)
	for _, m := range l.Slice() {
		captured := p.makeMove(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.unmakeMove(m, captured)
	}
	return out
}
