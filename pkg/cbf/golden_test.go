package cbf

import (
	"flag"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden compares the dump of the game (or the file error) of each input with
// testdata/NAME.golden: the two real files and the hand-made inputs of testdata/input (XML
// that breaks, problems and moves after the end, an illegal move, a wrong root, no XML,
// UTF-16). Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	real := map[string]string{
		"real-test":  "walker8088__cchess/tests/data/test.cbf",
		"real-test2": "walker8088__cchess/tests/data/test2.cbf",
	}
	testutil.GoldenFiles(t, real, *update, func(t *testing.T, name string, data []byte) string {
		g, ferr := decodeAll(t, name, data)
		if ferr != nil {
			return "file error " + ferr.Error() + "\n"
		}
		return dump(g)
	})
}
