package game

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// ResolveFunc reads a move text in a position. It returns the move, a note when the text is
// non-standard but fits exactly one legal move (it becomes a notation warning), or an error
// whose kind KindOf classifies.
type ResolveFunc func(pos *board.Position, text string) (m board.Move, nonstandard string, err error)

// Builder replays reader events into a Game: it resolves each move on the board, keeps the
// tree of variations, and records positioned diagnostics. It is the one judge of every
// format: readers pass every move of their tree, in PGN order, and never check one. A bad
// move ends its line of play: the later moves of that line, their comments and NAGs, and the
// alternatives to the bad move are not replayed (not guessed), and the bad move's diagnostic
// says how many alternatives were left out; the rest of the game goes on.
//
// Readers call Begin, then any of Tag, SetFEN, SetSetup, Move, PlayMove, BadMove, Comment,
// NAG, BeginVariation, EndVariation, Result, Diagnose, and finally Finish.
type Builder struct {
	// Path names the source in diagnostics.
	Path string
	// Resolve reads text moves; it is required for Move.
	Resolve ResolveFunc
	// FatalProblems are the setup problems that make a game unplayable (an error); other
	// problems are reported as warnings and the game replays. Zero means the default:
	// a missing general or more than one.
	FatalProblems board.Problem
	// Reuse lets Begin recycle the move tree of the previous game for the next one. Set it
	// only when a finished game is dropped before the next Begin (its nodes are overwritten).
	Reuse bool
	// Repair lets Finish fix a broken start position: when the main line fails at a move
	// that one of the known breakages (see Repairs) explains, and that breakage undone makes
	// every move of the game legal (main line and variations), the game is rebuilt from the
	// repaired setup and gets a KindRepaired warning. With it, the builder records the
	// events of the whole game (at most MaxNodes) for the rebuild. Without it, nothing is
	// recorded beyond the first RepairPlies plies of the main line, and when the main line
	// fails there the first error's message names the repair that would work.
	Repair bool
	// ByOffset puts the diagnostics of each game in the order of their byte offsets
	// (Loc.Offset) when Finish returns it, those of equal offsets in the order recorded: the
	// order of the file, for the binary formats, whose readers meet the header's, the tree's
	// and the moves' problems in another order (the text of an XQF header is decoded once its
	// comments have shown the encoding, a DhtmlXQ page's blocks come in any order). The
	// diagnostics are recorded as they come, since a repair rebuilds the game from the point
	// it recorded them to, and ordered once.
	ByOffset bool

	// Next to the exported bools, to fill their word: a Builder is embedded in the readers'
	// per-file state, whose size class this keeps.
	started  bool
	setupOK  bool
	g        *Game
	arena    arena // the nodes of the current game
	lastTags int   // how many tags the last game finished had
	spare    *Game // with Reuse, the last game finished: the next Begin recycles it
	cur      line
	stack    []line
	setupLoc Loc         // where the setup was read
	caps                 // what the current game holds against its limits
	repairs              // the failures and events a repair works from
	reps     repetitions // the positions of the current line, and those that repeat
}

// line is the replay state of one line of play.
type line struct {
	node    *Node
	pos     board.Position // after node
	undo    board.Undo     // takes node's move back (valid when hasPrev)
	hasPrev bool
	dead    bool // a move of this line failed (or the setup is unplayable)
	skipped bool // the line's last move event added no move: its comments and NAGs go nowhere
	ply     int
	// The failed move of a dead line: its diagnostic (nil when hidden or none), the length
	// of its message before the note on alternatives, how many alternatives to it were left
	// out, and how many move events the line had after it.
	fail     *Diagnostic
	failMsg  int
	failAlts int
	after    int
}

// Begin starts a new game with its 1-based index in the file.
func (b *Builder) Begin(index int, format Format, encoding textenc.Encoding) {
	if g := b.spare; g != nil && b.Reuse {
		// The last game is dropped (Reuse): its struct and its tags' array serve this one.
		tags := g.Tags
		clear(tags)
		*g = Game{Source: b.Path, Index: index, Format: format, Encoding: encoding,
			Setup: startSetup, Result: "*", Tags: tags[:0]}
		b.g = g
	} else {
		b.g = &Game{Source: b.Path, Index: index, Format: format, Encoding: encoding,
			Setup: startSetup, Result: "*"}
		if b.lastTags > 0 {
			b.g.Tags = make([]Tag, 0, min(b.lastTags, 64)) // a file's games tend to have the same tags
		}
	}
	b.spare = nil
	b.g.Root.Loc = NoLoc
	b.arena.begin(b.Reuse)
	b.started = false
	b.stack = b.stack[:0]
	b.cur = line{node: &b.g.Root}
	b.setupLoc = NoLoc
	b.caps.reset()
	b.repairs.reset()
	b.rec.reset()
	b.reps.reset(b.Reuse)
}

