package xqf

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the corpus")

// goldenFiles maps each golden file to the corpus file it dumps: one per version byte of the
// corpus, plus files with variations and comments (WildHouse: 64 lines, comments on many
// moves and an illegal move in one branch), the illegal move of BadMoveTest3, and the
// ElephantEye sample whose PGN twin (SAMPLE.PGN) shows the same moves and comments.
var goldenFiles = map[string]string{
	"v10-test1":           upstream + "test1.xqf",
	"v11-bimapu":          "walker8088__cchess/end_game/古典排局/适情雅趣360局/适情雅趣360局_毙马仆途.XQF",
	"v12-badmove2":        upstream + "BadMoveTest2.xqf",
	"v13-cui-yao":         "walker8088__cchess/game_book/对局谱/1997年团体/187 - 湖南崔金波 (胜) 化工姚伟民 (1997.5.11于上海松江县).xqf",
	"v15-li-li":           "walker8088__cchess/game_book/对局谱/2001年全国团体赛/第8轮（3月13日）/湖北李望祥（先和）南方棋院李鸿嘉.XQF",
	"v16-ucci1":           upstream + "ucci_test1.xqf",
	"v18-game-varations":  upstream + "game_varations.xqf",
	"v18-badmove3":        upstream + "BadMoveTest3.xqf",
	"v18-wildhouse":       upstream + "WildHouse.xqf",
	"v18-xqwizard-sample": "liangqi__xqwizard/ELEEYE/XQFTOOLS/SAMPLE.XQF", // SAMPLE.PGN beside it is the same game
}

// TestGolden compares the dump of each golden file's game (tags, start FEN, every line of play
// in ICCS with comments, diagnostics) with testdata/NAME.golden. Run with -update to rewrite
// them.
func TestGolden(t *testing.T) {
	for name, rel := range goldenFiles {
		t.Run(name, func(t *testing.T) {
			g := decodeBytesT(t, filepath.Base(rel), readCorpus(t, rel))
			got := dump(g)
			testutil.Golden(t, filepath.Join("testdata", name+".golden"), got, *update)
		})
	}
}
