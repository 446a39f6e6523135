package dhtmlxq

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/pgn"
)

// TestAgreesWithPGN compares the main lines of the 15 dpxq.com pages of the corpus with the
// same games in the PGN export beside them (WXF moves in full-width letters), read by
// pkg/pgn: games are matched by their Red and Black names, and every main line must be the
// same. It also checks the reading of W and L (Red's result): the winner so read makes the
// last move in nearly every game.
func TestAgreesWithPGN(t *testing.T) {
	dir := filepath.Join(testutil.CorpusDir, "maksimKorzh__wukong-xiangqi/xqdb")
	files := testutil.CorpusFiles(t, ".html")
	byPlayers := map[string]*game.Game{}
	data := testutil.ReadFile(t, filepath.Join(dir, "games_pgn/xqdb_international.pgn"))
	err := pgn.Decode(bytes.NewReader(data), pgn.Config{Path: "xqdb_international.pgn"}, func(g *game.Game) error {
		red, _ := g.Tag("Red")
		black, _ := g.Tag("Black")
		if !g.Valid() {
			t.Errorf("PGN game %s-%s: %v", red, black, g.Errors())
		}
		byPlayers[red+"|"+black] = g
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	compared, winnerLast := 0, 0
	for _, p := range files {
		if !strings.Contains(filepath.ToSlash(p), "xqdb/games_html/") {
			continue
		}
		games, errs := decodeAll(t, p, testutil.ReadFile(t, p))
		if len(errs) > 0 || len(games) != 1 {
			t.Fatalf("%s: %d games, %v", p, len(games), errs)
		}
		g := games[0]
		red, _ := g.Tag("Red")
		black, _ := g.Tag("Black")
		want := byPlayers[red+"|"+black]
		if want == nil {
			t.Errorf("%s: no PGN game for %s - %s", p, red, black)
			continue
		}
		compared++
		if a, b := mainLine(g), mainLine(want); !slices.Equal(a, b) {
			t.Errorf("%s: main line differs from the PGN export\ndhtmlxq: %v\npgn:     %v", p, a, b)
		}
		switch last := len(mainLine(g)) % 2; {
		case g.Result == "1-0" && last == 1, g.Result == "0-1" && last == 0:
			winnerLast++
		case g.Result == "1-0", g.Result == "0-1":
			t.Logf("%s: %s, yet the loser made the last move (a resignation or a loss on time)", p, g.Result)
		}
	}
	// 12 of the 14 decided games of the corpus end with the winner's move.
	if winnerLast < 12 {
		t.Errorf("the winner by W/L made the last move in %d games only", winnerLast)
	}
	if compared != 15 {
		t.Errorf("compared %d games, want 15", compared)
	}
}

func mainLine(g *game.Game) []string {
	var out []string
	for _, n := range g.MainLine() {
		out = append(out, string(n.Move.AppendICCS(nil, false)))
	}
	return out
}
