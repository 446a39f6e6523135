package cbr

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/movetree"
)

// node is one move record as read, linked in file order; the builder judges the moves. A
// record with a square off the board is linked too, and passed to the builder as a bad move
// at its place.
type node struct {
	movetree.Links
	ply      int32
	off      int64 // where the record is, in the file
	move     board.Move
	com      span // the comment's bytes
	bad      bool // a square off the board
	from, to byte // the squares as stored, for the diagnostic of a bad record (when known)
	raw      bool // from and to are known
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

// add appends a record as the last child of parent (none when parent is negative: the
// record hangs nowhere). A record that is not ok (a square off the board) is linked as a
// bad move.
func (t *tree) add(parent int32, off int64, m board.Move, com span, ok bool) int32 {
	idx := int32(len(t.nodes))
	ply := int32(0)
	if parent >= 0 {
		ply = t.nodes[parent].ply + 1
	}
	t.nodes = append(t.nodes, node{Links: movetree.Unlinked, off: off, move: m, com: com, ply: ply, bad: !ok})
	if parent >= 0 {
		movetree.Link(t.nodes, parent, idx)
	}
	return idx
}

// addBad is add for a record whose square is off the board, with its squares as stored.
func (t *tree) addBad(parent int32, off int64, com span, from, to byte) int32 {
	idx := t.add(parent, off, board.NewMove(board.NoSquare, board.NoSquare), com, false)
	n := &t.nodes[idx]
	n.from, n.to, n.raw = from, to, true
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
		loc := game.Loc{Offset: n.off}
		if n.bad {
			tok := ""
			if n.raw {
				tok = fmt.Sprintf("%d-%d", n.from, n.to)
			}
			msg := "move record: square off the board"
			b.BadMove(game.KindSyntax, loc, tok, msg, fmt.Errorf("cbr: %s: %w", msg, ErrCorrupt))
			return
		}
		if b.PlayMove(n.move, loc) && n.com.n > 0 {
			comment(n.com)
		}
	})
}
