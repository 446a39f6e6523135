// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzBuilderRepair$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/game
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package game_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
)

// FuzzBuilderRepair reads arbitrary PGN text with and without Repair: it never panics, and
// the two agree: a game whose error, read without Repair, names a repair is repaired, and a
// game repaired without a repair named fails after the first RepairPlies plies (the builder
// records no further without Repair).
func FuzzBuilderRepair(f *testing.F) {
	f.Add("[FEN \"5k3/9/9/9/9/9/9/9/4A4/4K2R1 w - - 0 1\"]\n车八进九 将6进1 (将6平5) 车八平四 {c} 将6退1 *")
	f.Add("[FEN \"5k3/9/9/9/9/9/9/9/4A4/1R2K4 b - - 0 1\"]\nR8+9 K6+1 R8.4 K6-1 1-0")
	f.Add("1. 马二进四 马８进７ 2. 炮２平５ 0-1")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<12 || !utf8.ValidString(text) {
			return
		}
		plain := readGames(t, text, false)
		fixed := readGames(t, text, true)
		if len(plain) != len(fixed) {
			t.Fatalf("%d games without Repair, %d with", len(plain), len(fixed))
		}
		for i, g := range plain {
			named := false
			for _, d := range g.Errors() {
				named = named || strings.HasSuffix(d.Message, "--repair applies it")
			}
			// Start-position repairs (ply 0) are named without Repair when the main line fails
			// in its first plies; a move repair (a ply) leaves no failed move behind.
			repaired, moveRepaired := false, 0
			for _, d := range fixed[i].Diagnostics {
				repaired = repaired || d.Kind == game.KindRepaired && d.Ply == 0
				if d.Kind == game.KindRepaired && d.Ply > 0 {
					moveRepaired++
				}
			}
			if named && !repaired || repaired && !named && g.Plies() < game.RepairPlies {
				t.Fatalf("game %d: repair named %v, applied %v:\n%v\n%v", i+1, named, repaired, g.Diagnostics, fixed[i].Diagnostics)
			}
			if moveRepaired > 1 || moveRepaired == 1 && (repaired || g.Valid()) {
				t.Fatalf("game %d: %d move repairs (start repaired %v, valid as written %v): %v", i+1, moveRepaired, repaired, g.Valid(), fixed[i].Diagnostics)
			}
			for _, d := range fixed[i].Errors() {
				if moveRepaired == 1 && (d.Kind == game.KindIllegal || d.Kind == game.KindAmbiguous) {
					t.Fatalf("game %d: move repaired, yet %v", i+1, d)
				}
			}
		}
	})
}
