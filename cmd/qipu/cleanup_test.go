package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/record"
)

// dedupeGroup is one line of dedupe's output.
type dedupeGroup struct {
	Relation string `json:"relation"`
	Key      string `json:"key"`
	Keep     int    `json:"keep"`
	Games    []struct {
		Source     string `json:"source"`
		Index      int    `json:"index"`
		Plies      int    `json:"plies"`
		Variations int    `json:"variations"`
		Comments   int    `json:"comments"`
	} `json:"games"`
}

func parseGroups(t *testing.T, out string) []dedupeGroup {
	t.Helper()
	var gs []dedupeGroup
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		var g dedupeGroup
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("not a JSON line: %v\n%s", err, line)
		}
		if len(g.Key) != 16 || len(g.Games) < 2 || g.Keep < 0 || g.Keep >= len(g.Games) {
			t.Fatalf("bad group %s", line)
		}
		gs = append(gs, g)
	}
	return gs
}

// readGames reads every game of a file.
func readGames(t *testing.T, path string) []*game.Game {
	t.Helper()
	var gs []*game.Game
	for g, err := range record.ReadFile(path) {
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	return gs
}

// iccsLine returns the main line's moves in ICCS from ply from on, and the setup before them.
func iccsLine(g *game.Game, from int, mirror bool) (board.Setup, []string) {
	s := g.Setup
	var moves []string
	i := 0
	for pos, m := range g.Moves() {
		if i == from {
			s = pos.Setup()
		}
		if i >= from {
			text := []byte(iccs.Format(pos, m))
			if mirror {
				for _, k := range []int{0, 3} {
					if c := text[k] | 0x20; c >= 'a' && c <= 'i' {
						text[k] = text[k] - (c - 'a') + ('i' - c)
					}
				}
			}
			moves = append(moves, string(text))
		}
		i++
	}
	return s, moves
}

// writePGN writes one ICCS game from setup s (nil: the standard start).
func pgnText(s *board.Setup, moves []string) string {
	var b strings.Builder
	b.WriteString("[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n")
	if s != nil {
		fmt.Fprintf(&b, "[FEN \"%s\"]\n", s.FEN())
	}
	b.WriteString("\n")
	for i, m := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m + " ")
	}
	b.WriteString("*\n\n")
	return b.String()
}

// The command-line tests do not run in parallel: urfave/cli applies its global help flag to
// every command it parses.
func TestDedupeJobs(t *testing.T) {
	ctx := context.Background()
	code1, out1, err1 := qipu(t, ctx, "", "dedupe", "-j", "1", corpus)
	code2, out2, _ := qipu(t, ctx, "", "dedupe", "-j", "2", corpus)
	if out1 != out2 || code1 != code2 {
		t.Fatalf("-j 1 and -j 2 differ:\n%s\n---\n%s", out1, out2)
	}
	if code1 != exitInvalid { // the corpus holds an invalid game and an unreadable file
		t.Errorf("exit %d, want %d", code1, exitInvalid)
	}
	if len(parseGroups(t, out1)) == 0 || !strings.Contains(err1, "qipu dedupe: 41 files, 103 games") {
		t.Errorf("stdout %q\nstderr %q", out1, err1)
	}
	if code, _, stderr := qipu(t, ctx, "", "dedupe", "--report", "x", corpus); code != exitUsage {
		t.Errorf("dedupe --report: exit %d %s", code, stderr)
	}
}

