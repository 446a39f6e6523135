package export

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

var sampleDir = flag.String("export-sample", "", "write the corpus's export in every format under `DIR`/FORMAT (for scripts/export/verify-parquet.sh)")

// TestExportSample writes the export of sampleGames (from a file name that needs quoting)
// and of the shared corpus (cut games and mirrors included)
// as DIR/parquet/positions.parquet, DIR/csv/positions.csv and DIR/jsonl/positions.jsonl, for
// a reader outside Go to compare. It runs only with -export-sample DIR.
func TestExportSample(t *testing.T) {
	if *sampleDir == "" {
		t.Skip("no -export-sample DIR")
	}
	for _, f := range formats {
		dir := filepath.Join(*sampleDir, f.Name())
		w, err := NewWriter(dir, f, nil, WriterOptions{Version: "sample"})
		if err != nil {
			t.Fatal(err)
		}
		var rows []Row
		add := func(g *game.Game) {
			var skip Skip
			rows, skip = AppendRows(rows[:0], g, Options{Partial: true, Mirror: true})
			if skip.Reason != "" {
				w.Skip(g.Source, g.Index, skip)
				return
			}
			if err := w.Add(rows); err != nil {
				t.Fatal(err)
			}
		}
		// A name that CSV must quote and JSON escape, then the corpus.
		for _, g := range readGames(t, sampleSource, sampleGames) {
			add(g)
		}
		corpusGames(t, add)
		if err := w.Close(ManifestInfo{Version: "sample", Command: os.Args}); err != nil {
			t.Fatal(err)
		}
	}
}
