package ecco

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// gameOf reads one game from PGN movetext in Chinese notation, from fen when it is not "".
func gameOf(t testing.TB, fen, movetext string) *game.Game {
	t.Helper()
	text := "[Game \"Chinese Chess\"]\n"
	if fen != "" {
		text += "[FEN \"" + fen + "\"]\n"
	}
	text += "\n" + movetext + " *\n"
	for g, err := range record.Read(strings.NewReader(text), "test.pgn") {
		if err != nil {
			t.Fatalf("reading %q: %v", movetext, err)
		}
		if !g.Valid() {
			t.Fatalf("game %q: %v", movetext, g.Errors())
		}
		return g
	}
	t.Fatalf("no game in %q", movetext)
	return nil
}

type classifyCase struct {
	name  string
	moves string
	plies int
	code  string
	pages string // the code under the Pages reading, when it differs
}

// runCases classifies each case under both readings.
func runCases(t *testing.T, cases []classifyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gameOf(t, "", c.moves)
			plies := c.plies
			if plies == 0 {
				plies = DefaultPlies
			}
			for _, reading := range []Reading{Program, Pages} {
				want := c.code
				if reading == Pages && c.pages != "" {
					want = c.pages
				}
				got, ok := ClassifyIn(g, plies, reading)
				if !ok {
					t.Fatalf("Classify: no code, want %s", want)
				}
				if got.Code != want {
					t.Errorf("%s: Classify(%d plies) = %s, want %s (%s)", reading, plies, got.Code, want, wxfLine(g))
				}
				checkNames(t, got)
			}
		})
	}
}

// checkNames checks that a result's names are its code's.
func checkNames(t *testing.T, got Result) {
	t.Helper()
	op, va, _ := Name(got.Code)
	if got.Opening != op || got.Variation != va {
		t.Errorf("names %q/%q differ from Name(%s) = %q/%q", got.Opening, got.Variation, got.Code, op, va)
	}
}

// C45 in the order of the ECCO.DLL documentation's example (15 plies).
const c45 = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 车二进六 马２进３ " +
	"5. 兵七进一 炮８平９ 6. 车二平三 炮９退１ 7. 马八进七 士４进５ 8. 炮八平九"

func TestSequenceRules(t *testing.T) {
	runCases(t, []classifyCase{
		{"A15 飞相进三兵对进右马", "1. 相三进五 马２进３ 2. 兵三进一 卒３进１", 0, "A15", ""},
		{"A14 catch-all of the same node", "1. 相三进五 马２进３ 2. 马二进三 卒３进１", 0, "A14", ""},
		{"A10 飞相对其他", "1. 相三进五 卒１进１", 0, "A10", ""},
		{"E36 two printed lines, second order", "1. 兵三进一 炮８平７ 2. 炮八平五 象７进５ 3. 马八进七 卒７进１ " +
			"4. 车九平八 卒７进１ 5. 马二进一 车１进１ 6. 车一平二", 0, "E36", ""},
		{"E33 the same before round 6", "1. 兵三进一 炮８平７ 2. 炮八平五 象７进５ 3. 马八进七 卒７进１ " +
			"4. 车九平八 卒７进１ 5. 马二进一 车１进１ 6. 炮二平三", 0, "E33", ""},
		{"E22 loses to E30, which its printed list omits", "1. 兵三进一 炮８平７ 2. 炮八平五 象７进５ 3. 马八进七 卒７进１ " +
			"4. 炮二平三", 0, "E30", ""},
		{"B00 by design though C30's position follows", "1. 炮二平五 卒７进１ 2. 马二进三 马８进７ 3. 车一平二 车９平８ " +
			"4. 车二进六 马２进３ 5. 兵七进一", 0, "B00", ""},
		{"B21 read with 相七进九", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 马八进七 炮８平９ 4. 兵三进一 车８进５ " +
			"5. 相七进九", 0, "B21", ""},
		{"B32 read with 1…马２进３", "1. 炮二平五 马２进３ 2. 兵七进一 炮８平６ 3. 马八进七 马８进７", 0, "B32", ""},
		{"D34 read at round 5", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 炮８进４ 4. 兵三进一 炮２平５ " +
			"5. 马八进九", 0, "D34", ""},
	})
}