// TestDedupeEveryFormat writes the same games in every format and encoding qipu writes, and
// with comments stripped: dedupe finds exactly one same group per game, with one member per
// version. A truncated copy is a prefix, a mirrored copy a mirror.
func TestDedupeEveryFormat(t *testing.T) {
	ctx := context.Background()
	src := filepath.Join(corpus, "classic", "manuals-utf8.pgn")
	games := readGames(t, src)
	dir := t.TempDir()
	runs := [][]string{
		{"--to", "iccs", "-o", filepath.Join(dir, "iccs.pgn")},
		{"--to", "wxf", "-o", filepath.Join(dir, "wxf.pgn")},
		{"--to", "wxf", "--wxf-style", "fairy", "-o", filepath.Join(dir, "fairy.pgn")},
		{"--to", "chinese", "-o", filepath.Join(dir, "chinese.pgn")},
		{"--to", "platform", "-o", filepath.Join(dir, "platform.pgn")},
		{"--to", "chinese", "--out-encoding", "gbk", "-o", filepath.Join(dir, "gbk.pgn")},
		{"--to", "chinese", "--traditional", "--script", "traditional", "--out-encoding", "big5", "-o", filepath.Join(dir, "big5.pgn")},
		{"--to", "xqf", "-o", filepath.Join(dir, "xqf") + "/"},
	}
	for _, args := range runs {
		if code, _, stderr := qipu(t, ctx, "", append([]string{"convert", "-q"}, append(args, src)...)...); code != exitOK {
			t.Fatalf("convert %v: exit %d\n%s", args, code, stderr)
		}
	}
	// DhtmlXQ (pkg/dhtmlxq's encoder: the command line does not write it yet), and PGN
	// without comments.
	var dh, bare bytes.Buffer
	for _, g := range games {
		if err := dhtmlxq.Encode(&dh, g); err != nil {
			t.Fatal(err)
		}
		dh.WriteString("\n")
		stripComments(&g.Root)
		if err := pgn.Encode(&bare, g, pgn.WriteOptions{Notation: iccs.Notation{}}); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "dhtmlxq.html"), dh.Bytes())
	writeFile(t, filepath.Join(dir, "bare.pgn"), bare.Bytes())
	versions := len(runs) + 2 + 1 // the source too
	copyFile(t, src, filepath.Join(dir, "source.pgn"))

	// A truncated copy of game 1 and the mirror of game 2.
	_, line := iccsLine(games[0], 0, false)
	_, mirrored := iccsLine(games[1], 0, true)
	extra := pgnText(nil, line[:10]) + pgnText(nil, mirrored)
	writeFile(t, filepath.Join(dir, "zz-extra.pgn"), []byte(extra))

	code, out, stderr := qipu(t, ctx, "", "dedupe", "-q", dir)
	if code != exitOK {
		t.Fatalf("dedupe: exit %d\n%s", code, stderr)
	}
	groups := parseGroups(t, out)
	same, prefix, mirror := 0, 0, 0
	for _, g := range groups {
		files := map[string]bool{}
		for _, m := range g.Games {
			files[filepath.Base(filepath.Dir(m.Source))+"/"+filepath.Base(m.Source)] = true
		}
		switch g.Relation {
		case "same":
			same++
			if len(g.Games) != versions || len(files) != versions {
				t.Errorf("same group of %d games in %d files, want %d: %+v", len(g.Games), len(files), versions, g)
			}
		case "prefix":
			prefix++
			if !files[filepath.Base(dir)+"/zz-extra.pgn"] || g.Games[g.Keep].Plies != len(line) {
				t.Errorf("prefix group %+v", g)
			}
		case "mirror":
			mirror++
			if !files[filepath.Base(dir)+"/zz-extra.pgn"] || len(g.Games) != versions+1 {
				t.Errorf("mirror group %+v", g)
			}
		}
	}
	t.Logf("%d games in %d versions: %d same, %d prefix, %d mirror groups", len(games), versions, same, prefix, mirror)
	if same != len(games) || prefix != 1 || mirror != 1 {
		t.Errorf("%d same groups (want %d), %d prefix (want 1), %d mirror (want 1)\n%s", same, len(games), prefix, mirror, out)
	}
}

func stripComments(n *game.Node) {
	n.Comments = nil
	for _, c := range n.Children {
		stripComments(c)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, data)
}

// TestDedupeStdin: standard input is read twice (spooled), and pairs with the same file.
func TestDedupeStdin(t *testing.T) {
	src := filepath.Join(corpus, "classic", "masters-utf8.pgn")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr := qipu(t, context.Background(), string(data), "dedupe", "-q", src, "-")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	groups := parseGroups(t, out)
	if len(groups) != 2 {
		t.Fatalf("groups:\n%s", out)
	}
	for _, g := range groups {
		if g.Relation != "same" || g.Games[0].Source != src || g.Games[1].Source != "-" || g.Games[0].Index != g.Games[1].Index {
			t.Errorf("group %+v", g)
		}
	}
}

// TestDedupeJuzhongmi: the GB2312 and Big5 editions of 橘中秘 in the shared corpus pair up as
// the same game, game by game.
func TestDedupeJuzhongmi(t *testing.T) {
	shared := sharedCorpus(t)
	gb := filepath.Join(shared, "liangqi__xqwizard", "XQWIZARD", "橘中秘")
	big5 := gb + "(繁体)"
	code, out, stderr := qipu(t, context.Background(), "", "dedupe", gb, big5)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	groups := parseGroups(t, out)
	files := 0
	filepath.WalkDir(gb, func(_ string, d os.DirEntry, _ error) error {
		if d != nil && !d.IsDir() {
			files++
		}
		return nil
	})
	if len(groups) != files || files == 0 {
		t.Fatalf("%d groups for %d games\n%s", len(groups), files, stderr)
	}
	for _, g := range groups {
		if g.Relation != "same" || len(g.Games) != 2 || !strings.HasPrefix(g.Games[0].Source, gb+"/") ||
			!strings.HasPrefix(g.Games[1].Source, big5+"/") {
			t.Errorf("group %+v", g)
		}
	}
}

