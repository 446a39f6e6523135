package txtgame

import (
	"bytes"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/xqf"
)

// corpusGames are the games and plies of each plain-text game file of the shared corpus.
var corpusGames = map[string]struct{ games, plies int }{
	"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/对局谱/各类杯赛及散谱/各类杯赛及散谱（无讲评的）/2001年象棋排位赛对局谱/2001年象棋排位赛（文本版本）/象棋排位赛01a.txt": {16, 1594},
	"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/布局/象棋定式与战理/【顺炮局】/001.TXT":                                         {1, 19},
	"walker8088__cchess/tests/data/test1_move.txt":      {1, 110},
	"walker8088__cchess/tests/data/ucci_test1_move.txt": {1, 43},
	"walker8088__cchess/tests/data/uci_test_move.txt":   {1, 5},
}

// TestCorpus reads every .txt of the shared corpus: the files of corpusGames are recognized
// by Sniff and read whole, every game valid (no diagnostic at all) and surviving a round trip
// through the XQF and DhtmlXQ writers; every other .txt (DhtmlXQ texts, readmes) is not
// recognized, and Decode says it holds no game.
func TestCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".txt")
	seen := 0
	for _, p := range files {
		rel := testutil.Rel(p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want, isGame := corpusGames[rel]
		if got := Sniff(data[:min(len(data), 4096)]); got != isGame {
			t.Errorf("%s: Sniff = %v, want %v", rel, got, isGame)
		}
		games, errs := readertest.All(t, dec, rel, data)
		for _, p := range readertest.Problems(games, errs) {
			t.Errorf("%s: %s", rel, p)
		}
		if !isGame {
			if len(games) != 0 {
				t.Errorf("%s: %d games read from a text that holds none", rel, len(games))
			}
			continue
		}
		seen++
		if len(errs) > 0 {
			t.Errorf("%s: file errors %v", rel, errs)
		}
		plies := 0
		for _, g := range games {
			plies += g.Plies()
			if len(g.Diagnostics) > 0 {
				t.Errorf("%s game %d: %v", rel, g.Index, g.Diagnostics)
			}
			if diff := readertest.RoundTrip(g); diff != "" {
				t.Errorf("%s game %d: round trip:\n%s", rel, g.Index, diff)
			}
		}
		if len(games) != want.games || plies != want.plies {
			t.Errorf("%s: %d games, %d plies; want %d, %d", rel, len(games), plies, want.games, want.plies)
		}
	}
	if seen != len(corpusGames) {
		t.Errorf("found %d of the %d text game files", seen, len(corpusGames))
	}
}

// TestAgreeXQF: cchess's one-move-per-line files hold the games of the XQF files beside them
// (its own test compares them): the same start position and main line.
func TestAgreeXQF(t *testing.T) {
	for txt, x := range map[string]string{
		"walker8088__cchess/tests/data/test1_move.txt":      "walker8088__cchess/tests/data/test1.xqf",
		"walker8088__cchess/tests/data/ucci_test1_move.txt": "walker8088__cchess/tests/data/ucci_test1.xqf",
	} {
		games, _ := readertest.All(t, dec, txt, testutil.ReadCorpus(t, txt))
		g, err := xqf.Decode(bytes.NewReader(testutil.ReadCorpus(t, x)), xqf.Config{Path: x})
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %v; %s: %d games", x, err, txt, len(games))
		}
		if got, want := readertest.MainLine(games[0]), readertest.MainLine(g); got != want {
			t.Errorf("%s:\n%s\n%s:\n%s", txt, got, x, want)
		}
	}
}
