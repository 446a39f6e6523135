package ecco

import (
	"math/rand/v2"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// BenchmarkClassifyRandom classifies random games: openings the rules rarely name, the case
// of generated archives.
func BenchmarkClassifyRandom(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var games [][]board.Move
	for range 256 {
		pos := board.StartPosition()
		var line []board.Move
		var buf []board.Move
		for range 24 {
			buf = pos.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			line = append(line, m)
			pos.Play(m)
		}
		games = append(games, line)
	}
	rules(Program)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ClassifyMoves(games[i%len(games)], DefaultPlies)
		i++
	}
}
