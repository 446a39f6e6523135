package dhtmlxq

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/movetree"
	"github.com/qipu/qipu/pkg/textenc"
)

// decoder holds the state of one Decode; its slices are reused from block to block.
type decoder struct {
	path, text string
	enc        textenc.Encoding
	html       bool
	b          game.Builder

	moves    []pmove
	branches []branch
	byID     map[int]int32
	order    []int32 // branch indices (main line excluded) sorted by parent, then start ply
	comments []comment
	nodes    []node
	work     []work
	walker   movetree.Walker
	alts     []int32 // the stack of skipDescendants
	setupOK  bool
}

// pmove is one move of a move list as read: four digits, x y x y with x from Red's left and
// y from the top.
type pmove struct {
	m   board.Move
	raw uint16 // the four digits as a number, for diagnostics
	bad bool   // a square off the board
	loc game.Loc
}

// branch is the main line (index 0) or a move_P_S_B variation: its moves replace ply S of
// branch P and go on from there.
type branch struct {
	id, parent, start int
	pidx              int32 // index of the parent branch; -1 for the main line or unknown
	lo, hi            int32 // its moves in decoder.moves
	loc               game.Loc
	nodeLo, nnodes    int32 // the nodes made from its moves (consecutive)
	cs, ce            int32 // its child branches in decoder.order
	placed, skipped   bool  // placed in the tree; left out (MaxNodes)
	reported          bool  // its problem was reported
}

// comment is a commentN or commentB_N field.
type comment struct {
	br, ply int
	f       *field
	next    int32 // the next comment of the same node, -1 if none
}

// node is a move of the tree, as read: the builder judges it.
type node struct {
	movetree.Links
	move           board.Move
	raw            uint16 // the four digits, for the diagnostic of a bad move
	bad            bool   // a square off the board: passed to the builder as a bad move
	loc            game.Loc
	comment, ctail int32 // first and last comment of the node, -1 if none
}

// work is a branch to place from a node.
type work struct {
	br     int32
	attach int32
}

func (d *decoder) warn(kind game.Kind, loc game.Loc, msg string) {
	d.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelWarning, Loc: loc, Message: msg})
}

func (d *decoder) fail(loc game.Loc, ply int, token, msg string) {
	d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Ply: ply, Token: token, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
}

// decodeBlock builds the game of one block.
func (d *decoder) decodeBlock(index int, blk *block, warn *game.Diagnostic) *game.Game {
	d.b.Begin(index, FormatName, d.enc)
	if warn != nil {
		d.b.Diagnose(game.Diagnostic{Kind: warn.Kind, Level: game.LevelWarning, Loc: warn.Loc, Message: warn.Message})
	}
	if blk.unclosed {
		d.warn(game.KindTruncated, blk.loc, "the block is not closed")
	}
	for _, f := range blk.open {
		d.warn(game.KindSyntax, f.keyLoc, fmt.Sprintf("field %q is not closed", f.key))
	}
	d.moves, d.comments, d.order = d.moves[:0], d.comments[:0], d.order[:0]
	d.branches = append(d.branches[:0], branch{pidx: -1, start: 1, loc: blk.loc})
	clear(d.byID)
	if d.byID == nil {
		d.byID = make(map[int]int32)
	}
	d.byID[0] = 0
	var binit, fen *field
	hasMain := false
	for i := range blk.fields {
		f := &blk.fields[i]
		k := f.key
		switch {
		case strings.EqualFold(k, "binit"):
			binit = f
		case strings.EqualFold(k, "fen"):
			fen = f
		case strings.EqualFold(k, "movelist"):
			if hasMain {
				d.warn(game.KindSyntax, f.keyLoc, "second movelist ignored")
				continue
			}
			hasMain = true
			m := &d.branches[0]
			m.loc = f.keyLoc
			m.lo, m.hi = d.parseMoves(f)
		case hasFoldAt(k, 0, "move_"):
			d.addBranch(f)
		case hasFoldAt(k, 0, "comment"):
			d.addComment(f)
		case skippedKeys[strings.ToLower(k)]:
		default:
			d.addTag(f)
		}
	}
	if cap(d.nodes) < len(d.moves)+1 {
		d.nodes = make([]node, 0, len(d.moves)+1)
	}
	d.nodes = append(d.nodes[:0], node{Links: movetree.Unlinked, comment: -1, ctail: -1})
	d.setup(binit, fen, blk.loc)
	if d.setupOK {
		d.buildTree()
	}
	d.attachComments()
	d.comment(0)
	if d.setupOK {
		movetree.Emit(&d.walker, &d.b, d.nodes, d.play)
	}
	g := d.b.Finish()
	return g
}

