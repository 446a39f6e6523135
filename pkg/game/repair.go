package game

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
)

// RepairPlies is how far into the main line the builder records a game's events without
// Builder.Repair: when the main line fails within these plies, the first error names the
// repair that would work. With Repair, the whole game is recorded and a repair is judged
// wherever the main line fails.
const RepairPlies = 4

// minRepairPlies is the fewest moves (main line and variations) a repair may be judged on:
// one move that happens to fit a changed position is no evidence.
const minRepairPlies = 2

// Repair is a known breakage of a start position, undone. Each is its own inverse.
type Repair uint8

// The repairs, in the order Builder tries them.
const (
	// RepairMirrorRed mirrors Red's pieces left–right, Black's staying in place: an old
	// exporter wrote FEN tags that way.
	RepairMirrorRed Repair = iota + 1
	// RepairMirrorBlack mirrors Black's pieces left–right, Red's staying in place.
	RepairMirrorBlack
	// RepairMirror mirrors the whole board left–right.
	RepairMirror
	// RepairRotate turns the board by 180°: a position written as seen from Black's side.
	RepairRotate
	// RepairSide gives the move to the other side.
	RepairSide
	// RepairMirrorSide is RepairMirror and RepairSide together.
	RepairMirrorSide
	// RepairRotateSide is RepairRotate and RepairSide together.
	RepairRotateSide
)

// Repairs lists every Repair in the order Builder tries them: the first that explains the
// main line's failed move and makes every move of the game legal is taken (see
// Builder.Repair).
var Repairs = []Repair{RepairMirrorRed, RepairMirrorBlack, RepairMirror, RepairRotate,
	RepairSide, RepairMirrorSide, RepairRotateSide}

// String says what the repair changes, e.g. "Red's pieces mirrored left–right".
func (r Repair) String() string {
	switch r {
	case RepairMirrorRed:
		return "Red's pieces mirrored left–right"
	case RepairMirrorBlack:
		return "Black's pieces mirrored left–right"
	case RepairMirror:
		return "the board mirrored left–right"
	case RepairRotate:
		return "the board rotated 180°"
	case RepairSide:
		return "the other side to move"
	case RepairMirrorSide:
		return "the board mirrored left–right and the other side to move"
	case RepairRotateSide:
		return "the board rotated 180° and the other side to move"
	}
	return fmt.Sprintf("Repair(%d)", uint8(r))
}

// Apply returns the setup with the repair made. It reports false when the repair does not
// fit: mirroring one side would put two pieces on one square.
func (r Repair) Apply(s board.Setup) (board.Setup, bool) {
	out := s
	switch r {
	case RepairMirrorRed, RepairMirrorBlack:
		side := board.Red
		if r == RepairMirrorBlack {
			side = board.Black
		}
		for sq := range out.Board {
			if p := out.Board[sq]; p != board.NoPiece && p.Color() == side {
				out.Board[sq] = board.NoPiece
			}
		}
		for sq, p := range s.Board {
			if p == board.NoPiece || p.Color() != side {
				continue
			}
			to := mirrorSquare(board.Square(sq))
			if out.Board[to] != board.NoPiece {
				return s, false
			}
			out.Board[to] = p
		}
	case RepairMirror, RepairMirrorSide:
		for sq, p := range s.Board {
			out.Board[mirrorSquare(board.Square(sq))] = p
		}
	case RepairRotate, RepairRotateSide:
		for sq, p := range s.Board {
			out.Board[board.NumSquares-1-sq] = p
		}
	case RepairSide:
	default:
		return s, false
	}
	if r == RepairSide || r == RepairMirrorSide || r == RepairRotateSide {
		out.Turn = out.Turn.Other()
	}
	return out, true
}

// mirrorSquare returns the square on the same row, at the mirrored column.
func mirrorSquare(sq board.Square) board.Square {
	return board.NewSquare(sq.Row(), board.NumCols-1-sq.Col())
}

// Events of a game, recorded so that it can be replayed from another start position.
const (
	opMove    uint8 = iota // Move(text, loc)
	opPlay                 // PlayMove(move, loc)
	opComment              // Comment(text)
	opNAG                  // NAG(nag)
	opBegin                // BeginVariation
	opEnd                  // EndVariation
	opDiag                 // a diagnostic from outside the replay (the reader, a cap)
	opBad                  // BadMove(d.Kind, loc, d.Token, d.Message, d.Err)
)

