package export

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseSplits checks that ParseSplits never panics and that what it accepts is a valid
// split list that reads back the same from its own text.
func FuzzParseSplits(f *testing.F) {
	for _, s := range []string{"train=0.9,val=0.05,test=0.05", "all=1", "a=0.5,a=0.5", "x=1e-9,y=1", "=", ",,", "a=NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		splits, err := ParseSplits(spec)
		if err != nil {
			return
		}
		sum := 0.0
		seen := map[string]bool{}
		var parts []string
		for _, s := range splits {
			if !safeName(s.Name) || seen[s.Name] || !(s.Fraction > 0 && s.Fraction <= 1) {
				t.Fatalf("%q: bad split %+v", spec, s)
			}
			seen[s.Name] = true
			sum += s.Fraction
			parts = append(parts, s.Name+"="+strconv.FormatFloat(s.Fraction, 'g', -1, 64))
		}
		if math.Abs(sum-1) > splitTolerance {
			t.Fatalf("%q: fractions sum to %v", spec, sum)
		}
		again, err := ParseSplits(strings.Join(parts, ","))
		if err != nil || len(again) != len(splits) {
			t.Fatalf("%q: read back %v, %v", spec, again, err)
		}
		for i := range again {
			if again[i] != splits[i] {
				t.Fatalf("%q: read back %v", spec, again)
			}
		}
		id := strings.Repeat("0", 16)
		if k := SplitOf(id, splits); k < 0 || k >= max(len(splits), 1) {
			t.Fatalf("%q: SplitOf = %d", spec, k)
		}
	})
}

// FuzzAppendRows reads a PGN text and checks the rows of every game it holds, cut games and
// mirrors included: the chain of FENs and moves replays, and nothing panics.
func FuzzAppendRows(f *testing.F) {
	f.Add(sampleGames)
	f.Add("[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n1. e0d0 e9f9 2. d0d1 *\n")
	f.Add("1. h2e2 (1. h2h8) h9g7 2. h0h9 *\n")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		var rows []Row
		for g, err := range recordRead(text) {
			if err != nil {
				continue
			}
			var skip Skip
			rows, skip = AppendRows(rows[:0], g, Options{Partial: true, Mirror: true})
			if skip.Reason != "" {
				if len(rows) != 0 {
					t.Fatalf("skipped with %d rows", len(rows))
				}
				continue
			}
			n := g.Plies()
			if len(rows) != n && len(rows) != 2*n {
				t.Fatalf("%d rows for %d plies", len(rows), n)
			}
			checkChain(t, g, rows[:n])
			checkChain(t, g, rows[n:])
		}
	})
}
