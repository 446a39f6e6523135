package record_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/dedupe"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/record"
)

// tnode is a move of a test tree as an author wrote it, legal or not: kids[0] continues the
// line, the others are alternatives to it.
type tnode struct {
	move string // UCCI, e.g. "h2e2"
	kids []*tnode
}

// tline builds a line of moves, each the only continuation of the one before; alternatives
// to a move are added with alt.
func tline(moves ...string) []*tnode {
	var first, prev *tnode
	for _, m := range moves {
		n := &tnode{move: m}
		if prev == nil {
			first = n
		} else {
			prev.kids = append(prev.kids, n)
		}
		prev = n
	}
	return []*tnode{first}
}

// at returns the node k moves down the first-child line from n (k = 0: n itself).
func at(n *tnode, k int) *tnode {
	for ; k > 0; k-- {
		n = n.kids[0]
	}
	return n
}

// pgnOf writes the tree under root (its children) as PGN movetext, with move numbers.
func pgnOf(kids []*tnode) string {
	var b strings.Builder
	b.WriteString("[Event \"judge\"]\n\n")
	var line func(kids []*tnode, ply int)
	number := func(ply int, force bool) {
		switch {
		case ply%2 == 1:
			fmt.Fprintf(&b, "%d. ", (ply+1)/2)
		case force:
			fmt.Fprintf(&b, "%d... ", ply/2)
		}
	}
	line = func(kids []*tnode, ply int) {
		force := true
		for len(kids) > 0 {
			number(ply, force)
			force = false
			b.WriteString(kids[0].move + " ")
			for _, alt := range kids[1:] {
				b.WriteString("(")
				number(ply, true)
				b.WriteString(alt.move + " ")
				line(alt.kids, ply+1)
				b.WriteString(") ")
				force = true
			}
			kids = kids[0].kids
			ply++
		}
	}
	line(kids, 1)
	b.WriteString("*\n")
	return b.String()
}

// square returns the square of an ICCS square name ("h2").
func square(t *testing.T, s string) board.Square {
	sq, ok := board.SquareFromICCS(s[0], s[1])
	if !ok {
		t.Fatalf("square %q", s)
	}
	return sq
}

// dhtmlxqOf writes the tree as a DhtmlXQ block: the main line in movelist, each alternative
// as a move_P_S_B branch (four digits a move: x from Red's left, y from the top).
func dhtmlxqOf(t *testing.T, kids []*tnode) string {
	var b strings.Builder
	b.WriteString("[DhtmlXQ]\n[DhtmlXQ_title]judge[/DhtmlXQ_title]\n")
	digits := func(n *tnode) string {
		from, to := square(t, n.move[:2]), square(t, n.move[2:])
		return fmt.Sprintf("%d%d%d%d", from.Col(), from.Row(), to.Col(), to.Row())
	}
	next := 1
	var branch func(id, start int, first *tnode) string
	type pendingBranch struct {
		parent, start int
		n             *tnode
	}
	var todo []pendingBranch
	branch = func(id, start int, first *tnode) string {
		var moves strings.Builder
		for n, ply := first, start; n != nil; ply++ {
			moves.WriteString(digits(n))
			var nextNode *tnode
			if len(n.kids) > 0 {
				nextNode = n.kids[0]
				for _, alt := range n.kids[1:] {
					todo = append(todo, pendingBranch{id, ply + 1, alt})
				}
			}
			n = nextNode
		}
		return moves.String()
	}
	for _, alt := range kids[1:] {
		todo = append(todo, pendingBranch{0, 1, alt})
	}
	fmt.Fprintf(&b, "[DhtmlXQ_movelist]%s[/DhtmlXQ_movelist]\n", branch(0, 1, kids[0]))
	for len(todo) > 0 {
		p := todo[0]
		todo = todo[1:]
		id := next
		next++
		fmt.Fprintf(&b, "[DhtmlXQ_move_%d_%d_%d]%s[/DhtmlXQ_move_%d_%d_%d]\n", p.parent, p.start, id,
			branch(id, p.start, p.n), p.parent, p.start, id)
	}
	b.WriteString("[/DhtmlXQ]\n")
	return b.String()
}

