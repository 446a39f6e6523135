package export

import (
	"hash/fnv"
	"iter"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// readGames reads the games of a PGN text, failing t on a file-level error.
func readGames(t testing.TB, name, text string) []*game.Game {
	t.Helper()
	var out []*game.Game
	for g, err := range record.Read(strings.NewReader(text), name) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, g)
	}
	return out
}

// readGame reads the one game of a PGN text.
func readGame(t testing.TB, text string) *game.Game {
	t.Helper()
	gs := readGames(t, "game.pgn", text)
	if len(gs) != 1 {
		t.Fatalf("%d games, want 1", len(gs))
	}
	return gs[0]
}

var knownFENs = []string{
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
	"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
	"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
}

var knownMoves = []string{"h2e2", "h9g7", "h0g2", "i9h9"}

func TestRowsOfKnownGame(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		result string
		scores []Score // per ply
	}{
		{"1-0", []Score{ScoreWin, ScoreLoss, ScoreWin, ScoreLoss}},
		{"0-1", []Score{ScoreLoss, ScoreWin, ScoreLoss, ScoreWin}},
		{"1/2-1/2", []Score{ScoreDraw, ScoreDraw, ScoreDraw, ScoreDraw}},
		{"*", []Score{ScoreUnknown, ScoreUnknown, ScoreUnknown, ScoreUnknown}},
	} {
		t.Run(tc.result, func(t *testing.T) {
			g := readGame(t, "[Result \""+tc.result+"\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ "+tc.result+"\n")
			rows, skip := AppendRows(nil, g, Options{})
			if skip != (Skip{}) {
				t.Fatalf("skipped: %+v", skip)
			}
			if len(rows) != 4 {
				t.Fatalf("%d rows, want 4", len(rows))
			}
			id := GameID(g)
			for i, r := range rows {
				want := Row{GameID: id, Source: "game.pgn", Index: 1, Ply: i, FEN: knownFENs[i],
					Side: "wb"[i%2 : i%2+1], Move: knownMoves[i], Result: tc.result, Score: tc.scores[i],
					PliesLeft: 4 - i}
				if r != want {
					t.Errorf("row %d:\n got %+v\nwant %+v", i, r, want)
				}
			}
		})
	}
}

func TestScoreValue(t *testing.T) {
	t.Parallel()
	for s, want := range map[Score]struct {
		v  float64
		ok bool
	}{ScoreWin: {1, true}, ScoreDraw: {0.5, true}, ScoreLoss: {0, true}, ScoreUnknown: {0, false}} {
		if v, ok := s.Value(); v != want.v || ok != want.ok {
			t.Errorf("Score(%d).Value() = %v, %v; want %v, %v", s, v, ok, want.v, want.ok)
		}
	}
}

// TestGameIDDocumented recomputes the id as GameID's documentation says, with the standard
// library's FNV-1a, and checks that notation, tags and move counters do not change it.
func TestGameIDDocumented(t *testing.T) {
	t.Parallel()
	h := fnv.New64a()
	h.Write([]byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w h2e2 h9g7 h0g2 i9h9"))
	want := hex16(h.Sum64())
	for _, text := range []string{
		"1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n",
		"[Red \"x\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n",
		"[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 *\n",
		"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 30\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n",
	} {
		g := readGame(t, text)
		if !g.Valid() {
			t.Fatalf("%q: %v", text, g.Errors())
		}
		if got := GameID(g); got != want {
			t.Errorf("%q: GameID = %s, want %s", text, got, want)
		}
		rows, _ := AppendRows(nil, g, Options{})
		if len(rows) == 0 || rows[0].GameID != want {
			t.Errorf("%q: rows' game_id differs from %s", text, want)
		}
	}
	other := readGame(t, "1. h2e2 h9g7 2. h0g2 *\n")
	if GameID(other) == want {
		t.Error("a prefix has the same id as the whole line")
	}
}

func hex16(h uint64) string { return string(appendHex(nil, h)) }

func TestAppendFENMatchesBoard(t *testing.T) {
	t.Parallel()
	for _, fen := range []string{
		board.StartFEN,
		"4k4/9/9/9/9/9/9/9/9/4K4 b - - 119 250",
		"3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1",
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	} {
		pos, err := board.FromFEN(fen)
		if err != nil {
			s, perr := board.ParseFEN(fen)
			if perr != nil {
				t.Fatal(perr)
			}
			pos, _ = board.NewPosition(s, board.AllProblems)
		}
		if got := string(appendFEN(nil, pos)); got != pos.FEN() {
			t.Errorf("appendFEN = %q, want %q", got, pos.FEN())
		}
	}
}

func TestSkips(t *testing.T) {
	t.Parallel()
	// An illegal third move: the main line is cut after two plies.
	bad := readGame(t, "[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0h9 i9h9 1-0\n")
	if bad.Valid() {
		t.Fatal("the game should be invalid")
	}
	// An illegal move in a variation only: the main line is whole.
	badVariation := readGame(t, "[Result \"0-1\"]\n\n1. h2e2 (1. h2h8 h9g7) h9g7 0-1\n")
	if badVariation.Valid() || badVariation.Plies() != 2 {
		t.Fatalf("variation game: valid %v, %d plies", badVariation.Valid(), badVariation.Plies())
	}
	empty := readGame(t, "[Event \"diagram\"]\n\n*\n")
	badFirst := readGame(t, "1. h2h8 *\n")

	for _, tc := range []struct {
		name   string
		g      *game.Game
		opts   Options
		reason string
		rows   int
		result string
	}{
		{"invalid", bad, Options{}, "illegal", 0, ""},
		{"partial", bad, Options{Partial: true}, "", 2, "*"},
		{"partial keep result", bad, Options{Partial: true, KeepResult: true}, "", 2, "1-0"},
		{"variation error", badVariation, Options{}, "illegal", 0, ""},
		{"variation error partial", badVariation, Options{Partial: true}, "", 2, "0-1"},
		{"empty", empty, Options{Partial: true}, ReasonEmpty, 0, ""},
		{"cut at the first move", badFirst, Options{Partial: true}, "illegal", 0, ""},
		{"partial mirror", bad, Options{Partial: true, Mirror: true}, "", 4, "*"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, skip := AppendRows([]Row{{GameID: "keep"}}, tc.g, tc.opts)
			if skip.Reason != tc.reason {
				t.Errorf("reason %q, want %q (%s)", skip.Reason, tc.reason, skip.Detail)
			}
			if tc.reason != "" && skip.Detail == "" {
				t.Error("no detail")
			}
			if rows[0].GameID != "keep" || len(rows)-1 != tc.rows {
				t.Fatalf("%d rows added, want %d (dst kept: %v)", len(rows)-1, tc.rows, rows[0].GameID == "keep")
			}
			for _, r := range rows[1:] {
				if r.Result != tc.result {
					t.Errorf("result %q, want %q", r.Result, tc.result)
				}
				if (r.Score == ScoreUnknown) != (tc.result == "*") {
					t.Errorf("score %v with result %q", r.Score, r.Result)
				}
			}
		})
	}
}

