package xqn

import (
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// TestCorpus reads every .xqn of the shared corpus: recognized by Sniff, one game each, valid
// with no diagnostic, with a score comment on every move (as many as the file has [Score]),
// and surviving a round trip through the XQF and DhtmlXQ writers.
func TestCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".xqn")
	plies := 0
	for _, p := range files {
		rel := testutil.Rel(p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !Sniff(data[:min(len(data), 4096)]) {
			t.Errorf("%s: not recognized", rel)
		}
		gs, errs := readertest.All(t, dec, rel, data)
		if len(errs) > 0 || len(gs) != 1 {
			t.Errorf("%s: %d games, file errors %v", rel, len(gs), errs)
			continue
		}
		g := gs[0]
		if len(g.Diagnostics) > 0 {
			t.Errorf("%s: %v", rel, g.Diagnostics)
		}
		scores := 0
		for _, n := range g.MainLine() {
			if len(n.Comments) == 1 {
				scores++
			}
		}
		if want := countScores(data); g.Plies() != want || scores != want {
			t.Errorf("%s: %d plies, %d scores; want %d", rel, g.Plies(), scores, want)
		}
		plies += g.Plies()
		if diff := readertest.RoundTrip(g); diff != "" {
			t.Errorf("%s: round trip:\n%s", rel, diff)
		}
	}
	t.Logf("%d .xqn files, %d plies", len(files), plies)
	if len(files) != 4 {
		t.Errorf("%d .xqn files, want 4", len(files))
	}
}

func countScores(data []byte) int {
	n := 0
	for i := 0; i+8 <= len(data); i++ {
		if string(data[i:i+8]) == `[Score "` {
			n++
		}
	}
	return n
}
