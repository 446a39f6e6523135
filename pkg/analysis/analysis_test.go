package analysis_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/analysis"
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/uci"
)

func TestComment(t *testing.T) {
	for _, tc := range []struct {
		e    analysis.Eval
		want string
	}{
		{analysis.Eval{Score: 28, Depth: 9}, "[%eval 0.28,9]"},
		{analysis.Eval{Score: -5, Depth: 1}, "[%eval -0.05,1]"},
		{analysis.Eval{Score: 1234, Depth: 20}, "[%eval 12.34,20]"},
		{analysis.Eval{Score: -100}, "[%eval -1.00,0]"},
		{analysis.Eval{Score: 3, Mate: true, Depth: 7}, "[%eval #3,7]"},
		{analysis.Eval{Score: -3, Mate: true, Depth: 7}, "[%eval #-3,7]"},
	} {
		if got := tc.e.Comment(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
		score, mate, depth, ok := analysis.ParseEval("before " + tc.want + " after")
		if !ok || score != tc.e.Score || mate != tc.e.Mate || depth != tc.e.Depth {
			t.Errorf("ParseEval(%q) = %d %v %d %v", tc.want, score, mate, depth, ok)
		}
	}
	for _, tc := range []struct {
		in          string
		score       int
		mate, valid bool
	}{
		{"[%eval 0.35]", 35, false, true},
		{"[%eval -1.2,14]", -120, false, true},
		{"[%eval #-3]", -3, true, true},
		{"[%eval ]", 0, false, false},
		{"[%eval 1.0", 0, false, false},
		{"[%eval x,3]", 0, false, false},
		{"[%eval 1e99]", 0, false, false},
		{"no eval", 0, false, false},
	} {
		score, mate, _, ok := analysis.ParseEval(tc.in)
		if ok != tc.valid || ok && (score != tc.score || mate != tc.mate) {
			t.Errorf("ParseEval(%q) = %d %v %v", tc.in, score, mate, ok)
		}
	}
}

func TestFromResult(t *testing.T) {
	pos := board.StartPosition()
	e := analysis.FromResult(0, pos, pos.FEN(), uci.Result{Score: 30, Depth: 5})
	if e.Score != 30 {
		t.Errorf("red to move: %d", e.Score)
	}
	pos.Play(pos.LegalMoves(nil)[0])
	e = analysis.FromResult(1, pos, pos.FEN(), uci.Result{Score: 30, Depth: 5})
	if e.Score != -30 {
		t.Errorf("black to move, +30 for Black: Red's view %d, want -30", e.Score)
	}
	e = analysis.FromResult(1, pos, pos.FEN(), uci.Result{Score: -2, Mate: true})
	if e.Score != 2 || !e.Mate {
		t.Errorf("Black mated in 2: %+v, want mate +2", e)
	}
}

func TestAppendJSON(t *testing.T) {
	pos := board.StartPosition()
	m := board.NewMove(board.Square(0), board.Square(1))
	for _, mv := range pos.LegalMoves(nil) {
		if mv.String() == "h2e2" {
			m = mv
		}
	}
	evals := []analysis.Eval{
		{Ply: 0, FEN: pos.FEN(), Score: 28, Best: m, PV: []board.Move{m}, Depth: 9, Nodes: 4000},
		{Ply: 1, FEN: "x", Score: -3, Mate: true, Best: board.NoMove, Depth: 0, Nodes: 0},
	}
	got := string(analysis.AppendJSON(nil, evals))
	want := `,"analysis":[{"ply":0,"fen":"` + pos.FEN() + `","score_cp":28,"best":"h2e2","pv":["h2e2"],"depth":9,"nodes":4000},` +
		`{"ply":1,"fen":"x","mate":-3,"pv":[],"depth":0,"nodes":0}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte("{"+got[1:]+"}"), &v); err != nil {
		t.Error(err)
	}
}

func readGame(t *testing.T, text string) *game.Game {
	t.Helper()
	var out *game.Game
	err := pgn.Decode(strings.NewReader(text), pgn.Config{Path: "t.pgn"}, func(g *game.Game) error {
		out = g
		return nil
	})
	if err != nil || out == nil {
		t.Fatalf("decode: %v", err)
	}
	return out
}

// evalsOf gives every position of g's main line a score from the list, Red's view.
func evalsOf(g *game.Game, scores ...int) []analysis.Eval {
	pos := g.StartPosition()
	var out []analysis.Eval
	n := &g.Root
	for ply := 0; ; ply++ {
		out = append(out, analysis.Eval{Ply: ply, FEN: pos.FEN(), Score: scores[ply], Depth: 10 + ply, Best: board.NoMove})
		if len(n.Children) == 0 {
			return out
		}
		n = n.Children[0]
		pos.Play(n.Move)
	}
}

// TestAnnotateRoundTrip annotates a game, writes it as PGN, reads it back and finds the same
// evaluations, the NAGs of the mistake and the blunder, and the comment that was there.
func TestAnnotateRoundTrip(t *testing.T) {
	g := readGame(t, "[Result \"1-0\"]\n\n1. 炮二平五 马８进７ {屏风马} 2. 马二进三 车９平８ 1-0\n")
	// Ply 1 (Red) loses 150 for Red: a mistake; ply 2 (Black) moves from -20 to +400, a blunder
	// for Black; ply 4 ends at -600 against Result 1-0.
	evals := evalsOf(g, 130, -20, 400, 380, -600)
	note := analysis.Annotate(g, evals, analysis.DefaultThresholds)
	if note == nil || note.Kind != game.KindResult || !note.IsNote() || note.Ply != 4 {
		t.Fatalf("result note: %+v", note)
	}
	var buf bytes.Buffer
	if err := pgn.Encode(&buf, g, pgn.WriteOptions{Notation: iccs.Notation{}}); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{"{[%eval 1.30,10]}", "H2-E2 $2 {[%eval -0.20,11]}", "H9-G7 $4 {屏风马} {[%eval 4.00,12]}", "{[%eval -6.00,14]}"} {
		if !strings.Contains(strings.ReplaceAll(text, "\n", " "), want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	back := readGame(t, text)
	got := analysis.Read(back)
	if len(got) != len(evals) {
		t.Fatalf("read %d evals, want %d:\n%s", len(got), len(evals), text)
	}
	for i := range got {
		if got[i].Ply != evals[i].Ply || got[i].FEN != evals[i].FEN || got[i].Score != evals[i].Score || got[i].Depth != evals[i].Depth {
			t.Errorf("ply %d: read %+v, wrote %+v", i, got[i], evals[i])
		}
	}
	// Annotating again replaces the eval comments rather than adding to them.
	analysis.Annotate(back, evals, analysis.Thresholds{})
	buf.Reset()
	pgn.Encode(&buf, back, pgn.WriteOptions{Notation: iccs.Notation{}})
	if n := strings.Count(buf.String(), "[%eval"); n != len(evals) {
		t.Errorf("%d eval comments after a second annotation, want %d", n, len(evals))
	}
}

func TestResultNote(t *testing.T) {
	g := readGame(t, "[Result \"0-1\"]\n\n1. 炮二平五 马８进７ 0-1\n")
	for _, tc := range []struct {
		last analysis.Eval
		note bool
	}{
		{analysis.Eval{Score: 400}, false},
		{analysis.Eval{Score: 600}, true},
		{analysis.Eval{Score: -900}, false},
		{analysis.Eval{Score: 2, Mate: true}, true},
		{analysis.Eval{Score: -2, Mate: true}, false},
	} {
		evals := evalsOf(g, 0, 0, 0)
		tc.last.Ply, tc.last.FEN = 2, evals[2].FEN
		evals[2] = tc.last
		if got := analysis.ResultNote(g, evals, 500) != nil; got != tc.note {
			t.Errorf("final %+v: note %v, want %v", tc.last, got, tc.note)
		}
	}
}
