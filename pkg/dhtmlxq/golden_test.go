package dhtmlxq

import (
	"flag"
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
	testutil.GoldenFiles(t, goldenReal, *update, func(t *testing.T, name string, data []byte) string {
		var b strings.Builder
		games, errs := decodeAll(t, name, data)
		for _, err := range errs {
			b.WriteString("file error " + err.Error() + "\n")
		}
		for _, g := range games {
			b.WriteString(dump(g))
		}
		return b.String()
	})
}
