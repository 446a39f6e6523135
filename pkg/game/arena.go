package game

import "sync"

// arena holds the nodes of a game, carved from chunks (Builder.push): one allocation per chunk, not per ply. With
// Reuse, it recycles the chunks of the previous games, and a released Builder's (Release).
type arena struct {
	slab     []Node // what is left of the current chunk
	slabSize int
	chunks   [][]Node  // with Reuse, the chunks of the previous games, reused in order
	nchunks  int       // chunks in use by the current game
	box      *[][]Node // holds chunks in nodeChunks (Release)
}

// begin starts the nodes of a new game; with reuse, the chunks of the previous games (or of
// a released Builder) are taken first.
func (a *arena) begin(reuse bool) {
	a.rewind()
	if !reuse {
		a.chunks = nil
	} else if a.chunks == nil {
		a.box = nodeChunks.Get().(*[][]Node) // a released Builder's chunks, if any
		a.chunks = *a.box
	}
}

// rewind starts carving from the first chunk again (a repair's rebuild of the game).
func (a *arena) rewind() { a.slab, a.slabSize, a.nchunks = nil, 0, 0 }

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
var nodeChunks = sync.Pool{New: func() any { return new([][]Node) }}

// release hands the chunks, with reuse, to the next Builder that reuses memory (nodeChunks).
func (a *arena) release(reuse bool) {
	if !reuse || a.chunks == nil {
		return
	}
	if a.box == nil {
		a.box = new([][]Node)
	}
	*a.box = a.chunks
	nodeChunks.Put(a.box)
	a.box, a.chunks, a.slab, a.slabSize, a.nchunks = nil, nil, nil, 0, 0
}

// maxReusedChunks bounds the nodes a Builder keeps for reuse (about 64K, a few MB).
const maxReusedChunks = 256
