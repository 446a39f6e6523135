package uci_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/uci"
	"github.com/qipu/qipu/pkg/uci/ucitest"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// fake returns the Config of the fake engine in a mode: this test binary, re-executed.
func fake(tb testing.TB, mode string) uci.Config {
	tb.Helper()
	return uci.Config{Path: ucitest.Self(tb, mode), Timeout: 2 * time.Second}
}

const midgame = "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R w - - 4 3"

func TestSearch(t *testing.T) {
	for _, mode := range []string{ucitest.ModeOK, ucitest.ModeFairy, ucitest.ModeSlowStart} {
		t.Run(mode, func(t *testing.T) {
			cfg := fake(t, mode)
			e, err := uci.Start(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			wantDialect := uci.Pikafish
			if mode == ucitest.ModeFairy {
				wantDialect = uci.Fairy
			}
			if e.Dialect() != wantDialect {
				t.Errorf("dialect %v, want %v (name %q)", e.Dialect(), wantDialect, e.Name())
			}
			for _, fen := range []string{board.StartPosition().FEN(), midgame} {
				pos, err := board.FromFEN(fen)
				if err != nil {
					t.Fatal(err)
				}
				res, err := e.Search(context.Background(), pos, uci.Limit{Nodes: 100})
				if err != nil {
					t.Fatal(err)
				}
				moves := pos.LegalMoves(nil)
				if res.Best != moves[0] || res.Score != 10*len(moves) || res.Mate || res.Depth != 3 ||
					res.Nodes != int64(100+len(moves)) || len(res.PV) != 2 || res.PV[0] != moves[0] {
					t.Errorf("%s: got %+v, want best %v score %d", fen, res, moves[0], 10*len(moves))
				}
			}
		})
	}
}

func TestSearchUCCI(t *testing.T) {
	cfg := fake(t, ucitest.ModeUCCI)
	cfg.Dialect = uci.UCCI
	e, err := uci.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	res, err := e.Search(context.Background(), board.StartPosition(), uci.Limit{Depth: 3})
	if err != nil || res.Score != 440 || res.Best == board.NoMove {
		t.Fatalf("got %+v, %v", res, err)
	}
}

func TestMated(t *testing.T) {
	// Red is mated: the black chariots hold both files beside Red's general, which cannot move.
	pos, err := board.FromFEN("4k4/9/9/9/9/9/9/9/r8/3K1r3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !pos.IsCheckmate() {
		t.Skip("the test position is not mate")
	}
	e, err := uci.Start(context.Background(), fake(t, ucitest.ModeOK))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	res, err := e.Search(context.Background(), pos, uci.Limit{Nodes: 10})
	if err != nil || res.Best != board.NoMove || !res.Mate || res.Score != 0 {
		t.Fatalf("got %+v, %v", res, err)
	}
}

func TestFaults(t *testing.T) {
	tests := []struct {
		mode  string
		fault error
		start bool // the fault comes at the start
	}{
		{ucitest.ModeNoStart, uci.ErrStart, true},
		{ucitest.ModeCrash, uci.ErrCrash, false},
		{ucitest.ModeHang, uci.ErrTimeout, false},
		{ucitest.ModeGarbage, uci.ErrGarbage, false},
		{ucitest.ModeIllegal, uci.ErrIllegal, false},
		{ucitest.ModeLongLine, uci.ErrGarbage, false},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			cfg := fake(t, tt.mode)
			// Long enough for a fake engine to start on a loaded machine; the hang waits it out.
			cfg.Timeout = 3 * time.Second
			if tt.mode == ucitest.ModeHang {
				cfg.Timeout = 1500 * time.Millisecond
			}
			e, err := uci.Start(context.Background(), cfg)
			if tt.start {
				if !errors.Is(err, tt.fault) {
					t.Fatalf("start: %v, want %v", err, tt.fault)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			_, err = e.Search(context.Background(), board.StartPosition(), uci.Limit{Nodes: 10})
			var ue *uci.Error
			if !errors.Is(err, tt.fault) || !errors.As(err, &ue) || ue.FEN == "" {
				t.Fatalf("search: %v, want %v with the position", err, tt.fault)
			}
			if !strings.Contains(err.Error(), "FakeFish 1") {
				t.Errorf("the message does not name the engine: %v", err)
			}
		})
	}
}

func TestMissing(t *testing.T) {
	_, err := uci.Start(context.Background(), uci.Config{Path: filepath.Join(t.TempDir(), "no-engine")})
	if !errors.Is(err, uci.ErrMissing) {
		t.Fatalf("got %v, want ErrMissing", err)
	}
	dir := t.TempDir()
	notExec := filepath.Join(dir, "engine")
	os.WriteFile(notExec, []byte("not a program"), 0o644)
	if _, err := uci.Start(context.Background(), uci.Config{Path: notExec}); !errors.Is(err, uci.ErrMissing) {
		t.Fatalf("not executable: got %v, want ErrMissing", err)
	}
}

func TestClientRestartsAfterCrash(t *testing.T) {
	cfg := fake(t, ucitest.ModeCrashOnce)
	t.Setenv(ucitest.StateEnv, filepath.Join(t.TempDir(), "crashed"))
	c := uci.NewClient(cfg, nil)
	defer c.Close()
	res, err := c.Search(context.Background(), board.StartPosition(), uci.Limit{Nodes: 10})
	if err != nil || res.Best == board.NoMove {
		t.Fatalf("got %+v, %v", res, err)
	}
	if c.Starts != 2 || c.Searches != 2 {
		t.Errorf("starts %d, searches %d: want 2 and 2", c.Starts, c.Searches)
	}
	// A crash every time fails the position after one retry.
	c2 := uci.NewClient(fake(t, ucitest.ModeCrash), nil)
	defer c2.Close()
	if _, err := c2.Search(context.Background(), board.StartPosition(), uci.Limit{Nodes: 10}); !errors.Is(err, uci.ErrCrash) {
		t.Fatalf("got %v, want ErrCrash", err)
	}
	if c2.Starts != 2 {
		t.Errorf("starts %d, want 2", c2.Starts)
	}
}

func TestInterrupt(t *testing.T) {
	cfg := fake(t, ucitest.ModeHang)
	cfg.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	e, err := uci.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err = e.Search(ctx, board.StartPosition(), uci.Limit{Nodes: 10})
	if err == nil || time.Since(start) > 10*time.Second {
		t.Fatalf("got %v after %v", err, time.Since(start))
	}
	if e.Alive() {
		t.Error("the engine is still alive after an interruption")
	}
}

func TestDialectParseMove(t *testing.T) {
	tests := []struct {
		d    uci.Dialect
		in   string
		want string
		ok   bool
	}{
		{uci.Pikafish, "h2e2", "h2e2", true},
		{uci.Pikafish, "a0a9", "a0a9", true},
		{uci.Pikafish, "h2e", "", false},
		{uci.Pikafish, "j2e2", "", false},
		{uci.Fairy, "h3e3", "h2e2", true},
		{uci.Fairy, "a10a9", "a9a8", true},
		{uci.Fairy, "a1a10", "a0a9", true},
		{uci.Fairy, "a0a1", "", false},
		{uci.Fairy, "a11a1", "", false},
		{uci.UCCI, "b0c2", "b0c2", true},
	}
	for _, tt := range tests {
		m, ok := tt.d.ParseMove(tt.in)
		if ok != tt.ok || ok && m.String() != tt.want {
			t.Errorf("%v %q: got %v %v, want %q %v", tt.d, tt.in, m, ok, tt.want, tt.ok)
		}
	}
}

// TestSearchThen: a Stockfish-family engine is handed the next search with the one it is
// asked for, and the next Search of that position reads its answer without asking again; a
// search of another position drops it. Other engines are asked one search at a time.
func TestSearchThen(t *testing.T) {
	start := board.StartPosition()
	mid, err := board.FromFEN(midgame)
	if err != nil {
		t.Fatal(err)
	}
	want := func(pos *board.Position) uci.Result {
		moves := pos.LegalMoves(nil)
		return uci.Result{Best: moves[0], Score: 10 * len(moves)}
	}
	check := func(t *testing.T, what string, got uci.Result, err error, pos *board.Position) {
		t.Helper()
		w := want(pos)
		if err != nil || got.Best != w.Best || got.Score != w.Score {
			t.Fatalf("%s: got %+v, %v; want best %v score %d", what, got, err, w.Best, w.Score)
		}
	}
	for _, tt := range []struct {
		mode  string
		early bool
	}{{ucitest.ModeFairy, true}, {ucitest.ModeOK, false}} {
		t.Run(tt.mode, func(t *testing.T) {
			cfg := fake(t, tt.mode)
			log := filepath.Join(t.TempDir(), "searches")
			t.Setenv(ucitest.LogEnv, log)
			searches := func() int {
				b, _ := os.ReadFile(log)
				return strings.Count(string(b), "\n")
			}
			e, err := uci.Start(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ctx := context.Background()
			lim := uci.Limit{Nodes: 100}
			res, err := e.SearchThen(ctx, start, mid, lim)
			check(t, "first", res, err, start)
			wantNow := 1
			if tt.early {
				wantNow = 2
			}
			for deadline := time.Now().Add(2 * time.Second); searches() < wantNow && time.Now().Before(deadline); {
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(50 * time.Millisecond)
			if n := searches(); n != wantNow {
				t.Fatalf("after the first search the engine searched %d positions, want %d", n, wantNow)
			}
			res, err = e.Search(ctx, mid, lim)
			check(t, "the next", res, err, mid)
			if n := searches(); n != 2 {
				t.Errorf("%d searches for two positions, want 2", n)
			}
			// Handed over early, then not asked for: the answer asked for is still its own.
			res, err = e.SearchThen(ctx, start, mid, lim)
			check(t, "third", res, err, start)
			res, err = e.Search(ctx, start, lim)
			check(t, "another", res, err, start)
			wantAll := 4
			if tt.early {
				wantAll = 5
			}
			if n := searches(); n != wantAll {
				t.Errorf("%d searches, want %d", n, wantAll)
			}
		})
	}
}

// BenchmarkSearchThen is one search of the fake engine, each handed over with the one
// before: what qipu spends on a search apart from the engine (the fake answers at once).
func BenchmarkSearchThen(b *testing.B) {
	e, err := uci.Start(context.Background(), fake(b, ucitest.ModeFairy))
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	mid, err := board.FromFEN(midgame)
	if err != nil {
		b.Fatal(err)
	}
	positions := []*board.Position{board.StartPosition(), mid}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := e.SearchThen(ctx, positions[i%2], positions[(i+1)%2], uci.Limit{Nodes: 100}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestInterruptBetweenSearches: a context that ends between two searches ends the second at
// once, though the engine's wake-up at its end was registered for the first.
func TestInterruptBetweenSearches(t *testing.T) {
	cfg := fake(t, ucitest.ModeHang)
	cfg.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	e, err := uci.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	cancel()
	start := time.Now()
	_, err = e.Search(ctx, board.StartPosition(), uci.Limit{Nodes: 10})
	if !errors.Is(err, context.Canceled) || time.Since(start) > 10*time.Second {
		t.Fatalf("got %v after %v, want the interruption at once", err, time.Since(start))
	}
}

// TestClientRestartsWithQueued: an engine that crashes with a search handed over early is
// restarted, the position asked is searched again, and the one handed over is searched anew
// when it is asked.
func TestClientRestartsWithQueued(t *testing.T) {
	cfg := fake(t, ucitest.ModeFairyCrashOnce)
	t.Setenv(ucitest.StateEnv, filepath.Join(t.TempDir(), "crashed"))
	mid, err := board.FromFEN(midgame)
	if err != nil {
		t.Fatal(err)
	}
	c := uci.NewClient(cfg, nil)
	defer c.Close()
	lim := uci.Limit{Nodes: 10}
	for _, step := range []struct {
		pos, next *board.Position
	}{{board.StartPosition(), mid}, {mid, nil}} {
		res, err := c.SearchThen(context.Background(), step.pos, step.next, lim)
		moves := step.pos.LegalMoves(nil)
		if err != nil || res.Best != moves[0] || res.Score != 10*len(moves) {
			t.Fatalf("%s: got %+v, %v", step.pos.FEN(), res, err)
		}
	}
	if c.Starts != 2 || c.Searches != 3 {
		t.Errorf("starts %d, searches %d: want 2 and 3", c.Starts, c.Searches)
	}
}
