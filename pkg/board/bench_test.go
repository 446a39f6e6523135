package board

import "testing"

func BenchmarkPerft4(b *testing.B) {
	pos := StartPosition()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += pos.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerft5(b *testing.B) {
	pos := StartPosition()
	var nodes uint64
	for b.Loop() {
		nodes += pos.Perft(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkGenerateLegal(b *testing.B) {
	pos, _ := FromFEN("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	var l MoveList
	b.ReportAllocs()
	for b.Loop() {
		pos.GenerateLegal(&l)
	}
}

func BenchmarkIsLegal(b *testing.B) {
	pos := StartPosition()
	m := NewMove(NewSquare(7, 7), NewSquare(7, 4)) // h2e2
	b.ReportAllocs()
	for b.Loop() {
		if !pos.IsLegal(m) {
			b.Fatal("h2e2 illegal")
		}
	}
}

func BenchmarkPlayUnplay(b *testing.B) {
	pos := StartPosition()
	m := NewMove(NewSquare(7, 7), NewSquare(0, 7)) // h2xh9
	b.ReportAllocs()
	for b.Loop() {
		u := pos.Play(m)
		pos.Unplay(m, u)
	}
}

// BenchmarkPerftPositions runs perft 3 on every reference position (middlegames, endgames,
// positions full of checks and cannon screens), not only the start.
func BenchmarkPerftPositions(b *testing.B) {
	var positions []*Position
	for _, c := range readPerft(b, "testdata/perft.epd") {
		pos, err := FromFEN(c.fen)
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, pos)
	}
	var nodes uint64
	for b.Loop() {
		for _, pos := range positions {
			nodes += pos.Perft(3)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkCountLegal(b *testing.B) {
	pos, _ := FromFEN("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	b.ReportAllocs()
	for b.Loop() {
		if pos.CountLegal() == 0 {
			b.Fatal("no legal move")
		}
	}
}
