// Package game is qipu's model of one game record: tags in their order, the start setup, a
// tree of moves (main line and variations) with the text each move was read from, comments
// and NAGs, the result, and the diagnostics found while reading and replaying it.
//
// Builder turns reader events (text or binary moves, comments, variations) into a replayed
// Game. It is the one judge of every format: the readers (PGN, XQF, CBR/CBL, CBF, DhtmlXQ)
// only decode their records and pass every one of them, in PGN order, never checking a move
// or keeping a board; Builder alone decides whether a move is legal, whose move it is, which
// repair of the start applies and what becomes of a failed move's alternatives. So a game is
// judged the same way whatever file it came from: one tree written as PGN, XQF or DhtmlXQ
// reads as the same main line, the same variations and the same diagnostics (kind, ply,
// message).
//
// The rule for a failed move, the same in every format: a move that is illegal, ambiguous or
// unreadable (a text that is no move, a record with a square off the board: Builder.BadMove)
// ends its line there. The rest of that line is not replayed, nor are its comments and NAGs,
// nor the alternatives the author gave to the failed move: a line the author wrote as a
// variation never silently becomes the main line (or the line of the variation it belongs
// to). The failed move's diagnostic says how many alternatives were left out ("…; 1
// alternative to this move is not replayed"); the rest of the game goes on. A move text that
// names its squares (ICCS "H9-E9", "h9e9") fails with the reason a binary move gets
// (IllegalReason: "black horse cannot move to e9").
//
// Builder also takes the side to move from the first move when the setup has it wrong,
// checks the result against a final checkmate or stalemate (KindResult), caps what one game
// may hold (MaxNodes, MaxComments, MaxTags, …) and, with Builder.Repair, undoes the known
// breakages of a start position (Repairs; KindRepaired) when the evidence bears them out:
// the breakage explains the main line's failed move and undone, every move of the game
// replays.
//
// Every problem is a Diagnostic: positioned (path, line:col or byte offset, game, ply, move
// text), classified by Kind, with the cause wrapped, printed in one line by Error.
package game

import (
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/textenc"
)

// Tag is one header field, e.g. {"Red", "胡荣华"}.
type Tag struct {
	Name, Value string
}

// Node is a position in the move tree, reached by Move from its parent. The root has no move.
// Children[0] continues the line; further children are alternatives to it (variations).
//
// What few moves carry (NAGs, a non-standard note) is kept aside, so that a node stays small:
// replaying an archive builds one node per ply.
type Node struct {
	Move     board.Move // the resolved move; NoMove for the root
	Text     string     // the move as written in the source; "" when read from a binary file
	Comments []string   // comments after the move (on the root: before the first move)
	Children []*Node
	Parent   *Node
	Loc      Loc // where the move was read

	extra      *nodeExtra // NAGs and the non-standard note; nil for most nodes
	firstChild [1]*Node   // backing store for the usual single child
}

// nodeExtra holds the rarely set fields of a Node.
type nodeExtra struct {
	nags        []uint8
	nonstandard string
}

// NAGs returns the numeric annotation glyphs ($n) after the move.
func (n *Node) NAGs() []uint8 {
	if n.extra == nil {
		return nil
	}
	return n.extra.nags
}

// AddNAG appends a numeric annotation glyph.
func (n *Node) AddNAG(nag uint8) {
	if n.extra == nil {
		n.extra = new(nodeExtra)
	}
	n.extra.nags = append(n.extra.nags, nag)
}

// ClearNAGs removes the node's numeric annotation glyphs.
func (n *Node) ClearNAGs() {
	if n.extra != nil {
		n.extra.nags = nil
	}
}

// Nonstandard returns why the move text is non-standard (the note of its notation warning),
// or "".
func (n *Node) Nonstandard() string {
	if n.extra == nil {
		return ""
	}
	return n.extra.nonstandard
}

// SetNonstandard sets the note returned by Nonstandard.
func (n *Node) SetNonstandard(note string) {
	if n.extra == nil {
		if note == "" {
			return
		}
		n.extra = new(nodeExtra)
	}
	n.extra.nonstandard = note
}

// Format names a file format as qipu's output writes it (the JSON Lines "format" field):
// "pgn", "xqf", "cbr", "cbl", "cbf", "dhtmlxq", "mxq", "txt", "sg", "qp", "xqn". Each reader
// package declares its own as FormatName; package record registers them.
type Format string