func TestMirrorRows(t *testing.T) {
	t.Parallel()
	g := readGame(t, "[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n")
	rows, _ := AppendRows(nil, g, Options{Mirror: true})
	if len(rows) != 8 {
		t.Fatalf("%d rows, want 8", len(rows))
	}
	orig, mirr := rows[:4], rows[4:]
	if orig[0].GameID == mirr[0].GameID {
		t.Fatal("the mirror has the game's id")
	}
	wantMoves := []string{"b2e2", "b9c7", "b0c2", "a9b9"}
	for i := range mirr {
		if mirr[i].GameID != mirr[0].GameID {
			t.Errorf("row %d: id %s, want %s", i, mirr[i].GameID, mirr[0].GameID)
		}
		if mirr[i].Move != wantMoves[i] || mirr[i].FEN != mirrorFEN(orig[i].FEN) {
			t.Errorf("row %d: %s %s, want %s %s", i, mirr[i].Move, mirr[i].FEN, wantMoves[i], mirrorFEN(orig[i].FEN))
		}
		o, m := orig[i], mirr[i]
		o.GameID, o.FEN, o.Move = "", "", ""
		m.GameID, m.FEN, m.Move = "", "", ""
		if o != m {
			t.Errorf("row %d: mirror %+v, game %+v", i, m, o)
		}
	}
	// A game that is its own mirror (moves on the middle file only) is exported once.
	self := readGame(t, "1. e3e4 e6e5 *\n")
	rows, _ = AppendRows(nil, self, Options{Mirror: true})
	if len(rows) != 2 {
		t.Errorf("self-mirrored game: %d rows, want 2", len(rows))
	}
}

// mirrorFEN reverses each rank of a FEN's placement.
func mirrorFEN(fen string) string {
	place, rest, _ := strings.Cut(fen, " ")
	ranks := strings.Split(place, "/")
	for i, r := range ranks {
		b := []byte(r)
		for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
			b[x], b[y] = b[y], b[x]
		}
		ranks[i] = string(b)
	}
	return strings.Join(ranks, "/") + " " + rest
}

func TestAppendRowsAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop its items")
	}
	g := readGame(t, "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 c6c5 5. h6g6 h7i7 *\n")
	dst := make([]Row, 0, 64)
	allocs := testing.AllocsPerRun(200, func() {
		dst, _ = AppendRows(dst[:0], g, Options{})
	})
	if allocs > 1 {
		t.Errorf("%v allocations per game of %d plies, want 1 (the game's string)", allocs, g.Plies())
	}
	allocs = testing.AllocsPerRun(200, func() {
		dst, _ = AppendRows(dst[:0], g, Options{Mirror: true})
	})
	if allocs > 2 {
		t.Errorf("%v allocations per game and mirror, want 2", allocs)
	}
}

// recordRead reads the games of a PGN text.
func recordRead(text string) iter.Seq2[*game.Game, error] {
	return record.Read(strings.NewReader(text), "fuzz.pgn")
}
