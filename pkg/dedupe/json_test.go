package dedupe_test

import (
	"encoding/json"
	"testing"

	"github.com/qipu/qipu/pkg/dedupe"
)

func TestGroupAppendJSON(t *testing.T) {
	t.Parallel()
	g := dedupe.Group{
		Relation: dedupe.Prefix,
		Key:      0xabc,
		Keep:     1,
		Members: []dedupe.Member{
			{Ref: dedupe.Ref{File: 0, Index: 2}, Plies: 10},
			{Ref: dedupe.Ref{File: 1, Index: 1}, Plies: 84, Variations: 2, Comments: 3},
		},
	}
	names := []string{`a/"x".pgn`, "b.xqf"}
	got := string(g.AppendJSON([]byte("prev\n"), func(r dedupe.Ref) string { return names[r.File] }))
	want := `prev
{"relation":"prefix","key":"0000000000000abc","keep":1,"games":[{"source":"a/\"x\".pgn","index":2,"plies":10,"variations":0,"comments":0},{"source":"b.xqf","index":1,"plies":84,"variations":2,"comments":3}]}
`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(got[len("prev\n"):]), &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
}

func TestCountGroups(t *testing.T) {
	t.Parallel()
	m := func(f, i int) dedupe.Member { return dedupe.Member{Ref: dedupe.Ref{File: dedupe.FileID(f), Index: i}} }
	groups := []dedupe.Group{
		{Relation: dedupe.Same, Members: []dedupe.Member{m(0, 1), m(1, 1), m(2, 1)}, Keep: 0},
		// The same dropped game in a prefix group counts once.
		{Relation: dedupe.Prefix, Members: []dedupe.Member{m(0, 2), m(1, 1)}, Keep: 0},
		// A mirror group drops nothing.
		{Relation: dedupe.Mirror, Members: []dedupe.Member{m(0, 3), m(3, 1)}, Keep: 1},
	}
	got := dedupe.CountGroups(groups)
	want := dedupe.GroupCounts{Same: 1, Prefix: 1, Mirror: 1, Duplicates: 2}
	if got != want {
		t.Fatalf("CountGroups = %+v, want %+v", got, want)
	}
}
