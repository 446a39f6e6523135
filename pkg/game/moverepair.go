package game

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation/slip"
)

// Move repair: one mistyped move of a text notation, found and fixed on the evidence of the
// rest of the game. When a move fails, the slips of package slip are tried on its text and on
// the texts of the moves before it on its line (a mistyped move may itself be legal and the
// game fail only later); an edit is a candidate when it reads as a legal move other than the
// one written. With Builder.Repair, the game is rebuilt with the one candidate under which the
// whole game replays, when there is exactly one and enough of the game comes after it;
// otherwise, and without Repair, the failed move's error names up to three candidates.

const (
	// slipWindow is how many plies before a failed move, on its line, a slip is looked for.
	slipWindow = 40
	// minEvidence is the fewest moves that must replay after a repaired move, unless the game
	// ends there in the mate its result gives.
	minEvidence = 2
	// maxSlipEvents bounds the recorded events of a game searched for a slip.
	maxSlipEvents = 1 << 13
	// slipWork bounds the move texts resolved in the search for one game's slip: a few ms.
	slipWork = 1 << 15
	// maxTail bounds the events recorded after the main line failed, without Repair, for the
	// evidence of the failed move's candidates (see Builder.mainEvents).
	maxTail = 1 << 12
	// maxSuggestions is how many candidates a failed move's error names.
	maxSuggestions = 3
)

// slipCandidate is one edit of a move text that reads as a legal move, and how far the game
// replays with it.
type slipCandidate struct {
	ev    int // the event of the move
	ply   int // its ply in its line
	main  bool
	text  string
	kind  slip.Kind
	move  board.Move
	full  bool // every move of the game replays
	after int  // moves replayed after it
	notes int  // of those, moves read only non-standardly
	mate  bool // the main line ends in the mate (or stalemate) the result gives
}

// evidence describes what bears a candidate out, for messages.
func (c *slipCandidate) evidence() string {
	switch {
	case c.full && c.after == 0:
		return "the last move"
	case c.full:
		return "the rest replays"
	case c.after == 0:
		return "legal here"
	case c.after == 1:
		return "replays 1 more ply"
	}
	return fmt.Sprintf("replays %d more plies", c.after)
}

// failure is the failed move that move repair starts from.
type failure struct {
	ev   int // its event; -1 when it was not recorded
	d    *Diagnostic
	text string
}

// tryMoveRepair looks for the slip behind the first failed move of the game. With Repair and
// the game recorded, the game is rebuilt with the one candidate that explains it; otherwise
// the failed move's error lists its candidates. It reports whether the game was repaired.
func (b *Builder) tryMoveRepair() bool {
	if !b.setupOK {
		return false
	}
	switch {
	case b.Repair && b.rec.complete && b.firstFail.ev >= 0 && len(b.rec.events) <= maxSlipEvents:
		cands := b.slipCandidates(b.rec.events, b.firstFail.ev)
		if c := chooseSlip(cands, b.g.Result); c != nil && b.applySlip(c) {
			return true
		}
		suggest(b.firstFail.d, cands, b.firstFail.ev)
	case b.mainText != "" && b.mainDiag != nil:
		events, f := b.mainEvents()
		suggest(b.mainDiag, b.slipCandidates(events, f), f)
	}
	return false
}

// mainEvents returns the events of the main line as far as it replayed, rebuilt from the
// tree (its moves, not their variations), then the failed move and the events recorded after
// it (see recorder.fail), and the index of the failed move: what a game read without Repair
// keeps for the candidates of its failed move.
func (b *Builder) mainEvents() ([]event, int) {
	var events []event
	for n := &b.g.Root; len(n.Children) > 0 && len(events) < b.mainFail-1; {
		n = n.Children[0]
		if n.Text != "" {
			events = append(events, event{op: opMove, text: n.Text, loc: n.Loc})
		} else {
			events = append(events, event{op: opPlay, move: n.Move, loc: n.Loc})
		}
	}
	f := len(events)
	if b.mainBinary {
		m, _ := squaresOf(b.mainText)
		events = append(events, event{op: opPlay, move: m, loc: b.mainDiag.Loc})
	} else {
		events = append(events, event{op: opMove, text: b.mainText, loc: b.mainDiag.Loc})
	}
	if t := b.rec.tail; t <= len(b.rec.events) {
		events = append(events, b.rec.events[t:]...)
	}
	return events, f
}

