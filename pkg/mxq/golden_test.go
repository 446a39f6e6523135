package mxq

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// goldenInputs are the synthetic files of the golden tests, written by the test itself.
var goldenInputs = map[string]mxqFile{
	// A complete game as 弈天 saves it.
	"complete": {header: stdHeader, moves: opening},
	// A draw with a shorter header, a non-decimal Elo, strings after "Ends" and bytes after
	// "CommentsEnd".
	"odd": {header: []string{"聚义堂", "2003年6月26日 18点53分", "八闽怪侠(2星)-和-东方剑客(2星)", "18x4", "1833", "1", "双方议和"},
		moves: opening[:4], between: []string{"一个评注"}, tail: []byte{0}},
	// A move that is not "dL-dL", then an illegal one: the line ends at the first, the end
	// reason goes on the game.
	"bad-moves": {header: stdHeader, moves: []string{"6A-4C", "7J-6H", "7A=6C", "8J-7J"}},
	// An illegal move: the builder's error, at the move's string.
	"illegal": {header: stdHeader, moves: []string{"6A-4C", "7J-6H", "7A-7C"}},
	// Cut inside the move list.
	"truncated": {header: stdHeader, moves: opening[:3], noEnds: true},
	// Cut inside the header: no game.
	"no-moves": {header: stdHeader[:2], noEnds: true},
}

// TestGolden compares the dump of each synthetic input's game (or file error) with
// testdata/NAME.golden; run with -update to rewrite them.
func TestGolden(t *testing.T) {
	for name, f := range goldenInputs {
		t.Run(name, func(t *testing.T) {
			data := f.bytes(t)
			if name == "no-moves" {
				data = data[:len(data)-6-3] // cut inside the second string, before "Moves"
			}
			g, err := decodeAll(t, name+".mxq", data)
			testutil.Golden(t, filepath.Join("testdata", name+".golden"), dump(g, err), *update)
		})
	}
}