// addTag adds a header field as a tag; the result also sets the game result.
func (d *decoder) addTag(f *field) {
	v := strings.TrimSpace(unescape(f.val, d.html, false))
	if v == "" {
		return
	}
	name := tagName(f.key)
	if name == "Result" {
		r, ok := results[v]
		if !ok {
			d.warn(game.KindSyntax, f.valLoc, fmt.Sprintf("result %q not recognized; read as unknown (*)", v))
			r = "*"
		}
		d.b.Result(r)
		v = r
	}
	d.b.Tag(name, v)
}

// parseMoves reads the moves of a move list value into d.moves. Blanks and line breaks
// between digits are skipped; anything else ends the list with a syntax error.
func (d *decoder) parseMoves(f *field) (lo, hi int32) {
	lo = int32(len(d.moves))
	v := f.val
	line, col := f.valLoc.Line, f.valLoc.Col
	var dg [4]int
	nd := 0
	var start game.Loc
	cr := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case '0' <= c && c <= '9':
			if nd == 0 {
				start = game.Loc{Line: line, Col: col, Offset: f.valLoc.Offset + int64(i)}
			}
			dg[nd] = int(c - '0')
			nd++
			if nd == 4 {
				nd = 0
				pm := pmove{raw: uint16(dg[0]*1000 + dg[1]*100 + dg[2]*10 + dg[3]), loc: start}
				if dg[0] > 8 || dg[2] > 8 {
					pm.bad = true
				} else {
					pm.m = board.NewMove(board.NewSquare(dg[1], dg[0]), board.NewSquare(dg[3], dg[2]))
				}
				if len(d.moves) >= game.MaxNodes {
					d.fail(start, 0, "", fmt.Sprintf("more than %d moves in the block; the rest is ignored", game.MaxNodes))
					return lo, int32(len(d.moves))
				}
				d.moves = append(d.moves, pm)
			}
			col++
			cr = false
		case c == ' ' || c == '\t':
			col++
			cr = false
		case c == '\n':
			if !cr {
				line++
			}
			col, cr = 1, false
		case c == '\r':
			line++
			col, cr = 1, true
		default:
			loc := game.Loc{Line: line, Col: col, Offset: f.valLoc.Offset + int64(i)}
			d.fail(loc, 0, v[i:min(len(v), i+8)], fmt.Sprintf("%s: not a digit; the rest of the move list is ignored", f.key))
			return lo, int32(len(d.moves))
		}
	}
	if nd != 0 {
		loc := start
		d.fail(loc, 0, "", fmt.Sprintf("%s: ends with %d digit(s) of an incomplete move", f.key, nd))
	}
	return lo, int32(len(d.moves))
}

// addBranch reads a move_P_S_B field.
func (d *decoder) addBranch(f *field) {
	parts := strings.Split(f.key[len("move_"):], "_")
	var n [3]int
	ok := len(parts) == 3
	for i := 0; ok && i < 3; i++ {
		v, err := strconv.Atoi(parts[i])
		ok = err == nil && v >= 0 && v <= 1<<30
		n[i] = v
	}
	if !ok || n[1] < 1 || n[2] == 0 {
		d.fail(f.keyLoc, 0, f.key, "variation key is not move_P_S_B (parent branch, ply, branch > 0)")
		return
	}
	if _, dup := d.byID[n[2]]; dup {
		d.fail(f.keyLoc, 0, f.key, fmt.Sprintf("branch %d is defined twice; the second is ignored", n[2]))
		return
	}
	if len(d.branches) > MaxBranches {
		d.fail(f.keyLoc, 0, f.key, fmt.Sprintf("more than %d variations; the rest is ignored", MaxBranches))
		return
	}
	br := branch{id: n[2], parent: n[0], start: n[1], pidx: -1, loc: f.keyLoc}
	br.lo, br.hi = d.parseMoves(f)
	d.byID[br.id] = int32(len(d.branches))
	d.branches = append(d.branches, br)
}

// addComment reads a commentN or commentB_N field.
func (d *decoder) addComment(f *field) {
	rest := f.key[len("comment"):]
	br, ply := 0, 0
	var err error
	if i := strings.IndexByte(rest, '_'); i >= 0 {
		br, err = strconv.Atoi(rest[:i])
		if err == nil {
			ply, err = strconv.Atoi(rest[i+1:])
		}
	} else {
		ply, err = strconv.Atoi(rest)
	}
	if err != nil || br < 0 || ply < 0 {
		d.fail(f.keyLoc, 0, f.key, "comment key is not commentN or commentB_N")
		return
	}
	if f.val == "" {
		return
	}
	d.comments = append(d.comments, comment{br: br, ply: ply, f: f})
}

