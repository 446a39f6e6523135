package game

import "sync"

// arena holds the nodes of a game, carved from chunks (Builder.push): one allocation per chunk, not per ply. With
// Reuse, it recycles the chunks of the previous games, and a released Builder's (Release).
type arena struct {
	slab     []Node // what is left of the current chunk
	slabSize int
	chunks   [][]Node  // with Reuse, the chunks of the previous games, reused in order
	nchunks  int       // chunks in use by the current game
	box      *released // holds the chunks in nodeChunks (Release)
	// With Reuse, the Children arrays of nodes with more than one child, carved from kids:
	// each game carves it again from the start.
	kids    []*Node
	kidsOff int
}

// begin starts the nodes of a new game; with reuse, the chunks of the previous games (or of
// a released Builder) are taken first.
func (a *arena) begin(reuse bool) {
	a.rewind()
	if !reuse {
		a.chunks, a.kids = nil, nil
		return
	}
	a.kidsOff = 0 // only here: a rebuild (rewind) carves on after the arrays of the tree it drops
	if a.chunks == nil {
		a.box = nodeChunks.Get().(*released) // a released Builder's chunks, if any
		a.chunks, a.kids = a.box.nodes, a.box.kids
	}
}

// rewind starts carving from the first chunk again (a repair's rebuild of the game).
func (a *arena) rewind() { a.slab, a.slabSize, a.nchunks = nil, 0, 0 }

// kidsChunk is the number of child pointers carved from one allocation.
const kidsChunk = 256

// grow returns the Children of n (full) with room for one more child: the root's first in
// its own array; with reuse, further ones carved from a chunk that the next games carve
// again, not an allocation of their own. Without reuse, the game keeps its arrays: each is
// its own, as small as append makes it.
func (a *arena) grow(n *Node, reuse bool) []*Node {
	c := n.Children
	if cap(c) == 0 {
		return n.firstChild[:0:1]
	}
	size := 2 * cap(c)
	if !reuse || size > kidsChunk/4 {
		return append(c, nil)[:len(c)]
	}
	if a.kidsOff+size > len(a.kids) {
		// The chunk is used up: a fresh one, larger (the views carved from the old one stay
		// valid until the next game).
		a.kids, a.kidsOff = make([]*Node, min(max(2*len(a.kids), 2*size, 16), kidsChunk)), 0
	}
	out := a.kids[a.kidsOff : a.kidsOff+len(c) : a.kidsOff+size]
	a.kidsOff += size
	copy(out, c)
	return out
}

// newChunk sets up the next chunk of nodes. Chunks grow with the game (16, 32, … 256 nodes),
// so a short game wastes little; with Reuse, those of the previous games are taken first.
func (a *arena) newChunk(reuse bool) {
	if a.nchunks < len(a.chunks) {
		a.slab = a.chunks[a.nchunks]
		a.slabSize = len(a.slab)
		a.nchunks++
		return
	}
	a.slabSize = min(max(2*a.slabSize, 16), 256)
	a.slab = make([]Node, a.slabSize)
	if reuse && len(a.chunks) < maxReusedChunks {
		a.chunks = append(a.chunks, a.slab)
		a.nchunks++
	}
}

// nodeChunks holds the node chunks of released Builders (Release), for the next Builder that
// reuses memory: reading file after file then carves every game from the same few chunks.
var nodeChunks = sync.Pool{New: func() any { return new(released) }}

// released is what a released Builder hands on: its chunks of nodes and of child arrays.
type released struct {
	nodes [][]Node
	kids  []*Node
}

// release hands the chunks, with reuse, to the next Builder that reuses memory (nodeChunks).
func (a *arena) release(reuse bool) {
	if !reuse || a.chunks == nil {
		return
	}
	if a.box == nil {
		a.box = new(released)
	}
	a.box.nodes, a.box.kids = a.chunks, a.kids
	nodeChunks.Put(a.box)
	a.box, a.chunks, a.kids, a.slab, a.slabSize, a.nchunks = nil, nil, nil, nil, 0, 0
}

// maxReusedChunks bounds the nodes a Builder keeps for reuse (about 64K, a few MB).
const maxReusedChunks = 256
