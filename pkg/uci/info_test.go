package uci_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/uci"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		want uci.Info
		ok   bool
		err  bool
	}{
		{"info depth 9 seldepth 12 multipv 1 score cp 28 nodes 4000 nps 800000 hashfull 1 tbhits 0 time 5 pv b1c3 h10g8",
			uci.Info{Depth: 9, SelDepth: 12, MultiPV: 1, Nodes: 4000, HasScore: true, Score: 28, PV: []string{"b1c3", "h10g8"}}, true, false},
		{"info depth 3 score mate -2 pv a0a1", uci.Info{Depth: 3, HasScore: true, Mate: true, Score: -2, PV: []string{"a0a1"}}, true, false},
		{"info depth 0 score mate 0", uci.Info{HasScore: true, Mate: true}, true, false},
		{"info depth 5 score cp 10 lowerbound nodes 7", uci.Info{Depth: 5, HasScore: true, Score: 10, Bound: true, Nodes: 7}, true, false},
		{"info depth 5 score 120 pv h2e2", uci.Info{Depth: 5, HasScore: true, Score: 120, PV: []string{"h2e2"}}, true, false}, // UCCI
		{"info string NNUE evaluation using nn.nnue", uci.Info{}, false, false},
		{"info currmove h2e2 currmovenumber 1", uci.Info{}, false, false},
		{"information", uci.Info{}, false, false},
		{"bestmove h2e2", uci.Info{}, false, false},
		{"info depth x", uci.Info{}, false, true},
		{"info score cp", uci.Info{}, false, true},
		{"info score mate 99999999999", uci.Info{}, false, true},
		{"info nodes -4", uci.Info{}, false, true},
	}
	for _, tt := range tests {
		got, ok, err := uci.ParseInfo(tt.line)
		if (err != nil) != tt.err || tt.err && !errors.Is(err, uci.ErrInfo) {
			t.Errorf("%q: error %v, want error %v", tt.line, err, tt.err)
			continue
		}
		if ok != tt.ok || got.Depth != tt.want.Depth || got.SelDepth != tt.want.SelDepth ||
			got.MultiPV != tt.want.MultiPV || got.Nodes != tt.want.Nodes || got.HasScore != tt.want.HasScore ||
			got.Mate != tt.want.Mate || got.Score != tt.want.Score || got.Bound != tt.want.Bound ||
			!slices.Equal(got.PV, tt.want.PV) {
			t.Errorf("%q: got %+v %v, want %+v %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzParseInfo: any line parses without panic, and a line read as an info line keeps its
// numbers in range.
func FuzzParseInfo(f *testing.F) {
	f.Add("info depth 9 seldepth 12 multipv 1 score cp 28 nodes 4000 pv b1c3 h10g8")
	f.Fuzz(func(t *testing.T, line string) {
		info, ok, err := uci.ParseInfo(line)
		if err != nil && ok {
			t.Fatalf("%q: ok with an error", line)
		}
		if info.Depth < 0 || info.Nodes < 0 || info.Score < -1<<20 || info.Score > 1<<20 {
			t.Fatalf("%q: out of range: %+v", line, info)
		}
		for _, d := range []uci.Dialect{uci.Pikafish, uci.Fairy} {
			for _, m := range info.PV {
				d.ParseMove(m)
			}
		}
	})
}
