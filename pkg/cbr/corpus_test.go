package cbr

import (
	"strings"
	"testing"
)

// TestCorpusQuick prints every diagnostic, for exploring.
func TestCorpusExplore(t *testing.T) {
	for _, f := range corpusFiles(t) {
		games, errs := decodeAll(f.data, f.rel)
		plies, invalid, nodes := 0, 0, 0
		for _, g := range games {
			plies += g.Plies()
			nodes += countNodes(&g.Root)
			if !g.Valid() {
				invalid++
			}
			for _, d := range g.Diagnostics {
				t.Logf("%v", d)
			}
		}
		t.Logf("%s: %d games, %d plies, %d nodes, %d invalid, file errors %v", f.rel, len(games), plies, nodes, invalid, errs)
		_ = strings.ToLower
	}
}
