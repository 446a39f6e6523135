package query_test

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/textenc"
)

// corpusGames reads up to max games of the shared corpus's PGN files (skipping the test
// where the corpus is absent).
func corpusGames(t testing.TB, max int) []*game.Game {
	t.Helper()
	var out []*game.Game
	for _, path := range testutil.CorpusFiles(t, ".pgn") {
		for g, err := range record.ReadFile(path) {
			if err != nil {
				continue // a file-level problem: not what this test is about
			}
			out = append(out, g)
			if len(out) == max {
				return out
			}
		}
	}
	if len(out) == 0 {
		t.Skip("no PGN game in the corpus")
	}
	return out
}

func tag(g *game.Game, name string) string {
	v, _ := g.Tag(name)
	return v
}

// number reads a tag as a number the plain way, for the reference computations.
func number(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "eEnNxX_iI") || strings.HasSuffix(s, ".") || strings.HasPrefix(strings.TrimLeft(s, "+-"), ".") {
		return 0, false
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil
}

func status(g *game.Game) string {
	if len(g.Errors()) > 0 {
		return "invalid"
	}
	return "ok"
}

// TestSelectCorpus checks that expressions select from real games exactly what a plain Go
// computation over the same games selects.
func TestSelectCorpus(t *testing.T) {
	games := corpusGames(t, 6000)
	eventCup := regexp.MustCompile(`(?i)cup|杯`)
	ecco := func(g *game.Game) string { // a stand-in for the computed code
		return tag(g, "ECCO")
	}
	cases := []struct {
		expr string
		ref  func(g *game.Game) bool
	}{
		{`Red ~ "HU"`, func(g *game.Game) bool { return strings.Contains(tag(g, "Red"), "HU") }},
		{`plies >= 60 && result == "1-0"`, func(g *game.Game) bool { return g.Plies() >= 60 && g.Result == "1-0" }},
		{`!(status == "ok") || format != "pgn"`, func(g *game.Game) bool { return status(g) != "ok" || g.Format != "pgn" }},
		{`Event =~ "(?i)cup|杯"`, func(g *game.Game) bool { return eventCup.MatchString(tag(g, "Event")) }},
		{`Date < "1990"`, func(g *game.Game) bool { return tag(g, "Date") < "1990" }},
		{`plies < 20 || plies > 150`, func(g *game.Game) bool { return g.Plies() < 20 || g.Plies() > 150 }},
		{`Black == ""`, func(g *game.Game) bool { return tag(g, "Black") == "" }},
		{`encoding == "gb18030" && !(Red ~ "胡")`, func(g *game.Game) bool {
			return g.Encoding.String() == "gb18030" && !strings.Contains(tag(g, "Red"), "胡")
		}},
		{`Round >= 3`, func(g *game.Game) bool {
			if x, ok := number(tag(g, "Round")); ok {
				return x >= 3
			}
			return tag(g, "Round") >= "3"
		}},
		{`result == "1/2-1/2" || result == "0-1" && plies > 80`, func(g *game.Game) bool {
			return g.Result == "1/2-1/2" || (g.Result == "0-1" && g.Plies() > 80)
		}},
		{`ECCO =~ "^[AB][0-9]" && ecco != "B00"`, func(g *game.Game) bool {
			return regexp.MustCompile(`^[AB][0-9]`).MatchString(tag(g, "ECCO")) && ecco(g) != "B00"
		}},
		{`(Site != "" || Date != "") && plies > 40`, func(g *game.Game) bool {
			return (tag(g, "Site") != "" || tag(g, "Date") != "") && g.Plies() > 40
		}},
		{`Opening ~ "中炮" || Variation ~ "屏风马"`, func(g *game.Game) bool {
			return strings.Contains(tag(g, "Opening"), "中炮") || strings.Contains(tag(g, "Variation"), "屏风马")
		}},
		{`plies == "0" || plies =~ "^1\d$"`, func(g *game.Game) bool {
			n := g.Plies()
			return n == 0 || n >= 10 && n <= 19
		}},
	}
	env := new(query.GameEnv)
	proper := 0 // expressions that select some games but not all
	for _, tc := range cases {
		e, err := query.Parse(tc.expr)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		n := 0
		for _, g := range games {
			env.Reset(g, "", ecco(g), "")
			got, want := e.Match(env), tc.ref(g)
			if got != want {
				t.Errorf("%s on %s game %d: %v, want %v", tc.expr, g.Source, g.Index, got, want)
			}
			if got {
				n++
			}
		}
		if n > 0 && n < len(games) {
			proper++
		}
		t.Logf("%-60s %5d of %d", tc.expr, n, len(games))
	}
	if proper < len(cases)*2/3 {
		t.Errorf("only %d of %d expressions select a proper subset: the corpus does not test much", proper, len(cases))
	}
}

