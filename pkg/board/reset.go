package board

// Reset makes p the position of the setup s without validating it, as NewPosition(s,
// AllProblems) does, but in p's own storage: a caller that replays game after game keeps one
// Position (on its stack) and allocates nothing per game.
func (p *Position) Reset(s *Setup) { p.load(s) }