func TestAnyOrderRules(t *testing.T) {
	runCases(t, []classifyCase{
		// D28: both pawns in either order, 马八进七 the only filler allowed.
		{"D28 兵七 马八进七 兵三", "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 车９进１ " +
			"4. 兵七进一 车９平４ 5. 马八进七 马２进３ 6. 兵三进一 卒３进１", 0, "D28", ""},
		{"D28 兵三 兵七", "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 车９进１ " +
			"4. 兵三进一 车９平４ 5. 兵七进一 马２进３", 0, "D28", ""},
		{"D29 with Black's fillers", "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 车９进１ " +
			"4. 兵三进一 车９平４ 5. 兵七进一 马２进３ 6. 马八进七 车１进１", 0, "D29", ""},
		{"not D28 after a move outside the fillers", "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 车９进１ " +
			"4. 兵三进一 车９平４ 5. 炮八平六 马２进３ 6. 兵七进一", 0, "D25", "D26"},
		// C16: 不分先后, with the pawn fillers, from either 屏风马 order.
		{"C16", "1. 炮二平五 马２进３ 2. 马二进三 马８进７ 3. 兵三进一 车９平８ 4. 车一平二 卒７进１ " +
			"5. 马八进九 卒３进１ 6. 车二进四", 0, "C16", ""},
		{"C15 without the left horse", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ " +
			"4. 车二进四 卒７进１ 5. 车二平四", 0, "C15", ""},
	})
}