// event is one recorded builder call.
type event struct {
	op   uint8
	nag  uint8
	move board.Move
	loc  Loc
	text string
	d    *Diagnostic
}

// maxEvents bounds the events recorded for one game (a few MB): a game with more events than
// this is not repaired. Without Builder.Repair, until the main line fails, the bound is
// maxEventsBefore: a game that opens with a large tree of variations (most do not fail) is
// not recorded.
const (
	maxEvents       = MaxNodes
	maxEventsBefore = 1 << 10
)

// keptEvents bounds the event buffer a Builder keeps from one game to the next.
const keptEvents = 1 << 12

// recorder keeps the events of a game for a rebuild from a repaired setup: with
// Builder.Repair all of them (up to maxEvents); without, only while the main line is within
// its first RepairPlies plies, and all of them once it has failed there. Its buffer is reused
// from game to game, so that recording costs no allocation in the common case.
type recorder struct {
	events    []event
	logging   bool // events are being recorded
	complete  bool // every event since the start of the main line is recorded
	all       bool // Builder.Repair: record the whole game, up to maxEvents
	failed    bool // the main line has failed: record up to maxEvents
	replaying bool // the builder is replaying the events
	tail      int  // the first event after the main line's failed move
	snap      snapshot
}

// snapshot is the builder's state when the main line started: what a rebuild keeps.
type snapshot struct {
	setup        board.Setup // as read, before the first move's side rule
	diags        int
	hidden       [2]int
	hiddenAs     [2]Kind
	hiddenLoc    Loc
	rootComments int
	comments     int
	commentBytes int
	commentsFull bool
}

func (r *recorder) reset() {
	if cap(r.events) > keptEvents {
		r.events = nil // a pathological game's buffer is not kept for the next ones
	}
	clear(r.events) // drop the texts and diagnostics of the last game
	r.events = r.events[:0]
	r.logging, r.complete, r.replaying, r.failed, r.all = false, false, false, false, false
	r.tail = 0
}

// fail notes that the main line has failed: from here on the recorder keeps up to
// maxEvents events (a repair of the setup may need them), and when it had stopped recording,
// it records the events after the failed move again (up to maxTail), as the evidence for
// the failed move's candidates (see Builder.mainEvents).
func (r *recorder) fail() {
	if r.replaying {
		return
	}
	r.failed = true
	if !r.logging {
		clear(r.events)
		r.events = r.events[:0]
		r.logging, r.complete = true, false
	}
	r.tail = len(r.events)
}

// begin starts recording at the start of the main line.
func (r *recorder) begin(b *Builder) {
	r.reset()
	if r.events == nil {
		r.events = make([]event, 0, 32) // one allocation per Builder covers most games
	}
	r.logging, r.complete, r.all = true, true, b.Repair
	r.snap = snapshot{setup: b.g.Setup, diags: len(b.g.Diagnostics), hidden: b.hidden, hiddenAs: b.hiddenAs,
		hiddenLoc: b.hiddenLoc, rootComments: len(b.g.Root.Comments), comments: b.comments,
		commentBytes: b.commentBytes, commentsFull: b.commentsFull}
}

// stop ends the recording: the game will not be repaired.
func (r *recorder) stop() {
	r.logging, r.complete = false, false
}

func (r *recorder) add(e event) {
	if len(r.events) >= maxEvents || !r.failed && !r.all && len(r.events) >= maxEventsBefore ||
		!r.complete && len(r.events)-r.tail >= maxTail {
		r.stop()
		return
	}
	r.events = append(r.events, e)
}

