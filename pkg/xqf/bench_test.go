package xqf

import (
	"bytes"
	"io"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// BenchmarkDecodeCorpus reads and replays every XQF file of the corpus per iteration and
// reports games/s and plies/s (moves of every line replayed through game.Builder).
func BenchmarkDecodeCorpus(b *testing.B) {
	files := corpusXQF(b)
	moves := 0
	var size int64
	for _, f := range files {
		moves += walkTree(b, f.rel, decodeBytesT(b, f.rel, f.data)).moves
		size += int64(len(f.data))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			if _, err := Decode(bytes.NewReader(f.data), Config{Path: f.rel}); err != nil {
				b.Fatal(err)
			}
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*len(files))/sec, "games/s")
	b.ReportMetric(float64(b.N*moves)/sec, "plies/s")
}

// BenchmarkEncodeCorpus writes every corpus game as version-10 XQF per iteration.
func BenchmarkEncodeCorpus(b *testing.B) {
	files := corpusXQF(b)
	games := make([]*game.Game, len(files))
	var size int64
	for i, f := range files {
		games[i] = decodeBytesT(b, f.rel, f.data)
		size += int64(len(encodeT(b, games[i])))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, g := range games {
			if err := Encode(io.Discard, g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
}
