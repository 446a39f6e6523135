package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/groupfile"
	"github.com/qipu/qipu/pkg/shape"
)

// eventGames writes games as PGN with ICCS moves, each with the Event tag given ("" for
// none); game k plays seeded random moves from seed+k.
func eventGames(seed uint64, plies int, events ...string) string {
	var b strings.Builder
	for k, ev := range events {
		b.WriteString("[Game \"Chinese Chess\"]\n")
		if ev != "" {
			fmt.Fprintf(&b, "[Event \"%s\"]\n", ev)
		}
		b.WriteString("\n")
		for j, m := range randomGame(seed+uint64(k), plies) {
			if j%2 == 0 {
				fmt.Fprintf(&b, "%d. ", j/2+1)
			}
			b.WriteString(m + " ")
		}
		b.WriteString("*\n\n")
	}
	return b.String()
}

// splitTree is a tree of games of several events, interleaved across and within files,
// with events that differ only in case, one that looks like a renamed one, one with
// characters a file name cannot hold, and games without an Event.
func splitTree(t *testing.T) string {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a/one.pgn":   eventGames(1, 12, "Open", "Cup", "Open", ""),
		"a/two.pgn":   eventGames(10, 20, "OPEN", "Cup", "全国赛 2023"),
		"b/three.pgn": eventGames(20, 8, "Open-2", "a/b: c?", "Cup", "open"),
		"b/four.pgn":  eventGames(30, 16, "", "Cup", "全国赛 2023", "Open"),
		"c/bad.xqf":   "garbage!",
		"c/skip.md":   "# not a game\n",
	})
	return dir
}

// splitKeyOf is the group of a game of the unsplit JSON Lines output, as --split-by names
// it, at place seq in the output.
func splitKeyOf(t *testing.T, sp shape.Split, line string, seq int) string {
	var g struct {
		Tags map[string]string
		ECCO *struct{ Code string }
	}
	if err := json.Unmarshal([]byte(line), &g); err != nil {
		t.Fatal(err)
	}
	switch sp.String() {
	case "event":
		return shape.SafeName(g.Tags["Event"], "no-event")
	case "ecco":
		code := ""
		if g.ECCO != nil {
			code = g.ECCO.Code
		}
		return shape.SafeName(code, "no-ecco")
	}
	n, _ := strconv.Atoi(sp.String())
	first := seq/n*n + 1
	return fmt.Sprintf("games-%06d-%06d", first, first+n-1)
}

// expectSplit computes the files --split-by should write from the unsplit output: each
// group's lines in order, under its key, or key-2, -3 … when a name is taken in any case.
func expectSplit(t *testing.T, sp shape.Split, unsplit, ext string) map[string]string {
	t.Helper()
	want := map[string]string{}
	names := map[string]string{} // key → file name
	var taken []string
	lines := strings.SplitAfter(unsplit, "\n")
	lines = lines[:len(lines)-1]
	for seq, l := range lines {
		key := splitKeyOf(t, sp, l, seq)
		name, ok := names[key]
		for n := 1; !ok; n++ {
			name = key + ext
			if n > 1 {
				name = fmt.Sprintf("%s-%d%s", key, n, ext)
			}
			ok = !slices.ContainsFunc(taken, func(s string) bool { return strings.EqualFold(s, name) })
		}
		if _, seen := names[key]; !seen {
			names[key] = name
			taken = append(taken, name)
		}
		want[name] += l
	}
	return want
}

// readTree returns the files under dir by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, f := range listTree(t, dir) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		got[f] = string(b)
	}
	return got
}

func diffTrees(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for name, w := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: %s missing", what, name)
		} else if g != w {
			t.Errorf("%s: %s: got\n%s\nwant\n%s", what, name, g, w)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: unexpected file %s", what, name)
		}
	}
}

