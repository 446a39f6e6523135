package analysis_test

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/qipu/qipu/pkg/analysis"
	"github.com/qipu/qipu/pkg/uci"
	"github.com/qipu/qipu/pkg/uci/ucitest"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// TestOneCore: with OneCore the analyzer runs the program on one core from its first search
// to Close, which gives back the setting; an analyzer that searches nothing leaves it alone.
func TestOneCore(t *testing.T) {
	before := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(before)
	cfg := analysis.Config{
		Engine:    uci.Config{Path: ucitest.Self(t, ucitest.ModeFairy), Timeout: 5 * time.Second},
		Limit:     uci.Limit{Nodes: 10},
		Processes: 2,
		OneCore:   true,
	}
	idle := analysis.New(cfg)
	idle.Close()
	if n := runtime.GOMAXPROCS(0); n != 4 {
		t.Fatalf("an analyzer that searched nothing left GOMAXPROCS %d, want 4", n)
	}
	a := analysis.New(cfg)
	g := readGame(t, "1. h2e2 h9g7 2. h0g2 *\n")
	evals, fails := a.Analyze(context.Background(), g)
	if len(fails) != 0 || len(evals) != 4 {
		t.Fatalf("%d evaluations, failures %v; want 4 and none", len(evals), fails)
	}
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("GOMAXPROCS %d while the engines serve, want 1", n)
	}
	a.Close()
	if n := runtime.GOMAXPROCS(0); n != 4 {
		t.Errorf("GOMAXPROCS %d after Close, want 4 again", n)
	}
}
