package xqn

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
)

// encodeGame writes a game as the known .xqn files are: six tags, then per move pair a line
// of scores and Chinese moves, GBK with CRLF.
func encodeGame(tb testing.TB, g *game.Game) []byte {
	var sb strings.Builder
	sb.WriteString("[Title \"红方甲 vs 黑方乙\"]\r\n[Date \"2004年9月5日\"]\r\n[Red \"红方甲\"]\r\n[Black \"黑方乙\"]\r\n[Timer \"G/30+3\"]\r\n[Result \"\"]\r\n")
	pos := board.StartPosition()
	var buf []byte
	for i, n := range g.MainLine() {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "[Score \"8=%d\"] %d.", i, i/2+1)
		} else {
			fmt.Fprintf(&sb, "  [Score \"8=-%d\"] ", i)
		}
		buf = chinese.Notation{}.Append(buf[:0], pos, n.Move)
		sb.Write(buf)
		if i%2 == 1 {
			sb.WriteString("\r\n")
		}
		pos.Play(n.Move)
	}
	b, err := textenc.EncodeString(sb.String(), textenc.GBK)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// BenchmarkDecode reads the same 1,000 generated games as XQF files (xqf), as .xqn files
// (xqn) and as PGN files with the scores as comments (pgn): compare their ns/game (the
// target is at most about 2× XQF's; a small text file pays for detecting its encoding).
func BenchmarkDecode(b *testing.B) {
	games := readertest.BenchGames(1000)
	plies := readertest.Plies(games)
	b.Run("xqf", func(b *testing.B) {
		readertest.BenchDecode(b, readertest.DecodeXQF, readertest.XQFFiles(b, games), len(games), plies)
	})
	var files [][]byte
	for _, g := range games {
		files = append(files, encodeGame(b, g))
	}
	b.Run("xqn", func(b *testing.B) { readertest.BenchDecode(b, dec, files, len(games), plies) })
	// The same games as GBK PGN files with the same comment on every move, decoded as record
	// reads PGN (textenc, then pgn.Decode): what a text format costs per file.
	var pgns [][]byte
	for _, f := range files {
		g, _ := readertest.All(b, dec, "pgn", f)
		var buf bytes.Buffer
		if err := pgn.Encode(&buf, g[0], pgn.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
		enc, err := textenc.EncodeString(buf.String(), textenc.GBK)
		if err != nil {
			b.Fatal(err)
		}
		pgns = append(pgns, enc)
	}
	b.Run("pgn", func(b *testing.B) { readertest.BenchDecode(b, decodePGN, pgns, len(games), plies) })
}

// decodePGN reads a PGN file as record does: textenc detects and decodes, pgn replays.
func decodePGN(r io.Reader, path string) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		d, err := textenc.Open(r, textenc.Auto)
		if err != nil {
			yield(nil, err)
			return
		}
		if err := pgn.Decode(d, pgn.Config{Path: path}, func(g *game.Game) error {
			yield(g, nil)
			return nil
		}); err != nil {
			yield(nil, err)
		}
	}
}

// TestEncodeGame: the benchmark's files read back as the games they were written from.
func TestEncodeGame(t *testing.T) {
	for _, g := range readertest.BenchGames(20) {
		got, errs := readertest.All(t, dec, "gen", encodeGame(t, g))
		if len(errs) > 0 || len(got) != 1 || !got[0].Valid() || readertest.MainLine(got[0]) != readertest.MainLine(g) {
			t.Fatalf("game %d: %v %v", g.Index, errs, got)
		}
	}
}