// slipCandidates returns the candidates of events[f], the game's first failed move, and of
// the moves before it on its line within slipWindow plies.
func (b *Builder) slipCandidates(events []event, f int) []slipCandidate {
	if len(events) > maxSlipEvents || f < 0 || f >= len(events) {
		return nil
	}
	setup := b.rec.snap.setup
	// First pass: the line of each move, up to the failed one, which must fail here too.
	parent := make([]int32, f+1)
	plies := make([]int32, f+1)
	s, ok := newSim(b, events, &setup)
	if !ok {
		return nil
	}
	for i := 0; i <= f; i++ {
		e := &events[i]
		if e.op == opMove || e.op == opPlay {
			parent[i], plies[i] = int32(s.cur.lastEv), int32(s.cur.ply+1)
		}
		if s.step(i, e.text) == (i == f) {
			return nil // the replay disagrees with the builder: no candidates
		}
	}
	// The moves a slip may be in: the failed one and those before it on its line.
	var at []int
	for j := f; j >= 0 && plies[f]-plies[j] <= slipWindow; j = int(parent[j]) {
		at = append(at, j)
	}
	// Second pass: the replay state before each of them.
	states := make(map[int]sim, len(at))
	s, _ = newSim(b, events, &setup)
	for i := 0; i < f; i++ {
		if slices.Contains(at, i) {
			states[i] = s.clone()
		}
		s.step(i, events[i].text)
	}
	states[f] = s.clone()
	work := s.work
	var cands []slipCandidate
	var edits []slip.Edit
	for _, j := range at {
		st := states[j]
		orig := board.NoMove
		if j != f {
			o := st.clone()
			o.step(j, events[j].text)
			orig = o.cur.last
		}
		edits = slip.Edits(edits[:0], writtenText(&events[j]))
		for _, ed := range edits {
			if work >= slipWork {
				return cands
			}
			c := st.clone()
			c.notes, c.work = 0, 0
			if !c.step(j, ed.Text) {
				work += c.work
				continue
			}
			m := c.cur.last
			if m == orig || slices.ContainsFunc(cands, func(x slipCandidate) bool { return x.ev == j && x.move == m }) {
				work += c.work
				continue
			}
			cand := slipCandidate{ev: j, ply: c.cur.ply, main: len(c.stack) == 0, text: ed.Text, kind: ed.Kind, move: m}
			moves := c.moves
			cand.full = true
			for i := j + 1; i < len(events); i++ {
				if !c.step(i, events[i].text) {
					cand.full = false
					if i <= f {
						cand = slipCandidate{} // an earlier move read otherwise that fails at the same move or before: no candidate
					}
					break
				}
			}
			work += c.work
			if cand.text == "" {
				continue
			}
			cand.after, cand.notes = c.moves-moves, c.notes
			if cand.full {
				cand.mate = mateAgrees(c.mainPos(), b.g.Result)
			}
			cands = append(cands, cand)
		}
	}
	return cands
}

// writtenText returns the text of a recorded move: its own, or for a move given by its
// squares (a binary format) its squares in ICCS lower case ("h0h2"), which is how its
// candidates are written.
func writtenText(e *event) string {
	if e.op == opPlay {
		return ucci(e.move)
	}
	return e.text
}

// ucci returns m's squares in ICCS lower case, "h0h2".
func ucci(m board.Move) string {
	var buf [8]byte
	return string(m.AppendICCS(buf[:0], true))
}

// chooseSlip returns the candidate to repair the game with: the only one under which the
// whole game replays (among several, the only one with the fewest non-standard reads after
// it), with minEvidence moves after it or a final mate the result gives. It returns nil when
// there is none, or more than one.
func chooseSlip(cands []slipCandidate, result string) *slipCandidate {
	var best *slipCandidate
	tie := false
	for i := range cands {
		c := &cands[i]
		if !c.full {
			continue
		}
		switch {
		case best == nil || c.notes < best.notes:
			best, tie = c, false
		case c.notes == best.notes:
			tie = true
		}
	}
	if best == nil || tie || best.after < minEvidence && !best.mate {
		return nil
	}
	return best
}

