package dedupe

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/qipu/qipu/pkg/game"
)

// Relation is how the games of a group are related.
type Relation string

// The relations, in the order Groups lists groups that start with the same game.
const (
	// Same: the same start position and the same main line.
	Same Relation = "same"
	// Prefix: every other member's main line is a strict prefix of the kept game's, from the
	// same start (truncated copies of a longer game).
	Prefix Relation = "prefix"
	// Mirror: the members are the left–right mirror of each other.
	Mirror Relation = "mirror"
)

// FileID numbers the input files in input order, from 0.
type FileID uint32

// Ref names one game: its file and its 1-based index in the file.
type Ref struct {
	File  FileID
	Index int
}

// record is one game of the index (pass 1): its summary and where it comes from.
type record struct {
	Summary
	file  FileID
	index uint32
}

// seq is a game's position in input order (files in order, games in file order).
type seq = uint32

// Index collects the summaries of an archive's games and groups them. Add every game, then
// Freeze, then optionally AddPrefixes for every game, then read Groups and Verdict. An Index
// is not safe for concurrent use; feed it from one goroutine (the order does not matter).
type Index struct {
	recs      []record
	frozen    bool
	order     []seq           // recs sorted by input order (file, index)
	byKey     []seq           // recs sorted by key, then input order: classes are runs of it
	classOf   []uint32        // per record, its class: the records with the same Key
	classes   []class         // per class
	ends      *keySet         // the keys of every class, for the prefix pass
	plyLens   []bool          // which main-line lengths some game has, for the prefix pass
	extender  map[uint32]*ext // per prefix class, its best extending class
	fileFirst []int32         // per file, its first position in order; -1 for none
}

// class is a set of records with the same Key: byKey[start:end].
type class struct {
	start, end uint32
	keep       seq // the most complete member
}

// members returns the records of class c, in input order.
func (ix *Index) members(c *class) []seq { return ix.byKey[c.start:c.end] }

// key returns the key of class c.
func (ix *Index) key(c *class) uint64 { return ix.recs[c.keep].Key }

// ext is the best class that extends a prefix class.
type ext struct{ class uint32 }

// ErrFrozen is returned by Add after Freeze; ErrNotFrozen by AddPrefixes before it.
var (
	ErrFrozen    = errors.New("dedupe: index already frozen")
	ErrNotFrozen = errors.New("dedupe: index not frozen")
	ErrUnknown   = errors.New("dedupe: game not in the index")
)

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{} }

// Len returns the number of games added.
func (ix *Index) Len() int { return len(ix.recs) }

// Add records one game (pass 1). Games with an empty main line are kept for Verdict but
// belong to no group: there is nothing to compare.
func (ix *Index) Add(file FileID, index int, s Summary) error {
	if ix.frozen {
		return ErrFrozen
	}
	ix.recs = append(ix.recs, record{Summary: s, file: file, index: uint32(index)})
	return nil
}

// Freeze ends pass 1: it sorts the games into classes of the same game.
func (ix *Index) Freeze() {
	if ix.frozen {
		return
	}
	ix.frozen = true
	n := len(ix.recs)
	ix.order = make([]seq, n)
	for i := range ix.order {
		ix.order[i] = seq(i)
	}
	slices.SortFunc(ix.order, ix.cmpInput)
	var maxFile FileID
	for i := range ix.recs {
		maxFile = max(maxFile, ix.recs[i].file)
	}
	ix.fileFirst = make([]int32, int(maxFile)+1)
	for i := range ix.fileFirst {
		ix.fileFirst[i] = -1
	}
	for r, i := range ix.order {
		if f := ix.recs[i].file; ix.fileFirst[f] < 0 {
			ix.fileFirst[f] = int32(r)
		}
	}
	// Classes: records with the same key, in input order; games without moves stay alone.
	ix.byKey = slices.Clone(ix.order)
	slices.SortStableFunc(ix.byKey, func(a, b seq) int { return cmp.Compare(ix.recs[a].Key, ix.recs[b].Key) })
	ix.classOf = make([]uint32, n)
	for i := 0; i < len(ix.byKey); {
		j := i + 1
		if ix.recs[ix.byKey[i]].Plies > 0 {
			for j < len(ix.byKey) && ix.recs[ix.byKey[j]].Key == ix.recs[ix.byKey[i]].Key {
				j++
			}
		}
		c := class{start: uint32(i), end: uint32(j), keep: ix.byKey[i]}
		for _, m := range ix.byKey[i+1 : j] {
			if ix.moreComplete(m, c.keep) {
				c.keep = m
			}
		}
		for _, m := range ix.byKey[i:j] {
			ix.classOf[m] = uint32(len(ix.classes))
		}
		ix.classes = append(ix.classes, c)
		i = j
	}
	ix.ends = newKeySet(len(ix.classes))
	for ci := range ix.classes {
		c := &ix.classes[ci]
		if p := ix.recs[c.keep].Plies; p > 0 {
			ix.ends.put(ix.key(c), uint32(ci))
			if int(p) >= len(ix.plyLens) {
				ix.plyLens = append(ix.plyLens, make([]bool, int(p)+1-len(ix.plyLens))...)
			}
			ix.plyLens[p] = true
		}
	}
	ix.extender = make(map[uint32]*ext)
}