// TestSplitBy: every mode writes the groups the unsplit output holds, each game once, in
// input order within a group, under names that never differ only in case; the files are the
// same for -j 1 and -j 3, and the report is the unsplit run's.
func TestSplitBy(t *testing.T) {
	t.Parallel()
	dir := splitTree(t)
	tmp := t.TempDir()
	unsplitReport := filepath.Join(tmp, "unsplit.jsonl")
	code, unsplit, _, err := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir},
		Jobs: 1, Quiet: true, Report: unsplitReport})
	if code != ExitInvalid || err != nil {
		t.Fatalf("unsplit: exit %d, %v", code, err)
	}
	if n := strings.Count(unsplit, "\n"); n != 15 {
		t.Fatalf("unsplit: %d games, want 15", n)
	}
	wantReport, err := os.ReadFile(unsplitReport)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"event", "ecco", "2", "1", "1000"} {
		sp, err := shape.ParseSplit(mode)
		if err != nil {
			t.Fatal(err)
		}
		want := expectSplit(t, sp, unsplit, ".jsonl")
		if mode == "event" {
			// The expectation itself: case collisions and the literal "Open-2" renamed.
			for _, name := range []string{"Open.jsonl", "OPEN-2.jsonl", "Open-2-2.jsonl", "open-3.jsonl", "Cup.jsonl",
				"no-event.jsonl", "a_b_c.jsonl", "全国赛_2023.jsonl"} {
				if _, ok := want[name]; !ok {
					t.Fatalf("expected groups %v lack %s", slices.Collect(mapKeys(want)), name)
				}
			}
		}
		if mode == "2" {
			for name, body := range want {
				if n := strings.Count(body, "\n"); n != 2 && name != "games-000015-000016.jsonl" {
					t.Errorf("--split-by 2: %s has %d games", name, n)
				}
			}
		}
		var first map[string]string
		for _, j := range []int{1, 3} {
			out := filepath.Join(tmp, fmt.Sprintf("%s-j%d", mode, j))
			report := out + ".report.jsonl"
			code, stdout, _, err := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir},
				Jobs: j, Quiet: true, Out: out, Report: report, SplitBy: sp})
			if code != ExitInvalid || err != nil || stdout != "" {
				t.Fatalf("%s -j %d: exit %d, %v, stdout %q", mode, j, code, err, stdout)
			}
			got := readTree(t, out)
			diffTrees(t, fmt.Sprintf("--split-by %s -j %d", mode, j), got, want)
			if entries, _ := os.ReadDir(out); len(entries) != len(want) { // no temporary directory left
				t.Errorf("--split-by %s -j %d: %d entries in the output directory, want %d", mode, j, len(entries), len(want))
			}
			if first == nil {
				first = got
			} else if !mapsEqual(got, first) {
				t.Errorf("--split-by %s: -j %d differs from -j 1", mode, j)
			}
			rep, err := os.ReadFile(report)
			if err != nil {
				t.Fatal(err)
			}
			if string(rep) != string(wantReport) {
				t.Errorf("--split-by %s -j %d: the report differs from the unsplit run's", mode, j)
			}
		}
	}
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestSplitByPGN: PGN and DhtmlXQ groups hold the unsplit output's games, each group's
// file the concatenation of its games as the unsplit output writes them.
func TestSplitByPGN(t *testing.T) {
	t.Parallel()
	dir := splitTree(t)
	for _, tc := range []struct {
		to  Output
		ext string
		sep string
	}{{PGN, ".pgn", "\n[Game "}, {DhtmlXQ, ".txt", "[DhtmlXQ]"}} {
		_, unsplit, _, _ := runCfg(t, context.Background(), options{Command: Convert, Output: tc.to, Paths: []string{dir}, Quiet: true})
		out := t.TempDir()
		code, _, _, err := runCfg(t, context.Background(), options{Command: Convert, Output: tc.to, Paths: []string{dir}, Jobs: 3,
			Quiet: true, Out: out, SplitBy: mustSplit(t, "3")})
		if code != ExitInvalid || err != nil {
			t.Fatalf("%v: exit %d, %v", tc.to, code, err)
		}
		names := listTree(t, out)
		want := []string{"games-000001-000003", "games-000004-000006", "games-000007-000009", "games-000010-000012", "games-000013-000015"}
		for i := range want {
			want[i] += tc.ext
		}
		if !slices.Equal(names, want) {
			t.Fatalf("%v: files %v, want %v", tc.to, names, want)
		}
		var all strings.Builder
		for _, name := range names {
			b, _ := os.ReadFile(filepath.Join(out, name))
			if n := strings.Count("\n"+string(b), tc.sep); n != 3 {
				t.Errorf("%v: %s holds %d games", tc.to, name, n)
			}
			all.Write(b)
		}
		if all.String() != unsplit {
			t.Errorf("%v: the groups in order are not the unsplit output", tc.to)
		}
	}
}

