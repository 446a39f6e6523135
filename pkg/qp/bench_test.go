package qp

import (
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/textenc"
)

// codes maps a piece to its QP code.
var codes = func() map[board.Piece]byte {
	m := map[board.Piece]byte{}
	for c, p := range pieces {
		m[p] = byte(c)
	}
	return m
}()

// positions returns the final positions of n generated games as games with no moves (for
// XQF) and as QP files.
func positions(n int) ([]*game.Game, [][]byte) {
	var gs []*game.Game
	var files [][]byte
	for _, g := range readertest.BenchGames(n) {
		pos := g.StartPosition()
		for _, nd := range g.MainLine() {
			pos.Play(nd.Move)
		}
		s := pos.Setup()
		s.Turn = board.Red
		var b game.Builder
		b.Begin(g.Index, FormatName, textenc.Auto)
		b.SetSetup(s, game.NoLoc)
		gs = append(gs, b.Finish())
		f := []byte(Magic + "\x00")
		for sq, p := range s.Board {
			if p != board.NoPiece {
				f = append(f, codes[p], byte(board.Square(sq).Col()), byte(board.Square(sq).Row()))
				f[len(Magic)]++
			}
		}
		files = append(files, f)
	}
	return gs, files
}

// BenchmarkDecode reads the same 1,000 positions as XQF files (xqf) and as QP files (qp):
// compare their ns/game (the target is at most about 2× XQF's).
func BenchmarkDecode(b *testing.B) {
	gs, files := positions(1000)
	b.Run("xqf", func(b *testing.B) {
		readertest.BenchDecode(b, readertest.DecodeXQF, readertest.XQFFiles(b, gs), len(gs), 0)
	})
	b.Run("qp", func(b *testing.B) { readertest.BenchDecode(b, dec, files, len(gs), 0) })
}