// cmpInput orders records by input order.
func (ix *Index) cmpInput(a, b seq) int {
	ra, rb := &ix.recs[a], &ix.recs[b]
	if c := cmp.Compare(ra.file, rb.file); c != 0 {
		return c
	}
	return cmp.Compare(ra.index, rb.index)
}

// moreComplete reports whether record a is more complete than b: more plies, then more
// variations and comments, then earlier in input order.
func (ix *Index) moreComplete(a, b seq) bool {
	ra, rb := &ix.recs[a], &ix.recs[b]
	if ra.Plies != rb.Plies {
		return ra.Plies > rb.Plies
	}
	if va, vb := ra.Variations+ra.Comments, rb.Variations+rb.Comments; va != vb {
		return va > vb
	}
	return ix.cmpInput(a, b) < 0
}

// lookup finds the record of a game.
func (ix *Index) lookup(file FileID, index int) (seq, bool) {
	if int(file) >= len(ix.fileFirst) || ix.fileFirst[file] < 0 || index < 1 {
		return 0, false
	}
	first := ix.fileFirst[file]
	// Records of a file are contiguous in input order, by index; games are added with
	// consecutive indexes, so a short search from index-1 finds it.
	pos, found := slices.BinarySearchFunc(ix.order[first:], index, func(s seq, idx int) int {
		r := &ix.recs[s]
		if r.file != file {
			return 1
		}
		return cmp.Compare(int(r.index), idx)
	})
	if !found {
		return 0, false
	}
	return ix.order[int(first)+pos], true
}

// AddPrefixes is pass 2 for one game (the same game Add saw, identified by file and index):
// every strict prefix of its main line that is the whole main line of another game relates
// that game to this one. The game's summary must match the one added in pass 1.
func (ix *Index) AddPrefixes(file FileID, g *game.Game) error {
	if !ix.frozen {
		return ErrNotFrozen
	}
	me, ok := ix.lookup(file, g.Index)
	if !ok {
		return fmt.Errorf("%w: file %d, game %d", ErrUnknown, file, g.Index)
	}
	mine := ix.classOf[me]
	if ix.classes[mine].keep != me { // every member of a class has the same line
		return nil
	}
	h, _ := startHashes(&g.Setup)
	var plies uint32
	total := ix.recs[me].Plies
	for n := &g.Root; len(n.Children) > 0 && plies+1 < total; {
		n = n.Children[0]
		h = step(h, n.Move)
		plies++
		if int(plies) >= len(ix.plyLens) || !ix.plyLens[plies] {
			continue
		}
		c, ok := ix.ends.get(finish(h, plies))
		if !ok || c == mine {
			continue
		}
		e := ix.extender[c]
		if e == nil {
			ix.extender[c] = &ext{class: mine}
		} else if ix.moreComplete(ix.classes[mine].keep, ix.classes[e.class].keep) {
			e.class = mine
		}
	}
	return nil
}

// Member is one game of a group.
type Member struct {
	Ref
	Plies, Variations, Comments int
}

// Group is a set of two or more related games.
type Group struct {
	Relation Relation
	// Key is the key of the kept game's start and main line.
	Key uint64
	// Members are in input order; Keep indexes the most complete one (most plies, then most
	// variations and comments, then first in input order).
	Members []Member
	Keep    int
}