func mustSplit(t *testing.T, s string) shape.Split {
	t.Helper()
	sp, err := shape.ParseSplit(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// TestSplitByManyGroups: more groups than files kept open, games interleaved so that the
// files are closed and reopened, still give each group its games in order.
func TestSplitByManyGroups(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{}
	groups := groupfile.DefaultMaxOpen + 44
	for f := range 6 {
		var events []string
		for k := range groups / 3 {
			events = append(events, fmt.Sprintf("E%03d", (f*groups/3+k*7)%groups))
		}
		files[fmt.Sprintf("f%d.pgn", f)] = eventGames(uint64(100*f), 4, events...)
	}
	writeTree(t, dir, files)
	_, unsplit, _, _ := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir}, Jobs: 1, Quiet: true})
	sp := mustSplit(t, "event")
	want := expectSplit(t, sp, unsplit, ".jsonl")
	if len(want) <= groupfile.DefaultMaxOpen {
		t.Fatalf("only %d groups", len(want))
	}
	out := t.TempDir()
	code, _, _, err := runCfg(t, context.Background(), options{Command: Convert, Output: JSONL, Paths: []string{dir}, Jobs: 3,
		Quiet: true, Out: out, SplitBy: sp})
	if code != ExitOK || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	diffTrees(t, "many groups", readTree(t, out), want)
}

// TestSplitByInterrupted: an interrupted run leaves no group file and no temporary file.
func TestSplitByInterrupted(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	for _, mode := range []string{"event", "5"} {
		ctx, cancel := context.WithCancel(context.Background())
		outDir := t.TempDir()
		cfg := options{Command: Convert, Output: JSONL, Paths: []string{dir}, Jobs: 3, Quiet: true,
			Out: filepath.Join(outDir, "out"), Report: filepath.Join(outDir, "report.jsonl"),
			SplitBy: mustSplit(t, mode), Progress: &cancelProgress{cancel: cancel}}
		code, _, _, err := runCfg(t, ctx, cfg)
		cancel()
		if code != ExitInterrupted || !errors.Is(err, ErrInterrupted) {
			t.Fatalf("%s: exit %d, %v", mode, code, err)
		}
		if left := listTree(t, outDir); len(left) > 0 {
			t.Errorf("%s: files left: %v", mode, left)
		}
		// Nor the temporary directory, nor the output directory the run created.
		if entries, _ := os.ReadDir(outDir); len(entries) > 0 {
			t.Errorf("%s: %s left", mode, entries[0].Name())
		}
	}
}

// TestSplitByUsage: --split-by needs convert, --out DIR, and not --to xqf.
func TestSplitByUsage(t *testing.T) {
	t.Parallel()
	dir := splitTree(t)
	sp := mustSplit(t, "event")
	for name, cfg := range map[string]options{
		"no out":   {Command: Convert, Paths: []string{dir}, SplitBy: sp},
		"out -":    {Command: Convert, Paths: []string{dir}, Out: "-", SplitBy: sp},
		"xqf":      {Command: Convert, Output: XQF, Paths: []string{dir}, Out: t.TempDir(), SplitBy: sp},
		"out file": {Command: Convert, Paths: []string{dir}, Out: filepath.Join(dir, "a", "one.pgn"), SplitBy: sp},
	} {
		code, out, errs, err := runCfg(t, context.Background(), cfg)
		var ue *UsageError
		if code != ExitUsage || !errors.As(err, &ue) || out != "" || errs != "" {
			t.Errorf("%s: exit %d, %v, stdout %q, stderr %q", name, code, err, out, errs)
		}
	}
	// One input file and an --out that does not exist: a directory all the same.
	out := filepath.Join(t.TempDir(), "groups")
	code, _, _, err := runCfg(t, context.Background(), options{Command: Convert, Paths: []string{filepath.Join(dir, "a", "one.pgn")},
		Out: out, SplitBy: sp, Quiet: true})
	if code != ExitOK || err != nil {
		t.Fatalf("single file: exit %d, %v", code, err)
	}
	if got := listTree(t, out); !slices.Equal(got, []string{"Cup.pgn", "Open.pgn", "no-event.pgn"}) {
		t.Errorf("single file: %v", got)
	}
}