// Game returns the game being built (nil before Begin).
func (b *Builder) Game() *Game { return b.g }

// Tag appends a header field. Beyond MaxTags fields or MaxTagBytes bytes, fields are
// dropped, with one diagnostic.
func (b *Builder) Tag(name, value string) {
	if b.tagsFull {
		return
	}
	if len(b.g.Tags) >= MaxTags || b.tagBytes+len(name)+len(value) > MaxTagBytes {
		b.tagsFull = true
		what := fmt.Sprintf("%d tags", MaxTags)
		if len(b.g.Tags) < MaxTags {
			what = fmt.Sprintf("%d MiB of tags", MaxTagBytes>>20)
		}
		b.event(opDiag, b.newDiag(KindSyntax, false, NoLoc, 0, "",
			fmt.Sprintf("more than %s in this game; tag %s and the rest are dropped", what, strconv.Quote(name)), nil))
		return
	}
	b.tagBytes += len(name) + len(value)
	b.g.Tags = append(b.g.Tags, Tag{name, value})
}

// SetFEN sets the start position from a FEN; a FEN that does not parse is a setup error and
// the game's moves are not replayed.
func (b *Builder) SetFEN(fen string, loc Loc) {
	s, err := board.ParseFEN(fen)
	if err != nil {
		b.setupLoc = loc
		b.diag(KindSetup, false, loc, 0, fen, err.Error(), err)
		b.started = true
		b.setupOK = false
		b.cur.dead = true
		return
	}
	b.SetSetup(s, loc)
}

// SetSetup sets the start position. Call it before the first move.
func (b *Builder) SetSetup(s board.Setup, loc Loc) {
	b.g.Setup = s
	b.setupLoc = loc
	b.started = false
	b.start(loc)
}

// start starts the main line from the setup, once: at the first event that needs it. It is
// small enough to be inlined, since every move calls it.
func (b *Builder) start(loc Loc) {
	if !b.started {
		b.startGame(loc)
	}
}

// startGame validates the setup and starts the main line.
func (b *Builder) startGame(loc Loc) {
	b.started = true
	if !b.rec.replaying {
		b.rec.begin(b)
	}
	if b.g.Setup == startSetup {
		// Most games start from the standard setup: it is valid, and its position is built.
		b.setupOK = true
		b.cur = line{node: &b.g.Root, pos: startPosition}
		return
	}
	fatal := b.fatal()
	probs, details := b.g.Setup.Validate()
	if probs != 0 {
		err := &board.SetupError{Problems: probs, Details: details}
		b.diag(KindSetup, probs&fatal == 0, loc, 0, "", err.Error(), err)
	}
	b.setupOK = probs&fatal == 0
	b.cur = line{node: &b.g.Root, dead: !b.setupOK}
	b.cur.pos.Reset(&b.g.Setup) // every problem accepted, as NewPosition with AllProblems

}

// startSetup and startPosition are the standard setup and its position.
var (
	startSetup    = board.StartSetup()
	startPosition = func() board.Position {
		p, err := board.NewPosition(startSetup, 0)
		if err != nil {
			panic(err) // unreachable: the standard setup is valid
		}
		return *p
	}()
)

// Move resolves a move text in the current line and appends it. It reports whether the move
// was added: false when it failed (the diagnostic is recorded) or the line had already failed.
func (b *Builder) Move(text string, loc Loc) bool {
	b.start(loc)
	ev := -1
	if b.rec.logging {
		b.rec.add(event{op: opMove, text: text, loc: loc})
		if b.rec.logging {
			ev = len(b.rec.events) - 1
		}
	}
	if b.cur.dead || b.full(loc, text) {
		b.skip()
		return false
	}
	var start *board.Setup
	if b.firstMove() {
		start = &b.g.Setup
	}
	m, note, flip, err := b.resolveMove(&b.cur.pos, text, start)
	if flip {
		b.cur.pos = flipSide(&b.cur.pos)
		b.repairSide(loc, text)
	}
	if err != nil {
		err = squaresReason(&b.cur.pos, text, err)
		d := b.diag(KindOf(err), false, loc, b.cur.ply+1, text, err.Error(), err)
		main := len(b.stack) == 0 && b.mainFail == 0
		if b.fails == 0 {
			b.firstFail = failure{ev: ev, d: d, text: text}
		}
		b.lineFailed(d)
		if main {
			b.mainText = text
		}
		return false
	}
	n := b.push(m, loc)
	n.Text = text
	if note != "" {
		n.SetNonstandard(note)
		b.diag(KindNotation, true, loc, b.cur.ply, text, note, nil)
	}
	return true
}