// xqfOf writes the tree as a version-10 XQF file (the layout of XQF 1.0, as pkg/xqf's encoder
// writes it): a 1024-byte header with the keys zero and the standard piece table, then the
// records in pre-order, each from+0x18, to+0x20, flags (0xF0: a continuation follows,
// 0x0F: an alternative follows after this move's subtree), 0, and a 4-byte comment length.
func xqfOf(t *testing.T, kids []*tnode) []byte {
	h := make([]byte, 1024)
	h[0], h[1], h[2] = 'X', 'Q', 10
	// The piece table at 0x10: 16 red slots (R N B A K A B N R C C P P P P P), then 16 black
	// ones; a square is X·10+Y, X the file from Red's left, Y the rank from Red's side.
	red := [16][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}, {8, 0},
		{1, 2}, {7, 2}, {0, 3}, {2, 3}, {4, 3}, {6, 3}, {8, 3}}
	for i, xy := range red {
		h[0x10+i] = byte(xy[0]*10 + xy[1])
		h[0x10+16+i] = byte(xy[0]*10 + 9 - xy[1])
	}
	xqfSquare := func(sq board.Square) byte { return byte(sq.Col()*10 + 9 - sq.Row()) }
	out := append(h, 0x18, 0x20, 0, 0xFF, 0, 0, 0, 0)
	if len(kids) > 0 {
		out[1024+2] = 0xF0
	}
	var write func(kids []*tnode)
	write = func(kids []*tnode) {
		for i, n := range kids {
			var flags byte
			if len(n.kids) > 0 {
				flags |= 0xF0
			}
			if i+1 < len(kids) {
				flags |= 0x0F
			}
			from, to := square(t, n.move[:2]), square(t, n.move[2:])
			out = append(out, xqfSquare(from)+0x18, xqfSquare(to)+0x20, flags, 0)
			out = binary.LittleEndian.AppendUint32(out, 0)
			write(n.kids)
		}
	}
	write(kids)
	return out
}

// treeText writes a game's tree in PGN order with ICCS moves, for comparison.
func treeText(g *game.Game) string {
	var b strings.Builder
	var walk func(n *game.Node)
	walk = func(n *game.Node) {
		for len(n.Children) > 0 {
			b.WriteString(n.Children[0].Move.String() + " ")
			for _, alt := range n.Children[1:] {
				b.WriteString("(" + alt.Move.String() + " ")
				walk(alt)
				b.WriteString(") ")
			}
			n = n.Children[0]
		}
	}
	walk(&g.Root)
	return strings.TrimSpace(b.String())
}

// errorsOf lists a game's errors as kind, ply and message, sorted: each reader gives them in
// the order of its file (binary formats by offset), which differs by format.
func errorsOf(g *game.Game) []string {
	var out []string
	for _, d := range g.Errors() {
		out = append(out, fmt.Sprintf("%s ply %d: %s", d.Kind, d.Ply, d.Message))
	}
	slices.Sort(out)
	return out
}

// readOne reads the one game of a file.
func readOne(t *testing.T, data []byte, name string) *game.Game {
	t.Helper()
	var out *game.Game
	for g, err := range record.Read(bytes.NewReader(data), name) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out != nil {
			t.Fatalf("%s: more than one game", name)
		}
		out = g
	}
	if out == nil {
		t.Fatalf("%s: no game", name)
	}
	return out
}