// tryRepairs runs when the main line failed: it looks for the first repair of the setup that
// explains the failed move and under which every move of the game is legal (fits). With
// Repair set, the game is rebuilt from the repaired setup; otherwise the first error says
// which repair would work.
func (b *Builder) tryRepairs() bool {
	if !b.rec.complete || !b.setupOK {
		return false
	}
	fatal := b.fatal()
	setup := b.rec.snap.setup
	orig, _ := setup.Validate()
	for _, r := range Repairs {
		s, ok := r.Apply(setup)
		if !ok || s == setup {
			continue
		}
		// A repair never makes the setup worse: no problem it did not have.
		if probs, _ := s.Validate(); probs&fatal != 0 || probs&^orig != 0 {
			continue
		}
		if !b.fits(s) {
			continue
		}
		if !b.Repair {
			if b.mainDiag != nil {
				b.mainDiag.Message += "; the position with " + r.String() + " fits every move; --repair applies it"
			}
			return true
		}
		b.rebuild(r, s)
		return true
	}
	return false
}

// fatal returns the setup problems that make a game unplayable.
func (b *Builder) fatal() board.Problem {
	if b.FatalProblems == 0 {
		return board.ProblemNoGeneral | board.ProblemTooManyGenerals
	}
	return b.FatalProblems
}

