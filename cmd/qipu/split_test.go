package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// splitPGN is a PGN file of games of the given events, each the same short game.
func splitPGN(events ...string) string {
	var b strings.Builder
	for _, ev := range events {
		b.WriteString("[Event \"" + ev + "\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n")
	}
	return b.String()
}

// TestConvertSplitBy runs qipu convert --split-by end to end: one file per group under -o,
// the same for -j 1 and -j 3, the games of the unsplit run, one report entry per game, and
// the usage errors.
func TestConvertSplitBy(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.pgn"), []byte(splitPGN("Cup", "League", "cup")))
	writeFile(t, filepath.Join(dir, "sub", "b.pgn"), []byte(splitPGN("League", "Cup")))
	code, unsplit, errs := qipu(t, t.Context(), "", "convert", "-q", "--to", "jsonl", dir)
	if code != 0 {
		t.Fatalf("unsplit: exit %d: %s", code, errs)
	}
	for _, tc := range []struct {
		by    string
		files []string
	}{
		{"event", []string{"Cup.jsonl", "League.jsonl", "cup-2.jsonl"}},
		{"ecco", []string{"B05.jsonl"}},
		{"2", []string{"games-000001-000002.jsonl", "games-000003-000004.jsonl", "games-000005-000006.jsonl"}},
	} {
		var first []string
		for _, j := range []string{"1", "3"} {
			out := filepath.Join(t.TempDir(), "out")
			report := out + ".report"
			code, stdout, errs := qipu(t, t.Context(), "", "convert", "-q", "--to", "jsonl", "--split-by", tc.by, "-j", j,
				"--report", report, "-o", out, dir)
			if code != 0 || stdout != "" {
				t.Fatalf("--split-by %s -j %s: exit %d, stdout %q: %s", tc.by, j, code, stdout, errs)
			}
			entries, _ := os.ReadDir(out)
			var names, lines []string
			var contents []string
			for _, e := range entries {
				names = append(names, e.Name())
				b, _ := os.ReadFile(filepath.Join(out, e.Name()))
				contents = append(contents, string(b))
				lines = append(lines, strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")...)
			}
			if !slices.Equal(names, tc.files) {
				t.Errorf("--split-by %s: files %v, want %v", tc.by, names, tc.files)
			}
			want := strings.SplitAfter(strings.TrimSuffix(unsplit, "\n"), "\n")
			for i := range lines {
				lines[i] = strings.TrimSuffix(lines[i], "\n")
			}
			for i := range want {
				want[i] = strings.TrimSuffix(want[i], "\n")
			}
			slices.Sort(lines)
			slices.Sort(want)
			if !slices.Equal(lines, want) {
				t.Errorf("--split-by %s: the groups' games are not the unsplit run's", tc.by)
			}
			rep, _ := os.ReadFile(report)
			if n := strings.Count(string(rep), "\n"); n != 5 {
				t.Errorf("--split-by %s: %d report entries, want 5", tc.by, n)
			}
			if first == nil {
				first = contents
			} else if !slices.Equal(contents, first) {
				t.Errorf("--split-by %s: -j 3 differs from -j 1", tc.by)
			}
		}
	}
	for _, args := range [][]string{
		{"convert", "--split-by", "event", dir},
		{"convert", "--split-by", "event", "-o", "-", dir},
		{"convert", "--split-by", "event", "--to", "xqf", "-o", t.TempDir(), dir},
		{"convert", "--split-by", "0", "-o", t.TempDir(), dir},
		{"convert", "--split-by", "size", "-o", t.TempDir(), dir},
	} {
		if code, _, errs := qipu(t, t.Context(), "", args...); code != 2 || !strings.Contains(errs, "--split-by") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
}