// mateAgrees reports whether the side to move in pos has no legal move (checkmate, or
// stalemate, which loses in Xiangqi) and result says the other side won.
func mateAgrees(pos *board.Position, result string) bool {
	if pos.HasLegalMove() {
		return false
	}
	if pos.Turn() == board.Red {
		return result == "0-1"
	}
	return result == "1-0"
}

// applySlip rebuilds the game with candidate c's text for its move and adds the repaired
// warning. It reports false, leaving the game as written, should the rebuilt game fail after
// all.
func (b *Builder) applySlip(c *slipCandidate) bool {
	e := &b.rec.events[c.ev]
	written, loc := e.text, e.loc
	failPly, failMain := 0, false
	if d := b.firstFail.d; d != nil {
		failPly, failMain = d.Ply, b.mainFail > 0 && b.mainDiag == d
	}
	e.text = c.text
	b.replay(b.rec.snap.setup)
	if b.fails != 0 || b.tooLong {
		e.text = written
		b.replay(b.rec.snap.setup)
		return false
	}
	var msg strings.Builder
	fmt.Fprintf(&msg, "ply %d: %q read as %s", c.ply, written, c.text)
	if !c.main {
		msg.WriteString(" in a variation")
	}
	switch {
	case c.after == 1:
		msg.WriteString(": the remaining ply replays")
	case c.after > 0:
		fmt.Fprintf(&msg, ": the remaining %d plies replay", c.after)
	default:
		msg.WriteString(": it is the last move")
	}
	if c.mate {
		msg.WriteString(" and the game ends in the mate its result gives")
	}
	if failPly > 0 && (failPly != c.ply || !failMain && c.main) {
		fmt.Fprintf(&msg, " (as written, ply %d fails)", failPly)
	}
	d := b.newDiag(KindRepaired, true, loc, c.ply, written, msg.String(), nil)
	b.insertDiag(d)
	return true
}

// insertDiag adds d among the diagnostics of the game's moves at its place by location.
func (b *Builder) insertDiag(d *Diagnostic) {
	ds := b.g.Diagnostics
	at := len(ds)
	for i := b.rec.snap.diags; i < len(ds); i++ {
		if l := ds[i].Loc; l.Line > d.Loc.Line || l.Line == d.Loc.Line && l.Col > d.Loc.Col {
			at = i
			break
		}
	}
	b.g.Diagnostics = slices.Insert(ds, at, d)
}

// suggest ends the message of d, when it is an illegal or unreadable move's error (an
// ambiguous one lists the moves it fits), with its candidates; see suggestions.
func suggest(d *Diagnostic, cands []slipCandidate, failEv int) {
	if d != nil && (d.Kind == KindIllegal || d.Kind == KindSyntax) {
		suggestions(d, cands, failEv)
	}
}

// suggestions ends the message of d, a failed move's error, with its candidates: "; did you mean
// 车九平八 (the rest replays) or 车九进七 (replays 3 more plies)?", the best first, at most
// maxSuggestions. A candidate at another ply than the failed move says its ply.
func suggestions(d *Diagnostic, cands []slipCandidate, failEv int) {
	if len(cands) == 0 {
		return
	}
	order := slices.Clone(cands)
	slices.SortStableFunc(order, func(x, y slipCandidate) int {
		if x.full != y.full {
			if x.full {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(y.after, x.after); c != 0 {
			return c
		}
		return cmp.Compare(y.ev, x.ev) // nearer the failed move first
	})
	if len(order) > maxSuggestions {
		order = order[:maxSuggestions]
	}
	var msg strings.Builder
	msg.WriteString(d.Message)
	msg.WriteString("; did you mean ")
	d.Candidates = d.Candidates[:0]
	for i, c := range order {
		switch {
		case i == 0:
		case i == len(order)-1:
			msg.WriteString(" or ")
		default:
			msg.WriteString(", ")
		}
		msg.WriteString(c.text)
		if c.ev != failEv && c.ev >= 0 {
			fmt.Fprintf(&msg, " at ply %d", c.ply)
		}
		msg.WriteString(" (")
		msg.WriteString(c.evidence())
		msg.WriteString(")")
		if c.ev == failEv || c.ev < 0 {
			d.Candidates = append(d.Candidates, c.move)
		}
	}
	msg.WriteString("?")
	d.Message = msg.String()
}