// fits reports whether the repaired setup s is borne out by the recorded game: the main
// line's failed move is explained by the breakage (replayed from s, the move depends on a
// square whose piece differs from the position the game as written failed in, see
// touchesChange, or the side to move there is another), every move of the game, main line
// and variations, is legal from s (with the first-move side rule of Move and PlayMove), and
// the game has enough moves to judge (minRepairPlies, variations counted).
func (b *Builder) fits(s board.Setup) bool {
	p, err := board.NewPosition(s, board.AllProblems)
	if err != nil {
		return false
	}
	// The replay state of each open line: its position and the move that reached it.
	type simLine struct {
		pos     board.Position
		last    board.Move
		undo    board.Undo
		hasPrev bool
		ply     int
	}
	cur := simLine{pos: *p}
	var stack []simLine
	moves, explained := 0, false
	for i := range b.rec.events {
		e := &b.rec.events[i]
		var m board.Move
		switch e.op {
		case opBegin:
			stack = append(stack, cur)
			if !cur.hasPrev {
				return false // a variation before any move: the game as written fails there too
			}
			cur.pos.Unplay(cur.last, cur.undo)
			cur.ply--
			cur.hasPrev = false
			continue
		case opEnd:
			if len(stack) > 0 {
				cur = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
			continue
		case opBad:
			return false
		case opMove:
			var start *board.Setup
			first := moves == 0 && len(stack) == 0
			if first {
				start = &s
			}
			mv, _, flip, err := b.resolveMove(&cur.pos, e.text, start)
			if err != nil {
				return false
			}
			if flip {
				cur.pos = flipSide(&cur.pos)
			}
			m = mv
		case opPlay:
			if moves == 0 && len(stack) == 0 && otherSidesPiece(&cur.pos, e.move) {
				cur.pos = flipSide(&cur.pos)
			}
			if !cur.pos.IsLegal(e.move) {
				return false
			}
			m = e.move
		default:
			continue
		}
		if moves >= MaxNodes || cur.ply >= MaxPly {
			return false
		}
		if len(stack) == 0 && cur.ply+1 == b.mainFail {
			explained = cur.pos.Turn() != b.mainPos.Turn() || touchesChange(m, &cur.pos, &b.mainPos)
			if !explained {
				return false
			}
		}
		cur.undo = cur.pos.Play(m)
		cur.last, cur.hasPrev = m, true
		cur.ply++
		moves++
	}
	if moves == 1 && len(stack) == 0 {
		// A one-move study: its move must mate, as the result says.
		return explained && mateAgrees(&cur.pos, b.g.Result)
	}
	return explained && moves >= minRepairPlies
}

// touchesChange reports whether the legality of move m depends on a square whose piece
// differs between positions a and b: its origin, its target, a square it passes over (a
// chariot's or cannon's path), the leg of a horse's move or the eye of an elephant's.
func touchesChange(m board.Move, a, b *board.Position) bool {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() {
		return false
	}
	changed := func(sq board.Square) bool { return a.At(sq) != b.At(sq) }
	if changed(from) || changed(to) {
		return true
	}
	r0, c0, r1, c1 := from.Row(), from.Col(), to.Row(), to.Col()
	dr, dc := r1-r0, c1-c0
	switch adr, adc := abs(dr), abs(dc); {
	case dr == 0 || dc == 0: // along a line: the squares between
		sr, sc := sign(dr), sign(dc)
		for r, c := r0+sr, c0+sc; r != r1 || c != c1; r, c = r+sr, c+sc {
			if changed(board.NewSquare(r, c)) {
				return true
			}
		}
	case adr == 2 && adc == 1: // a horse's move: its leg
		return changed(board.NewSquare(r0+sign(dr), c0))
	case adr == 1 && adc == 2:
		return changed(board.NewSquare(r0, c0+sign(dc)))
	case adr == 2 && adc == 2: // an elephant's move: its eye
		return changed(board.NewSquare(r0+sign(dr), c0+sign(dc)))
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// rebuild replays the recorded events from the repaired setup s and adds the repaired
// warning. Should the rebuilt main line fail after all, the game is rebuilt as written.
func (b *Builder) rebuild(r Repair, s board.Setup) {
	orig, failPly := b.rec.snap.setup, b.mainFail
	why := ""
	if b.mainDiag != nil {
		why = ": " + string(b.mainDiag.Kind) + ": " + b.mainDiag.Message
		if b.mainDiag.Token != "" {
			why += fmt.Sprintf(" (%q)", b.mainDiag.Token)
		}
	}
	b.replay(s)
	if b.fails != 0 || b.tooLong {
		b.replay(orig) // unreachable unless fits and the replay disagree
		return
	}
	d := b.newDiag(KindRepaired, true, b.setupLoc, 0, "",
		fmt.Sprintf("start position repaired: %s (as written, the main line fails at ply %d%s)", r, failPly, why), nil)
	// The warning goes where the setup's own diagnostics go, before those of the moves.
	at := b.rec.snap.diags
	b.g.Diagnostics = append(b.g.Diagnostics, nil)
	copy(b.g.Diagnostics[at+1:], b.g.Diagnostics[at:])
	b.g.Diagnostics[at] = d
	if _, ok := b.g.Tag("FEN"); ok {
		b.g.SetTag("FEN", b.g.Setup.FEN())
	}
}

// replay rebuilds the game from setup s: the tree and the diagnostics found since the main
// line started are dropped, and the recorded events are played again.
func (b *Builder) replay(s board.Setup) {
	g, snap := b.g, &b.rec.snap
	g.Setup = s
	g.Root.Children = g.Root.Children[:0]
	g.Root.Comments = g.Root.Comments[:snap.rootComments]
	clear(g.Diagnostics[snap.diags:])
	g.Diagnostics = g.Diagnostics[:snap.diags]
	b.hidden, b.hiddenAs, b.hiddenLoc = snap.hidden, snap.hiddenAs, snap.hiddenLoc
	b.comments, b.commentBytes, b.commentsFull = snap.comments, snap.commentBytes, snap.commentsFull
	b.arena.rewind()
	b.stack = b.stack[:0]
	b.nodes, b.tooLong = 0, false
	b.repairs.reset()
	b.reps.reset(b.Reuse)

	b.rec.logging, b.rec.replaying = false, true
	b.started = false
	b.start(b.setupLoc)
	for i := range b.rec.events {
		e := &b.rec.events[i]
		switch e.op {
		case opMove:
			b.Move(e.text, e.loc)
		case opPlay:
			b.PlayMove(e.move, e.loc)
		case opComment:
			b.Comment(e.text)
		case opNAG:
			b.NAG(e.nag)
		case opBegin:
			b.BeginVariation()
		case opEnd:
			b.EndVariation()
		case opDiag:
			b.addDiag(e.d)
		case opBad:
			b.BadMove(e.d.Kind, e.loc, e.d.Token, e.d.Message, e.d.Err)
		}
	}
	b.rec.replaying = false
}

// CommentUnplayed is Comment for the comment of a move that PlayMove did not add (a move of a
// line that failed, in a reader that passes every move of its tree, as XQF's does): it is not
// attached anywhere, but a repair that rebuilds the game replays it with its move.
func (b *Builder) CommentUnplayed(text string) {
	if b.rec.logging && !b.commentsFull {
		b.rec.add(event{op: opComment, text: text})
	}
}