func TestMatchAllocatesNothing(t *testing.T) {
	games := corpusGames(t, 50)
	var exprs []*query.Expr
	for _, src := range []string{`Red ~ "HU"`, `Event =~ "(?i)cup"`, `plies >= 60`, `plies =~ "^1"`,
		`plies ~ "7"`, `plies > "5"`, `!(status == "invalid")`, `format == "pgn"`, `encoding != ""`,
		`result != "x"`, `ecco < "Z"`, `ending == ""`, `Round > 0`, `Date <= "2100"`, `Missing == ""`,
		`(a == 1 || b == 2) && !(c ~ "x")`} {
		e, err := query.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		exprs = append(exprs, e)
	}
	env := new(query.GameEnv)
	allocs := testing.AllocsPerRun(20, func() {
		for _, g := range games {
			env.Reset(g, "", "A00", "")
			for _, e := range exprs {
				e.Match(env)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("Match allocates %v times per %d games", allocs, len(games))
	}
}

func TestGameEnv(t *testing.T) {
	g := &game.Game{Format: "xqf", Encoding: textenc.Big5, Tags: []game.Tag{{Name: "Red", Value: "胡荣华"}}}
	g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{})
	env := &query.GameEnv{G: g, ECCO: "C45", Ending: "checkmate"}
	for _, tc := range []struct {
		f    query.Field
		want query.Value
	}{
		{query.FieldPlies, query.IntValue(0)},
		{query.FieldStatus, query.TextValue("invalid")},
		{query.FieldFormat, query.TextValue("xqf")},
		{query.FieldEncoding, query.TextValue("big5")},
		{query.FieldResult, query.TextValue("*")},
		{query.FieldECCO, query.TextValue("C45")},
		{query.FieldEnding, query.TextValue("checkmate")},
		{query.Field(0), query.Value{}},
	} {
		if got := env.Field(tc.f); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.f, got, tc.want)
		}
	}
	if env.Tag("RED") != "胡荣华" || env.Tag("Black") != "" {
		t.Error("Tag")
	}
	env.Reset(g, "ok", "", "")
	if env.Field(query.FieldStatus).Text != "ok" {
		t.Error("a given status wins")
	}
	*env = query.GameEnv{G: g, Plies: 12}
	if env.Field(query.FieldPlies) != query.IntValue(12) {
		t.Error("given plies are not used")
	}
}

// TestPositionCorpus finds the position after ply 10 of real games, and its mirror only with
// mirror.
func TestPositionCorpus(t *testing.T) {
	games := corpusGames(t, 400)
	tested := 0
	for _, g := range games {
		line := g.MainLine()
		if len(line) < 12 || !g.Valid() {
			continue
		}
		pos := g.StartPosition()
		for _, n := range line[:10] {
			pos.Play(n.Move)
		}
		fen := pos.FEN()
		mirrored := query.Mirror(pos.Setup())
		mfen := mirrored.FEN()
		if mfen == fen {
			continue // a symmetric position
		}
		flipped := pos.Setup()
		flipped.Turn ^= 1
		match := func(fen string, mirror bool) bool {
			m, err := query.NewPositionMatcher([]string{fen}, mirror)
			if err != nil {
				t.Fatal(err)
			}
			return m.Match(g)
		}
		if !match(fen, false) || !match(fen, true) {
			t.Errorf("%s game %d: the position after ply 10 %s is not found", g.Source, g.Index, fen)
		}
		if match(mfen, false) {
			t.Errorf("%s game %d: the mirror %s is found without mirror", g.Source, g.Index, mfen)
		}
		if !match(mfen, true) {
			t.Errorf("%s game %d: the mirror %s is not found with mirror", g.Source, g.Index, mfen)
		}
		if match(flipped.FEN(), false) {
			t.Errorf("%s game %d: found with the other side to move", g.Source, g.Index)
		}
		// The start and the end of the main line count.
		end := g.StartPosition()
		for _, n := range line {
			end.Play(n.Move)
		}
		if !match(g.Setup.FEN(), false) || !match(end.FEN(), false) {
			t.Errorf("%s game %d: the start or the end is not found", g.Source, g.Index)
		}
		tested++
		if tested == 50 {
			break
		}
	}
	if tested == 0 {
		t.Skip("no game long enough in the corpus")
	}
	t.Logf("%d games", tested)
}

