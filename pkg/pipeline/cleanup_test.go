package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDedupeRun: a game in PGN and in XQF, a truncated copy, a game with a tag named like
// the report's fields; the groups are the same for every number of workers, and standard
// input is read twice.
func TestDedupeRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := randomGame(1, 40), randomGame(2, 30)
	writeTree(t, dir, map[string]string{
		"x/a.pgn":   pgnText("a", a, b),
		"x/a.xqf":   xqfFile(a...),
		"y/cut.pgn": pgnText("cut", a[:12]),
	})
	var outs []string
	for _, jobs := range []int{1, 2, 3} {
		code, out, stderr, err := runCfg(t, context.Background(), options{Command: Dedupe, Paths: []string{dir, "-"},
			Jobs: jobs, Stdin: strings.NewReader(pgnText("stdin", b))})
		if code != ExitOK || err != nil {
			t.Fatalf("-j %d: exit %d %v\n%s", jobs, code, err, stderr)
		}
		if !strings.Contains(stderr, "qipu dedupe: 4 files, 5 games (0 invalid); 3 groups: same 2, prefix 1, mirror 0; 3 games are duplicates") {
			t.Errorf("summary %q", stderr)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] || outs[0] != outs[2] {
		t.Fatalf("output depends on -j:\n%s\n%s", outs[0], outs[1])
	}
	var rels []string
	for _, line := range strings.Split(strings.TrimSpace(outs[0]), "\n") {
		var g struct {
			Relation string
			Keep     int
			Games    []struct {
				Source string
				Index  int
			}
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		rels = append(rels, g.Relation+":"+g.Games[0].Source+"#"+string(rune('0'+g.Games[0].Index))+"+"+g.Games[len(g.Games)-1].Source)
	}
	want := []string{
		"same:" + filepath.Join(dir, "x/a.pgn") + "#1+" + filepath.Join(dir, "x/a.xqf"),
		"prefix:" + filepath.Join(dir, "x/a.pgn") + "#1+" + filepath.Join(dir, "y/cut.pgn"),
		"same:" + filepath.Join(dir, "x/a.pgn") + "#2+-",
	}
	if strings.Join(rels, "\n") != strings.Join(want, "\n") {
		t.Errorf("groups\n%s\nwant\n%s", strings.Join(rels, "\n"), strings.Join(want, "\n"))
	}
}

// TestCleanupUsage: the options that do not fit dedupe, stats or --dedupe are usage errors.
func TestCleanupUsage(t *testing.T) {
	t.Parallel()
	for _, cfg := range []options{
		{Command: Dedupe, Paths: []string{"."}, Report: "r.jsonl"},
		{Command: Dedupe, Paths: []string{"."}, Out: "o"},
		{Command: Stats, Paths: []string{"."}, StatsFormat: StatsFormat(9)},
	} {
		code, _, _, err := runCfg(t, context.Background(), cfg)
		var ue *UsageError
		if code != ExitUsage || !errors.As(err, &ue) {
			t.Errorf("%+v: exit %d, %v", cfg, code, err)
		}
	}
	for name, want := range map[string]StatsFormat{"": StatsText, "JSON": StatsJSON, "html": StatsHTML} {
		if f, err := ParseStatsFormat(name); err != nil || f != want || (name != "" && !strings.EqualFold(f.String(), name)) {
			t.Errorf("ParseStatsFormat(%q) = %v, %v", name, f, err)
		}
	}
	if _, err := ParseStatsFormat("pdf"); !errors.Is(err, ErrUnknownName) {
		t.Errorf("ParseStatsFormat(pdf): %v", err)
	}
}

// TestConvertDedupeReport: a dropped game's report entry says duplicate and names the kept
// game, even when the game has tags named like the entry's own fields.
func TestConvertDedupeReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := randomGame(3, 20)
	tricky := "[Game \"Chinese Chess\"]\n[status \"ok\"]\n[errors \"[\"]\n\n" + strings.TrimPrefix(pgnText("t", a), "[Game \"Chinese Chess\"]\n")
	writeTree(t, dir, map[string]string{"1.pgn": pgnText("a", a), "2.pgn": tricky})
	report := filepath.Join(dir, "r.jsonl")
	code, out, stderr, err := runCfg(t, context.Background(), options{Command: Convert, Paths: []string{dir}, DedupeOutput: true,
		Report: report, Jobs: 2})
	if code != ExitOK || err != nil {
		t.Fatalf("exit %d %v\n%s", code, err, stderr)
	}
	if strings.Count(out, "[Event") != 1 || !strings.Contains(stderr, "1 duplicate game left out") {
		t.Errorf("stdout %q\nstderr %q", out, stderr)
	}
	data, _ := os.ReadFile(report)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var e struct {
		Tags        map[string]string
		Status      string
		DuplicateOf struct {
			Source string
			Index  int
		} `json:"duplicate_of"`
		Errors []any
	}
	if len(lines) != 2 || json.Unmarshal([]byte(lines[1]), &e) != nil || e.Status != "duplicate" || e.DuplicateOf.Source != filepath.Join(dir, "1.pgn") ||
		e.DuplicateOf.Index != 1 || e.Tags["status"] != "ok" || e.Errors == nil {
		t.Errorf("report\n%s\n%+v", data, e)
	}
}
