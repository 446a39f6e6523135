// Package gamecut finds where the record of an invalid game stops, for the writers of package
// pgn and package xqf: a game.Builder ends a line of play at its first bad move (and a whole
// game at a setup it cannot play), so a converted game is cut there, and the writers mark the
// cut with a comment and do not claim the original result for a game that is not all there.
package gamecut

import (
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// Cut is one place where a line of play stops.
type Cut struct {
	Node     *game.Node       // the last node of the line (the root when no move of it was kept)
	Diag     *game.Diagnostic // the error that stopped it
	MainLine bool             // the line is the game's main line (or the setup failed)
}

// Find returns the cuts of g in the order of its diagnostics: one for each error about a move
// (which ends its line) and one for a setup error (which stops the whole game). A valid game
// has none; errors about the text around the moves cut nothing.
func Find(g *game.Game) []Cut {
	if g == nil || g.Valid() {
		return nil
	}
	var cuts []Cut
	var lost []int // the cuts whose node the main line's end does not give
	leaf, plies := mainLeaf(g)
	for _, d := range g.Diagnostics {
		switch {
		case d.IsWarning():
		case d.Kind == game.KindSetup:
			cuts = append(cuts, Cut{Node: &g.Root, Diag: d, MainLine: true})
		case d.Ply > 0:
			if plies == d.Ply-1 && before(leaf.Loc, d.Loc) {
				cuts = append(cuts, Cut{Node: leaf, Diag: d, MainLine: true})
				continue
			}
			lost = append(lost, len(cuts))
			cuts = append(cuts, Cut{Diag: d})
		}
	}
	if len(lost) > 0 {
		locate(g, cuts, lost, leaf, plies)
	}
	return cuts
}

// mainLeaf returns the last node of g's main line and its ply.
func mainLeaf(g *game.Game) (*game.Node, int) {
	leaf, plies := &g.Root, 0
	for len(leaf.Children) > 0 {
		leaf = leaf.Children[0]
		plies++
	}
	return leaf, plies
}

// locate sets the node of each cut of lost (a failed move d) to the node one ply shallower
// than d that comes last before d in the source (the end of the variation d is in); when
// there is none, the main line's end if it is at that ply, else the root. One walk of the
// tree serves every cut (a tree of 200,000 moves may hold hundreds of failed moves); the
// nodes of a depth are met in the same order as a walk for each cut would meet them.
func locate(g *game.Game, cuts []Cut, lost []int, leaf *game.Node, plies int) {
	maxDepth := 0
	for _, i := range lost {
		maxDepth = max(maxDepth, cuts[i].Diag.Ply-1)
	}
	type item struct {
		n     *game.Node
		depth int
	}
	stack := []item{{&g.Root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, i := range lost {
			c := &cuts[i]
			if it.depth == c.Diag.Ply-1 && before(it.n.Loc, c.Diag.Loc) &&
				(c.Node == nil || c.Node.Loc.Offset < it.n.Loc.Offset) {
				c.Node = it.n
			}
		}
		if it.depth == maxDepth {
			continue
		}
		for _, ch := range it.n.Children {
			stack = append(stack, item{ch, it.depth + 1})
		}
	}
	for _, i := range lost {
		c := &cuts[i]
		switch depth := c.Diag.Ply - 1; {
		case c.Node != nil:
			c.MainLine = c.Node == leaf
		case plies == depth:
			c.Node, c.MainLine = leaf, true
		default:
			c.Node, c.MainLine = &g.Root, depth == 0
		}
	}
}

// before reports whether a comes before b in the source; unknown places compare as before.
func before(a, b game.Loc) bool {
	return a.Offset < 0 || b.Offset < 0 || a.Offset < b.Offset
}

// Text is the marker comment for c: "qipu: game ends here: illegal move "车九进九" at ply 4"
// ("variation ends here" when the line is a variation; "setup error: …" for a setup).
func Text(c Cut) string {
	d := c.Diag
	b := []byte("qipu: game ends here: ")
	if !c.MainLine {
		b = []byte("qipu: variation ends here: ")
	}
	switch d.Kind {
	case game.KindSetup:
		return string(append(append(b, "setup error: "...), d.Message...))
	case game.KindIllegal:
		b = append(b, "illegal move "...)
	case game.KindAmbiguous:
		b = append(b, "ambiguous move "...)
	default:
		b = append(append(b, d.Kind...), " error "...)
	}
	b = strconv.AppendQuote(b, d.Token)
	b = append(b, " at ply "...)
	return string(strconv.AppendInt(b, int64(d.Ply), 10))
}

// Marks maps each cut node of g to its marker comment (several cuts at one node are joined
// by a line break; a node that already has the comment, from a record written before, gets
// none), and reports whether the main line or the setup is cut. It returns nil, false for a
// valid game. readBack is what the writer's format makes of a comment once written and read
// back (nil: nothing changes), so that a marker written before is recognized: PGN writes a
// '}' in a comment as '｝'.
func Marks(g *game.Game, readBack func(string) string) (map[*game.Node]string, bool) {
	cuts := Find(g)
	if len(cuts) == 0 {
		return nil, false
	}
	marks := make(map[*game.Node]string, len(cuts))
	main := false
	for _, c := range cuts {
		main = main || c.MainLine
		text := Text(c)
		seen := text
		if readBack != nil {
			seen = readBack(text)
		}
		if hasMark(c.Node.Comments, seen) {
			continue // written before: the game was read back from a marked record
		}
		if m, ok := marks[c.Node]; ok {
			marks[c.Node] = m + "\n" + text
		} else {
			marks[c.Node] = text
		}
	}
	return marks, main
}

// hasMark reports whether a comment is the marker text or ends with it on its own line (a
// format that keeps one comment per move joins them with line breaks).
func hasMark(comments []string, text string) bool {
	for _, c := range comments {
		if c == text || strings.HasSuffix(c, "\n"+text) {
			return true
		}
	}
	return false
}