// TestProgramDepartures: the classes where the ECCO authors' program (the default reading,
// as tagged archives) and the letter of the pages (Pages) give different codes, each with the
// line ecco.rules gives as its example.
func TestProgramDepartures(t *testing.T) {
	runCases(t, []classifyCase{
		{"B01: Red's 2nd move not checked", "1. 炮二平五 马２进３ 2. 兵三进一 卒３进１ 3. 马二进三", 15, "B01", "B00"},
		{"B04: Red's 2nd move not checked", "1. 炮二平五 马２进３ 2. 兵七进一 炮２平１", 15, "B04", "B00"},
		{"B06 after a pawn move", "1. 炮二平五 马８进７ 2. 马二进三 卒７进１ 3. 车一平二 车９进１", 15, "B06", "B05"},
		{"B07 without 车９平８", "1. 炮二平五 马８进７ 2. 马二进三 炮８进４", 15, "B07", "B05"},
		{"C02 before C11", "1. 炮二平五 马８进７ 2. 马二进三 马２进３ 3. 兵七进一 卒７进１ 4. 马八进七 车９平８ " +
			"5. 马七进六 象３进５ 6. 车一进一", 15, "C02", "C11"},
		{"C10 after 马八进九", "1. 炮二平五 马８进７ 2. 马二进三 马２进３ 3. 马八进九 车９平８ 4. 车一进一", 15, "C10", "C05"},
		{"C50 without 马八进七", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 炮八平六", 15, "C50", "C00"},
		{"C51 through 车二进六", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 马八进九 卒３进１ " +
			"5. 车二进六 炮８平９ 6. 炮八平六", 15, "C51", "C19"},
		{"C54 with 马八进九 after 车二进六", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ " +
			"4. 车二进六 卒３进１ 5. 马八进九 士４进５ 6. 炮八平六", 15, "C54", "C19"},
		{"C85 without 马七进六", "1. 炮二平五 马２进３ 2. 马二进三 马８进７ 3. 兵七进一 卒７进１ 4. 马八进七 车９平８ " +
			"5. 炮八进二 马７进８", 15, "C85", "C80"},
		{"D03 for every 2. 车一进一", "1. 炮二平五 炮８平５ 2. 车一进一 马８进７ 3. 马二进三 车９平８", 15, "D03", "D04"},
		{"D03, not D05's second line", "1. 炮二平五 炮８平５ 2. 车一进一 马８进７ 3. 马二进三 车９平８ 4. 车一平六 车８进４", 15, "D03", "D05"},
		{"D04 by 2. 马二进三", "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一进一 车９平８", 15, "D04", ""},
		{"D21 after 马八进七 and a pawn", "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 车９进１ 4. 马八进七 车９平４ " +
			"5. 兵三进一 马２进１ 6. 仕六进五", 15, "D21", "D26"},
	})
}

func TestBasePositionByTransposition(t *testing.T) {
	runCases(t, []classifyCase{
		{"C45 in the DLL's order", c45, 15, "C45", ""},
		{"C45 by another route to C30", "1. 炮二平五 马２进３ 2. 兵七进一 马８进７ 3. 马二进三 卒７进１ " +
			"4. 车一平二 车９平８ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１ 7. 马八进七 士４进５ 8. 炮八平九", 15, "C45", ""},
		{"C46 needs Black's eighth move", c45 + " 车１平２", 20, "C46", ""},
		{"C46 within 15 plies is still C45", c45 + " 车１平２", 15, "C45", ""},
		{"C30 then 马７进６", "1. 炮二平五 马８进７ 2. 马二进三 马２进３ 3. 车一平二 车９平８ 4. 兵七进一 卒７进１ " +
			"5. 车二进六 马７进６ 6. 马八进七 象３进５ 7. 炮八平九", 0, "C39", ""},
		{"C72 reached in another order", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ " +
			"4. 兵三进一 卒３进１ 5. 马八进九 卒１进１ 6. 炮八平七 马３进２ 7. 车九进一 象７进５ 8. 马三进四", 0, "C75", ""},
		{"C76 (printed from C73)", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ " +
			"4. 兵三进一 卒３进１ 5. 马八进九 卒１进１ 6. 炮八平七 马３进２ 7. 车九进一 象７进５ 8. 车二进四", 0, "C76", ""},
	})
}

func TestMirrored(t *testing.T) {
	// The mirror of c45: every file n becomes 10-n.
	mirrored := "1. 炮八平五 马２进３ 2. 马八进七 车１平２ 3. 车九平八 卒３进１ 4. 车八进六 马８进７ " +
		"5. 兵三进一 炮２平１ 6. 车八平七 炮１退１ 7. 马二进三 士６进５ 8. 炮二平一"
	runCases(t, []classifyCase{
		{"C45 mirrored", mirrored, 15, "C45", ""},
		{"A27 (the FAQ's example)", "1. 相七进五 炮２平５", 0, "A27", ""},
		{"A27 unmirrored", "1. 相三进五 炮８平５", 0, "A27", ""},
		{"E01 from the left pawn", "1. 兵七进一 象３进５", 0, "E01", ""},
	})
	a, _ := Classify(gameOf(t, "", c45), 15)
	b, _ := Classify(gameOf(t, "", mirrored), 15)
	if a != b {
		t.Errorf("mirrored game: %+v, original: %+v", b, a)
	}
}

func TestNoCode(t *testing.T) {
	// A set-up position, even one holding the standard pieces with Black to move.
	setup := gameOf(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "1. ... 马８进７")
	if r, ok := Classify(setup, DefaultPlies); ok {
		t.Errorf("set-up game: %+v, want no code", r)
	}
	endgame := gameOf(t, "4k4/9/9/9/9/9/9/9/9/4KA3 w - - 0 1", "1. 仕四进五")
	if r, ok := Classify(endgame, DefaultPlies); ok {
		t.Errorf("endgame: %+v, want no code", r)
	}
	empty := gameOf(t, "", "")
	if r, ok := Classify(empty, DefaultPlies); ok {
		t.Errorf("game with no moves: %+v, want no code", r)
	}
	if r, ok := Classify(nil, DefaultPlies); ok {
		t.Errorf("nil game: %+v", r)
	}
	if r, ok := Classify(gameOf(t, "", c45), 0); ok {
		t.Errorf("0 plies: %+v, want no code", r)
	}
	if r, ok := ClassifyMoves(nil, DefaultPlies); ok {
		t.Errorf("ClassifyMoves(nil): %+v", r)
	}
	// A first move that is no move of Red's.
	if r, ok := ClassifyMoves([]board.Move{board.NewMove(0, 9)}, DefaultPlies); ok {
		t.Errorf("black piece first: %+v", r)
	}
}

func TestShorterThanRule(t *testing.T) {
	runCases(t, []classifyCase{
		// Four rounds of the C30 route: the base position is not reached.
		{"C17 before the C30 position", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ " +
			"4. 车二进六 马２进３", 0, "C17", ""},
		{"C30 reached, no fifth move yet", "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ " +
			"4. 车二进六 马２进３ 5. 兵七进一", 0, "C30", ""},
		{"B56's ninth round cut by the window", "1. 炮二平五 马２进３ 2. 马二进三 炮８平６ 3. 车一平二 马８进７ " +
			"4. 兵三进一 卒３进１ 5. 马八进九 象７进５ 6. 炮八平七 车１平２ 7. 车九平八 炮２进４ 8. 兵七进一 卒３进１ 9. 兵三进一", 15, "B55", ""},
		{"B56 in full", "1. 炮二平五 马２进３ 2. 马二进三 炮８平６ 3. 车一平二 马８进７ " +
			"4. 兵三进一 卒３进１ 5. 马八进九 象７进５ 6. 炮八平七 车１平２ 7. 车九平八 炮２进４ 8. 兵七进一 卒３进１ 9. 兵三进一", 20, "B56", ""},
		{"one ply", "1. 炮二平五", 0, "B00", ""},
		{"A00", "1. 兵五进一", 0, "A00", ""},
	})
}

func TestClassifyMovesMatchesClassify(t *testing.T) {
	g := gameOf(t, "", c45+" 车１平２")
	var moves []board.Move
	for _, n := range g.MainLine() {
		moves = append(moves, n.Move)
	}
	for _, plies := range []int{1, 2, 9, 15, 16, 20, 100} {
		a, aok := Classify(g, plies)
		b, bok := ClassifyMoves(moves, plies)
		if a != b || aok != bok {
			t.Errorf("%d plies: Classify %+v %v, ClassifyMoves %+v %v", plies, a, aok, b, bok)
		}
	}
	// A bad move ends the game where it stands.
	cut := append(moves[:10:10], board.NewMove(0, 0), moves[11])
	a, _ := ClassifyMoves(moves[:10], DefaultPlies)
	b, _ := ClassifyMoves(cut, DefaultPlies)
	if a != b {
		t.Errorf("bad move: %+v, want %+v", b, a)
	}
}

func TestNames(t *testing.T) {
	codes := Codes()
	if len(codes) != 260 {
		t.Errorf("%d codes, want 260", len(codes))
	}
	for _, c := range codes {
		op, _, ok := Name(c)
		if !ok || op == "" || strings.ContainsAny(op, "()") {
			t.Errorf("Name(%s) = %q, %v", c, op, ok)
		}
	}
	for _, c := range []struct{ code, op, va string }{
		{"C45", "中炮过河车互进七兵对屏风马平炮兑车", "红左边炮对黑退边炮上右士"},
		{"A00", "其他开局", ""},
		{"A31", "飞相进右马对左过宫炮", ""},
		{"D03", "顺炮横车对缓开车", ""},
		{"E02", "仙人指路进右马对飞象", ""},
		{"C41", "中炮过河车互进七兵对屏风马平炮兑车", "黑退边炮"},
	} {
		op, va, ok := Name(c.code)
		if !ok || op != c.op || va != c.va {
			t.Errorf("Name(%s) = %q, %q, %v; want %q, %q", c.code, op, va, ok, c.op, c.va)
		}
	}
	for _, c := range []string{"A09", "E99", "F00", "C4", ""} {
		if _, _, ok := Name(c); ok {
			t.Errorf("Name(%q) ok", c)
		}
		if _, ok := PrintedName(c); ok {
			t.Errorf("PrintedName(%q) ok", c)
		}
	}
	if n, ok := PrintedName("C45"); !ok || n != "中炮过河车互进七兵对屏风马平炮兑车——红左边炮对黑退边炮上右士(其他)" {
		t.Errorf("PrintedName(C45) = %q, %v", n, ok)
	}
}

func TestNoAllocation(t *testing.T) {
	g := gameOf(t, "", c45+" 车１平２")
	rules(Program) // parse once before measuring
	if n := testing.AllocsPerRun(100, func() { Classify(g, DefaultPlies) }); n != 0 {
		t.Errorf("Classify allocates %v times per call", n)
	}
}

func BenchmarkClassify(b *testing.B) {
	g := gameOf(b, "", c45+" 车１平２ 9. 车九平八 炮９平７ 10. 车三平四")
	rules(Program)
	b.ReportAllocs()
	for b.Loop() {
		Classify(g, DefaultPlies)
	}
}

func TestDataShape(t *testing.T) {
	tb := rules(Program)
	if len(tb.bases) != 4 {
		t.Errorf("%d base positions, want 4 (C20, C30, C61, C72)", len(tb.bases))
	}
	t.Logf("%d rules, %d distinct move conditions", len(tb.rules), len(tb.procs))
}