// Game is one game record.
type Game struct {
	Source   string           // path of the file it came from, as the user named it
	Index    int              // 1-based index of the game in its file
	Format   Format           // the file format it was read from, e.g. "pgn", "xqf", "cbl"
	Encoding textenc.Encoding // the text encoding of the source; textenc.Auto when it has no text
	Tags     []Tag
	Setup    board.Setup // the start position: its side to move may be taken from the first move, and Builder.Repair may undo a known breakage
	Root     Node
	Result   string // "1-0", "0-1", "1/2-1/2" or "*"
	// Diagnostics lists every error, warning and note of the game in the order found.
	Diagnostics []*Diagnostic
	// Ending is how the main line ends as the board judges it (checkmate, stalemate, a
	// repeated cycle, the natural limit); the zero value is ending.None.
	Ending ending.Ending
	// Opening is the ECCO classification of the main line, set by the check that classifies
	// openings; its Code is "" when the game was not classified (a set-up position).
	Opening Opening

	repeats      []Repeat // positions that occurred again (Repeats)
	naturalLimit int      // see NaturalLimit

	// The builder's end of the main line at Finish: its last node and the position after
	// it (EndPosition); end is nil when unknown.
	end    *Node
	endPos board.Setup
}

// Opening is an ECCO classification: the code (A00–E99), the opening and the variation.
type Opening struct {
	Code, Name, Variation string
}

// Tag returns the value of the first tag with the name, compared without regard to case.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag replaces the value of the first tag with the name (any case) or appends the tag.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// MainLine returns the nodes of the main line, first move first.
func (g *Game) MainLine() []*Node {
	var line []*Node
	for n := &g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		line = append(line, n)
	}
	return line
}

// Errors returns the diagnostics that are errors.
func (g *Game) Errors() []*Diagnostic {
	var out []*Diagnostic
	for _, d := range g.Diagnostics {
		if d.IsError() {
			out = append(out, d)
		}
	}
	return out
}

// Warnings returns the diagnostics that are warnings.
func (g *Game) Warnings() []*Diagnostic {
	var out []*Diagnostic
	for _, d := range g.Diagnostics {
		if d.IsWarning() {
			out = append(out, d)
		}
	}
	return out
}

// Notes returns the diagnostics that are notes.
func (g *Game) Notes() []*Diagnostic {
	var out []*Diagnostic
	for _, d := range g.Diagnostics {
		if d.IsNote() {
			out = append(out, d)
		}
	}
	return out
}

// Valid reports whether the game has no error (warnings allowed).
func (g *Game) Valid() bool {
	for _, d := range g.Diagnostics {
		if d.IsError() {
			return false
		}
	}
	return true
}

// StartPosition builds the position of the game's setup, accepting any setup problem (the
// builder has already reported them).
func (g *Game) StartPosition() *board.Position {
	p, err := board.NewPosition(g.Setup, board.AllProblems)
	if err != nil { // unreachable: every problem is ignored
		return board.StartPosition()
	}
	return p
}

// EndPosition returns the position at the end of the main line (the start position when it
// holds no move). The builder keeps it at Finish, so that writers need not replay the game;
// when the main line changed since, it is replayed.
func (g *Game) EndPosition() board.Position {
	n := &g.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	var pos board.Position
	if g.end != nil && n == g.end {
		pos.Reset(&g.endPos)
		return pos
	}
	pos = *g.StartPosition()
	for n := &g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		pos.Play(n.Move)
	}
	return pos
}

// IsStandardStart reports whether the setup is the standard initial position with Red to move
// and the move counters at their start (0 and 1), so that a writer may leave the FEN out.
func (g *Game) IsStandardStart() bool {
	s := &startSetup
	return g.Setup.Board == s.Board && g.Setup.Turn == board.Red && g.Setup.Halfmove == 0 && g.Setup.Fullmove <= 1
}

// Plies returns the number of moves in the main line.
func (g *Game) Plies() int {
	n := 0
	for node := &g.Root; len(node.Children) > 0; node = node.Children[0] {
		n++
	}
	return n
}

// MapText replaces each text of the game written by people (tag values, the opening's name
// and variation, every comment of the tree) by what conv makes of it; a text conv fails on
// is left as it is. The moves' own text is not touched.
func (g *Game) MapText(conv func(string) (string, error)) {
	for i := range g.Tags {
		if v, err := conv(g.Tags[i].Value); err == nil {
			g.Tags[i].Value = v
		}
	}
	for _, s := range []*string{&g.Opening.Name, &g.Opening.Variation} {
		if v, err := conv(*s); err == nil {
			*s = v
		}
	}
	stack := []*Node{&g.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range n.Comments {
			if v, err := conv(c); err == nil {
				n.Comments[i] = v
			}
		}
		stack = append(stack, n.Children...)
	}
}
