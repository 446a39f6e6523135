package game

import (
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
	Pos         board.Position // the repeated position
	Ply, Count  int
	Occurrences []int
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
	natural int // first main-line ply that reached ending.NaturalLimitPlies without a capture; 0: none
}

func (r *repetitions) reset() {
	r.keys, r.found, r.natural = r.keys[:0], nil, 0
}

// trackBefore records the key of the position a move is about to be played in: the path's
// keys are those of the current line up to it (a variation rewrites the keys after its branch
// point, and the line it returns to rewrites them back, move by move).
func (b *Builder) trackBefore() {
	r := &b.reps
	if len(r.keys) < b.cur.ply {
		return // unreachable: the keys of a line's earlier plies are always there
	}
	r.keys = append(r.keys[:b.cur.ply], b.cur.pos.Key())
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
	r.keys = append(r.keys, key)
	half := pos.Halfmove()
	if ending.NaturalLimitReached(half) && r.natural == 0 && len(b.stack) == 0 {
		r.natural = ply
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
	occ := make([]int, count)
	occ[count-1] = ply
	for q, i := ply-2, count-2; i >= 0; q -= 2 {
		if r.keys[q] == key {
			occ[i] = q
			i--
		}
	}
	r.found = append(r.found, Repeat{Node: b.cur.node, Pos: *pos, Ply: ply, Count: count, Occurrences: occ})
}

// Repeats returns the repeated positions the builder found while replaying the game, in the
// order it replayed them (main line and variations, each on its own path). It is set by
// Finish.
func (g *Game) Repeats() []Repeat { return g.repeats }

// NaturalLimit returns the first ply of the main line at which ending.NaturalLimitPlies plies had
// passed without a capture, or 0.
func (g *Game) NaturalLimit() int { return g.naturalLimit }
