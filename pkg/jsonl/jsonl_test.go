package jsonl

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// TestManyTags: the JSON Lines writer keeps each of many distinct tags once, and a repeated
// name its first value. (It was quadratic in the tags: 200,000 tags, 2.7 MB of PGN, took
// 53 s; the builder now caps a game's tags, but the writer must not rely on it. The game is
// built by hand, past the builder's cap.)
func TestManyTags(t *testing.T) {
	t.Parallel()
	b := &game.Builder{Path: "t.pgn"}
	b.Begin(1, "pgn", textenc.UTF8)
	g := b.Finish()
	const n = 100_000
	for i := range n {
		g.Tags = append(g.Tags, game.Tag{Name: fmt.Sprintf("T%d", i), Value: "v"})
	}
	g.Tags = append(g.Tags, game.Tag{Name: "T7", Value: "second"})
	line := string(AppendGame(nil, "t.pgn", g, &Options{Moves: true}))
	if strings.Count(line, `:"v"`) != n || strings.Contains(line, "second") {
		t.Errorf("tags not each kept once, first value")
	}
	g.Tags = []game.Tag{{Name: "A", Value: "1"}, {Name: "B", Value: "2"}, {Name: "A", Value: "3"}}
	if line := string(AppendGame(nil, "t.pgn", g, &Options{})); !strings.Contains(line, `"tags":{"A":"1","B":"2"}`) {
		t.Errorf("few tags: %s", line)
	}
}

// TestJSONLineAllocations: writing a game's JSON line through the notation values costs no
// allocation per move.
func TestJSONLineAllocations(t *testing.T) {
	build := func(n int) *game.Game {
		var b game.Builder
		b.Begin(1, "pgn", textenc.UTF8)
		pos := board.StartPosition()
		rng := rand.New(rand.NewPCG(9, 9))
		var moves []board.Move
		for i := range n {
			moves = pos.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			pos.Play(m)
			b.PlayMove(m, game.Loc{Offset: int64(i)})
		}
		return b.Finish()
	}
	o := &Options{Moves: true, Notations: defaults}
	allocs := func(g *game.Game) float64 {
		dst := make([]byte, 0, 1<<20)
		return testing.AllocsPerRun(20, func() { dst = AppendGame(dst[:0], "t.pgn", g, o) })
	}
	short, long := allocs(build(10)), allocs(build(150))
	if long > short+2 {
		t.Errorf("%v allocations for 10 moves, %v for 150", short, long)
	}
}

func TestAppendString(t *testing.T) {
	for in, want := range map[string]string{
		"a\"b\\c":     `"a\"b\\c"`,
		"\n\t\x01<&>": `"\n\t\u0001<&>"`,
		"炮二平五":        `"炮二平五"`,
		"bad\xffutf8": `"bad\ufffdutf8"`,
	} {
		got := string(AppendString(nil, in))
		if got != want {
			t.Errorf("AppendString(%q) = %s, want %s", in, got, want)
		}
		var s string
		if err := json.Unmarshal([]byte(got), &s); err != nil {
			t.Errorf("%s: %v", got, err)
		}
	}
}
