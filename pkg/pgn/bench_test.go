package pgn

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/chinese"
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
		_ = Encode(&out, g, WriteOptions{Notation: chinese.Notation{}})
	}
	b.SetBytes(int64(out.Len()))
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			if err := Encode(io.Discard, g, WriteOptions{Notation: chinese.Notation{}}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
}

// chineseGBK returns about 2 MB of GBK PGN in Chinese notation, the kind of archive the
// pipeline's targets are measured on (scripts/bench.sh): random legal games of 40 to 160
// plies, from a fixed seed.
func chineseGBK(b *testing.B) (text []byte, plies int) {
	rng := rand.New(rand.NewPCG(1, 2))
	var out bytes.Buffer
	for i := 1; out.Len() < 2<<20; i++ {
		var bld game.Builder
		bld.Begin(i, "pgn", textenc.Auto)
		bld.Tag("Event", "bench")
		bld.Tag("Red", "红方")
		bld.Tag("Black", "黑方")
		pos := board.StartPosition()
		for n := 40 + rng.IntN(121); n > 0; n-- {
			moves := pos.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			bld.PlayMove(m, game.NoLoc)
			pos.Play(m)
			plies++
		}
		if err := Encode(&out, bld.Finish(), WriteOptions{Notation: chinese.Notation{}}); err != nil {
			b.Fatal(err)
		}
	}
	text, err := textenc.EncodeString(out.String(), textenc.GB18030)
	if err != nil {
		b.Fatal(err)
	}
	return text, plies
}

// BenchmarkChineseGBK measures what `qipu check` does with a GBK archive in Chinese notation
// (decode the text, read, resolve and replay every move, with Reuse as the pipeline sets it),
// and, as decode-only, the bare text decoding of the same bytes: the two sides of the
// pipeline's ratio target.
func BenchmarkChineseGBK(b *testing.B) {
	text, plies := chineseGBK(b)
	b.Run("check", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			d, err := textenc.Open(bytes.NewReader(text), textenc.Auto)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			err = Decode(d, Config{Reuse: true}, func(g *game.Game) error {
				if !g.Valid() {
					return fmt.Errorf("game %d: %v", g.Index, g.Diagnostics)
				}
				n += g.Plies()
				return nil
			})
			if err != nil || n != plies {
				b.Fatalf("%d plies of %d: %v", n, plies, err)
			}
		}
		b.ReportMetric(float64(plies*b.N)/b.Elapsed().Seconds(), "plies/s")
	})
	b.Run("decode-only", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			d, err := textenc.Open(bytes.NewReader(text), textenc.Auto)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, d); err != nil {
				b.Fatal(err)
			}
		}
	})
}
