// Package movetree holds what the readers of tree-shaped records (package xqf, package cbr,
// package dhtmlxq) share: the links of a move tree kept in first-child/next-sibling form, and
// its replay into a game.Builder in PGN order, without recursion.
//
// A reader's node type embeds Links; node 0 of a tree is the start position, every other node
// one move. Link hangs a node from its parent, in the order the file gives (the first child
// continues the line); Emit plays the tree into the builder. The readers only decode:
// game.Builder alone judges the moves, so every record is linked, a bad one included.
package movetree

import (
	"slices"

	"github.com/qipu/qipu/pkg/game"
)

// Links place a node in its tree: its first and last children and its next sibling, each the
// index of a node or -1 where there is none.
type Links struct {
	First, Last, Next int32
}

// Unlinked is the Links of a node with no children and no next sibling.
var Unlinked = Links{First: -1, Last: -1, Next: -1}

func (l *Links) links() *Links { return l }

// Node is the constraint satisfied by a pointer to a node type that embeds Links.
type Node[N any] interface {
	*N
	links() *Links
}

// Link appends child to the children of parent.
func Link[N any, P Node[N]](nodes []N, parent, child int32) {
	p := P(&nodes[parent]).links()
	if p.Last < 0 {
		p.First = child
	} else {
		P(&nodes[p.Last]).links().Next = child
	}
	p.Last = child
}

// Steps of Emit.
const (
	stepLine = iota // continue the current line with the children of a node
	stepAlt         // open a variation with an alternative move
	stepEnd         // close a variation
)

type step struct {
	kind uint8
	node int32
}

// Walker keeps the work list of Emit from tree to tree; its zero value is ready to use. The
// list starts in the Walker itself, so a tree with few variations allocates nothing.
type Walker struct {
	steps []step
	buf   [16]step
}

// Emit replays the tree rooted at nodes[0] into b in PGN order: at each node, the first child
// continues the line; each further child is a variation that replaces it, opened right after
// the first child's move (as "1. a (1. b ...) 2. ..." in PGN); then the line goes on after the
// first child. play passes node n's move, and whatever goes with it, to b; the root's own
// comment is the caller's to pass before.
func Emit[N any, P Node[N]](w *Walker, b *game.Builder, nodes []N, play func(n int32)) {
	if w.steps == nil {
		w.steps = w.buf[:0]
	}
	steps := append(w.steps[:0], step{stepLine, 0})
	for len(steps) > 0 {
		s := steps[len(steps)-1]
		steps = steps[:len(steps)-1]
		switch s.kind {
		case stepEnd:
			b.EndVariation()
			continue
		case stepAlt:
			b.BeginVariation()
			play(s.node)
			steps = append(steps, step{stepEnd, 0}, step{stepLine, s.node})
			continue
		}
		first := P(&nodes[s.node]).links().First
		if first < 0 {
			continue
		}
		play(first)
		steps = append(steps, step{stepLine, first})
		// The alternatives go on top, the first of them last so that it is opened first.
		k := len(steps)
		for c := P(&nodes[first]).links().Next; c >= 0; c = P(&nodes[c]).links().Next {
			steps = append(steps, step{stepAlt, c})
		}
		slices.Reverse(steps[k:])
	}
	w.steps = steps
}
