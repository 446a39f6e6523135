package uci_test

import (
	"context"
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
