package dhtmlxq

import (
	"fmt"
	"sort"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/movetree"
)

// buildTree hangs every branch from its node: a branch's moves continue the line they start
// from, its variations become alternatives to the move they replace, after it. It only
// places the moves: the builder judges them when the tree is emitted.
func (d *decoder) buildTree() {
	for i := 1; i < len(d.branches); i++ {
		b := &d.branches[i]
		p, ok := d.byID[b.parent]
		if !ok {
			b.reported = true
			d.fail(b.loc, 0, "", fmt.Sprintf("variation %d hangs from branch %d, which does not exist", b.id, b.parent))
			continue
		}
		b.pidx = p
		d.order = append(d.order, int32(i))
	}
	sort.SliceStable(d.order, func(i, j int) bool {
		a, b := &d.branches[d.order[i]], &d.branches[d.order[j]]
		if a.pidx != b.pidx {
			return a.pidx < b.pidx
		}
		return a.start < b.start
	})
	for j, bi := range d.order {
		p := &d.branches[d.branches[bi].pidx]
		if j == 0 || d.branches[d.order[j-1]].pidx != d.branches[bi].pidx {
			p.cs = int32(j)
		}
		p.ce = int32(j + 1)
	}
	d.work = append(d.work[:0], work{br: 0, attach: 0})
	for len(d.work) > 0 {
		w := d.work[len(d.work)-1]
		d.work = d.work[:len(d.work)-1]
		d.walk(&w)
	}
	d.skipDescendants()
	for i := 1; i < len(d.branches); i++ {
		if b := &d.branches[i]; !b.placed && !b.skipped && !b.reported {
			d.fail(b.loc, 0, "", fmt.Sprintf("variation %d is not reachable from the main line (its parents form a cycle)", b.id))
		}
	}
}

// walk places one branch from its node, queuing the variations that hang from it.
func (d *decoder) walk(w *work) {
	b := &d.branches[w.br]
	b.placed = true
	b.nodeLo = int32(len(d.nodes))
	cur := w.attach
	ci := b.cs
	moves := d.moves[b.lo:b.hi]
	full := false
	for k := range moves {
		ply := b.start + k
		pm := &moves[k]
		for ci < b.ce && d.branches[d.order[ci]].start < ply {
			d.misplaced(d.order[ci], b)
			ci++
		}
		cj := ci
		for cj < b.ce && d.branches[d.order[cj]].start == ply {
			cj++
		}
		for t := cj - 1; t >= ci; t-- { // alternatives to this move, first one on top
			d.work = append(d.work, work{br: d.order[t], attach: cur})
		}
		ci = cj
		if len(d.nodes) > game.MaxNodes {
			d.fail(pm.loc, ply, "", fmt.Sprintf("more than %d moves; the rest is ignored", game.MaxNodes))
			full = true
			break
		}
		n := int32(len(d.nodes))
		d.nodes = append(d.nodes, node{Links: movetree.Unlinked, move: pm.m, raw: pm.raw, bad: pm.bad, loc: pm.loc,
			comment: -1, ctail: -1})
		movetree.Link(d.nodes, cur, n)
		cur = n
	}
	b.nnodes = int32(len(d.nodes)) - b.nodeLo
	if full {
		for ; ci < b.ce; ci++ {
			d.branches[d.order[ci]].skipped = true
		}
		return
	}
	end := b.start + len(moves)
	cj := ci
	for cj < b.ce && d.branches[d.order[cj]].start == end {
		cj++
	}
	for t := cj - 1; t >= ci; t-- { // continuations of the branch's last move
		d.work = append(d.work, work{br: d.order[t], attach: cur})
	}
	for ci = cj; ci < b.ce; ci++ {
		d.misplaced(d.order[ci], b)
	}
}

// misplaced reports a variation whose ply lies outside its parent branch.
func (d *decoder) misplaced(i int32, parent *branch) {
	b := &d.branches[i]
	b.reported = true
	d.fail(b.loc, b.start, "", fmt.Sprintf("variation %d replaces ply %d of branch %d, which holds plies %d to %d",
		b.id, b.start, parent.id, parent.start, parent.start+int(parent.hi-parent.lo)-1))
}

// skipDescendants marks the variations of skipped variations (left out at MaxNodes) as
// skipped too.
func (d *decoder) skipDescendants() {
	stack := d.alts[:0]
	for i := 1; i < len(d.branches); i++ {
		if d.branches[i].skipped {
			stack = append(stack, int32(i))
		}
	}
	for len(stack) > 0 {
		b := &d.branches[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		for c := b.cs; c < b.ce; c++ {
			if ch := &d.branches[d.order[c]]; !ch.skipped && !ch.placed {
				ch.skipped = true
				stack = append(stack, d.order[c])
			}
		}
	}
	d.alts = stack
}

// attachComments gives each comment to its node.
func (d *decoder) attachComments() {
	for i := range d.comments {
		c := &d.comments[i]
		c.next = -1
		n := int32(-1)
		if c.br == 0 && c.ply == 0 {
			n = 0
		} else if bi, ok := d.byID[c.br]; ok {
			b := &d.branches[bi]
			k := c.ply - b.start
			switch {
			case k >= 0 && k < int(b.nnodes):
				n = b.nodeLo + int32(k)
			case k >= 0 && k < int(b.hi-b.lo) || !d.setupOK || b.skipped || b.reported:
				continue // the move was not replayed, and that is reported
			}
		}
		if n < 0 {
			d.warn(game.KindSyntax, c.f.keyLoc, fmt.Sprintf("comment for ply %d of branch %d, which has no such move; ignored", c.ply, c.br))
			continue
		}
		nd := &d.nodes[n]
		if nd.comment < 0 {
			nd.comment = int32(i)
		} else {
			d.comments[nd.ctail].next = int32(i)
		}
		nd.ctail = int32(i)
	}
}

// play passes one move and its comments to the builder: a move whose square is off the board
// as a bad move. The comments of a move that does not replay (its line failed) are kept only
// for a repair of the start position to replay.
func (d *decoder) play(i int32) {
	n := &d.nodes[i]
	if n.bad {
		msg := "square off the board (x above 8)"
		d.b.BadMove(game.KindSyntax, n.loc, fmt.Sprintf("%04d", n.raw), msg, fmt.Errorf("%s: %w", msg, ErrSyntax))
	} else if d.b.PlayMove(n.move, n.loc) {
		d.comment(i)
		return
	}
	if d.b.Repair {
		for c := n.comment; c >= 0; c = d.comments[c].next {
			if t := d.commentText(c); t != "" {
				d.b.CommentUnplayed(t)
			}
		}
	}
}

// comment passes the comments of a node to the builder.
func (d *decoder) comment(i int32) {
	for c := d.nodes[i].comment; c >= 0; c = d.comments[c].next {
		if t := d.commentText(c); t != "" {
			d.b.Comment(t)
		}
	}
}
