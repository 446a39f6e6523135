package cbr

import (
	"fmt"
	"sort"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// node is one move record as read. Moves that cannot be played (a square off the board) are
// read but not linked, so that their subtree is left out; the builder checks legality.
type node struct {
	off   int64 // where the record is, in the file
	move  board.Move
	com   span // the comment's bytes
	ply   int32
	first int32 // first linked child, or -1
	last  int32 // last linked child, or -1
	next  int32 // next linked sibling, or -1
}

// span is a range of the bytes a game is read from.
type span struct{ off, n int }

// tree is the move tree of one game, reused from game to game.
type tree struct {
	nodes []node
	steps []step
	alts  []int32
}

func (t *tree) reset(rootOff int64, com span) {
	t.nodes = append(t.nodes[:0], node{off: rootOff, com: com, first: -1, last: -1, next: -1})
}

// add appends a record; with linked, it becomes the last child of parent.
func (t *tree) add(parent int32, off int64, m board.Move, com span, linked bool) int32 {
	idx := int32(len(t.nodes))
	ply := int32(0)
	if parent >= 0 {
		ply = t.nodes[parent].ply + 1
	}
	t.nodes = append(t.nodes, node{off: off, move: m, com: com, ply: ply, first: -1, last: -1, next: -1})
	if linked && parent >= 0 {
		p := &t.nodes[parent]
		if p.last < 0 {
			p.first = idx
		} else {
			t.nodes[p.last].next = idx
		}
		p.last = idx
	}
	return idx
}

// Steps of emit.
const (
	stepLine = iota // continue the current line with the children of a node
	stepAlt         // open a variation with an alternative move
	stepEnd         // close a variation
)

type step struct {
	kind uint8
	node int32
}

// emit replays the tree into the builder in PGN order, without recursion: the first child of
// a node continues the line, each further child is a variation opened right after the first
// child's move, then the line goes on. comment passes a node's comment to the builder.
func (t *tree) emit(b *game.Builder, comment func(span)) {
	if c := t.nodes[0].com; c.n > 0 {
		comment(c)
	}
	t.steps = append(t.steps[:0], step{stepLine, 0})
	for len(t.steps) > 0 {
		s := t.steps[len(t.steps)-1]
		t.steps = t.steps[:len(t.steps)-1]
		switch s.kind {
		case stepEnd:
			b.EndVariation()
			continue
		case stepAlt:
			b.BeginVariation()
			t.play(b, s.node, comment)
			t.steps = append(t.steps, step{stepEnd, 0}, step{stepLine, s.node})
			continue
		}
		first := t.nodes[s.node].first
		if first < 0 {
			continue
		}
		t.play(b, first, comment)
		t.steps = append(t.steps, step{stepLine, first})
		t.alts = t.alts[:0]
		for c := t.nodes[first].next; c >= 0; c = t.nodes[c].next {
			t.alts = append(t.alts, c)
		}
		for i := len(t.alts) - 1; i >= 0; i-- {
			t.steps = append(t.steps, step{stepAlt, t.alts[i]})
		}
	}
}

func (t *tree) play(b *game.Builder, i int32, comment func(span)) {
	n := &t.nodes[i]
	if b.PlayMove(n.move, game.Loc{Offset: n.off}) && n.com.n > 0 {
		comment(n.com)
	}
}

// badSquare reports a move record whose square is off the board; the move is not played.
func badSquare(b *game.Builder, off int64, ply int, from, to byte) {
	msg := "move record: square off the board"
	b.Diagnose(game.KindSyntax, false, game.Loc{Offset: off}, ply, fmt.Sprintf("%d-%d", from, to), msg,
		fmt.Errorf("cbr: %s: %w", msg, ErrCorrupt))
}

// finish completes a game with its diagnostics in file order.
func finish(b *game.Builder) *game.Game {
	g := b.Finish()
	sort.SliceStable(g.Diagnostics, func(i, j int) bool {
		return g.Diagnostics[i].Loc.Offset < g.Diagnostics[j].Loc.Offset
	})
	return g
}
