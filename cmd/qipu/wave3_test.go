package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// jsonGame is what the selection tests read of a --to jsonl line.
type jsonGame struct {
	Source   string
	Index    int
	Format   string
	Encoding string
	Tags     map[string]string
	StartFEN string `json:"start_fen"`
	Moves    []struct{ ICCS string }
	Plies    int
	Result   string
	Status   string
	Ending   struct{ Kind string }
	ECCO     *struct{ Code string }
}

func readJSONGames(t *testing.T, out string) []jsonGame {
	t.Helper()
	var gs []jsonGame
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var g jsonGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	return gs
}

func key(g jsonGame) string { return g.Source + "#" + strconv.Itoa(g.Index) }

// TestWhereSelectsAsReference: --where and --position keep exactly the games a reference
// computation over the full --to jsonl output keeps.
func TestWhereSelectsAsReference(t *testing.T) {
	code, out, errs := qipu(t, t.Context(), "", "convert", "-q", "--to", "jsonl", "../../corpus")
	if code > 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	all := readJSONGames(t, out)
	ecco := func(g jsonGame) string {
		if g.ECCO == nil {
			return ""
		}
		return g.ECCO.Code
	}
	for _, tc := range []struct {
		expr string
		keep func(jsonGame) bool
	}{
		{`plies >= 40 && status == "ok"`, func(g jsonGame) bool { return g.Plies >= 40 && g.Status == "ok" }},
		{`format == "xqf" || encoding == "big5"`, func(g jsonGame) bool { return g.Format == "xqf" || g.Encoding == "big5" }},
		{`Red ~ "胡荣华" || Black ~ "胡荣华"`, func(g jsonGame) bool {
			return strings.Contains(g.Tags["Red"], "胡荣华") || strings.Contains(g.Tags["Black"], "胡荣华")
		}},
		{`!(result == "*") && plies < 100`, func(g jsonGame) bool { return g.Result != "*" && g.Plies < 100 }},
		{`ecco =~ "^C" `, func(g jsonGame) bool { return strings.HasPrefix(ecco(g), "C") }},
		{`ending == "checkmate"`, func(g jsonGame) bool { return g.Ending.Kind == "checkmate" }},
		{`Event == ""`, func(g jsonGame) bool { return g.Tags["Event"] == "" }},
	} {
		code, out, errs := qipu(t, t.Context(), "", "convert", "-q", "--to", "jsonl", "--where", tc.expr, "../../corpus")
		if code > 1 {
			t.Fatalf("%s: exit %d: %s", tc.expr, code, errs)
		}
		var got, want []string
		for _, g := range readJSONGames(t, out) {
			got = append(got, key(g))
		}
		for _, g := range all {
			if tc.keep(g) {
				want = append(want, key(g))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("--where %s: %d games, want %d", tc.expr, len(got), len(want))
		}
		if len(want) == 0 || len(want) == len(all) {
			t.Errorf("--where %s selects %d of %d games: not a test of selection", tc.expr, len(want), len(all))
		}
	}
	// --position: the position after ply 10 of a game; every game whose main line passes
	// through it, and with --position-mirror also its mirror.
	var target jsonGame
	for _, g := range all {
		if g.Plies > 20 && g.StartFEN == board.StartPosition().FEN() {
			target = g
			break
		}
	}
	pos := board.StartPosition()
	fens := func(g jsonGame) []string { // the placement and side of every position of the main line
		p, err := board.FromFEN(g.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{placementSide(p.FEN())}
		for _, m := range g.Moves {
			p.Play(moveOf(t, m.ICCS))
			out = append(out, placementSide(p.FEN()))
		}
		return out
	}
	for _, m := range target.Moves[:10] {
		pos.Play(moveOf(t, m.ICCS))
	}
	fen := pos.FEN()
	code, out, _ = qipu(t, t.Context(), "", "convert", "-q", "--to", "jsonl", "--position", fen, "../../corpus")
	var got, want []string
	for _, g := range readJSONGames(t, out) {
		got = append(got, key(g))
	}
	for _, g := range all {
		if slices.Contains(fens(g), placementSide(fen)) {
			want = append(want, key(g))
		}
	}
	if code > 1 || len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("--position %s: exit %d, %v, want %v", fen, code, got, want)
	}
}

// placementSide keeps the placement and side fields of a FEN.
func placementSide(fen string) string {
	f := strings.Fields(fen)
	return f[0] + " " + f[1]
}

// TestExportCLI: qipu export writes the contract's columns in every format, the same rows
// in each, the same bytes for -j 1 and -j 2, disjoint splits, and a manifest; each row's FEN
// with its move played is the next row's FEN within a game.
func TestExportCLI(t *testing.T) {
	dir := t.TempDir()
	run := func(name string, args ...string) string {
		out := filepath.Join(dir, name)
		code, _, errs := qipu(t, t.Context(), "", append([]string{"export", "-q", "-o", out}, append(args, "../../corpus")...)...)
		if code > 1 {
			t.Fatalf("export %v: exit %d: %s", args, code, errs)
		}
		return out
	}
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	csv1 := run("csv1", "--format", "csv", "-j", "1")
	csv2 := run("csv2", "--format", "csv", "-j", "2")
	if string(read(filepath.Join(csv1, "positions.csv"))) != string(read(filepath.Join(csv2, "positions.csv"))) {
		t.Error("-j 1 and -j 2 export different rows")
	}
	rows, err := csv.NewReader(strings.NewReader(string(read(filepath.Join(csv1, "positions.csv"))))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "game_id,source,index,ply,fen,side,move,result,score,plies_left" {
		t.Errorf("columns %v", rows[0])
	}
	for i := 1; i+1 < len(rows); i++ {
		r, next := rows[i], rows[i+1]
		if r[0] != next[0] || next[3] == "0" {
			continue
		}
		p, err := board.FromFEN(r[4])
		if err != nil {
			t.Fatal(err)
		}
		m := moveOf(t, r[6])
		if !p.IsLegal(m) {
			t.Fatalf("row %d: move %s is not legal", i, r[6])
		}
		p.Play(m)
		if p.FEN() != next[4] {
			t.Fatalf("row %d: %s after %s is %s, the next row says %s", i, r[4], r[6], p.FEN(), next[4])
		}
	}
	jl := run("jsonl", "--format", "jsonl")
	if n := strings.Count(string(read(filepath.Join(jl, "positions.jsonl"))), "\n"); n != len(rows)-1 {
		t.Errorf("JSON Lines has %d rows, CSV %d", n, len(rows)-1)
	}
	pq := run("parquet")
	if b := read(filepath.Join(pq, "positions.parquet")); len(b) < 8 || string(b[:4]) != "PAR1" {
		t.Error("positions.parquet is not Parquet")
	}
	sp := run("split", "--format", "csv", "--split", "train=0.8,test=0.2")
	ids := map[string]string{}
	total := 0
	for _, name := range []string{"train", "test"} {
		rs, err := csv.NewReader(strings.NewReader(string(read(filepath.Join(sp, "positions-"+name+".csv"))))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs[1:] {
			if other, ok := ids[r[0]]; ok && other != name {
				t.Fatalf("game %s in splits %s and %s", r[0], other, name)
			}
			ids[r[0]] = name
		}
		total += len(rs) - 1
	}
	if total != len(rows)-1 {
		t.Errorf("the splits hold %d rows, the single file %d", total, len(rows)-1)
	}
	var m struct {
		Games, Rows int
		Splits      []struct {
			Name        string
			Games, Rows int
		}
		Skipped struct{ Games int }
	}
	if err := json.Unmarshal(read(filepath.Join(sp, "manifest.json")), &m); err != nil {
		t.Fatal(err)
	}
	if m.Rows != total || len(m.Splits) != 2 || m.Splits[0].Rows+m.Splits[1].Rows != total || m.Skipped.Games == 0 {
		t.Errorf("manifest %+v", m)
	}
}

// moveOf reads "H2-E2" or "h2e2".
func moveOf(t *testing.T, s string) board.Move {
	t.Helper()
	s = strings.ToLower(strings.ReplaceAll(s, "-", ""))
	if len(s) != 4 {
		t.Fatalf("move %q", s)
	}
	from, ok1 := board.SquareFromICCS(s[0], s[1])
	to, ok2 := board.SquareFromICCS(s[2], s[3])
	if !ok1 || !ok2 {
		t.Fatalf("move %q", s)
	}
	return board.NewMove(from, to)
}
