package game

import "github.com/qipu/qipu/pkg/board"

// sim replays a game's recorded events without building it: the judge of a repair, which
// asks how far the game replays with one move read differently. It follows the builder's
// rules: the first move may give the side to move (resolveMove's side rule), a variation
// replaces the last move of its line, a variation with no move to replace is skipped, and
// the first move that fails ends the replay.
type sim struct {
	b      *Builder
	events []event      // the events replayed
	setup  *board.Setup // the game's setup, for the first move's side rule
	cur    simLine
	stack  []simLine
	moves  int // moves played
	notes  int // moves read only non-standardly (a notation note)
	work   int // move texts resolved, for the repair's budget
}

// simLine is the replay state of one open line.
type simLine struct {
	pos     board.Position
	last    board.Move
	undo    board.Undo
	hasPrev bool
	dead    bool // a variation with no move to replace: its moves are skipped
	ply     int
	lastEv  int // the event index of the line's last move; -1 at its start
}

// newSim starts a replay of events (recorded by b, or made from its tree) from setup s. It reports false when s is
// not a position.
func newSim(b *Builder, events []event, s *board.Setup) (sim, bool) {
	p, err := board.NewPosition(*s, board.AllProblems)
	if err != nil {
		return sim{}, false
	}
	return sim{b: b, events: events, setup: s, cur: simLine{pos: *p, lastEv: -1}}, true
}

// clone returns a copy of the replay state that does not share its stack.
func (s *sim) clone() sim {
	c := *s
	c.stack = append([]simLine(nil), s.stack...)
	return c
}

// first reports whether the next move is the first of the game.
func (s *sim) first() bool { return s.moves == 0 && len(s.stack) == 0 }

// resolve reads text in the current line's position, with the first move's side rule. It
// returns the move and whether it read only non-standardly, and applies a side flip.
func (s *sim) resolve(text string) (board.Move, bool, bool) {
	var start *board.Setup
	if s.first() {
		start = s.setup
	}
	s.work++
	m, note, flip, err := s.b.resolveMove(&s.cur.pos, text, start)
	if err != nil {
		return board.NoMove, false, false
	}
	if flip {
		s.cur.pos = flipSide(&s.cur.pos)
	}
	return m, note != "", true
}

// step replays event i of the recording, reading text in place of a text move's own. It
// reports false when the event is a move of a live line that fails.
func (s *sim) step(i int, text string) bool {
	e := &s.events[i]
	switch e.op {
	case opBegin:
		s.stack = append(s.stack, s.cur)
		parent := s.cur
		s.cur = simLine{dead: parent.dead || !parent.hasPrev, ply: parent.ply - 1, pos: parent.pos, lastEv: -1}
		if parent.hasPrev && !s.cur.dead {
			s.cur.pos.Unplay(parent.last, parent.undo)
		}
		return true
	case opEnd:
		if n := len(s.stack); n > 0 {
			s.cur = s.stack[n-1]
			s.stack = s.stack[:n-1]
		}
		return true
	case opBad:
		return s.cur.dead
	case opMove, opPlay:
	default:
		return true
	}
	if s.cur.dead {
		return true
	}
	var m board.Move
	if e.op == opMove {
		mv, nonstandard, ok := s.resolve(text)
		if !ok {
			return false
		}
		if nonstandard {
			s.notes++
		}
		m = mv
	} else {
		mv, ok := s.playable(e.move, text)
		if !ok {
			return false
		}
		m = mv
	}
	if s.moves >= MaxNodes || s.cur.ply >= MaxPly {
		return false
	}
	s.play(m, i)
	return true
}

// playable returns the move of a move given by its squares (binary formats): m, or the move
// text names in ICCS when text is not empty (a repair's candidate), with the first move's
// side rule. It reports false when the move is not legal.
func (s *sim) playable(m board.Move, text string) (board.Move, bool) {
	if text != "" {
		s.work++
		var ok bool
		if m, ok = squaresOf(text); !ok {
			return board.NoMove, false
		}
	}
	if s.first() && otherSidesPiece(&s.cur.pos, m) {
		s.cur.pos = flipSide(&s.cur.pos)
	}
	return m, s.cur.pos.IsLegal(m)
}

// play plays m, the move of event i, in the current line.
func (s *sim) play(m board.Move, i int) {
	s.cur.undo = s.cur.pos.Play(m)
	s.cur.last, s.cur.hasPrev, s.cur.lastEv = m, true, i
	s.cur.ply++
	s.moves++
}

// mainPos returns the position the main line has reached.
func (s *sim) mainPos() *board.Position {
	if len(s.stack) > 0 {
		return &s.stack[0].pos
	}
	return &s.cur.pos
}
