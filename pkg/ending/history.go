package ending

// History records the positions of one replay path (the start position, then the position
// after each ply) to count repetitions. The game builder keeps one per replay: Reset with the
// start position's key, Push after every ply, Truncate when a variation branches off an
// earlier ply. Once its slices have grown to the longest path, it allocates nothing.
//
// A key must identify the placement and the side to move, as board.Position.Key does (its
// Zobrist key includes the side to move). Repetitions are looked for two plies apart only
// (the same side to move) and only back to the last irreversible ply: a capture removes a
// piece for good, so no position before it can recur.
//
// The zero value is an empty history; Push on it records the start position as ply 0.
type History struct {
	entries []entry
}

// entry is the record of one ply of the path.
type entry struct {
	key   uint64
	prev  int32 // ply of the previous occurrence of key on the path, -1 for none
	count int32 // occurrences of key up to and including this ply
	floor int32 // the last irreversible ply at or before this one (0 for the start)
}

// Reset empties the history, keeping its storage, and records the start position (ply 0).
func (h *History) Reset(startKey uint64) {
	h.entries = append(h.entries[:0], entry{key: startKey, prev: -1, count: 1})
}

// Len returns the number of positions recorded: the plies played plus one for the start.
func (h *History) Len() int { return len(h.entries) }

// Ply returns the ply of the last position recorded (0 for the start), or -1 when the
// history is empty.
func (h *History) Ply() int { return len(h.entries) - 1 }

// Push records the position reached by the next ply: its key and whether the move was
// irreversible (a capture). It returns how many times the position has now occurred on the
// path, this time included, since the last irreversible ply, and the ply of its previous
// occurrence (-1 when count is 1). A push on an empty history records the start position.
func (h *History) Push(key uint64, irreversible bool) (count, prev int) {
	n := int32(len(h.entries))
	e := entry{key: key, prev: -1, count: 1, floor: n}
	if n > 0 && !irreversible {
		e.floor = h.entries[n-1].floor
		for j := n - 2; j >= e.floor; j -= 2 {
			if h.entries[j].key == key {
				e.prev = j
				e.count = h.entries[j].count + 1
				break
			}
		}
	}
	h.entries = append(h.entries, e)
	return int(e.count), int(e.prev)
}

// Count returns how many times the position at ply has occurred on the path up to ply
// (since the last irreversible ply), or 0 when ply is not recorded.
func (h *History) Count(ply int) int {
	if ply < 0 || ply >= len(h.entries) {
		return 0
	}
	return int(h.entries[ply].count)
}

// Prev returns the ply of the previous occurrence of the position at ply, or -1.
func (h *History) Prev(ply int) int {
	if ply < 0 || ply >= len(h.entries) {
		return -1
	}
	return int(h.entries[ply].prev)
}

// Occurrences appends to dst the plies at which the position at ply occurred on the path,
// in increasing order, ply itself last, and returns the extended slice. It allocates only
// when dst lacks capacity.
func (h *History) Occurrences(dst []int, ply int) []int {
	if ply < 0 || ply >= len(h.entries) {
		return dst
	}
	start := len(dst)
	for j := int32(ply); j >= 0; j = h.entries[j].prev {
		dst = append(dst, int(j))
	}
	for i, k := start, len(dst)-1; i < k; i, k = i+1, k-1 {
		dst[i], dst[k] = dst[k], dst[i]
	}
	return dst
}

// Truncate goes back to the path's first ply+1 positions (the start and plies 1…ply), so
// that the next Push records ply+1. A variation whose first move is ply p of the game calls
// Truncate(p-1) before pushing it. A ply at or beyond the end leaves the history as it is; a
// negative ply empties it.
func (h *History) Truncate(ply int) {
	if ply < -1 {
		ply = -1
	}
	if ply+1 < len(h.entries) {
		h.entries = h.entries[:ply+1]
	}
}