// PlayMove appends a move given by its squares (binary formats), checking that it is legal.
// It reports whether the move was added.
func (b *Builder) PlayMove(m board.Move, loc Loc) bool {
	b.start(loc)
	ev := -1
	if b.rec.logging {
		b.rec.add(event{op: opPlay, move: m, loc: loc})
		if b.rec.logging {
			ev = len(b.rec.events) - 1
		}
	}
	if b.cur.dead || b.atLimit() && b.full(loc, moveText(m)) { // the text only when reported
		b.skip()
		return false
	}
	if b.firstMove() && otherSidesPiece(&b.cur.pos, m) {
		b.cur.pos = flipSide(&b.cur.pos)
		b.repairSide(loc, m.String())
	}
	if !b.cur.pos.IsLegal(m) {
		reason := IllegalReason(&b.cur.pos, m)
		err := fmt.Errorf("%s: %w", reason, errIllegalMove)
		d := b.diag(KindIllegal, false, loc, b.cur.ply+1, moveText(m), reason, err)
		main := len(b.stack) == 0 && b.mainFail == 0
		if b.fails == 0 && m.From().Valid() && m.To().Valid() {
			b.firstFail = failure{ev: ev, d: d, text: ucci(m)}
		}
		b.lineFailed(d)
		if main && m.From().Valid() && m.To().Valid() {
			b.mainText, b.mainBinary = ucci(m), true
		}
		return false
	}
	b.push(m, loc)
	return true
}

// BadMove records a move record the reader could not decode at all (a square off the
// board), at its place in the current line: the line fails there as at an illegal move
// (kind, token, message and err describe the record; the ply is the builder's). In a line
// that has already failed it only counts as one of the line's skipped moves.
func (b *Builder) BadMove(kind Kind, loc Loc, token, message string, err error) {
	b.start(loc)
	if b.rec.logging {
		b.rec.add(event{op: opBad, loc: loc, d: &Diagnostic{Kind: kind, Token: token, Message: message, Err: err}})
	}
	if b.cur.dead {
		b.skip()
		return
	}
	d := b.diag(kind, false, loc, b.cur.ply+1, token, message, err)
	b.lineFailed(d)
}

// squaresReason returns the error of a text move that names its squares (ICCS, "H2-E2" or
// "h2e2") and fits no legal move with the reason IllegalReason gives a binary move, so that
// a move fails with the same message whatever format it was read from. Other errors are
// returned as they are.
func squaresReason(pos *board.Position, text string, err error) error {
	var e *notation.Error
	if !errors.As(err, &e) || e.Kind != notation.ErrIllegal {
		return err
	}
	m := e.Move
	if m == board.NoMove {
		var ok bool
		if m, ok = squaresOf(text); !ok {
			return err
		}
	}
	out := *e
	out.Reason = IllegalReason(pos, m)
	return &out
}

// squaresOf reads a move text that names its squares in ICCS form, "H2-E2" or "h2e2" (any
// case, the dash optional).
func squaresOf(text string) (board.Move, bool) {
	var b [4]byte
	n := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '-' && n == 2 {
			continue
		}
		if n == len(b) {
			return board.NoMove, false
		}
		b[n] = c | 0x20 // lower case letters; digits are unchanged
		n++
	}
	if n != 4 {
		return board.NoMove, false
	}
	from, ok1 := board.SquareFromICCS(b[0], b[1])
	to, ok2 := board.SquareFromICCS(b[2], b[3])
	if !ok1 || !ok2 {
		return board.NoMove, false
	}
	return board.NewMove(from, to), true
}

// moveText returns the move in ICCS form ("H2-E2"), or its raw square numbers when a square
// is off the board, for diagnostics.
func moveText(m board.Move) string {
	var buf [8]byte
	return string(m.AppendICCS(buf[:0], false))
}

// IllegalReason says, for diagnostics, why m is not a legal move in pos.
func IllegalReason(pos *board.Position, m board.Move) string {
	pc := pos.At(m.From())
	switch {
	case !m.From().Valid() || !m.To().Valid():
		return "square off the board"
	case pc == board.NoPiece:
		return "no piece on " + m.From().String()
	case pc.Color() != pos.Turn():
		return fmt.Sprintf("%s to move but %s is %s", pos.Turn(), m.From(), pc.Color())
	case pos.IsPseudoLegal(m):
		return "move leaves the general in check"
	}
	return fmt.Sprintf("%s %s cannot move to %s", pc.Color(), pc.Role(), m.To())
}

