package qp

import (
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// TestCorpus reads every QP file of the shared corpus: recognized by Sniff, of size 6 + 3n,
// one game each, a position with Red to move and no moves, valid, surviving a round trip
// through the XQF and DhtmlXQ writers; a00.qp is the opening position.
func TestCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".qp")
	for _, p := range files {
		rel := testutil.Rel(p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !Sniff(data) || len(data) != headerLen+3*int(data[len(Magic)]) {
			t.Errorf("%s: not recognized, or not 6 + 3n bytes", rel)
		}
		gs, errs := readertest.All(t, dec, rel, data)
		if len(errs) > 0 || len(gs) != 1 {
			t.Errorf("%s: %d games, file errors %v", rel, len(gs), errs)
			continue
		}
		g := gs[0]
		if !g.Valid() || g.Plies() != 0 || g.Setup.Turn != 0 {
			t.Errorf("%s: valid %v, %d plies, turn %v, %v", rel, g.Valid(), g.Plies(), g.Setup.Turn, g.Diagnostics)
		}
		if diff := readertest.RoundTrip(g); diff != "" {
			t.Errorf("%s: round trip:\n%s", rel, diff)
		}
		if rel[len(rel)-6:] == "a00.qp" && !g.IsStandardStart() {
			t.Errorf("%s: %s, want the opening position", rel, g.Setup.FEN())
		}
	}
	if len(files) != 40 {
		t.Errorf("%d QP files, want 40", len(files))
	}
}
