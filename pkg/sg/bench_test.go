package sg

import (
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/readertest"
)

// encodeRecords writes games (from the opening position, at most 450 plies) as SG records.
func encodeRecords(games []*game.Game) []byte {
	var out []byte
	for _, g := range games {
		var moves []byte
		for _, n := range g.MainLine() {
			moves = append(moves, moveByte(n.Move.From()), moveByte(n.Move.To()))
		}
		out = append(out, record([]byte("红方甲"), []byte("黑方乙"), "D==", "2005-01-12", openingTable, moves, false)...)
	}
	return out
}

// moveByte is the SG byte of a square: 10 + 10·file + rank from Black's side.
func moveByte(sq board.Square) byte { return byte(10 + 10*sq.Col() + sq.Row()) }

// BenchmarkDecode reads the same 1,000 generated games as XQF files (xqf) and as one SG file
// of 1,000 records (sg): compare their ns/game (the target is at most about 2× XQF's).
func BenchmarkDecode(b *testing.B) {
	games := readertest.BenchGames(1000)
	plies := readertest.Plies(games)
	b.Run("xqf", func(b *testing.B) {
		readertest.BenchDecode(b, readertest.DecodeXQF, readertest.XQFFiles(b, games), len(games), plies)
	})
	b.Run("sg", func(b *testing.B) {
		readertest.BenchDecode(b, dec, [][]byte{encodeRecords(games)}, len(games), plies)
	})
}

// TestEncodeRecords: the benchmark's records read back as the games they were written from.
func TestEncodeRecords(t *testing.T) {
	games := readertest.BenchGames(20)
	got, errs := readertest.All(t, dec, "gen", encodeRecords(games))
	if len(errs) > 0 || len(got) != len(games) {
		t.Fatalf("%d games, %v", len(got), errs)
	}
	for i, g := range got {
		if !g.Valid() || readertest.MainLine(g) != readertest.MainLine(games[i]) {
			t.Errorf("game %d: %v", i+1, g.Diagnostics)
		}
	}
}
