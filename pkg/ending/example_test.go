package ending_test

import (
	"encoding/json"
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/ending"
)

// A replay as the game builder does it: push every position on a History, and when one
// occurs the third time, judge the moves since its previous occurrence.
func Example() {
	pos, _ := board.FromFEN("9/4k4/9/9/5R3/9/9/9/4A4/4K4 w - - 0 1")
	var h ending.History
	h.Reset(pos.Key())
	var line []board.Move
	for _, m := range []board.Move{
		move("f5", "e5"), move("e8", "f8"), move("e5", "f5"), move("f8", "e8"),
		move("f5", "e5"), move("e8", "f8"), move("e5", "f5"), move("f8", "e8"),
	} {
		capture := pos.IsCapture(m)
		pos.Play(m)
		line = append(line, m)
		if count, prev := h.Push(pos.Key(), capture); count == 3 {
			v := ending.JudgeCycle(pos, line[prev:], ending.XQBase)
			fmt.Println(v.Kind, v.Result(), "-", v.Reason())
			out, _ := json.Marshal(ending.Ending{Kind: v.Kind, Loser: v.Loser, Plies: h.Occurrences(nil, h.Ply())})
			fmt.Println(string(out))
		}
	}
	// Output:
	// perpetual-check 0-1 - Red checks on every move of the cycle
	// {"kind":"perpetual-check","loser":"red","plies":[0,4,8]}
}

func move(from, to string) board.Move {
	f, _ := board.SquareFromICCS(from[0], from[1])
	t, _ := board.SquareFromICCS(to[0], to[1])
	return board.NewMove(f, t)
}