// TestOneJudge: one broken tree written as PGN, XQF and DhtmlXQ reads as the same game in
// every format: the same main line, the same variations and the same errors (kind, ply,
// message), and dedupe groups the three as one game. A failed move ends its line; an
// alternative to it is never replayed in its place, and its diagnostic says so.
func TestOneJudge(t *testing.T) {
	for _, tc := range []struct {
		name      string
		tree      func() []*tnode
		main      string // the main line as it replays
		tree2     string // the whole tree as it replays
		errs      []string
		variation bool
	}{
		{
			name: "failed main-line move with a legal alternative",
			tree: func() []*tnode {
				kids := tline("h2e2", "h9e9", "h0g2")
				first := kids[0]
				first.kids = append(first.kids, tline("h9g7", "h0g2")...) // 1... h9g7, alternative to h9e9
				return kids
			},
			main:  "h2e2",
			tree2: "h2e2",
			errs:  []string{"illegal ply 2: black horse cannot move to e9; 1 alternative to this move is not replayed"},
		},
		{
			name: "failed move inside a variation",
			tree: func() []*tnode {
				kids := tline("h2e2", "h9g7", "h0g2", "i9h9")
				// 1. b2e2 b9c7 2. b0b5 (a horse cannot) c6c5, alternative to 1. h2e2
				kids = append(kids, tline("b2e2", "b9c7", "b0b5", "c6c5")...)
				// 2... b9c7 (legal) and 2... b9b5 (not), alternatives to 2... i9h9
				at(kids[0], 2).kids = append(at(kids[0], 2).kids, tline("b9c7")[0], tline("b9b5")[0])
				return kids
			},
			main:  "h2e2 h9g7 h0g2 i9h9",
			tree2: "h2e2 (b2e2 b9c7 ) h9g7 h0g2 i9h9 (b9c7 )",
			errs: []string{
				"illegal ply 3: red horse cannot move to b5",
				"illegal ply 4: black horse cannot move to b5",
			},
			variation: true,
		},
		{
			name: "failed first move with a legal alternative",
			tree: func() []*tnode {
				kids := tline("h0h2", "h9g7")
				return append(kids, tline("h2e2", "h9g7")...)
			},
			main:  "",
			tree2: "",
			errs:  []string{"illegal ply 1: red horse cannot move to h2; 1 alternative to this move is not replayed; did you mean h0g2 (the rest replays) or h0i2 (the rest replays)?"},
		},
		{
			name: "failed move with two alternatives, one of them failing too",
			tree: func() []*tnode {
				kids := tline("h2e2", "h9e9", "h0g2")
				first := kids[0]
				first.kids = append(first.kids, tline("h9g7")[0], tline("b9b5")[0])
				return kids
			},
			main:  "h2e2",
			tree2: "h2e2",
			errs:  []string{"illegal ply 2: black horse cannot move to e9; 2 alternatives to this move are not replayed"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := []struct {
				name string
				data []byte
			}{
				{"judge.pgn", []byte(pgnOf(tc.tree()))},
				{"judge.xqf", xqfOf(t, tc.tree())},
				{"judge.txt", []byte(dhtmlxqOf(t, tc.tree()))},
			}
			ix := dedupe.NewIndex()
			var games []*game.Game
			for i, f := range files {
				g := readOne(t, f.data, f.name)
				games = append(games, g)
				var main []string
				for pos, m := range g.Moves() {
					main = append(main, strings.ToLower(strings.ReplaceAll(iccs.Format(pos, m), "-", "")))
				}
				if got := strings.Join(main, " "); got != tc.main {
					t.Errorf("%s: main line %q, want %q\n%s", f.name, got, tc.main, f.data)
				}
				if got := treeText(g); got != tc.tree2 {
					t.Errorf("%s: tree %q, want %q", f.name, got, tc.tree2)
				}
				if got := errorsOf(g); !slices.Equal(got, tc.errs) {
					t.Errorf("%s: errors\n%s\nwant\n%s", f.name, strings.Join(got, "\n"), strings.Join(tc.errs, "\n"))
				}
				if err := ix.Add(dedupe.FileID(i), g.Index, dedupe.Summarize(g)); err != nil {
					t.Fatal(err)
				}
			}
			for i, g := range games[1:] {
				if a, b := dedupe.Summarize(games[0]), dedupe.Summarize(g); a != b {
					t.Errorf("%s: summary %+v, PGN's %+v", files[i+1].name, b, a)
				}
			}
			ix.Freeze()
			for i, g := range games {
				if err := ix.AddPrefixes(dedupe.FileID(i), g); err != nil {
					t.Fatal(err)
				}
			}
			// dedupe groups games by their main line; one with no move is nobody's duplicate
			// (the summaries above are still the same).
			groups := ix.Groups()
			if tc.main != "" && (len(groups) != 1 || len(groups[0].Members) != 3) {
				t.Errorf("dedupe groups %+v, want one of the three files", groups)
			}
		})
	}
}

// TestOneJudgeBadRecord: a record that does not decode to a move (a square off the board)
// ends its line the same way as an illegal move, in XQF and DhtmlXQ: the alternative to it is
// not replayed in its place.
func TestOneJudgeBadRecord(t *testing.T) {
	kids := tline("h2e2", "h9e9")
	kids[0].kids = append(kids[0].kids, tline("h9g7")[0])
	x := xqfOf(t, kids)
	// The second record (h9e9) gets a from square of 95, off the board.
	x[1024+8+8] = 95 + 0x18
	d := strings.Replace(dhtmlxqOf(t, kids), "77477040", "77479040", 1) // 9040: x = 9, off the board
	for _, f := range []struct {
		name string
		data []byte
		tok  string
	}{{"bad.xqf", x, "95-"}, {"bad.txt", []byte(d), "9040"}} {
		g := readOne(t, f.data, f.name)
		errs := g.Errors()
		if treeText(g) != "h2e2" || len(errs) != 1 || errs[0].Ply != 2 || errs[0].Kind != game.KindSyntax ||
			!strings.HasSuffix(errs[0].Message, "; 1 alternative to this move is not replayed") ||
			!strings.HasPrefix(errs[0].Token, f.tok) {
			t.Errorf("%s: tree %q, errors %v", f.name, treeText(g), errs)
		}
	}
}
