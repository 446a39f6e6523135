package cbr

import (
	"fmt"
	"sort"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/movetree"
)

// node is one move record as read. Moves that cannot be played (a square off the board) are
// read but not linked, so that their subtree is left out; the builder checks legality.
type node struct {
	movetree.Links
	ply  int32
	off  int64 // where the record is, in the file
	move board.Move
	com  span // the comment's bytes
}

// span is a range of the bytes a game is read from.
type span struct{ off, n int }

// tree is the move tree of one game, reused from game to game.
type tree struct {
	nodes  []node
	walker movetree.Walker
}

func (t *tree) reset(rootOff int64, com span) {
	t.nodes = append(t.nodes[:0], node{Links: movetree.Unlinked, off: rootOff, com: com})
}

// add appends a record; with linked, it becomes the last child of parent.
func (t *tree) add(parent int32, off int64, m board.Move, com span, linked bool) int32 {
	idx := int32(len(t.nodes))
	ply := int32(0)
	if parent >= 0 {
		ply = t.nodes[parent].ply + 1
	}
	t.nodes = append(t.nodes, node{Links: movetree.Unlinked, off: off, move: m, com: com, ply: ply})
	if linked && parent >= 0 {
		movetree.Link(t.nodes, parent, idx)
	}
	return idx
}

// emit replays the tree into the builder in PGN order; comment passes a node's comment to the
// builder.
func (t *tree) emit(b *game.Builder, comment func(span)) {
	if c := t.nodes[0].com; c.n > 0 {
		comment(c)
	}
	movetree.Emit(&t.walker, b, t.nodes, func(i int32) {
		n := &t.nodes[i]
		if b.PlayMove(n.move, game.Loc{Offset: n.off}) && n.com.n > 0 {
			comment(n.com)
		}
	})
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
