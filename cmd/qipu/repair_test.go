package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/xqf"
)

// repairSources are real games: the bundled classics, and a few of the shared corpus.
func repairSources(t *testing.T) []string {
	srcs := []string{filepath.Join(corpus, "classic", "masters-utf8.pgn"), filepath.Join(corpus, "classic", "masters-gbk.pgn"),
		filepath.Join(corpus, "classic", "manuals-utf8.pgn")}
	for _, p := range []string{"../../../shared/corpus/liangqi__xqwizard/XQWIZARD/橘中秘/1.得先"} {
		if m, _ := filepath.Glob(filepath.Join(p, "*")); len(m) > 0 {
			srcs = append(srcs, m[:min(len(m), 8)]...)
		}
	}
	return srcs
}

type repairEntry struct {
	Source   string `json:"source"`
	Index    int    `json:"index"`
	Status   string `json:"status"`
	Errors   []struct{ Kind, Message string }
	Warnings []struct{ Kind, Message string }
}

func readRepairReport(t *testing.T, path string) []repairEntry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []repairEntry
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e repairEntry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		out = append(out, e)
	}
	return out
}

// TestRepairRealGames breaks the start of real games the known ways (Red's pieces mirrored
// left–right, as an old exporter wrote its FEN tags; the side to move; the board seen from
// the other side), from the position after their tenth ply: check --repair finds each valid
// with a repaired warning, check alone reports the error naming the repair, and a game with
// one bad move in the middle stays invalid either way.
func TestRepairRealGames(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	breaks := []game.Repair{game.RepairMirrorRed, game.RepairRotate, game.RepairRotateSide, game.RepairSide}
	var broken, sided, bad strings.Builder
	want := map[game.Repair]int{}
	for _, src := range repairSources(t) {
		for _, g := range readGames(t, src) {
			if !g.Valid() || g.Plies() < 30 {
				continue
			}
			s, moves := iccsLine(g, 10, false)
			for _, r := range breaks {
				b, ok := r.Apply(s)
				if !ok || b == s {
					continue
				}
				if probs, _ := b.Validate(); probs&(board.ProblemNoGeneral|board.ProblemTooManyGenerals) != 0 {
					continue // a capture folded two pieces onto one square: nothing to repair
				}
				if r == game.RepairSide {
					// The first-move side rule takes the side from the first move before
					// any repair is tried: valid with a side warning, --repair or not.
					sided.WriteString(pgnText(&b, moves))
				} else {
					broken.WriteString(pgnText(&b, moves))
				}
				want[r]++
			}
			// One bad move in the middle: a legal-looking ICCS move that is not legal there.
			mid := append([]string(nil), moves...)
			k := len(mid) / 2
			mid[k] = "A0-A9"
			bad.WriteString(pgnText(&s, mid))
		}
	}
	if want[game.RepairMirrorRed] < 5 {
		t.Fatalf("only %v broken games", want)
	}
	brokenPath := writeFile(t, filepath.Join(dir, "broken.pgn"), []byte(broken.String()))
	badPath := writeFile(t, filepath.Join(dir, "bad.pgn"), []byte(bad.String()))
	sidedPath := writeFile(t, filepath.Join(dir, "sided.pgn"), []byte(sided.String()))
	games := want[game.RepairMirrorRed] + want[game.RepairRotate] + want[game.RepairRotateSide]

	rep := filepath.Join(dir, "repair.jsonl")
	code, _, stderr := qipu(t, ctx, "", "check", "-q", "--repair", "--report", rep, brokenPath)
	entries := readRepairReport(t, rep)
	if len(entries) != games {
		t.Fatalf("%d report entries, want %d", len(entries), games)
	}
	for _, e := range entries {
		repaired := false
		for _, w := range e.Warnings {
			repaired = repaired || w.Kind == "repaired"
		}
		if e.Status != "ok" || !repaired {
			t.Errorf("game %d with --repair: %s, warnings %v, errors %v", e.Index, e.Status, e.Warnings, e.Errors)
		}
	}
	if code != exitOK {
		t.Errorf("check --repair: exit %d\n%.2000s", code, stderr)
	}

	rep = filepath.Join(dir, "plain.jsonl")
	code, _, _ = qipu(t, ctx, "", "check", "-q", "--report", rep, brokenPath)
	if code != exitInvalid {
		t.Errorf("check: exit %d", code)
	}
	for _, e := range readRepairReport(t, rep) {
		if e.Status != "invalid" || len(e.Errors) == 0 || !strings.Contains(e.Errors[0].Message, "--repair applies it") {
			t.Errorf("game %d without --repair: %s, errors %v, warnings %v", e.Index, e.Status, e.Errors, e.Warnings)
		}
	}

	// --strict makes the repaired warning an error.
	if code, _, _ := qipu(t, ctx, "", "check", "-q", "--repair", "--strict", brokenPath); code != exitInvalid {
		t.Errorf("check --repair --strict: exit %d", code)
	}

	for _, args := range [][]string{{"--repair"}, {}} {
		rep := filepath.Join(dir, "sided.jsonl")
		qipu(t, ctx, "", append([]string{"check", "-q", "--report", rep}, append(args, sidedPath)...)...)
		entries := readRepairReport(t, rep)
		if len(entries) != want[game.RepairSide] {
			t.Errorf("%d wrong-side games, want %d", len(entries), want[game.RepairSide])
		}
		for _, e := range entries {
			if e.Status != "ok" || len(e.Warnings) == 0 || e.Warnings[0].Kind != "side" {
				t.Errorf("wrong-side game %d %v: %s, warnings %v, errors %v", e.Index, args, e.Status, e.Warnings, e.Errors)
			}
		}
	}

	for _, args := range [][]string{{"--repair"}, {}} {
		rep := filepath.Join(dir, "bad.jsonl")
		qipu(t, ctx, "", append([]string{"check", "-q", "--report", rep}, append(args, badPath)...)...)
		for _, e := range readRepairReport(t, rep) {
			if e.Status != "invalid" {
				t.Errorf("bad game %d %v: %s, warnings %v", e.Index, args, e.Status, e.Warnings)
			}
			for _, w := range e.Warnings {
				if w.Kind == "repaired" {
					t.Errorf("bad game %d %v repaired: %v", e.Index, args, w)
				}
			}
		}
	}
	t.Logf("broken games: %v; bad-move games checked", want)

	// XQF and DhtmlXQ: their readers hand the failing move to the builder, so the repair
	// works there too.
	xdir := filepath.Join(dir, "xqf")
	n := 0
	for g, err := range record.ReadFile(brokenPath, record.WithRepair()) {
		if err != nil {
			t.Fatal(err)
		}
		var r game.Repair
		for _, d := range g.Diagnostics {
			for _, c := range breaks {
				if d.Kind == game.KindRepaired && strings.Contains(d.Message, c.String()+" (") {
					r = c
				}
			}
		}
		if r == 0 || r == game.RepairRotateSide {
			continue
		}
		g.Setup, _ = r.Apply(g.Setup) // each repair is its own inverse: broken again
		var buf bytes.Buffer
		if err := xqf.Encode(&buf, g); err != nil {
			t.Fatal(err)
		}
		n++
		writeFile(t, filepath.Join(xdir, fmt.Sprintf("%02d.xqf", n)), buf.Bytes())
		buf.Reset()
		if err := dhtmlxq.Encode(&buf, g); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(xdir, fmt.Sprintf("%02d.html", n)), buf.Bytes())
	}
	if n < 10 {
		t.Fatalf("only %d XQF files", n)
	}
	if code, _, stderr := qipu(t, ctx, "", "check", "-q", "--repair", xdir); code != exitOK || strings.Count(stderr, "warning: repaired") != 2*n {
		t.Errorf("XQF check --repair: exit %d, want %d repaired warnings\n%s", code, n, stderr)
	}
	if code, _, stderr := qipu(t, ctx, "", "check", "-q", xdir); code != exitInvalid || strings.Count(stderr, "--repair applies it") != 2*n {
		t.Errorf("XQF check: exit %d, want %d errors naming the repair\n%s", code, n, stderr)
	}
}