// commentText returns the decoded text of a comment, cut at MaxCommentBytes.
func (d *decoder) commentText(i int32) string {
	f := d.comments[i].f
	v := f.val
	if len(v) > MaxCommentBytes {
		d.warn(game.KindSyntax, f.valLoc, fmt.Sprintf("comment longer than %d bytes; cut", MaxCommentBytes))
		v = v[:MaxCommentBytes]
	}
	return unescape(v, d.html, true)
}

// setup sets the start position: the fen field when present (as vschess), else binit, else
// the standard setup; the side to move is the colour of the first move's piece.
func (d *decoder) setup(binit, fen *field, loc game.Loc) {
	d.setupOK = true
	if fen != nil {
		if v := strings.TrimSpace(fen.val); v != "" {
			d.b.SetFEN(v, fen.valLoc)
			d.checkSetup()
			return
		}
	}
	s := board.StartSetup()
	if binit != nil {
		loc = binit.valLoc
		if !d.readBinit(binit, &s) {
			d.setupOK = false
			d.b.SetSetup(s, loc)
			return
		}
	}
	s.Turn = d.firstSide(&s)
	d.b.SetSetup(s, loc)
	d.checkSetup()
}

// checkSetup notes whether the builder found the setup unplayable.
func (d *decoder) checkSetup() {
	for _, diag := range d.b.Game().Diagnostics {
		if diag.Kind == game.KindSetup && diag.IsError() {
			d.setupOK = false
		}
	}
}

// slotRoles are the roles of the 16 binit slots of each side: RNBAKABNRCCPPPPP.
var slotRoles = [16]board.Role{board.Chariot, board.Horse, board.Elephant, board.Advisor, board.General,
	board.Advisor, board.Elephant, board.Horse, board.Chariot, board.Cannon, board.Cannon,
	board.Soldier, board.Soldier, board.Soldier, board.Soldier, board.Soldier}

// readBinit reads the 64 digits of binit into s. It reports false (with an error) when the
// value is not 64 digits.
func (d *decoder) readBinit(f *field, s *board.Setup) bool {
	v := strings.TrimSpace(f.val)
	if len(v) != 64 || strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		msg := fmt.Sprintf("binit is not 64 digits (%d characters)", len(v))
		d.b.Diagnose(game.Diagnostic{Kind: game.KindSetup, Level: game.LevelError, Loc: f.valLoc, Token: v[:min(len(v), 64)], Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
		return false
	}
	s.Board = [board.NumSquares]board.Piece{}
	for i := 0; i < 32; i++ {
		x, y := int(v[2*i]-'0'), int(v[2*i+1]-'0')
		if x == 9 && y == 9 {
			continue // absent
		}
		loc := f.valLoc
		loc.Col += 2 * i
		loc.Offset += int64(2 * i)
		pc := board.MakePiece(board.Color(i/16), slotRoles[i%16])
		if x > 8 {
			d.warn(game.KindSetup, loc, fmt.Sprintf("binit slot %d (%s %s): square %d%d off the board; left out", i, pc.Color(), pc.Role(), x, y))
			continue
		}
		sq := board.NewSquare(y, x)
		if s.Board[sq] != board.NoPiece {
			d.warn(game.KindSetup, loc, fmt.Sprintf("binit slot %d (%s %s): %s already holds a piece; left out", i, pc.Color(), pc.Role(), sq))
			continue
		}
		s.Board[sq] = pc
	}
	return true
}

// firstSide returns the side to move of a setup that does not say: the colour of the piece
// the first move takes, else the side the setup is legal for (Red when both are).
func (d *decoder) firstSide(s *board.Setup) board.Color {
	var first *pmove
	if m := &d.branches[0]; m.hi > m.lo {
		first = &d.moves[m.lo]
	} else {
		for i := 1; i < len(d.branches); i++ {
			if b := &d.branches[i]; b.parent == 0 && b.start == 1 && b.hi > b.lo {
				first = &d.moves[b.lo]
				break
			}
		}
	}
	if first != nil && !first.bad {
		return inferSide(s, first.m, true)
	}
	return inferSide(s, board.NoMove, false)
}

// inferSide is the side to move that the reader gives a setup without one, given its first
// move if any.
func inferSide(s *board.Setup, first board.Move, hasFirst bool) board.Color {
	if hasFirst && first.From().Valid() {
		if pc := s.Board[first.From()]; pc != board.NoPiece {
			return pc.Color()
		}
	}
	red := *s
	red.Turn = board.Red
	pr, _ := red.Validate()
	black := red
	black.Turn = board.Black
	pb, _ := black.Validate()
	if pr&board.ProblemOpponentInCheck != 0 && pb&board.ProblemOpponentInCheck == 0 {
		return board.Black
	}
	return board.Red
}
