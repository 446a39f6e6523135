package sg

import (
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// TestCorpus reads every SG file of the shared corpus: recognized by Sniff, one game per
// record, every game valid with no diagnostic and surviving a round trip through the XQF
// and DhtmlXQ writers.
func TestCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".sg")
	games, plies := 0, 0
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
		if len(errs) > 0 || len(gs) != len(data)/RecordSize {
			t.Errorf("%s: %d games for %d records, file errors %v", rel, len(gs), len(data)/RecordSize, errs)
		}
		for _, g := range gs {
			games++
			plies += g.Plies()
			if len(g.Diagnostics) > 0 {
				t.Errorf("%s game %d: %v", rel, g.Index, g.Diagnostics)
			}
			if diff := readertest.RoundTrip(g); diff != "" {
				t.Errorf("%s game %d: round trip:\n%s", rel, g.Index, diff)
			}
		}
	}
	t.Logf("%d SG files, %d games, %d plies", len(files), games, plies)
	if len(files) < 10 || games != 74 {
		t.Errorf("%d files, %d games; want 10 files, 74 games", len(files), games)
	}
}