func TestPositionVariationNotMainLine(t *testing.T) {
	var g *game.Game
	pgn := "[Event \"v\"]\n\n1. h2e2 (1. b2e2 h9g7) 1... h9g7 2. h0g2 *\n"
	for gg, err := range record.Read(strings.NewReader(pgn), "v.pgn") {
		if err != nil {
			t.Fatal(err)
		}
		g = gg
	}
	after := func(moves ...string) string {
		p := board.StartPosition()
		for _, s := range moves {
			p.Play(board.NewMove(sq(s[:2]), sq(s[2:])))
		}
		return p.FEN()
	}
	for _, tc := range []struct {
		fens []string
		want bool
	}{
		{[]string{after("b2e2")}, false},               // only in the variation
		{[]string{after("b2e2"), after("h2e2")}, true}, // one of several
		{[]string{after("h2e2", "h9g7", "h0g2")}, true},
		{[]string{after("h2e2", "h9g7", "h0g2", "b9c7")}, false}, // beyond the end
	} {
		m, err := query.NewPositionMatcher(tc.fens, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Match(g); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.fens, got, tc.want)
		}
	}
	// b2e2 is the mirror of h2e2.
	m, _ := query.NewPositionMatcher([]string{after("b2e2")}, true)
	if !m.Match(g) {
		t.Error("the mirror of the main line's first move is not found")
	}
}

// sq reads an ICCS square such as "h2".
func sq(s string) board.Square {
	return board.Square((9-int(s[1]-'0'))*9 + int(s[0]-'a'))
}

func TestPositionMatcherErrors(t *testing.T) {
	if _, err := query.NewPositionMatcher(nil, false); err != query.ErrNoPosition {
		t.Errorf("no FEN: %v", err)
	}
	_, err := query.NewPositionMatcher([]string{board.StartFEN, "rnbakabnr/9/9 w"}, false)
	if err == nil || !strings.Contains(err.Error(), "position 2") {
		t.Errorf("bad FEN: %v", err)
	}
	var fe *board.FENError
	if !errors.As(err, &fe) {
		t.Errorf("%v does not wrap a *board.FENError", err)
	}
}

func TestPositionMatchAllocatesNothing(t *testing.T) {
	games := corpusGames(t, 50)
	m, err := query.NewPositionMatcher([]string{"4k4/9/9/9/9/9/9/9/9/4K4 w"}, true) // reached by none
	if err != nil {
		t.Fatal(err)
	}
	m2, _ := query.NewPositionMatcher([]string{board.StartFEN}, false)
	allocs := testing.AllocsPerRun(20, func() {
		for _, g := range games {
			m.Match(g)
			m2.Match(g)
		}
	})
	if allocs != 0 {
		t.Errorf("Match allocates %v times per %d games", allocs, len(games))
	}
}

func BenchmarkPositionMatch(b *testing.B) {
	games := corpusGames(b, 500)
	m, _ := query.NewPositionMatcher([]string{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"}, true)
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			m.Match(g)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(games)), "ns/game")
}

func BenchmarkMatch(b *testing.B) {
	games := corpusGames(b, 500)
	e, err := query.Parse(`plies >= 40 && status == "ok" && (Red ~ "HU" || Event =~ "(?i)cup")`)
	if err != nil {
		b.Fatal(err)
	}
	env := new(query.GameEnv)
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			env.Reset(g, "", "", "")
			e.Match(env)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(games)), "ns/game")
}
