package game

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
)

// ResolveFunc reads a move text in a position. It returns the move, a note when the text is
// non-standard but fits exactly one legal move (it becomes a notation warning), or an error
// whose kind KindOf classifies.
type ResolveFunc func(pos *board.Position, text string) (m board.Move, nonstandard string, err error)

// Builder replays reader events into a Game: it resolves each move on the board, keeps the
// tree of variations, and records positioned diagnostics. A bad move ends its line of play
// (later moves of that line are skipped, not guessed); the rest of the game goes on.
//
// Readers call Begin, then any of Tag, SetFEN, SetSetup, Move, PlayMove, Comment, NAG,
// BeginVariation, EndVariation, Result, Diagnose, and finally Finish.
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

	g         *Game
	slab      []Node // nodes are carved from chunks: one allocation per chunk, not per ply
	slabSize  int
	chunks    [][]Node // with Reuse, the chunks of the previous games, reused in order
	nchunks   int      // chunks in use by the current game
	lastTags  int      // how many tags the last game finished had
	started   bool
	setupOK   bool
	cur       line
	stack     []line
	nodes     int     // moves added to the current game
	tooLong   bool    // the game reached MaxNodes
	hidden    [2]int  // diagnostics beyond MaxDiagnostics: errors, warnings
	hiddenAs  [2]Kind // the kind of the first hidden error, warning
	hiddenLoc Loc     // where the first hidden diagnostic was
}

// Limits that keep one pathological game from exhausting memory or flooding the output.
const (
	// MaxNodes bounds the moves of one game, variations included (real games have a few
	// hundred; the largest known XQF tree has 32,124).
	MaxNodes = 1 << 18
	// MaxPly bounds the depth of a line of play.
	MaxPly = 10000
	// MaxDiagnostics bounds the diagnostics kept per game; the rest are counted in one
	// closing diagnostic.
	MaxDiagnostics = 100
)

// line is the replay state of one line of play.
type line struct {
	node    *Node
	pos     board.Position // after node
	undo    board.Undo     // takes node's move back (valid when hasPrev)
	hasPrev bool
	dead    bool // a move of this line failed (or the setup is unplayable)
	ply     int
}

// Begin starts a new game with its 1-based index in the file.
func (b *Builder) Begin(index int, format, encoding string) {
	b.g = &Game{Source: b.Path, Index: index, Format: format, Encoding: encoding,
		Setup: startSetup, Result: "*"}
	if b.lastTags > 0 {
		b.g.Tags = make([]Tag, 0, min(b.lastTags, 64)) // a file's games tend to have the same tags
	}
	b.g.Root.Loc = NoLoc
	b.slab, b.slabSize, b.nchunks = nil, 0, 0
	if !b.Reuse {
		b.chunks = nil
	}
	b.started = false
	b.stack = b.stack[:0]
	b.cur = line{node: &b.g.Root}
	b.nodes, b.tooLong, b.hidden = 0, false, [2]int{}
}

// full reports whether the current line may take no more moves (the game or the line is at
// its limit), recording the reason once.
func (b *Builder) full(loc Loc, text string) bool {
	switch {
	case b.tooLong:
		return true
	case b.nodes >= MaxNodes:
		b.tooLong = true
		b.diag(KindSyntax, false, loc, b.cur.ply+1, text, fmt.Sprintf("game has more than %d moves; the rest is ignored", MaxNodes), nil)
		return true
	case b.cur.ply >= MaxPly:
		b.cur.dead = true
		b.diag(KindSyntax, false, loc, b.cur.ply+1, text, fmt.Sprintf("line longer than %d plies; the rest is ignored", MaxPly), nil)
		return true
	}
	return false
}

// Game returns the game being built (nil before Begin).
func (b *Builder) Game() *Game { return b.g }

// Tag appends a header field.
func (b *Builder) Tag(name, value string) {
	b.g.Tags = append(b.g.Tags, Tag{name, value})
}

