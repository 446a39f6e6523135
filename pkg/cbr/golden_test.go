package cbr

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the corpus")

// goldenGames maps each golden file to a corpus file and the games of it to dump (0: a summary
// of every game: index, plies, moves, title and the first six moves in ICCS).
var goldenGames = map[string]struct {
	rel   string
	games []int
}{
	// A single record with 12 lines of play and comments.
	"cbr-test": {"walker8088__cchess/tests/data/test.cbr", []int{1}},
	// A library's title page (comment, standard setup, no move) and its first game.
	"cbl-1966": {"walker8088__cchess/tests/data/1966年全国个人赛对局选.CBL", []int{1, 2, 0}},
	// Two headings on an empty board (the first root's flag says no move): the notes of
	// empty records, then the games around them, which keep the library's numbering.
	"cbl-1989": {"walker8088__cchess/tests/data/1989年龙化杯象棋名师邀请赛35局.CBL", []int{2, 23}},
	// Compressed, kind 1: variations and comments with "||" line breaks.
	"zcbl-kind1": {"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/布局/象棋布局疑形攻击/当头棒喝.CBL", []int{1, 0}},
	// Compressed, kind 3: results checked against the titles (红先和 → 1/2-1/2).
	"zcbl-kind3": {"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/对局/全国象棋个人锦标赛对局精选.CBL", []int{1, 0}},
}

// summary renders one line per game.
func summary(games []*game.Game) string {
	var b strings.Builder
	for _, g := range games {
		title, _ := g.Tag("Title")
		var first []string
		for i, n := range g.MainLine() {
			if i == 6 {
				break
			}
			first = append(first, string(n.Move.AppendICCS(nil, false)))
		}
		fmt.Fprintf(&b, "game %d plies %d moves %d result %s title %q: %s\n", g.Index, g.Plies(), countNodes(&g.Root),
			g.Result, title, strings.Join(first, " "))
	}
	return b.String()
}

// TestGolden compares dumps of real games with testdata/NAME.golden; -update rewrites them.
func TestGolden(t *testing.T) {
	for name, gg := range goldenGames {
		t.Run(name, func(t *testing.T) {
			games, errs, notes := decodeNotes(readCorpus(t, gg.rel), filepath.Base(gg.rel))
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			var b strings.Builder
			for _, d := range notes {
				fmt.Fprintf(&b, "file %s\n", d)
			}
			byIndex := map[int]*game.Game{}
			for _, g := range games {
				byIndex[g.Index] = g
			}
			for _, i := range gg.games {
				if i == 0 {
					b.WriteString(summary(games))
				} else if g := byIndex[i]; g == nil {
					t.Fatalf("no game %d", i)
				} else {
					b.WriteString(dump(g))
				}
			}
			got := b.String()
			testutil.Golden(t, filepath.Join("testdata", name+".golden"), got, *update)
		})
	}
}
