package cbf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

// TestCorpus reads every CBF file of the shared corpus: recognized by Sniff, one valid game
// each, whose main line has the number of Move elements minus the root.
func TestCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".cbf")
	plies := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !Sniff(data[:min(len(data), 4096)]) {
			t.Errorf("%s: not recognized", p)
		}
		rel, _ := filepath.Rel(testutil.CorpusDir, p)
		g, err := decodeAll(t, rel, data)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if !g.Valid() || len(g.Diagnostics) > 0 {
			t.Errorf("%s: diagnostics %v", rel, g.Diagnostics)
		}
		want := countMoves(data) - 1
		if g.Plies() != want {
			t.Errorf("%s: %d plies, want %d", rel, g.Plies(), want)
		}
		plies += g.Plies()
	}
	t.Logf("%d CBF files, %d plies", len(files), plies)
	if len(files) < 2 {
		t.Errorf("found %d CBF files, want 2", len(files))
	}
}

func countMoves(data []byte) int {
	n := 0
	for i := 0; i+6 <= len(data); i++ {
		if string(data[i:i+6]) == "<Move " {
			n++
		}
	}
	return n
}
