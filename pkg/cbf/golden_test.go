package cbf

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden compares the dump of the game (or the file error) of each input with
// testdata/NAME.golden: the two real files and the hand-made inputs of testdata/input (XML
// that breaks, problems and moves after the end, an illegal move, a wrong root, no XML,
// UTF-16). Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	inputs := map[string]string{
		"real-test":  filepath.Join(testutil.CorpusDir, "walker8088__cchess/tests/data/test.cbf"),
		"real-test2": filepath.Join(testutil.CorpusDir, "walker8088__cchess/tests/data/test2.cbf"),
	}
	entries, err := os.ReadDir("testdata/input")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		inputs["input-"+strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))] = filepath.Join("testdata/input", e.Name())
	}
	for name, path := range inputs {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				if strings.HasPrefix(name, "real-") {
					t.Skip("shared corpus not found")
				}
				t.Fatal(err)
			}
			g, ferr := decodeAll(t, filepath.Base(path), data)
			got := ""
			if ferr != nil {
				got = "file error " + ferr.Error() + "\n"
			} else {
				got = dump(g)
			}
			testutil.Golden(t, filepath.Join("testdata", name+".golden"), got, *update)
		})
	}
}
