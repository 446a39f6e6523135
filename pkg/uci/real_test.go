package uci_test

import (
	"context"
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/uci"
	"github.com/qipu/qipu/pkg/uci/ucitest"
)

// TestRealEngine asks Fairy-Stockfish for the start position: its best move is read in its
// ranks 1-10 and returned in ICCS, and a fresh process at the same node count answers the same.
func TestRealEngine(t *testing.T) {
	cfg := uci.Config{Path: ucitest.RealEngine(t), Options: []uci.Option{{Name: "UCI_Variant", Value: "xiangqi"}}}
	var first uci.Result
	for i := range 2 {
		e, err := uci.Start(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if e.Dialect() != uci.Fairy {
			t.Errorf("dialect %v for %q", e.Dialect(), e.Name())
		}
		res, err := e.Search(context.Background(), board.StartPosition(), uci.Limit{Nodes: 4000})
		e.Close()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = res
			if res.Best == board.NoMove || len(res.PV) == 0 || res.Depth == 0 || res.Mate {
				t.Fatalf("got %+v", res)
			}
			t.Logf("start: best %v score %d depth %d nodes %d pv %v", res.Best, res.Score, res.Depth, res.Nodes, res.PV)
			continue
		}
		if res.Best != first.Best || res.Score != first.Score || res.Depth != first.Depth {
			t.Errorf("a fresh engine answers %+v, the first %+v", res, first)
		}
	}
}

// TestRealEngineCleanState: a position searched after others in one Fairy-Stockfish process
// gets the answer a fresh process gives it ("ucinewgame" alone leaves the engine's per-thread
// state behind: the start position then scores 64 instead of 28 at 4000 nodes).
func TestRealEngineCleanState(t *testing.T) {
	cfg := uci.Config{Path: ucitest.RealEngine(t), Options: []uci.Option{{Name: "UCI_Variant", Value: "xiangqi"}}}
	other, err := board.ParseFEN("3k1a3/1R5C1/4Na2b/p7p/9/9/4P3P/2nrB3B/6C2/c3KA3 b - - 0 39")
	if err != nil {
		t.Fatal(err)
	}
	otherPos, _ := board.NewPosition(other, 0)
	ask := func(e *uci.Engine, pos *board.Position) uci.Result {
		t.Helper()
		res, err := e.Search(context.Background(), pos, uci.Limit{Nodes: 4000})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	fresh, err := uci.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	alone := ask(fresh, board.StartPosition())
	fresh.Close()
	e, err := uci.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := range 3 {
		ask(e, otherPos)
		if got := ask(e, board.StartPosition()); got.Score != alone.Score || got.Best != alone.Best || got.Depth != alone.Depth || got.Nodes != alone.Nodes {
			t.Fatalf("search %d after another position: %+v, alone %+v", i+1, got, alone)
		}
	}
}

// TestRealEngineSearchThen: Fairy-Stockfish handed each search of a game while it searches
// the one before gives every position the answer a fresh process gives it alone.
func TestRealEngineSearchThen(t *testing.T) {
	cfg := uci.Config{Path: ucitest.RealEngine(t), Options: []uci.Option{{Name: "UCI_Variant", Value: "xiangqi"}}}
	lim := uci.Limit{Nodes: 2000}
	// The positions of a short opening, each after the one before.
	var positions []*board.Position
	pos := board.StartPosition()
	for _, s := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "c6c5"} {
		positions = append(positions, pos)
		m, ok := uci.Pikafish.ParseMove(s) // ICCS squares
		if !ok || !pos.IsLegal(m) {
			t.Fatalf("%s is not legal", s)
		}
		q := *pos
		q.Play(m)
		pos = &q
	}
	e, err := uci.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i, p := range positions {
		var next *board.Position
		if i+1 < len(positions) {
			next = positions[i+1]
		}
		got, err := e.SearchThen(context.Background(), p, next, lim)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := uci.Start(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := fresh.Search(context.Background(), p, lim)
		fresh.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got.Score != alone.Score || got.Best != alone.Best || got.Depth != alone.Depth || got.Nodes != alone.Nodes || !slices.Equal(got.PV, alone.PV) {
			t.Errorf("position %d (%s): %+v, alone %+v", i, p.FEN(), got, alone)
		}
	}
	if e.Searches != len(positions) {
		t.Errorf("%d searches asked, want %d", e.Searches, len(positions))
	}
}
