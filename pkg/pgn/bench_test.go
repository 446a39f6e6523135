package pgn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// benchText returns the 1,391-game UCI file of the corpus, or, without the corpus, a
// generated file of the same shape.
func benchText(b *testing.B) []byte {
	path := filepath.Join(corpusDir, "maksimKorzh__wukong-xiangqi/xqdb/xqdb/_unzipped/Hu_Ronghua_1391_UCI_games.pgn")
	if text, err := os.ReadFile(path); err == nil {
		return text
	}
	var sb strings.Builder
	for i := 0; i < 1391; i++ {
		sb.WriteString("[Event \"generated\"]\n[Red \"A\"]\n[Black \"B\"]\n\n")
		for j := 1; j <= 32; j += 2 {
			fmt.Fprintf(&sb, "%d. h2e2 h9g7 %d. e2h2 g7h9 ", j, j+1)
		}
		sb.WriteString("\n\n")
	}
	return []byte(sb.String())
}

// BenchmarkDecode reads and replays every game (text decoding included): the pipeline's
// work for a PGN file, minus writing.
func BenchmarkDecode(b *testing.B) {
	text := benchText(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	games, plies := 0, 0
	for b.Loop() {
		d, err := textenc.Open(bytes.NewReader(text), textenc.Auto)
		if err != nil {
			b.Fatal(err)
		}
		err = Decode(d, Config{}, func(g *game.Game) error {
			games++
			plies += g.Plies()
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkRead only tokenizes: the reader with a visitor that keeps nothing.
func BenchmarkRead(b *testing.B) {
	text := benchText(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	games := 0
	for b.Loop() {
		var c counter
		rd := NewReader(bytes.NewReader(text))
		for rd.ReadGame(&c) == nil {
		}
		games += c.games
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkDecodeOnly is the bare text decoding of the same bytes (textenc to UTF-8), the
// yardstick of the pipeline's targets.
func BenchmarkDecodeOnly(b *testing.B) {
	text := benchText(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := textenc.Open(bytes.NewReader(text), textenc.Auto)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode writes every game of the file in Chinese notation.
func BenchmarkEncode(b *testing.B) {
	text := benchText(b)
	var games []*game.Game
	if err := Decode(bytes.NewReader(text), Config{}, func(g *game.Game) error {
		games = append(games, g)
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	for _, g := range games {
		_ = Encode(&out, g, WriteOptions{Notation: notation.Chinese})
	}
	b.SetBytes(int64(out.Len()))
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			if err := Encode(io.Discard, g, WriteOptions{Notation: notation.Chinese}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
}
