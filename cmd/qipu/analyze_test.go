package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/uci"
	"github.com/qipu/qipu/pkg/uci/ucitest"
)

// TestMain lets the test binary act as the fake engine (ucitest) when a wrapper script runs it.
func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// fakeEngine writes a script that runs this test binary as the fake engine in a mode, and
// returns its path and the file that logs one line per search.
func fakeEngine(t *testing.T, mode string) (path, log string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log = filepath.Join(dir, "searches.log")
	path = filepath.Join(dir, "engine-"+mode)
	script := fmt.Sprintf("#!/bin/sh\n%s=%s %s=%s %s=%s exec %q \"$@\"\n", ucitest.Env, mode,
		ucitest.LogEnv, log, ucitest.StateEnv, filepath.Join(dir, "state"), exe)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

// searches returns the number of searches logged.
func searches(t *testing.T, log string) int {
	t.Helper()
	b, err := os.ReadFile(log)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

const analyzeGames = `[Event "one"]
[Result "1-0"]

1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 1-0

[Event "two"]
[Result "0-1"]

1. C3-C4 B9-C7 2. B0-C2 0-1
`

// analysisLine is one game of analyze --to jsonl.
type analysisLine struct {
	Moves    []json.RawMessage `json:"moves"`
	Status   string            `json:"status"`
	EndFEN   string            `json:"end_fen"`
	Analysis []struct {
		Ply   int      `json:"ply"`
		FEN   string   `json:"fen"`
		Score *int     `json:"score_cp"`
		Mate  *int     `json:"mate"`
		Best  string   `json:"best"`
		PV    []string `json:"pv"`
		Depth int      `json:"depth"`
		Nodes int64    `json:"nodes"`
	} `json:"analysis"`
}

func parseAnalysis(t *testing.T, out string) []analysisLine {
	t.Helper()
	var games []analysisLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var g analysisLine
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		games = append(games, g)
	}
	return games
}

// TestAnalyzeFake analyzes two games with the fake engine: one evaluation per position, each
// the fake's answer for the position (its first legal move; ten centipawns a legal move for the
// side to move), turned to Red's point of view.
func TestAnalyzeFake(t *testing.T) {
	t.Parallel()
	eng, log := fakeEngine(t, ucitest.ModeOK)
	in := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(in, []byte(analyzeGames), 0o644)
	code, out, stderr := qipu(t, context.Background(), "", "analyze", "-q", "--engine", eng, "--nodes", "100", "--to", "jsonl", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	games := parseAnalysis(t, out)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	total := 0
	for gi, g := range games {
		if len(g.Analysis) != len(g.Moves)+1 {
			t.Fatalf("game %d: %d evaluations for %d moves", gi+1, len(g.Analysis), len(g.Moves))
		}
		for i, a := range g.Analysis {
			total++
			pos, err := board.FromFEN(a.FEN)
			if err != nil || a.Ply != i {
				t.Fatalf("game %d ply %d: %v", gi+1, a.Ply, err)
			}
			moves := pos.LegalMoves(nil)
			want := 10 * len(moves)
			if pos.Turn() == board.Black {
				want = -want
			}
			if a.Score == nil || *a.Score != want || a.Mate != nil || a.Best != moves[0].String() ||
				len(a.PV) != 2 || a.PV[0] != a.Best || a.Depth != 3 || a.Nodes != int64(100+len(moves)) {
				t.Errorf("game %d ply %d: %+v, want score %d best %s", gi+1, i, a, want, moves[0])
			}
		}
		if g.Analysis[len(g.Analysis)-1].FEN != g.EndFEN {
			t.Errorf("game %d: the last evaluation is not of the end position", gi+1)
		}
	}
	if n := searches(t, log); n != total {
		t.Errorf("%d searches for %d positions", n, total)
	}
	// PGN output: the same evaluations as comments, and nothing of them without analyze.
	code, pgnOut, stderr := qipu(t, context.Background(), "", "analyze", "-q", "--engine", eng, "--nodes", "100", "--to", "iccs", in)
	if code != 0 || strings.Count(pgnOut, "[%eval ") != total || !strings.Contains(pgnOut, "{[%eval 4.40,3]}") {
		t.Errorf("exit %d, %d eval comments, want %d: %s\n%s", code, strings.Count(pgnOut, "[%eval "), total, stderr, pgnOut)
	}
}

// TestAnalyzeJobsAndCache: -j 1 and -j 2 write the same bytes; a second run with the cache
// asks the engine nothing and writes the same bytes again.
func TestAnalyzeJobsAndCache(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "in")
	os.MkdirAll(src, 0o755)
	for i := range 5 {
		os.WriteFile(filepath.Join(src, fmt.Sprintf("g%d.pgn", i)), []byte(analyzeGames), 0o644)
	}
	for _, to := range []string{"jsonl", "chinese"} {
		eng, log := fakeEngine(t, ucitest.ModeOK)
		cache := filepath.Join(t.TempDir(), "evals.sqlite")
		var outs []string
		for _, args := range [][]string{{"-j", "1"}, {"-j", "2"}, {"-j", "2", "--cache", cache}, {"-j", "1", "--cache", cache}} {
			before := searches(t, log)
			code, out, stderr := qipu(t, context.Background(), "", append([]string{"analyze", "-q", "--engine", eng, "--to", to, src}, args...)...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			asked := searches(t, log) - before
			if len(outs) == 3 && asked != 0 {
				t.Errorf("%s: the run with a full cache asked the engine %d times", to, asked)
			}
			if len(outs) < 3 && asked == 0 {
				t.Errorf("%s %v: no search", to, args)
			}
			outs = append(outs, out)
		}
		for i, o := range outs[1:] {
			if o != outs[0] {
				t.Errorf("%s: run %d differs from -j 1", to, i+2)
			}
		}
	}
}

// TestAnalyzeFaults: every engine fault is an engine error at a game and ply; the run goes on
// to the next game, and a crash once is retried without an error.
func TestAnalyzeFaults(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode  string
		code  int
		fault string
	}{
		{ucitest.ModeSlowStart, 0, ""},
		{ucitest.ModeFairy, 0, ""},
		{ucitest.ModeCrashOnce, 0, ""},
		{"missing", 1, uci.ErrMissing.Error()},
		{ucitest.ModeNoStart, 1, uci.ErrStart.Error()},
		{ucitest.ModeCrash, 1, uci.ErrCrash.Error()},
		{ucitest.ModeHang, 1, uci.ErrTimeout.Error()},
		{ucitest.ModeGarbage, 1, uci.ErrGarbage.Error()},
		{ucitest.ModeIllegal, 1, uci.ErrIllegal.Error()},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			eng, _ := fakeEngine(t, tc.mode)
			if tc.mode == "missing" {
				eng = filepath.Join(t.TempDir(), "no-such-engine")
			}
			in := filepath.Join(t.TempDir(), "games.pgn")
			os.WriteFile(in, []byte(analyzeGames), 0o644)
			timeout := "10s"
			if tc.mode == ucitest.ModeHang {
				timeout = "300ms"
			}
			code, out, stderr := qipu(t, context.Background(), "", "analyze", "-q", "--engine", eng, "--engine-timeout", timeout, "--to", "jsonl", in)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			games := parseAnalysis(t, out)
			if len(games) != 2 {
				t.Fatalf("%d games written, want 2", len(games))
			}
			if tc.fault == "" {
				if stderr != "" || len(games[1].Analysis) != len(games[1].Moves)+1 {
					t.Errorf("stderr %q, %d evaluations", stderr, len(games[1].Analysis))
				}
				return
			}
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			for _, g := range []int{1, 2} {
				found := false
				for _, l := range lines {
					found = found || strings.HasPrefix(l, in+":") && strings.Contains(l, fmt.Sprintf(": game %d", g)) &&
						strings.Contains(l, ": engine: ") && strings.Contains(l, tc.fault)
				}
				if !found {
					t.Errorf("no engine error naming game %d and %q in\n%s", g, tc.fault, stderr)
				}
			}
			if games[0].Status != "invalid" {
				t.Errorf("status %q", games[0].Status)
			}
		})
	}
}