// SetFEN sets the start position from a FEN; a FEN that does not parse is a setup error and
// the game's moves are not replayed.
func (b *Builder) SetFEN(fen string, loc Loc) {
	s, err := board.ParseFEN(fen)
	if err != nil {
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
	if b.g.Setup == startSetup {
		// Most games start from the standard setup: it is valid, and its position is built.
		b.setupOK = true
		b.cur = line{node: &b.g.Root, pos: startPosition}
		return
	}
	fatal := b.FatalProblems
	if fatal == 0 {
		fatal = board.ProblemNoGeneral | board.ProblemTooManyGenerals
	}
	probs, details := b.g.Setup.Validate()
	if probs != 0 {
		err := &board.SetupError{Problems: probs, Details: details}
		b.diag(KindSetup, probs&fatal == 0, loc, 0, "", err.Error(), err)
	}
	b.setupOK = probs&fatal == 0
	pos, _ := board.NewPosition(b.g.Setup, board.AllProblems)
	b.cur = line{node: &b.g.Root, pos: *pos, dead: !b.setupOK}
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
	if b.cur.dead || b.full(loc, text) {
		return false
	}
	m, note, err := b.Resolve(&b.cur.pos, text)
	if (err != nil || note != "") && b.firstMove() {
		// The side to move may be wrong in the setup (a black-first record, or digits that
		// name the other side): take the other side when the move reads cleanly for it.
		b.cur.pos = b.flipped()
		if m2, note2, err2 := b.Resolve(&b.cur.pos, text); err2 == nil && (err != nil || note2 == "") {
			b.repairSide(loc, text)
			m, note, err = m2, note2, nil
		} else {
			b.cur.pos = b.flipped()
		}
	}
	if err != nil {
		b.diag(KindOf(err), false, loc, b.cur.ply+1, text, err.Error(), err)
		b.cur.dead = true
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
	if b.cur.dead || b.full(loc, ICCSText(m)) {
		return false
	}
	if b.firstMove() {
		if pc := b.cur.pos.At(m.From()); pc != board.NoPiece && pc.Color() != b.cur.pos.Turn() {
			b.cur.pos = b.flipped()
			b.repairSide(loc, m.String())
		}
	}
	if !b.cur.pos.IsLegal(m) {
		reason := IllegalReason(&b.cur.pos, m)
		err := fmt.Errorf("%s: %w", reason, errIllegalMove)
		b.diag(KindIllegal, false, loc, b.cur.ply+1, ICCSText(m), reason, err)
		b.cur.dead = true
		return false
	}
	b.push(m, loc)
	return true
}

// ICCSText returns the move in ICCS form ("H2-E2"), or its raw square numbers when a square
// is off the board, for diagnostics.
//
// Deprecated: use iccs.Format, or board.Move.AppendICCS where no position is at hand.
func ICCSText(m board.Move) string {
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

func (b *Builder) flipped() board.Position {
	s := b.cur.pos.Setup()
	s.Turn = s.Turn.Other()
	p, _ := board.NewPosition(s, board.AllProblems)
	return *p
}

func (b *Builder) repairSide(loc Loc, text string) {
	b.g.Setup.Turn = b.cur.pos.Turn()
	b.diag(KindSide, true, loc, 1, text,
		fmt.Sprintf("first move is %s's; side to move taken from it", b.cur.pos.Turn()), nil)
}

func (b *Builder) push(m board.Move, loc Loc) *Node {
	if len(b.slab) == 0 {
		b.newChunk()
	}
	n := &b.slab[0]
	b.slab = b.slab[1:]
	// Field by field, not from a composite literal: the compiler would build the literal on
	// the stack and copy it, and the copy stalls on the stores just made.
	*n = Node{} // a reused node holds the fields of an earlier game
	n.Move, n.Parent, n.Loc = m, b.cur.node, loc
	n.Children = n.firstChild[:0:1] // most nodes have one child: no second allocation
	b.cur.node.Children = append(b.cur.node.Children, n)
	b.cur.hasPrev = true
	b.cur.undo = b.cur.pos.Play(m)
	b.cur.node = n
	b.cur.ply++
	b.nodes++
	return n
}

// newChunk sets up the next chunk of nodes. Chunks grow with the game (16, 32, … 256 nodes),
// so a short game wastes little; with Reuse, those of the previous games are taken first.
func (b *Builder) newChunk() {
	if b.nchunks < len(b.chunks) {
		b.slab = b.chunks[b.nchunks]
		b.slabSize = len(b.slab)
		b.nchunks++
		return
	}
	b.slabSize = min(max(2*b.slabSize, 16), 256)
	b.slab = make([]Node, b.slabSize)
	if b.Reuse && len(b.chunks) < maxReusedChunks {
		b.chunks = append(b.chunks, b.slab)
		b.nchunks++
	}
}

// maxReusedChunks bounds the nodes a Builder keeps for reuse (about 64K, a few MB).
const maxReusedChunks = 256

// Comment attaches a comment to the last move of the current line (or before the first move).
func (b *Builder) Comment(text string) {
	b.cur.node.Comments = append(b.cur.node.Comments, text)
}

// NAG attaches a numeric annotation glyph to the last move of the current line.
func (b *Builder) NAG(n uint8) {
	if b.cur.node != &b.g.Root {
		b.cur.node.AddNAG(n)
	}
}

// BeginVariation starts an alternative to the last move of the current line. Inside a line
// that failed, variations are skipped too: an alternative to a failed move would otherwise
// silently take its place in the line.
func (b *Builder) BeginVariation() {
	b.start(NoLoc)
	b.stack = append(b.stack, b.cur)
	parent := b.cur
	b.cur = line{dead: parent.dead || !parent.hasPrev, ply: parent.ply - 1}
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

// Diagnose records a reader's diagnostic, filling in the path and game.
func (b *Builder) Diagnose(kind Kind, warning bool, loc Loc, ply int, token, message string, err error) {
	b.diag(kind, warning, loc, ply, token, message, err)
}

func (b *Builder) diag(kind Kind, warning bool, loc Loc, ply int, token, message string, err error) {
	index := 0
	if b.g != nil {
		index = b.g.Index
	}
	if len(b.g.Diagnostics) >= MaxDiagnostics {
		w := 0
		if warning {
			w = 1
		}
		if b.hidden[w] == 0 {
			b.hiddenAs[w] = kind
		}
		if b.hidden[0]+b.hidden[1] == 0 {
			b.hiddenLoc = loc
		}
		b.hidden[w]++
		return
	}
	d := &Diagnostic{Kind: kind, Warning: warning, Path: b.Path, Loc: loc, Game: index, Ply: ply,
		Token: token, Message: message, Err: err}
	b.g.Diagnostics = append(b.g.Diagnostics, d)
}

// closeHidden adds the diagnostic that counts the hidden ones, an error if any was.
func (b *Builder) closeHidden() {
	errs, warns := b.hidden[0], b.hidden[1]
	if errs+warns == 0 {
		return
	}
	d := &Diagnostic{Kind: b.hiddenAs[1], Warning: errs == 0, Path: b.Path, Loc: b.hiddenLoc, Game: b.g.Index,
		Message: fmt.Sprintf("%d more errors and %d more warnings from here on in this game not shown", errs, warns)}
	if errs > 0 {
		d.Kind = b.hiddenAs[0]
	}
	b.g.Diagnostics = append(b.g.Diagnostics, d)
}

// Finish completes the game and returns it. The builder can then Begin the next one.
func (b *Builder) Finish() *Game {
	b.start(NoLoc)
	b.closeHidden()
	g := b.g
	b.g = nil
	b.lastTags = len(g.Tags)
	return g
}
