package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/uci"
	"github.com/qipu/qipu/pkg/uci/ucitest"
)

// evalRow is one row of export --format jsonl with an engine.
type evalRow struct {
	FEN     string  `json:"fen"`
	Ply     int     `json:"ply"`
	ScoreCP *int    `json:"score_cp"`
	Mate    *int    `json:"mate"`
	Best    *string `json:"best"`
}

// exportRows runs export to a new directory and returns its positions.jsonl (and the
// manifest).
func exportRows(t *testing.T, args ...string) (rows []evalRow, positions, manifest string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := qipu(t, context.Background(), "", append([]string{"export", "-q", "--format", "jsonl", "-o", out}, args...)...)
	if code != 0 {
		t.Fatalf("export %v: exit %d: %s", args, code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "positions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r evalRow
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		rows = append(rows, r)
	}
	return rows, string(data), string(m)
}

// TestExportEvals: with --engine, every row holds the fake engine's answer for its position,
// from Red's side (the fake scores ten centipawns a legal move for the side to move and plays
// its first legal move); without it the columns are absent. -j 1 and -j 2 write the same
// bytes, and a second run with the cache asks the engine nothing and writes the same bytes.
func TestExportEvals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "in")
	os.MkdirAll(src, 0o755)
	for i := range 3 {
		os.WriteFile(filepath.Join(src, fmt.Sprintf("g%d.pgn", i)), []byte(analyzeGames), 0o644)
	}
	eng, log := fakeEngine(t, ucitest.ModeOK)
	cache := filepath.Join(t.TempDir(), "evals.sqlite")

	plain, plainText, plainManifest := exportRows(t, src)
	if strings.Contains(plainText, "score_cp") || strings.Contains(plainManifest, "score_cp") || strings.Contains(plainManifest, `"engine"`) {
		t.Fatalf("an export without an engine has evaluation columns:\n%s\n%s", plainText, plainManifest)
	}
	rows, first, manifest := exportRows(t, "--engine", eng, "--nodes", "100", "-j", "1", src)
	if len(rows) != len(plain) || len(rows) != 3*(5+3) {
		t.Fatalf("%d rows with an engine, %d without", len(rows), len(plain))
	}
	for i, r := range rows {
		pos, err := board.FromFEN(r.FEN)
		if err != nil {
			t.Fatal(err)
		}
		moves := pos.LegalMoves(nil)
		want := 10 * len(moves)
		if pos.Turn() == board.Black {
			want = -want
		}
		if r.ScoreCP == nil || *r.ScoreCP != want || r.Mate != nil || r.Best == nil || *r.Best != moves[0].String() {
			t.Errorf("row %d (ply %d): score_cp %v mate %v best %v, want %d and %s", i, r.Ply, r.ScoreCP, r.Mate, r.Best, want, moves[0])
		}
	}
	if !strings.Contains(manifest, `"engine": {`) || !strings.Contains(manifest, `"limit": "nodes 100"`) ||
		!strings.Contains(manifest, `"score_cp"`) {
		t.Errorf("manifest does not name the engine and its columns:\n%s", manifest)
	}
	asked := searches(t, log)
	// Every position of each main line that is a row is searched (5 and 3 for games of 5
	// and 3 plies); the end position, which is no row, is not.
	if asked != 3*(5+3) {
		t.Errorf("%d searches, want %d (every position of the main lines but the last)", asked, 3*(5+3))
	}
	for i, args := range [][]string{{"-j", "2"}, {"-j", "2", "--cache", cache}, {"-j", "1", "--cache", cache}} {
		before := searches(t, log)
		_, text, _ := exportRows(t, append([]string{"--engine", eng, "--nodes", "100", src}, args...)...)
		if text != first {
			t.Errorf("%v: the rows differ from -j 1's", args)
		}
		n := searches(t, log) - before
		if i < 2 && n == 0 || i == 2 && n != 0 {
			t.Errorf("%v: %d searches (the last run has a full cache and should ask none)", args, n)
		}
	}
}

// TestExportEvalFaults: an engine that cannot be started, or fails on positions, leaves the
// evaluation columns null where it failed and gives the game an engine error (exit 1); the
// rows are still written. Engine flags without --engine are a usage error.
func TestExportEvalFaults(t *testing.T) {
	t.Parallel()
	in := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(in, []byte(analyzeGames), 0o644)
	for _, mode := range []string{ucitest.ModeNoStart, ucitest.ModeCrash} {
		eng, _ := fakeEngine(t, mode)
		out := filepath.Join(t.TempDir(), "out")
		code, _, stderr := qipu(t, context.Background(), "", "export", "-q", "--format", "jsonl", "-o", out,
			"--engine", eng, "--engine-timeout", "5s", in)
		if code != 1 || !strings.Contains(stderr, "engine") {
			t.Errorf("%s: exit %d, want 1 and an engine error: %s", mode, code, stderr)
		}
		data, err := os.ReadFile(filepath.Join(out, "positions.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "\n"); n != 5+3 || !strings.Contains(string(data), `"score_cp":null,"mate":null,"best":null`) {
			t.Errorf("%s: %d rows (want 8), with null evaluations:\n%s", mode, n, data)
		}
		if mode == ucitest.ModeNoStart && !strings.Contains(stderr, uci.ErrStart.Error()) {
			t.Errorf("%s: %s", mode, stderr)
		}
	}
	code, _, stderr := qipu(t, context.Background(), "", "export", "-o", t.TempDir(), "--nodes", "10", in)
	if code != 2 || !strings.Contains(stderr, "--nodes") || !strings.Contains(stderr, "--engine") {
		t.Errorf("--nodes without --engine: exit %d: %s", code, stderr)
	}
}
