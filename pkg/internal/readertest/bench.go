package readertest

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// BenchGames builds n seeded random games of 60 to 120 legal plies from the opening
// position, main lines only (the formats benchmarked hold no variations), with the tags
// Red, Black and Result.
func BenchGames(n int) []*game.Game {
	return RandomGames(n, Shape{
		Format: "bench",
		Tags:   []game.Tag{{Name: "Red", Value: "红方甲"}, {Name: "Black", Value: "黑方乙"}, {Name: "Result", Value: "1/2-1/2"}},
		Result: "1/2-1/2",
	})
}

// Shape is what RandomGames puts in each game besides its moves.
type Shape struct {
	Format game.Format
	Tags   []game.Tag
	Result string // "" for none
	// CommentEvery and VariationEvery put a comment after every so many plies of the main
	// line, and a one-move variation with a comment; 0 for none.
	CommentEvery, VariationEvery int
}

// RandomGames builds n seeded random games of 60 to 120 legal plies from the opening
// position, shaped by sh. The same n and sh give the same games.
func RandomGames(n int, sh Shape) []*game.Game {
	rng := rand.New(rand.NewPCG(11, 13))
	var games []*game.Game
	var moves []board.Move
	for i := 1; i <= n; i++ {
		b := &game.Builder{}
		b.Begin(i, sh.Format, textenc.GB18030)
		for _, t := range sh.Tags {
			b.Tag(t.Name, t.Value)
		}
		if sh.Result != "" {
			b.Result(sh.Result)
		}
		pos := board.StartPosition()
		for ply := 1; ply <= 60+rng.IntN(61); ply++ {
			moves = pos.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			b.PlayMove(m, game.NoLoc)
			if sh.CommentEvery > 0 && ply%sh.CommentEvery == 0 {
				b.Comment(fmt.Sprintf("第%d步的评注", ply))
			}
			if sh.VariationEvery > 0 {
				if alt := moves[rng.IntN(len(moves))]; ply%sh.VariationEvery == 0 && alt != m {
					b.BeginVariation()
					b.PlayMove(alt, game.NoLoc)
					b.Comment("变着")
					b.EndVariation()
				}
			}
			pos.Play(m)
		}
		games = append(games, b.Finish())
	}
	return games
}

// XQFFiles returns the games written with xqf.Encode, one file each.
func XQFFiles(tb testing.TB, games []*game.Game) [][]byte {
	var out [][]byte
	for _, g := range games {
		var buf bytes.Buffer
		if err := xqf.Encode(&buf, g); err != nil {
			tb.Fatal(err)
		}
		out = append(out, buf.Bytes())
	}
	return out
}

// DecodeXQF is xqf.Decode as a DecodeFunc, for the side-by-side benchmarks.
func DecodeXQF(r io.Reader, path string) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		g, err := xqf.Decode(r, xqf.Config{Path: path})
		yield(g, err)
	}
}

// BenchDecode decodes every file per iteration and reports ns/game (games: how many the
// files hold) and plies/s; a game that is not valid fails the benchmark.
func BenchDecode(b *testing.B, dec DecodeFunc, files [][]byte, games, plies int) {
	b.ReportAllocs()
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, f := range files {
			for g, err := range dec(bytes.NewReader(f), "bench") {
				if err != nil || !g.Valid() {
					b.Fatalf("%v %v", err, g.Diagnostics)
				}
			}
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(sec*1e9/float64(games*b.N), "ns/game")
	b.ReportMetric(float64(plies*b.N)/sec, "plies/s")
}

// Plies returns the plies of the games' main lines.
func Plies(games []*game.Game) int {
	n := 0
	for _, g := range games {
		n += g.Plies()
	}
	return n
}

// AllocsPerPly returns the allocations decoding costs per ply beyond a fixed cost per file:
// the difference between decoding long and short (the same layout, plies apart) divided by
// plies. A reader that allocates nothing per move gives well under one.
func AllocsPerPly(dec DecodeFunc, short, long []byte, plies int) float64 {
	run := func(data []byte) func() {
		return func() {
			for range dec(bytes.NewReader(data), "allocs") {
			}
		}
	}
	a := testing.AllocsPerRun(20, run(short))
	b := testing.AllocsPerRun(20, run(long))
	return (b - a) / float64(plies)
}

// LongGame returns a random game of exactly plies legal plies, the first that the seeds
// from seed on give (a random walk may reach a mate first); nil when none of 1,000 does.
func LongGame(seed uint64, plies int) *game.Game {
	var moves []board.Move
	for s := seed; s < seed+1000; s++ {
		rng := rand.New(rand.NewPCG(s, 7))
		b := &game.Builder{}
		b.Begin(1, "bench", textenc.GB18030)
		pos := board.StartPosition()
		for range plies {
			moves = pos.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			b.PlayMove(m, game.NoLoc)
			pos.Play(m)
		}
		if g := b.Finish(); g.Plies() == plies {
			return g
		}
	}
	return nil
}
