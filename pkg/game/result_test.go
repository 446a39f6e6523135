package game_test

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
)

// resultWarnings returns the messages of a game's result warnings.
func resultWarnings(g *game.Game) []string {
	var out []string
	for _, d := range g.Diagnostics {
		if d.Kind == game.KindResult {
			if d.IsError() {
				panic("result diagnostic is an error")
			}
			out = append(out, d.Message)
		}
	}
	return out
}

// withResult replaces the Result tag and the termination marker of a one-game PGN text.
func withResult(text, result string) string {
	text = strings.Replace(text, `[Result "*"]`, `[Result "`+result+`"]`, 1)
	return strings.TrimSuffix(strings.TrimSpace(text), "*") + result + "\n"
}

// TestResultContradictsMate: 橘中秘's game ends with Red checkmated after ply 24, so only
// 0-1 agrees with the board; the check is always on.
func TestResultContradictsMate(t *testing.T) {
	for _, tc := range []struct{ result, want string }{
		{"0-1", ""},
		{"*", `Result "*" but Red is checkmated after ply 24: the board says 0-1`},
		{"1-0", `Result "1-0" but Red is checkmated after ply 24: the board says 0-1`},
		{"1/2-1/2", `Result "1/2-1/2" but Red is checkmated after ply 24: the board says 0-1`},
	} {
		g := readGame(t, withResult(juZhongMi207, tc.result), false)
		got := strings.Join(resultWarnings(g), "|")
		if got != tc.want || g.Result != tc.result || !g.Valid() {
			t.Errorf("result %s: got %q, want %q (%v)", tc.result, got, tc.want, g.Diagnostics)
		}
		if e := g.Ending; e.Kind != ending.Checkmate || e.Loser != ending.Red || len(e.Plies) != 1 || e.Plies[0] != 24 {
			t.Errorf("result %s: ending %+v, want Red checkmated at ply 24", tc.result, e)
		}
	}
}

// TestResultStalemate: in Xiangqi the stalemated side loses.
func TestResultStalemate(t *testing.T) {
	const text = "[FEN \"4k4/3P5/5P3/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n1. f7f8 "
	for _, tc := range []struct{ result, want string }{
		{"1-0", ""},
		{"1/2-1/2", `Result "1/2-1/2" but Black is stalemated (which loses in Xiangqi) after ply 1: the board says 1-0`},
	} {
		g := readGame(t, text+tc.result+"\n", false)
		if got := strings.Join(resultWarnings(g), "|"); got != tc.want {
			t.Errorf("result %s: got %q, want %q", tc.result, got, tc.want)
		}
	}
}

// TestResultNotJudged: a game cut by a bad move, a game that does not end in mate, and a
// diagram without moves get no result warning.
func TestResultNotJudged(t *testing.T) {
	cut := strings.Replace(withResult(juZhongMi207, "1-0"), "车８进８", "车８进８ 13. 帅五平四", 1) // a move after the mate
	short := strings.Replace(withResult(juZhongMi207, "1-0"), "12. 帅五进一 车８进８", "", 1)
	diagram := "[FEN \"4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1\"]\n\n1/2-1/2\n"
	for name, text := range map[string]string{"cut": cut, "short": short, "diagram": diagram} {
		g := readGame(t, text, false)
		if w := resultWarnings(g); len(w) != 0 || g.Valid() != (name != "cut") {
			t.Errorf("%s: %v", name, g.Diagnostics)
		}
	}
}

// TestResultRealMates: in the shared corpus, 橘中秘's games that end in mate are written with
// "*"; such a game gets one warning naming the side mated.
func TestResultRealMates(t *testing.T) {
	games := corpusGames(t, "liangqi__xqwizard/XQWIZARD/橘中秘/1.得先/1-17.小列手破大列手炮局.PGN")
	g := games[0]
	w := resultWarnings(g)
	if len(w) != 1 || w[0] != `Result "*" but Black is checkmated after ply 63: the board says 1-0` {
		t.Fatalf("%v", w)
	}
}
