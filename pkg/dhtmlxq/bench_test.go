package dhtmlxq

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// benchFiles returns the real DhtmlXQ files of the shared corpus that hold a block, with the
// number of games and plies (every line) each gives.
func benchFiles(b *testing.B, big bool) (files [][]byte, games, plies int) {
	for _, p := range testutil.CorpusFiles(b, ".html", ".ubb", ".txt") {
		data := testutil.ReadFile(b, p)
		if !Sniff(data[:min(len(data), 4096)]) {
			continue
		}
		if isBig := len(data) > 100<<10; isBig != big {
			continue
		}
		gs, _ := decodeAll(b, filepath.Base(p), data)
		if len(gs) == 0 {
			continue
		}
		files = append(files, data)
		for _, g := range gs {
			games++
			plies += countNodes(&g.Root)
		}
	}
	return files, games, plies
}

func countNodes(n *game.Node) int {
	c := 0
	stack := []*game.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c += len(n.Children)
		stack = append(stack, n.Children...)
	}
	return c
}

func benchDecode(b *testing.B, big bool) {
	files, games, plies := benchFiles(b, big)
	var size int64
	for _, f := range files {
		size += int64(len(f))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			for _, err := range Read(bytes.NewReader(f), Config{Path: "bench"}) {
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*games)/sec, "games/s")
	b.ReportMetric(float64(b.N*plies)/sec, "plies/s")
	b.ReportMetric(sec*1e6/float64(b.N*games), "µs/game")
}

// BenchmarkDecodeGames reads the real files of ordinary games (the dpxq.com pages, the UBB
// exports, the 7-stars study): compare its µs/game with XQF's BenchmarkDecodeCorpus.
func BenchmarkDecodeGames(b *testing.B) { benchDecode(b, false) }

// BenchmarkDecodeBook reads vschess's 1,446-variation opening book (two copies).
func BenchmarkDecodeBook(b *testing.B) { benchDecode(b, true) }

// BenchmarkEncode writes every real game.
func BenchmarkEncode(b *testing.B) {
	files, _, _ := benchFiles(b, false)
	var gs []*game.Game
	for _, f := range files {
		g, _ := decodeAll(b, "bench", f)
		gs = append(gs, g...)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, g := range gs {
			if err := Encode(io.Discard, g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(gs))/b.Elapsed().Seconds(), "games/s")
}