func (b *Builder) firstMove() bool {
	return b.cur.node == &b.g.Root && len(b.g.Root.Children) == 0 && len(b.stack) == 0
}

// resolveMove reads a move text in pos. On the first move of a game (start is the game's
// setup; nil for later moves), the side to move may be wrong in the setup (a black-first
// record): when the text fits no legal move, or reads only non-standardly, and it reads
// cleanly for the other side, flip reports that the other side's move m was taken. Digit
// style alone is weak evidence: a move that is legal for Red in the standard start position
// never flips the side.
func (b *Builder) resolveMove(pos *board.Position, text string, start *board.Setup) (m board.Move, note string, flip bool, err error) {
	m, note, err = b.Resolve(pos, text)
	if err == nil && note == "" || start == nil {
		return m, note, false, err
	}
	if err == nil && pos.Turn() == board.Red && start.Board == startSetup.Board {
		return m, note, false, nil
	}
	other := flipSide(pos)
	if m2, note2, err2 := b.Resolve(&other, text); err2 == nil && (err != nil || note2 == "") {
		return m2, note2, true, nil
	}
	return m, note, false, err
}

// otherSidesPiece reports whether m moves a piece of the side not to move.
func otherSidesPiece(pos *board.Position, m board.Move) bool {
	if !m.From().Valid() {
		return false
	}
	pc := pos.At(m.From())
	return pc != board.NoPiece && pc.Color() != pos.Turn()
}

// flipSide returns pos with the other side to move.
func flipSide(pos *board.Position) board.Position {
	s := pos.Setup()
	s.Turn = s.Turn.Other()
	p, _ := board.NewPosition(s, board.AllProblems)
	return *p
}

// lineFailed ends the current line at a failed move whose diagnostic is d (nil when hidden),
// and notes the main line's first failure.
func (b *Builder) lineFailed(d *Diagnostic) {
	b.cur.dead, b.cur.skipped = true, true
	b.cur.fail, b.cur.failAlts, b.cur.after = d, 0, 0
	if d != nil {
		b.cur.failMsg = len(d.Message)
		// The position for pictures of the failure: one FEN per failed move, not per move.
		d.FEN = b.cur.pos.FEN()
		if n := b.cur.node; n != nil && n != &b.g.Root {
			d.LastMove = n.Move
		}
	}
	b.fails++
	if len(b.stack) == 0 && b.mainFail == 0 {
		b.mainFail, b.mainDiag, b.mainPos = b.cur.ply+1, d, b.cur.pos
		b.rec.fail()
	}
}

// skip notes a move event that added no move to the current line.
func (b *Builder) skip() {
	b.cur.skipped = true
	b.cur.after++
}

// altLeftOut notes, in the diagnostic of the failed move of line l, one more alternative to
// that move that is not replayed.
func altLeftOut(l *line) {
	l.failAlts++
	d := l.fail
	if d == nil {
		return
	}
	if l.failAlts == 1 {
		d.Message = d.Message[:l.failMsg] + "; 1 alternative to this move is not replayed"
		return
	}
	d.Message = fmt.Sprintf("%s; %d alternatives to this move are not replayed", d.Message[:l.failMsg], l.failAlts)
}

func (b *Builder) repairSide(loc Loc, text string) {
	b.g.Setup.Turn = b.cur.pos.Turn()
	b.diag(KindSide, true, loc, 1, text,
		fmt.Sprintf("first move is %s's; side to move taken from it", b.cur.pos.Turn()), nil)
}

func (b *Builder) push(m board.Move, loc Loc) *Node {
	a := &b.arena // carved here, not in a method: push is the hot path, and the call would stay
	if len(a.slab) == 0 {
		a.newChunk(b.Reuse)
	}
	n := &a.slab[0]
	a.slab = a.slab[1:]
	// Field by field, not from a composite literal: the compiler would build the literal on
	// the stack and copy it, and the copy stalls on the stores just made.
	*n = Node{} // a reused node holds the fields of an earlier game
	n.Move, n.Parent, n.Loc = m, b.cur.node, loc
	n.Children = n.firstChild[:0:1] // most nodes have one child: no second allocation
	if c := b.cur.node.Children; len(c) == cap(c) {
		b.cur.node.Children = a.grow(b.cur.node, b.Reuse)
	}
	b.cur.node.Children = append(b.cur.node.Children, n)
	b.cur.hasPrev = true
	b.trackBefore()
	b.cur.undo = b.cur.pos.Play(m)
	b.cur.node = n
	b.cur.ply++
	b.nodes++
	b.trackAfter()
	if b.rec.logging && !b.Repair && b.cur.ply >= RepairPlies && b.mainFail == 0 && len(b.stack) == 0 {
		b.rec.stop() // without Repair, the main line is past the plies a repair is named for
	}
	return n
}