// Groups returns every group of two or more games, ordered by the input position of their
// first member (Same before Prefix before Mirror for the same first member). Call it after
// Freeze (and after pass 2 for Prefix groups).
func (ix *Index) Groups() []Group {
	if !ix.frozen {
		ix.Freeze()
	}
	var out []Group
	for ci := range ix.classes {
		c := &ix.classes[ci]
		if c.end-c.start > 1 {
			out = append(out, ix.group(Same, ix.key(c), ix.members(c), c.keep))
		}
	}
	// Prefix groups: each extending class's kept game with every member of the classes it
	// extends best.
	attached := make(map[uint32][]uint32)
	for c, e := range ix.extender {
		attached[e.class] = append(attached[e.class], c)
	}
	for a, cs := range attached {
		keep := ix.classes[a].keep
		members := []seq{keep}
		for _, c := range cs {
			members = append(members, ix.members(&ix.classes[c])...)
		}
		out = append(out, ix.group(Prefix, ix.key(&ix.classes[a]), members, keep))
	}
	// Mirror pairs: each pair once.
	for ci := range ix.classes {
		c := &ix.classes[ci]
		r := &ix.recs[c.keep]
		if r.Plies == 0 || r.MirrorKey == r.Key {
			continue
		}
		m, ok := ix.ends.get(r.MirrorKey)
		if !ok || m == uint32(ci) || ix.cmpInput(ix.members(&ix.classes[m])[0], ix.members(c)[0]) < 0 {
			continue // none, itself, or listed from the other side
		}
		members := append(slices.Clone(ix.members(c)), ix.members(&ix.classes[m])...)
		keep := c.keep
		if ix.moreComplete(ix.classes[m].keep, keep) {
			keep = ix.classes[m].keep
		}
		out = append(out, ix.group(Mirror, ix.recs[keep].Key, members, keep))
	}
	rel := map[Relation]int{Same: 0, Prefix: 1, Mirror: 2}
	slices.SortFunc(out, func(a, b Group) int {
		if c := cmp.Compare(a.Members[0].File, b.Members[0].File); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Members[0].Index, b.Members[0].Index); c != 0 {
			return c
		}
		if c := cmp.Compare(rel[a.Relation], rel[b.Relation]); c != 0 {
			return c
		}
		return cmp.Compare(a.Key, b.Key)
	})
	return out
}

// group builds a Group of the records, sorted in input order.
func (ix *Index) group(rel Relation, key uint64, members []seq, keep seq) Group {
	members = slices.Clone(members)
	slices.SortFunc(members, ix.cmpInput)
	members = slices.Compact(members)
	g := Group{Relation: rel, Key: key, Members: make([]Member, len(members))}
	for i, m := range members {
		r := &ix.recs[m]
		g.Members[i] = Member{Ref: Ref{r.file, int(r.index)}, Plies: int(r.Plies),
			Variations: int(r.Variations), Comments: int(r.Comments)}
		if m == keep {
			g.Keep = i
		}
	}
	return g
}

// Verdict says whether a game is kept when duplicates are dropped (convert --dedupe): a game
// is dropped when another game of its Same or Prefix group is kept; then kept names that game.
func (ix *Index) Verdict(file FileID, index int) (dropped bool, kept Ref, err error) {
	if !ix.frozen {
		return false, Ref{}, ErrNotFrozen
	}
	me, ok := ix.lookup(file, index)
	if !ok {
		return false, Ref{}, fmt.Errorf("%w: file %d, game %d", ErrUnknown, file, index)
	}
	c := ix.classOf[me]
	keep := ix.classes[c].keep
	if e := ix.extender[c]; e != nil {
		// A prefix of a longer game: the longer game's kept member is written instead
		// (following the chain: the extender is never a prefix itself, it is the longest).
		keep = ix.classes[e.class].keep
	}
	if keep == me {
		return false, Ref{}, nil
	}
	r := &ix.recs[keep]
	return true, Ref{r.file, int(r.index)}, nil
}

// keySet is an open-addressing hash table from a key to a class number: 12 bytes a slot,
// at most half full.
type keySet struct {
	keys  []uint64
	vals  []uint32
	mask  uint64
	count int
}

func newKeySet(n int) *keySet {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	return &keySet{keys: make([]uint64, size), vals: make([]uint32, size), mask: uint64(size - 1)}
}

// put stores v under k (k must not be 0: a zero key is stored as 1, which only merges two
// astronomically unlikely keys).
func (s *keySet) put(k uint64, v uint32) {
	if k == 0 {
		k = 1
	}
	for i := k & s.mask; ; i = (i + 1) & s.mask {
		if s.keys[i] == 0 {
			s.keys[i], s.vals[i] = k, v
			s.count++
			return
		}
		if s.keys[i] == k {
			return // the first class with the key stays
		}
	}
}

func (s *keySet) get(k uint64) (uint32, bool) {
	if k == 0 {
		k = 1
	}
	for i := k & s.mask; ; i = (i + 1) & s.mask {
		switch s.keys[i] {
		case 0:
			return 0, false
		case k:
			return s.vals[i], true
		}
	}
}
