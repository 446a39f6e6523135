package endcheck_test

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/endcheck"
	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// vector is one game of the oracle's repetition-games.jsonl: random play, then a cycle played
// until Fairy-Stockfish's third occurrence (or one move short of it, or broken by a capture).
type vector struct {
	Kind           string   `json:"kind"`
	Checker        *string  `json:"checker"`
	FENStart       string   `json:"fen_start"`
	ICCS           []string `json:"iccs"`
	Repetition     []int    `json:"repetition_plies"`
	FFishResult    string   `json:"ffish_result"`
	FFishResult4th *string  `json:"ffish_result_4th"`
}

func readVectors(t *testing.T) []vector {
	f, err := os.Open("../../../shared/oracle/repetition-games.jsonl")
	if err != nil {
		t.Skip("shared oracle vectors absent")
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// vectorGame reads a vector as a PGN game with the given Result and judges its ending.
func vectorGame(t *testing.T, v vector, result string, opts endcheck.Options) *game.Game {
	text := "[FEN \"" + v.FENStart + "\"]\n[Result \"" + result + "\"]\n\n" + strings.Join(v.ICCS, " ") + " " + result + "\n"
	g := readGame(t, text)
	if !g.Valid() {
		t.Fatalf("vector does not replay: %v", g.Diagnostics)
	}
	endcheck.NewCheck(opts).Run(g)
	return g
}

func codes(g *game.Game) map[game.Kind]int {
	out := map[game.Kind]int{}
	for _, d := range g.Diagnostics {
		out[d.Kind]++
	}
	return out
}

// TestEndingVectors: on every repetition game of the oracle, judged at the third occurrence
// as Fairy-Stockfish judges: a one-sided perpetual check loses for the checker (and a draw in
// the Result tag is contradicted), a mutual perpetual check is a draw, a cycle without a
// checker never gets a check verdict, and near misses and cycles broken by a capture get no
// verdict at all. At the fourth occurrence, near misses are never judged either, and full
// games agree with Fairy-Stockfish's result once the cycle is played again (not replayed
// here: the third-occurrence verdict must not depend on N).
func TestEndingVectors(t *testing.T) {
	vs := readVectors(t)
	n := map[string]int{}
	for i, v := range vs {
		g := vectorGame(t, v, "1/2-1/2", endcheck.Options{})
		c := codes(g)
		e := g.Ending
		switch v.Kind {
		case "perpetual_check":
			loser := ending.Red
			if *v.Checker == "b" {
				loser = ending.Black
			}
			want := "0-1"
			if loser == ending.Black {
				want = "1-0"
			}
			if e.Kind != ending.PerpetualCheck || e.Loser != loser || want != v.FFishResult || c[game.KindPerpetualCheck] != 1 || c[game.KindResult] != 1 || c[game.KindRepetition] != 1 {
				t.Errorf("vector %d (%s %s): ending %+v, codes %v", i, v.Kind, *v.Checker, e, c)
			}
			if !slices.Equal(e.Plies, v.Repetition) {
				t.Errorf("vector %d: plies %v, want %v", i, e.Plies, v.Repetition)
			}
		case "mutual_check":
			if e.Kind != ending.MutualPerpetualCheck || e.Loser != ending.NoSide || c[game.KindPerpetualCheck] != 0 || c[game.KindResult] != 0 || c[game.KindRepetition] != 1 {
				t.Errorf("vector %d (%s): ending %+v, codes %v", i, v.Kind, e, c)
			}
		case "no_check", "partial_check":
			if e.Kind == ending.PerpetualCheck || e.Kind == ending.MutualPerpetualCheck || c[game.KindPerpetualCheck] != 0 || c[game.KindRepetition] != 1 {
				t.Errorf("vector %d (%s): ending %+v, codes %v", i, v.Kind, e, c)
			}
		case "near_miss", "broken_by_capture":
			if e.Kind != ending.None || c[game.KindRepetition] != 0 || c[game.KindPerpetualCheck] != 0 {
				t.Errorf("vector %d (%s): ending %+v, codes %v", i, v.Kind, e, c)
			}
		default:
			t.Fatalf("vector %d: kind %q", i, v.Kind)
		}
		n[v.Kind]++
		if g4 := vectorGame(t, v, "*", endcheck.Options{Repetition: 4}); g4.Ending.Kind != ending.None {
			t.Errorf("vector %d (%s): judged at the 4th occurrence, which it never reaches: %+v", i, v.Kind, g4.Ending)
		}
	}
	t.Logf("vectors by kind: %v", n)
}

// TestFixResults: with FixResults a perpetual check's Result is rewritten, with a result
// warning that says old → new and why; an unproven result is left alone.
func TestFixResults(t *testing.T) {
	for _, v := range readVectors(t) {
		if v.Kind != "perpetual_check" {
			continue
		}
		g := vectorGame(t, v, "1/2-1/2", endcheck.Options{FixResults: true})
		res, _ := g.Tag("Result")
		var msg string
		for _, d := range g.Diagnostics {
			if d.Kind == game.KindResult {
				msg = d.Message
			}
		}
		if g.Result != v.FFishResult || res != v.FFishResult || !strings.HasPrefix(msg, "1/2-1/2 → "+v.FFishResult+": ") || !strings.Contains(msg, "checks on every move") {
			t.Errorf("result %q, tag %q, warning %q; want %s", g.Result, res, msg, v.FFishResult)
		}
		return
	}
}

// TestEndingOnEachPath: a repetition in a variation only is a note that says so, and leaves
// the main line's ending alone; a main line that goes on after its third occurrence is no
// verdict; a natural limit with a decisive Result is a note; a Termination tag that names an
// ending the board does not show is a warning.
func TestEndingOnEachPath(t *testing.T) {
	shuffle := "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9"
	check := endcheck.NewCheck(endcheck.Options{})
	for _, tc := range []struct {
		name, pgn string
		ending    ending.Kind
		notes     []string // a fragment of each note, in order
		warnings  []string
	}{
		{"variation only", "1. h2e2 (1. " + shuffle + ") h9g7 *", ending.None,
			[]string{"3rd time (in a variation) (plies 0, 4, 8)"}, nil},
		{"main line ends in it", "1. " + shuffle + " *", ending.Repetition,
			[]string{"3rd time (plies 0, 4, 8): the position repeats with neither"}, nil},
		{"play goes on", "1. " + shuffle + " c3c4 c6c5 g3g4 g6g5 *", ending.None,
			[]string{"play goes on"}, nil},
		{"natural limit", "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 118 60\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 1-0",
			ending.NaturalLimit, []string{"120 plies without a capture at ply 2, and Result \"1-0\" without mate"}, nil},
		{"termination", "[Termination \"checkmate\"]\n1. h2e2 h9g7 *", ending.None, nil,
			[]string{`Termination "checkmate" but the board shows no such ending`}},
	} {
		g := readGame(t, tc.pgn+"\n")
		check.Run(g)
		if g.Ending.Kind != tc.ending {
			t.Errorf("%s: ending %v, want %v", tc.name, g.Ending.Kind, tc.ending)
		}
		var notes, warnings []string
		for _, d := range g.Diagnostics {
			switch {
			case d.IsNote():
				notes = append(notes, d.Message)
			case d.IsWarning():
				warnings = append(warnings, d.Message)
			}
		}
		expect := func(what string, got, want []string) {
			if len(got) != len(want) {
				t.Errorf("%s: %s %q, want %q", tc.name, what, got, want)
				return
			}
			for i := range want {
				if !strings.Contains(got[i], want[i]) {
					t.Errorf("%s: %s %q, want %q", tc.name, what, got[i], want[i])
				}
			}
		}
		expect("notes", notes, tc.notes)
		expect("warnings", warnings, tc.warnings)
	}
}

// readGame reads the one game of a PGN text, running no check.
func readGame(t *testing.T, text string) *game.Game {
	t.Helper()
	var gs []*game.Game
	for g, err := range record.Read(strings.NewReader(text), "test.pgn", record.WithChecks()) {
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		gs = append(gs, g)
	}
	if len(gs) != 1 {
		t.Fatalf("%d games in %q", len(gs), text)
	}
	return gs[0]
}