// TestAnalyzeInterrupt: an interrupted run ends its engines at once, exits 130 and leaves no
// output file.
func TestAnalyzeInterrupt(t *testing.T) {
	t.Parallel()
	eng, _ := fakeEngine(t, ucitest.ModeHang)
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	os.WriteFile(in, []byte(analyzeGames), 0o644)
	outFile := filepath.Join(dir, "out.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	code, _, stderr := qipu(t, ctx, "", "analyze", "-q", "--engine", eng, "--engine-timeout", "60s", "--cache", filepath.Join(dir, "c.sqlite"), "--to", "jsonl", "-o", outFile, in)
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d: %s", code, exitInterrupted, stderr)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v after the interruption", d)
	}
	if _, err := os.Stat(outFile); !os.IsNotExist(err) {
		t.Errorf("output file: %v", err)
	}
}

// TestAnalyzeUsage: the engine flags' usage errors.
func TestAnalyzeUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"analyze", "x.pgn"},
		{"analyze", "--engine", "e", "--nodes", "1", "--depth", "2", "x.pgn"},
		{"analyze", "--engine", "e", "--engine-option", "novalue", "x.pgn"},
		{"analyze", "--engine", "e", "--engine-dialect", "klingon", "x.pgn"},
		{"analyze", "--engine", "e", "--nodes", "0", "x.pgn"},
		{"analyze", "--engine", "e", "--mistake", "-5", "x.pgn"},
	} {
		if code, _, stderr := qipu(t, context.Background(), "", args...); code != exitUsage || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestAnalyzeRealEngine runs Fairy-Stockfish over a real game: an evaluation per position,
// the same bytes for -j 1 and -j 2, and a position asked again of a fresh engine process gets
// the same score and best move.
func TestAnalyzeRealEngine(t *testing.T) {
	t.Parallel()
	eng := ucitest.RealEngine(t)
	// Two files, so that with -j 2 each engine sees another sequence of positions than with -j 1.
	dir := t.TempDir()
	in, in2 := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "games2.pgn")
	os.WriteFile(in, []byte(analyzeGames), 0o644)
	os.WriteFile(in2, []byte(analyzeGames), 0o644)
	var outs []string
	for _, j := range []string{"1", "2"} {
		code, out, stderr := qipu(t, context.Background(), "", "analyze", "-q", "-j", j, "--engine", eng,
			"--engine-option", "UCI_Variant=xiangqi", "--nodes", "300", "--to", "jsonl", in, in2)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("-j 1 and -j 2 differ:\n%s\n%s", outs[0], outs[1])
	}
	games := parseAnalysis(t, outs[0])
	for _, g := range games {
		if len(g.Analysis) != len(g.Moves)+1 {
			t.Fatalf("%d evaluations for %d moves", len(g.Analysis), len(g.Moves))
		}
	}
	// A position searched after many others: the last game's middle one.
	last := games[len(games)-1].Analysis
	a := last[len(last)/2]
	e, err := uci.Start(context.Background(), uci.Config{Path: eng, Options: []uci.Option{{Name: "UCI_Variant", Value: "xiangqi"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	pos, _ := board.FromFEN(a.FEN)
	res, err := e.Search(context.Background(), pos, uci.Limit{Nodes: 300})
	if err != nil {
		t.Fatal(err)
	}
	score := res.Score
	if pos.Turn() == board.Black {
		score = -score
	}
	if a.Score == nil || *a.Score != score || a.Best != res.Best.String() {
		t.Errorf("ply %d: analyze says %v %s, a fresh engine %d %s", len(last)/2, a.Score, a.Best, score, res.Best)
	}
}
