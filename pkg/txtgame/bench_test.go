package txtgame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/textenc"
)

// multiGameText writes games in the multi-game layout, GBK with CRLF, as the archives do.
func multiGameText(tb testing.TB, games []*game.Game) []byte {
	var sb strings.Builder
	var buf []byte
	for _, g := range games {
		fmt.Fprintf(&sb, "第%d局\r\n\r\n红方甲  红先和  黑方乙\r\n\r\n", g.Index)
		pos := board.StartPosition()
		for i, n := range g.MainLine() {
			switch {
			case i%2 == 0:
				if i > 0 && i%6 == 0 {
					sb.WriteString("\r\n")
				}
				fmt.Fprintf(&sb, "%3d. ", i/2+1)
			default:
				sb.WriteString("  ")
			}
			buf = chinese.Notation{}.Append(buf[:0], pos, n.Move)
			sb.Write(buf)
			if i%2 == 1 {
				sb.WriteString("    ")
			}
			pos.Play(n.Move)
		}
		sb.WriteString("\r\n\r\n")
	}
	b, err := textenc.EncodeString(sb.String(), textenc.GBK)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// BenchmarkDecode reads the same 1,000 generated games as XQF files (xqf) and as one
// multi-game GBK text (txt): compare their ns/game (the target is at most about 2× XQF's).
func BenchmarkDecode(b *testing.B) {
	games := readertest.BenchGames(1000)
	plies := readertest.Plies(games)
	b.Run("xqf", func(b *testing.B) {
		readertest.BenchDecode(b, readertest.DecodeXQF, readertest.XQFFiles(b, games), len(games), plies)
	})
	b.Run("txt", func(b *testing.B) {
		readertest.BenchDecode(b, dec, [][]byte{multiGameText(b, games)}, len(games), plies)
	})
}

// TestMultiGameText: the benchmark's text reads back as the games it was written from.
func TestMultiGameText(t *testing.T) {
	games := readertest.BenchGames(20)
	got, errs := readertest.All(t, dec, "gen", multiGameText(t, games))
	if len(errs) > 0 || len(got) != len(games) {
		t.Fatalf("%d games, %v", len(got), errs)
	}
	for i, g := range got {
		if !g.Valid() || readertest.MainLine(g) != readertest.MainLine(games[i]) {
			t.Errorf("game %d: %v\n%s\n%s", i+1, g.Diagnostics, readertest.MainLine(g), readertest.MainLine(games[i]))
		}
	}
}
