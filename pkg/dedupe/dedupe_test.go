package dedupe_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/dedupe"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/pgn"
)

// games replays the games of a PGN text.
func games(t *testing.T, text string) []*game.Game {
	t.Helper()
	var out []*game.Game
	if err := pgn.Decode(strings.NewReader(text), pgn.Config{Path: "t.pgn"}, func(g *game.Game) error {
		out = append(out, g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// index runs both passes over files of games.
func index(t *testing.T, files ...[]*game.Game) *dedupe.Index {
	t.Helper()
	ix := dedupe.NewIndex()
	for f, gs := range files {
		for _, g := range gs {
			if err := ix.Add(dedupe.FileID(f), g.Index, dedupe.Summarize(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	ix.Freeze()
	for f, gs := range files {
		for _, g := range gs {
			if err := ix.AddPrefixes(dedupe.FileID(f), g); err != nil {
				t.Fatal(err)
			}
		}
	}
	return ix
}

const (
	chineseGame = "[Event \"a\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ *\n\n"
	iccsGame    = "[Event \"b\"]\n[Format \"ICCS\"]\n{a comment}\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 *\n\n"
	shortGame   = "[Event \"c\"]\n1. 炮二平五 马８进７ 2. 马二进三 *\n\n"
	mirrorGame  = "[Event \"d\"]\n1. 炮八平五 马２进３ 2. 马八进七 车１平２ 3. 车九平八 马８进７ *\n\n"
	otherGame   = "[Event \"e\"]\n1. 相三进五 *\n\n"
	emptyGame   = "[Event \"f\"]\n*\n\n"
)

func TestGroups(t *testing.T) {
	t.Parallel()
	a := games(t, chineseGame+otherGame)
	b := games(t, emptyGame+iccsGame+shortGame+mirrorGame+emptyGame)
	ix := index(t, a, b)
	got := ix.Groups()
	type want struct {
		rel     dedupe.Relation
		members []dedupe.Ref
		keep    int
	}
	wants := []want{
		{dedupe.Same, []dedupe.Ref{{0, 1}, {1, 2}}, 1}, // the ICCS copy has a comment
		{dedupe.Mirror, []dedupe.Ref{{0, 1}, {1, 2}, {1, 4}}, 1},
		{dedupe.Prefix, []dedupe.Ref{{1, 2}, {1, 3}}, 0},
	}
	if len(got) != len(wants) {
		t.Fatalf("got %d groups, want %d: %+v", len(got), len(wants), got)
	}
	for i, w := range wants {
		g := got[i]
		if g.Relation != w.rel || g.Keep != w.keep || len(g.Members) != len(w.members) {
			t.Fatalf("group %d = %+v, want %+v", i, g, w)
		}
		for j, m := range g.Members {
			if m.Ref != w.members[j] {
				t.Errorf("group %d member %d = %+v, want %+v", i, j, m.Ref, w.members[j])
			}
		}
	}
	if m := got[0].Members[1]; m.Plies != 6 || m.Comments != 1 {
		t.Errorf("member counts = %+v", m)
	}
	// Verdicts: the Chinese copy and the short game give way to the ICCS game.
	for _, c := range []struct {
		ref     dedupe.Ref
		dropped bool
	}{{dedupe.Ref{0, 1}, true}, {dedupe.Ref{0, 2}, false}, {dedupe.Ref{1, 1}, false},
		{dedupe.Ref{1, 2}, false}, {dedupe.Ref{1, 3}, true}, {dedupe.Ref{1, 4}, false}, {dedupe.Ref{1, 5}, false}} {
		dropped, kept, err := ix.Verdict(c.ref.File, c.ref.Index)
		if err != nil {
			t.Fatal(err)
		}
		if dropped != c.dropped || dropped && kept != (dedupe.Ref{1, 2}) {
			t.Errorf("Verdict(%v) = %v, %v", c.ref, dropped, kept)
		}
	}
}

// The order games are added in does not change the groups.
func TestOrderIndependent(t *testing.T) {
	t.Parallel()
	a := games(t, chineseGame+otherGame)
	b := games(t, emptyGame+iccsGame+shortGame+mirrorGame)
	want := index(t, a, b).Groups()
	ix := dedupe.NewIndex()
	for i := len(b) - 1; i >= 0; i-- {
		ix.Add(1, b[i].Index, dedupe.Summarize(b[i]))
	}
	for i := len(a) - 1; i >= 0; i-- {
		ix.Add(0, a[i].Index, dedupe.Summarize(a[i]))
	}
	ix.Freeze()
	for _, g := range b {
		ix.AddPrefixes(1, g)
	}
	for _, g := range a {
		ix.AddPrefixes(0, g)
	}
	got := ix.Groups()
	if len(got) != len(want) {
		t.Fatalf("got %d groups, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].Relation != want[i].Relation || got[i].Keep != want[i].Keep || got[i].Key != want[i].Key {
			t.Errorf("group %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	g := games(t, chineseGame)[0]
	ix := dedupe.NewIndex()
	if err := ix.AddPrefixes(0, g); err != dedupe.ErrNotFrozen {
		t.Errorf("AddPrefixes before Freeze: %v", err)
	}
	ix.Add(0, 1, dedupe.Summarize(g))
	ix.Freeze()
	if err := ix.Add(0, 2, dedupe.Summarize(g)); err != dedupe.ErrFrozen {
		t.Errorf("Add after Freeze: %v", err)
	}
	if _, _, err := ix.Verdict(3, 1); err == nil {
		t.Error("Verdict of an unknown game: no error")
	}
}

func BenchmarkSummarize(b *testing.B) {
	g := games(&testing.T{}, chineseGame)[0]
	b.ReportAllocs()
	for b.Loop() {
		dedupe.Summarize(g)
	}
}

// The index keeps a few dozen bytes per game, so a million games fit in well under 200 MB.
func TestMemoryPerGame(t *testing.T) {
	const n = 200_000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix := dedupe.NewIndex()
	for i := range n {
		k := uint64(i)*0x9e3779b97f4a7c15 + 1
		if i%10 == 0 { // some duplicates
			k = uint64(i-1)*0x9e3779b97f4a7c15 + 1
		}
		ix.Add(dedupe.FileID(i/3), i%3+1, dedupe.Summary{Key: k, MirrorKey: ^k, Plies: uint32(40 + i%100)})
	}
	ix.Freeze()
	groups := ix.Groups()
	runtime.GC()
	runtime.ReadMemStats(&after)
	perGame := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%d games: %.0f bytes per game, %d groups", n, perGame, len(groups))
	if perGame > 128 {
		t.Errorf("%.0f bytes per game, want at most 128", perGame)
	}
	if len(groups) != n/10-1 {
		t.Errorf("%d groups, want %d", len(groups), n/10-1)
	}
	runtime.KeepAlive(ix)
}
