package tally

import (
	"encoding/json"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// TestSummaries: the totals of two parts add up, and read the same in the text line and in
// the JSON summary, the invalid games by the kind of their first error in kindOrder (a kind
// outside it as "other"), the baseline's counts only when a baseline is in use.
func TestSummaries(t *testing.T) {
	var a, b Counts
	a.Files, a.Games, a.Plies, a.Valid, a.Warnings = 2, 3, 120, 2, 1
	a.Invalidate(game.KindSyntax)
	b.Files, b.Games, b.Plies, b.Unreadable, b.Skipped, b.LeftOut, b.Suppressed = 1, 2, 40, 1, 4, 5, 6
	b.Invalidate(game.KindIllegal)
	b.Invalidate(game.Kind("newer"))
	var total Counts
	total.Add(&a)
	total.Add(&b)
	total.Seconds = 0.5
	if !total.Failed() || (&Counts{Games: 3, Valid: 3}).Failed() {
		t.Errorf("Failed: %v for %+v", total.Failed(), total)
	}
	if got, want := total.Line("check"), "qipu check: 3 files, 5 games, 160 plies: 2 valid, 3 invalid (syntax 1, illegal 1, other 1); 1 unreadable, 4 skipped, 1 warnings; 0.50 s"; got != want {
		t.Errorf("Line =\n%s\nwant\n%s", got, want)
	}
	want := `{"files":3,"games":5,"plies":160,"valid":2,"invalid":3,"invalid_by_kind":{"syntax":1,"illegal":1,"other":1},"unreadable":1,"file_errors":0,"skipped":4,"warnings":1,"notes":0,"left_out":5,"seconds":0.500}` + "\n"
	if got := string(total.AppendJSON(nil)); got != want {
		t.Errorf("AppendJSON =\n%s\nwant\n%s", got, want)
	}
	total.Baseline, total.Unseen = true, 7
	j := total.AppendJSON(nil)
	var m map[string]any
	if err := json.Unmarshal(j, &m); err != nil {
		t.Fatalf("%s: %v", j, err)
	}
	if bl, _ := m["baseline"].(map[string]any); bl["suppressed"] != 6.0 || bl["unseen"] != 7.0 {
		t.Errorf("baseline in %s", j)
	}
	if got := total.Line("check"); got != "qipu check: 3 files, 5 games, 160 plies: 2 valid, 3 invalid (syntax 1, illegal 1, other 1); 1 unreadable, 4 skipped, 1 warnings; baseline: 6 suppressed, 7 no longer seen; 0.50 s" {
		t.Errorf("Line with a baseline: %s", got)
	}
}
