package export

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestGolden pins the bytes of the text formats and of the manifest for the sample games
// (with their mirrors, cut games included, split in two): testdata/sample.*.golden, rewritten
// by -update.
func TestGolden(t *testing.T) {
	t.Parallel()
	splits := []Split{{"train", 0.5}, {"test", 0.5}}
	for _, f := range []Format{CSV, JSONL} {
		dir := t.TempDir()
		w, err := NewWriter(dir, f, splits, WriterOptions{MaxListedSkips: 5})
		if err != nil {
			t.Fatal(err)
		}
		var rows []Row
		for _, g := range readGames(t, `dir,with "quotes"/games.pgn`, sampleGames+"\n[Result \"1-0\"]\n\n1. h2h8 *\n\n*\n") {
			var skip Skip
			rows, skip = AppendRows(rows[:0], g, Options{Mirror: true, Partial: true})
			if skip.Reason != "" {
				w.Skip(g.Source, g.Index, skip)
				continue
			}
			if err := w.Add(rows); err != nil {
				t.Fatal(err)
			}
		}
		w.Skip("broken.xqf", 0, Skip{Reason: "truncated", Detail: "broken.xqf:@12: truncated: the record ends inside the header"})
		if err := w.Close(ManifestInfo{Version: "v1.2.3", Command: []string{"qipu", "export", "--format", f.Name(), "--split", "train=0.5,test=0.5", "--mirror", "--partial", "-o", "out", "games.pgn"}}); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"positions-train" + f.Ext(), "positions-test" + f.Ext(), ManifestName} {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", "sample."+f.Name()+"."+name+".golden"), string(data), *update)
		}
	}
}