// Release hands the Builder's node memory, with Reuse, to the next Builder that reuses memory:
// no game it built may be used afterwards. Without Reuse it does nothing. The Builder stays
// usable; its next game takes fresh memory.
func (b *Builder) Release() { b.arena.release(b.Reuse) }

// Comment attaches a comment to the last move of the current line (or before the first move).
// The comment of a move that was not added (it failed, or its line had failed) is dropped.
// Beyond MaxComments comments or MaxCommentBytes bytes in the game, comments are dropped, with
// one diagnostic.
func (b *Builder) Comment(text string) {
	if b.commentsFull {
		return
	}
	if b.cur.skipped {
		b.CommentUnplayed(text)
		return
	}
	if b.comments >= MaxComments || b.commentBytes+len(text) > MaxCommentBytes {
		b.commentsFull = true
		what := fmt.Sprintf("%d comments", MaxComments)
		if b.comments < MaxComments {
			what = fmt.Sprintf("%d MiB of comments", MaxCommentBytes>>20)
		}
		b.event(opDiag, b.newDiag(KindSyntax, false, b.cur.node.Loc, b.cur.ply, "",
			fmt.Sprintf("more than %s in this game; the rest are dropped", what), nil))
		return
	}
	b.comments++
	b.commentBytes += len(text)
	if b.rec.logging {
		b.rec.add(event{op: opComment, text: text})
	}
	b.cur.node.Comments = append(b.cur.node.Comments, text)
}

// NAG attaches a numeric annotation glyph to the last move of the current line.
func (b *Builder) NAG(n uint8) {
	if b.rec.logging {
		b.rec.add(event{op: opNAG, nag: n})
	}
	if b.cur.node != &b.g.Root && !b.cur.skipped {
		b.cur.node.AddNAG(n)
	}
}

// BeginVariation starts an alternative to the last move of the current line. Inside a line
// that failed, variations are skipped too: an alternative to a failed move would otherwise
// silently take its place in the line, and one to a later move has no position to start
// from. The failed move's diagnostic counts the alternatives to it that are left out.
func (b *Builder) BeginVariation() {
	b.start(NoLoc)
	if b.rec.logging {
		b.rec.add(event{op: opBegin})
	}
	b.stack = append(b.stack, b.cur)
	parent := b.cur
	if parent.fail != nil && parent.after == 0 {
		altLeftOut(&b.stack[len(b.stack)-1])
	}
	b.cur = line{dead: parent.dead || !parent.hasPrev, ply: parent.ply - 1}
	b.cur.skipped = b.cur.dead
	if parent.hasPrev {
		b.cur.node = parent.node.Parent
		b.cur.pos = parent.pos
		b.cur.pos.Unplay(parent.node.Move, parent.undo)
	} else {
		b.cur.node = parent.node
		b.cur.pos = parent.pos
		b.cur.ply = parent.ply
	}
}

// EndVariation returns to the line the variation branched from. An unmatched call is ignored.
func (b *Builder) EndVariation() {
	if b.rec.logging {
		b.rec.add(event{op: opEnd})
	}
	if len(b.stack) == 0 {
		return
	}
	b.cur = b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
}

// Depth returns how many variations are open.
func (b *Builder) Depth() int { return len(b.stack) }

// Result records the game result ("1-0", "0-1", "1/2-1/2", "*").
func (b *Builder) Result(r string) { b.g.Result = r }

// Finish completes the game and returns it. The builder can then Begin the next one.
func (b *Builder) Finish() *Game {
	b.start(NoLoc)
	if b.mainFail > 0 && b.tryRepairs() {
		// the setup is repaired, or the error names the setup repair that would work
	} else if b.fails > 0 {
		b.tryMoveRepair()
	}
	b.finishMain()
	b.g.repeats, b.g.naturalLimit = b.reps.found, b.reps.natural
	b.rec.reset()
	b.closeHidden()
	if b.ByOffset {
		orderByOffset(b.g.Diagnostics)
	}
	g := b.g
	b.g = nil
	b.lastTags = len(g.Tags)
	if b.Reuse {
		b.spare = g
	}
	return g
}
