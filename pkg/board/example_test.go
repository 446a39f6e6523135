package board_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
)

// Set up a position from FEN, list its legal moves, play moves given in ICCS coordinates,
// and count the move tree.
func Example() {
	// Red: general e0, advisor e1. Black: general d9.
	pos, err := board.FromFEN("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	// The red general may not step to d0: it would face the black general on the open
	// d-file (the flying-general rule).
	fmt.Println("legal:", pos.LegalMoves(nil))
	d0 := board.NewMove(sq("e0"), sq("d0"))
	fmt.Println(d0, "legal:", pos.IsLegal(d0))

	pos = board.StartPosition()
	for _, iccs := range []string{"h2e2", "h9g7", "h0g2"} { // central cannon, both horses out
		m := board.NewMove(sq(iccs[:2]), sq(iccs[2:]))
		if !pos.IsLegal(m) {
			fmt.Println(iccs, "is not legal")
			return
		}
		pos.Play(m)
	}
	fmt.Println(pos.FEN())
	fmt.Println(pos.Turn(), "to move,", pos.CountLegal(), "legal moves, in check:", pos.InCheck())

	start := board.StartPosition()
	for depth := 1; depth <= 3; depth++ {
		fmt.Printf("perft(%d) = %d\n", depth, start.Perft(depth))
	}
	// Output:
	// legal: [e1d2 e1f2 e1d0 e1f0 e0f0]
	// e0d0 legal: false
	// rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
	// black to move, 42 legal moves, in check: false
	// perft(1) = 44
	// perft(2) = 1920
	// perft(3) = 79666
}

// sq returns the square of an ICCS name such as "e0".
func sq(name string) board.Square {
	s, ok := board.SquareFromICCS(name[0], name[1])
	if !ok {
		panic("bad square " + name)
	}
	return s
}