// TestConvertDedupe: only the kept game of each group is written; the others are reported
// as duplicates of it.
func TestConvertDedupe(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(corpus, "classic", "masters-utf8.pgn")
	copyFile(t, src, filepath.Join(dir, "a.pgn"))
	copyFile(t, src, filepath.Join(dir, "b.pgn"))
	report := filepath.Join(dir, "report.jsonl")
	out := filepath.Join(dir, "out.pgn")
	code, _, stderr := qipu(t, context.Background(), "", "convert", "-q", "--dedupe", "--to", "iccs", "--report", report,
		"-o", out, filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn"))
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	// Two inputs: -o is a directory that mirrors them; b.pgn's games are all duplicates.
	if _, err := os.Stat(filepath.Join(out, "b.pgn")); err == nil {
		t.Errorf("b.pgn written, but every game of it is a duplicate")
	}
	written, err := os.ReadFile(filepath.Join(out, "a.pgn"))
	if err != nil || strings.Count(string(written), "[Format") != 2 {
		t.Errorf("a.pgn: %v\n%s", err, written)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var statuses []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e struct {
			Source      string `json:"source"`
			Index       int    `json:"index"`
			Status      string `json:"status"`
			DuplicateOf *struct {
				Source string `json:"source"`
				Index  int    `json:"index"`
			} `json:"duplicate_of"`
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		statuses = append(statuses, e.Status)
		if e.Status == "duplicate" && (e.DuplicateOf == nil || e.DuplicateOf.Index != e.Index ||
			!strings.HasSuffix(e.DuplicateOf.Source, "a.pgn")) {
			t.Errorf("entry %s", line)
		}
	}
	if !slices.Equal(statuses, []string{"ok", "ok", "duplicate", "duplicate"}) {
		t.Errorf("statuses %v", statuses)
	}
}

// TestStatsAgreesWithCheck: stats counts files and games as check does, on the bundled corpus
// and the shared one.
func TestStatsAgreesWithCheck(t *testing.T) {
	dirs := []string{corpus}
	for _, p := range []string{"../../../shared/corpus", "../../shared/corpus"} {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			dirs = append(dirs, p)
			break
		}
	}
	for _, dir := range dirs {
		ctx := context.Background()
		ccode, cout, _ := qipu(t, ctx, "", "check", "-q", "--format", "json", dir)
		scode, sout, serr := qipu(t, ctx, "", "stats", "-q", "--format", "json", dir)
		if ccode != scode || serr != "" {
			t.Errorf("%s: check exit %d, stats exit %d; stats stderr %q", dir, ccode, scode, serr)
		}
		var c, s map[string]any
		if err := json.Unmarshal([]byte(cout), &c); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(sout), &s); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"files", "games", "plies", "valid", "invalid", "invalid_by_kind", "unreadable", "file_errors", "skipped", "warnings"} {
			if fmt.Sprint(c[k]) != fmt.Sprint(s[k]) {
				t.Errorf("%s: %s: check %v, stats %v", dir, k, c[k], s[k])
			}
		}
		if dir != corpus {
			continue
		}
		// Every format writes; -j changes nothing.
		for _, format := range []string{"text", "html"} {
			_, a, _ := qipu(t, ctx, "", "stats", "-q", "-j", "1", "--format", format, dir)
			_, b, _ := qipu(t, ctx, "", "stats", "-q", "-j", "2", "--format", format, dir)
			if a != b || len(a) == 0 {
				t.Errorf("%s: stats --format %s differs between -j 1 and -j 2", dir, format)
			}
		}
	}
	out := filepath.Join(t.TempDir(), "stats.html")
	if code, stdout, stderr := qipu(t, context.Background(), "", "stats", "-q", "--format", "html", "-o", out, corpus); code != exitInvalid || stdout != "" {
		t.Errorf("stats -o: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || !bytes.HasPrefix(data, []byte("<!DOCTYPE html>")) {
		t.Errorf("stats -o: %v %.100q", err, data)
	}
}
