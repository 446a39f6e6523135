package game

import (
	"slices"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/ending"
)

// Repeat is a position that occurs again on one line of play: the same pieces on the same
// squares with the same side to move, reached by Node at Ply, for the Count-th time since the
// last capture before it (positions before a capture cannot recur). Occurrences lists the
// plies of its last occurrences (up to MaxRepetition of them), the last being Ply; 0 is the
// start position.
type Repeat struct {
	Node        *Node
	Ply, Count  int
	Occurrences []int
}

// Position returns the repeated position: g's start replayed along the path to r.Node.
func (r *Repeat) Position(g *Game) board.Position {
	var buf [256]board.Move // most repeats come early enough: no allocation
	moves := buf[:0]
	if r.Ply > len(buf) {
		moves = make([]board.Move, 0, r.Ply)
	}
	for n := r.Node; n != nil && n.Parent != nil; n = n.Parent {
		moves = append(moves, n.Move)
	}
	var pos board.Position
	pos.Reset(&g.Setup) // every setup problem accepted, as StartPosition
	for i := len(moves) - 1; i >= 0; i-- {
		pos.Play(moves[i])
	}
	return pos
}

// MaxRepetition is the most occurrences of a position the builder records: a repeat is kept
// for its 2nd to MaxRepetition-th occurrence, so that a line that shuffles for thousands of
// plies holds a few dozen repeats, not one per ply.
const MaxRepetition = 8

// maxLookBack bounds how far back (in plies) the builder looks for an earlier occurrence of a
// position: far beyond the natural limit, so that a pathological line of thousands of quiet
// plies costs a bounded time per ply.
const maxLookBack = 1000

// repetitions finds repeated positions as the builder replays: the Zobrist key of every
// position on the current path, by ply, and the repeats found in the game.
type repetitions struct {
	keys    []uint64 // keys[i]: the position after ply i of the current line (0: its start)
	found   []Repeat
	occ     []int // the Occurrences of the repeats found, one after the other
	natural int   // first main-line ply that reached ending.NaturalLimitPlies without a capture; 0: none
	// onPath counts the keys of the path by their top bits: a position whose bucket holds only
	// itself has not occurred before on the path, and most plies need no look back at all.
	onPath [1 << pathBits]uint16
}

// pathBits is the number of top bits of a key that pick its bucket in repetitions.onPath.
const pathBits = 11

func bucket(key uint64) uint64 { return key >> (64 - pathBits) }

// reset empties the path and the repeats found. With reuse the last game is dropped and its
// repeats' arrays serve the next; else the game keeps them.
func (r *repetitions) reset(reuse bool) {
	r.truncate(0)
	if reuse {
		clear(r.found) // drop the last game's nodes
		r.found, r.occ = r.found[:0], r.occ[:0]
	} else {
		r.found, r.occ = nil, nil
	}
	r.natural = 0
}

// truncate drops the keys after the first n.
func (r *repetitions) truncate(n int) {
	for _, k := range r.keys[n:] {
		r.onPath[bucket(k)]--
	}
	r.keys = r.keys[:n]
}

// push appends a key to the path.
func (r *repetitions) push(key uint64) {
	r.keys = append(r.keys, key)
	r.onPath[bucket(key)]++
}

// trackBefore records the key of the position a move is about to be played in: the path's
// keys are those of the current line up to it (a variation rewrites the keys after its branch
// point, and the line it returns to rewrites them back, move by move).
func (b *Builder) trackBefore() {
	r := &b.reps
	ply := b.cur.ply
	if len(r.keys) < ply {
		return // unreachable: the keys of a line's earlier plies are always there
	}
	key := b.cur.pos.Key()
	if len(r.keys) == ply+1 && r.keys[ply] == key {
		return // the line goes on: its key is there
	}
	r.truncate(ply)
	r.push(key)
}

// trackAfter records the key of the position a move reached and looks back for its earlier
// occurrences: every second ply (same side to move), back to the last capture. It allocates
// only when a position repeats.
func (b *Builder) trackAfter() {
	r := &b.reps
	ply := b.cur.ply
	if len(r.keys) != ply {
		return
	}
	pos := &b.cur.pos
	key := pos.Key()
	r.push(key)
	half := pos.Halfmove()
	if ending.NaturalLimitReached(half) && r.natural == 0 && len(b.stack) == 0 {
		r.natural = ply
	}
	if r.onPath[bucket(key)] == 1 {
		return // no other position of the path shares its bucket: no earlier occurrence
	}
	lo := max(0, ply-half, ply-maxLookBack)
	count := 1
	for q := ply - 2; q >= lo && count <= MaxRepetition; q -= 2 {
		if r.keys[q] == key {
			count++
		}
	}
	if count == 1 || count > MaxRepetition {
		return
	}
	// The occurrences go into one slice for the game: a repeat costs no allocation of its
	// own (a slice that grows leaves the earlier repeats' views on its old array, unchanged).
	start := len(r.occ)
	r.occ = slices.Grow(r.occ, count)[:start+count]
	occ := r.occ[start : start+count : start+count]
	occ[count-1] = ply
	for q, i := ply-2, count-2; i >= 0; q -= 2 {
		if r.keys[q] == key {
			occ[i] = q
			i--
		}
	}
	r.found = append(r.found, Repeat{Node: b.cur.node, Ply: ply, Count: count, Occurrences: occ})
}

// Repeats returns the repeated positions the builder found while replaying the game, in the
// order it replayed them (main line and variations, each on its own path). It is set by
// Finish.
func (g *Game) Repeats() []Repeat { return g.repeats }

// NaturalLimit returns the first ply of the main line at which ending.NaturalLimitPlies plies had
// passed without a capture, or 0.
func (g *Game) NaturalLimit() int { return g.naturalLimit }
