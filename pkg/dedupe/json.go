package dedupe

import (
	"strconv"

	"github.com/qipu/qipu/pkg/jsonl"
)

// AppendJSON appends g as one line of dedupe's JSON Lines output; source names the file of a
// member as diagnostics print it:
//
//	{"relation":"same","key":"9c1f…","keep":0,"games":[{"source":"a/x.xqf","index":1,"plies":84,"variations":0,"comments":3},…]}
//
// The key is 16 lower-case hex digits.
func (g *Group) AppendJSON(dst []byte, source func(Ref) string) []byte {
	dst = append(dst, `{"relation":`...)
	dst = jsonl.AppendString(dst, string(g.Relation))
	dst = append(dst, `,"key":"`...)
	var key [16]byte
	k := strconv.AppendUint(key[:0], g.Key, 16)
	for range 16 - len(k) {
		dst = append(dst, '0')
	}
	dst = append(dst, k...)
	dst = append(dst, `","keep":`...)
	dst = strconv.AppendInt(dst, int64(g.Keep), 10)
	dst = append(dst, `,"games":[`...)
	for i, m := range g.Members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"source":`...)
		dst = jsonl.AppendString(dst, source(m.Ref))
		dst = append(dst, `,"index":`...)
		dst = strconv.AppendInt(dst, int64(m.Index), 10)
		dst = append(dst, `,"plies":`...)
		dst = strconv.AppendInt(dst, int64(m.Plies), 10)
		dst = append(dst, `,"variations":`...)
		dst = strconv.AppendInt(dst, int64(m.Variations), 10)
		dst = append(dst, `,"comments":`...)
		dst = strconv.AppendInt(dst, int64(m.Comments), 10)
		dst = append(dst, '}')
	}
	return append(dst, "]}\n"...)
}

// GroupCounts are the counts of dedupe's summary line.
type GroupCounts struct {
	// Same, Prefix and Mirror count the groups of each relation.
	Same, Prefix, Mirror int
	// Duplicates counts the games that are not the kept game of a Same or Prefix group (a
	// game in two such groups counts once). Mirror groups drop nothing.
	Duplicates int
}

// CountGroups returns the counts of groups for dedupe's summary.
func CountGroups(groups []Group) GroupCounts {
	var c GroupCounts
	dup := map[Ref]bool{}
	for i := range groups {
		g := &groups[i]
		switch g.Relation {
		case Same:
			c.Same++
		case Prefix:
			c.Prefix++
		case Mirror:
			c.Mirror++
			continue
		}
		for j, m := range g.Members {
			if j != g.Keep {
				dup[m.Ref] = true
			}
		}
	}
	c.Duplicates = len(dup)
	return c
}
