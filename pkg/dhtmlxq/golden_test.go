package dhtmlxq

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// goldenReal maps golden files to real files of the shared corpus: the ccbridge.net UBB
// export (variations and comments on them), its 299-variation endgame study, and a dpxq.com
// page (English result letter, no binit).
var goldenReal = map[string]string{
	"real-ubb-game":   "maksimKorzh__wukong-xiangqi/apps/ubb_parser/game.ubb",
	"real-ubb-7stars": "maksimKorzh__wukong-xiangqi/apps/ubb_parser/ccbridge gathering of 7stars.txt",
	"real-html-73":    "maksimKorzh__wukong-xiangqi/xqdb/games_html/73.html",
}

// TestGolden compares the dump of every game (and file error) of each input with
// testdata/NAME.golden: the real files above, and the hand-made inputs of testdata/input (two
// blocks of a page with entities and escapes, one problem per field, fen and wrappers, GBK
// with CRLF, a text without a block). Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	inputs := map[string]string{}
	for name, rel := range goldenReal {
		inputs[name] = filepath.Join(testutil.CorpusDir, rel)
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
			var b strings.Builder
			games, errs := decodeAll(t, filepath.Base(path), data)
			for _, err := range errs {
				b.WriteString("file error " + err.Error() + "\n")
			}
			for _, g := range games {
				b.WriteString(dump(g))
			}
			got := b.String()
			testutil.Golden(t, filepath.Join("testdata", name+".golden"), got, *update)
		})
	}
}
