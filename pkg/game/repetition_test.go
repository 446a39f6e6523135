package game_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
)

// TestRepeatsOnEachPath: the builder finds a position that occurs again on the main line,
// counting the start, and in a variation on the variation's own path only; a capture ends
// the look back; nothing is found in a game without repetition.
func TestRepeatsOnEachPath(t *testing.T) {
	const there, back = "h2e2 h9g7 e2h2 g7h9", "h2e2 h9g7 e2h2 g7h9"
	for _, tc := range []struct {
		name, moves string
		want        []string // ply:count:occurrences of each repeat, in replay order
	}{
		{"none", "h2e2 h9g7 h0g2 i9h9", nil},
		{"main line", there + " " + back, []string{"4:2:[0 4]", "5:2:[1 5]", "6:2:[2 6]", "7:2:[3 7]", "8:3:[0 4 8]"}},
		{"variation only", "h2e2 h9g7 (h9g7 e2h2 g7h9 h0g2) e2h2 i9h9", []string{"4:2:[0 4]"}},
		{"in a variation", "h2e2 h9g7 e2h2 (h0g2 g7h9 g2h0 h9g7) g7h9", []string{"5:2:[1 5]", "6:2:[2 6]", "4:2:[0 4]"}},
		{"after a capture", "h2e2 h9g7 e2e6 g7h9 e6e5 h9g7 e5e6", []string{"7:2:[3 7]"}},
	} {
		g := readGame(t, "1. "+tc.moves+" *\n", false)
		if !g.Valid() {
			t.Fatalf("%s: %v", tc.name, g.Diagnostics)
		}
		var got []string
		for _, r := range g.Repeats() {
			got = append(got, strings.Join([]string{itoa(r.Ply), itoa(r.Count), fmtInts(r.Occurrences)}, ":"))
			if pos := r.Position(g); pos.Key() != pos.ComputeKey() {
				t.Errorf("%s: repeat at ply %d holds a stale position", tc.name, r.Ply)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: repeats %q, want %q", tc.name, got, tc.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func fmtInts(ns []int) string { return fmt.Sprint(ns) }

// TestNaturalLimit: the first main-line ply at which 120 plies have passed without a capture.
func TestNaturalLimit(t *testing.T) {
	shuffle := strings.Repeat("h0g2 h9g7 g2h0 g7h9 ", 30) // 120 plies, no capture
	g := readGame(t, "1. "+shuffle+"*\n", false)
	if g.NaturalLimit() != ending.NaturalLimitPlies {
		t.Errorf("natural limit at %d, want %d", g.NaturalLimit(), ending.NaturalLimitPlies)
	}
	g = readGame(t, "1. "+shuffle[:len(shuffle)-5]+"*\n", false)
	if g.NaturalLimit() != 0 {
		t.Errorf("119 plies: natural limit at %d", g.NaturalLimit())
	}
}

// TestRepeatsBounded: a line that shuffles for thousands of plies keeps a repeat of each
// position only up to its MaxRepetition-th occurrence.
func TestRepeatsBounded(t *testing.T) {
	g := readGame(t, "1. "+strings.Repeat("h0g2 h9g7 g2h0 g7h9 ", 500)+"*\n", false)
	if n := len(g.Repeats()); n != 4*(game.MaxRepetition-1) {
		t.Errorf("%d repeats in 2000 plies of a 4-ply shuffle, want %d", n, 4*(game.MaxRepetition-1))
	}
	for _, r := range g.Repeats() {
		if len(r.Occurrences) != r.Count || r.Occurrences[r.Count-1] != r.Ply {
			t.Errorf("repeat at ply %d: count %d, occurrences %v", r.Ply, r.Count, r.Occurrences)
		}
	}
}
