package ending

import (
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// FuzzJudgeCycle feeds JudgeCycle arbitrary move lists (two bytes a move) from a few
// positions: it must never panic, never change the position, and say None for anything that
// does not bring the position back.
func FuzzJudgeCycle(f *testing.F) {
	fens := []string{
		board.StartFEN,
		"4k4/9/9/R8/9/2c6/9/9/9/3K5 w - - 0 1",
		"3k5/5c3/9/9/9/9/3n5/9/3C5/3R1K3 b - - 0 1",
	}
	f.Add(uint8(1), []byte{30, 3, 27, 27, 3, 30, 27, 27})
	f.Add(uint8(0), []byte{0, 0, 255, 255})
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		pos, err := board.FromFEN(fens[int(which)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 64 {
			data = data[:64]
		}
		cycle := make([]board.Move, 0, len(data)/2)
		for i := 0; i+1 < len(data); i += 2 {
			cycle = append(cycle, board.NewMove(board.Square(data[i]%128), board.Square(data[i+1]%128)))
		}
		key, fen := pos.Key(), pos.FEN()
		for _, rules := range []Rules{ChecksOnly, XQBase, Rules(9)} {
			v := JudgeCycle(pos, cycle, rules)
			if pos.Key() != key || pos.FEN() != fen {
				t.Fatal("JudgeCycle changed the position")
			}
			_ = v.Reason()
			if v.Kind != None {
				// Replaying must return to the position.
				q := *pos
				for _, m := range cycle {
					q.Play(m)
				}
				if q.Key() != key {
					t.Fatalf("verdict %v for moves that do not return", v.Kind)
				}
			}
		}
	})
}
