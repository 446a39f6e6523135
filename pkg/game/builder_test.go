package game

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// iccsResolve is a minimal resolver for these tests: "h2e2" style moves only.
func iccsResolve(pos *board.Position, text string) (board.Move, string, error) {
	t := strings.ReplaceAll(text, "-", "")
	if len(t) != 4 {
		return 0, "", notation.Errorf(notation.ErrSyntax, "iccs", text, "not an ICCS move")
	}
	from, ok1 := board.SquareFromICCS(t[0], t[1])
	to, ok2 := board.SquareFromICCS(t[2], t[3])
	if !ok1 || !ok2 {
		return 0, "", notation.Errorf(notation.ErrSyntax, "iccs", text, "not an ICCS move")
	}
	m := board.NewMove(from, to)
	if !pos.IsLegal(m) {
		return 0, "", notation.Errorf(notation.ErrIllegal, "iccs", text, "no legal move fits")
	}
	note := ""
	if strings.Contains(text, "-") {
		note = "dash"
	}
	return m, note, nil
}

func newBuilder() *Builder {
	b := &Builder{Path: "t.pgn", Resolve: iccsResolve}
	b.Begin(3, "pgn", textenc.UTF8)
	return b
}

func loc(line, col int) Loc { return Loc{Line: line, Col: col, Offset: -1} }

func TestBuilderMainLineAndVariations(t *testing.T) {
	b := newBuilder()
	b.Tag("Event", "test")
	b.Move("h2e2", loc(1, 1))
	b.Move("h9g7", loc(1, 6))
	b.Comment("main")
	b.BeginVariation() // replaces h9g7
	b.Move("h7e7", loc(1, 12))
	b.BeginVariation() // replaces h7e7
	b.Move("b9c7", loc(1, 20))
	b.EndVariation()
	b.Move("e2e6", loc(1, 30)) // after h7e7
	b.EndVariation()
	b.Move("h0g2", loc(1, 40))
	b.Result("1-0")
	g := b.Finish()

	if !g.Valid() || len(g.Diagnostics) != 0 {
		t.Fatalf("diagnostics: %v", g.Diagnostics)
	}
	main := g.MainLine()
	if len(main) != 3 || main[0].Move.String() != "h2e2" || main[1].Move.String() != "h9g7" || main[2].Move.String() != "h0g2" {
		t.Fatalf("main line %v", main)
	}
	if got := main[1].Comments; len(got) != 1 || got[0] != "main" {
		t.Errorf("comment %q", got)
	}
	alts := main[0].Children
	if len(alts) != 3 {
		t.Fatalf("alternatives after h2e2: %d, want 3", len(alts))
	}
	if alts[1].Move.String() != "h7e7" || alts[2].Move.String() != "b9c7" {
		t.Errorf("variations %v %v", alts[1].Move, alts[2].Move)
	}
	if len(alts[1].Children) != 1 || alts[1].Children[0].Move.String() != "e2e6" {
		t.Errorf("variation continuation missing")
	}
	if g.Plies() != 3 || g.Result != "1-0" || g.Index != 3 {
		t.Errorf("plies %d result %s index %d", g.Plies(), g.Result, g.Index)
	}
}

func TestBuilderBadMoveEndsLine(t *testing.T) {
	b := newBuilder()
	b.Move("h2e2", loc(1, 1))
	b.Move("h9h0", loc(1, 6)) // illegal
	b.Move("h7e7", loc(1, 11))
	b.BeginVariation() // inside a dead line: skipped
	b.Move("b9c7", loc(1, 17))
	b.EndVariation()
	g := b.Finish()
	if g.Plies() != 1 {
		t.Fatalf("plies %d, want 1", g.Plies())
	}
	errs := g.Errors()
	if len(errs) != 1 {
		t.Fatalf("errors %v", errs)
	}
	d := errs[0]
	if d.Kind != KindIllegal || d.Ply != 2 || d.Token != "h9h0" || !errors.Is(d, notation.ErrIllegal) {
		t.Errorf("diagnostic %+v", d)
	}
	want := `t.pgn:1:6: game 3, ply 2: illegal: black horse cannot move to h0 ("h9h0")` // as a binary move would say
	if d.Error() != want {
		t.Errorf("got  %s\nwant %s", d.Error(), want)
	}
}

func TestBuilderVariationErrorKeepsMainLine(t *testing.T) {
	b := newBuilder()
	b.Move("h2e2", loc(1, 1))
	b.Move("h9g7", loc(1, 6))
	b.BeginVariation()
	b.Move("a0a5", loc(1, 12)) // illegal inside the variation
	b.EndVariation()
	b.Move("h0g2", loc(1, 20))
	g := b.Finish()
	if g.Plies() != 3 || len(g.Errors()) != 1 || g.Errors()[0].Ply != 2 {
		t.Fatalf("plies %d errors %v", g.Plies(), g.Errors())
	}
}

func TestBuilderRepairsSideAndWarns(t *testing.T) {
	b := newBuilder()
	s, _ := board.ParseFEN(board.StartFEN)
	b.SetSetup(s, NoLoc)
	b.Move("h7e7", loc(2, 1)) // Black moves first although the setup says Red
	b.Move("h2e2", loc(2, 6))
	b.Move("h9-g7", loc(2, 11))
	g := b.Finish()
	if g.Plies() != 3 {
		t.Fatalf("plies %d: %v", g.Plies(), g.Diagnostics)
	}
	if g.Setup.Turn != board.Black || !g.Valid() {
		t.Errorf("turn %v valid %v", g.Setup.Turn, g.Valid())
	}
	w := g.Warnings()
	if len(w) != 2 || w[0].Kind != KindSide || !strings.Contains(w[0].Error(), "warning: side:") || w[1].Kind != KindNotation {
		t.Errorf("warnings %v", w)
	}
}

func TestBuilderBinaryMoves(t *testing.T) {
	b := newBuilder()
	h2e2 := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	bad := board.NewMove(board.NewSquare(0, 0), board.NewSquare(5, 5))
	b.PlayMove(h2e2, Loc{Offset: 1024})
	b.PlayMove(bad, Loc{Offset: 1028})
	g := b.Finish()
	if g.Plies() != 1 || len(g.Errors()) != 1 {
		t.Fatalf("plies %d errors %v", g.Plies(), g.Errors())
	}
	want := `t.pgn:@1028: game 3, ply 2: illegal: black chariot cannot move to f4 ("A9-F4")`
	if got := g.Errors()[0].Error(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestBuilderSetupProblems(t *testing.T) {
	b := newBuilder()
	b.SetFEN("4k4/9/9/9/9/9/9/9/9/4K4 w", loc(1, 1)) // facing generals: replayable, a warning
	b.Move("e0d0", loc(2, 1))
	g := b.Finish()
	if !g.Valid() || g.Plies() != 1 || len(g.Warnings()) != 1 || g.Warnings()[0].Kind != KindSetup {
		t.Errorf("facing generals: valid %v plies %d diags %v", g.Valid(), g.Plies(), g.Diagnostics)
	}

	b = newBuilder()
	b.SetFEN("9/9/9/9/9/9/9/9/9/4K4 w", loc(1, 1)) // no black general: unplayable
	b.Move("e0d0", loc(2, 1))
	g = b.Finish()
	if g.Valid() || g.Plies() != 0 || g.Errors()[0].Kind != KindSetup {
		t.Errorf("no general: valid %v plies %d diags %v", g.Valid(), g.Plies(), g.Diagnostics)
	}

	b = newBuilder()
	b.SetFEN("not a fen", loc(1, 1))
	b.Move("h2e2", loc(2, 1))
	g = b.Finish()
	if g.Valid() || g.Plies() != 0 || g.Errors()[0].Kind != KindSetup || !errors.Is(g.Errors()[0], board.ErrFEN) {
		t.Errorf("bad FEN: %v", g.Diagnostics)
	}
}

func TestBuilderNotationWarning(t *testing.T) {
	b := newBuilder()
	b.Move("h2-e2", loc(1, 1))
	g := b.Finish()
	w := g.Warnings()
	if len(w) != 1 || w[0].Kind != KindNotation || g.MainLine()[0].Nonstandard() != "dash" {
		t.Errorf("warnings %v", w)
	}
}

func TestTags(t *testing.T) {
	g := &Game{}
	g.SetTag("Red", "a")
	g.SetTag("red", "b")
	if v, ok := g.Tag("RED"); !ok || v != "b" || len(g.Tags) != 1 {
		t.Errorf("tags %v", g.Tags)
	}
}

func TestBuilderMoveReportsWhetherAdded(t *testing.T) {
	b := newBuilder()
	if !b.Move("h2e2", loc(1, 1)) {
		t.Fatal("legal move not added")
	}
	if b.Move("h9h0", loc(1, 6)) {
		t.Fatal("illegal move added")
	}
	b.BeginVariation() // an alternative to the failed move is skipped, not promoted
	if b.Move("h9g7", loc(1, 12)) {
		t.Fatal("alternative to a failed move added")
	}
	b.EndVariation()
	if b.PlayMove(board.NewMove(board.NewSquare(0, 1), board.NewSquare(2, 2)), NoLoc) {
		t.Fatal("move after a failed move added")
	}
	if g := b.Finish(); g.Plies() != 1 || len(g.Root.Children[0].Children) != 0 || len(g.Errors()) != 1 {
		t.Fatalf("plies %d errors %v", g.Plies(), g.Errors())
	}
}

func TestBuilderVariationBeforeFirstMove(t *testing.T) {
	b := newBuilder()
	b.BeginVariation() // nothing to replace: skipped
	b.Move("h2e2", loc(1, 2))
	b.EndVariation()
	b.Move("b2e2", loc(1, 9))
	g := b.Finish()
	if main := g.MainLine(); len(main) != 1 || main[0].Move.String() != "b2e2" || len(g.Root.Children) != 1 {
		t.Fatalf("main line %v", main)
	}
}

func TestBuilderLimits(t *testing.T) {
	b := newBuilder()
	for i := 0; i < MaxDiagnostics+50; i++ {
		b.Diagnose(Diagnostic{Kind: KindSyntax, Level: LevelError, Loc: loc(1, i+1), Token: "}", Message: "stray }"})
	}
	b.Diagnose(Diagnostic{Kind: KindEncoding, Level: LevelWarning, Loc: loc(2, 1), Message: "bad byte"})
	g := b.Finish()
	if len(g.Diagnostics) != MaxDiagnostics+1 {
		t.Fatalf("%d diagnostics, want %d", len(g.Diagnostics), MaxDiagnostics+1)
	}
	last := g.Diagnostics[MaxDiagnostics]
	want := `t.pgn:1:101: game 3: syntax: 50 more errors and 1 more warnings from here on in this game not shown`
	if last.Error() != want || last.IsWarning() {
		t.Errorf("got  %s\nwant %s", last.Error(), want)
	}

	b = newBuilder()
	moves := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	added := 0
	for i := 0; i < MaxPly+10; i++ {
		if b.Move(moves[i%4], loc(1, 1)) {
			added++
		}
	}
	g = b.Finish()
	if added != MaxPly || g.Plies() != MaxPly || len(g.Errors()) != 1 || !strings.Contains(g.Errors()[0].Message, "line longer than") {
		t.Fatalf("added %d, plies %d, errors %v", added, g.Plies(), g.Errors())
	}
}

// TestBuilderReleaseHandsNodesOn: a released Builder's node chunks serve the next Builder that
// reuses memory, so that a game per file does not allocate its nodes anew; the games built
// that way are complete.
func TestBuilderReleaseHandsNodesOn(t *testing.T) {
	moves := []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "c6c5"}
	build := func() *Game {
		b := &Builder{Path: "t.pgn", Resolve: iccsResolve, Reuse: true}
		b.Begin(1, "pgn", textenc.UTF8)
		for i, m := range moves {
			b.Move(m, loc(1, 1+5*i))
		}
		g := b.Finish()
		if g.Plies() != len(moves) || !g.Valid() {
			t.Fatalf("game: %d plies, diagnostics %v", g.Plies(), g.Diagnostics)
		}
		b.Release()
		return g
	}
	build()
	fresh := testing.AllocsPerRun(50, func() {
		b := &Builder{Path: "t.pgn", Resolve: iccsResolve}
		b.Begin(1, "pgn", textenc.UTF8)
		for i, m := range moves {
			b.Move(m, loc(1, 1+5*i))
		}
		b.Finish()
	})
	reused := testing.AllocsPerRun(50, func() { build() })
	if reused >= fresh {
		t.Errorf("a game after Release allocates %.0f times, one without %.0f; want fewer", reused, fresh)
	}
}

// TestBuilderByOffset: a binary reader's diagnostics come out in file order, those of one
// offset in the order recorded, also the builder's own (a failed move); without ByOffset they
// keep the order recorded.
func TestBuilderByOffset(t *testing.T) {
	for _, byOffset := range []bool{true, false} {
		b := &Builder{Path: "t.xqf", Resolve: iccsResolve, ByOffset: byOffset}
		b.Begin(1, "xqf", textenc.GB18030)
		at := func(off int64, msg string) {
			b.Diagnose(Diagnostic{Kind: KindSyntax, Level: LevelWarning, Loc: Loc{Offset: off}, Message: msg})
		}
		at(0x500, "tree")
		at(0x10, "header a")
		at(0x10, "header b")
		b.Move("h2e2", Loc{Offset: 0x410})
		b.Move("a0a1", Loc{Offset: 0x420}) // Red again: illegal
		g := b.Finish()
		var got []int64
		for _, d := range g.Diagnostics {
			got = append(got, d.Loc.Offset)
		}
		want := []int64{0x10, 0x10, 0x420, 0x500}
		if !byOffset {
			want = []int64{0x500, 0x10, 0x10, 0x420}
		}
		if !slices.Equal(got, want) {
			t.Errorf("ByOffset %v: offsets %#x, want %#x", byOffset, got, want)
		}
		if byOffset && (g.Diagnostics[0].Message != "header a" || g.Diagnostics[1].Message != "header b") {
			t.Errorf("equal offsets reordered: %q, %q", g.Diagnostics[0].Message, g.Diagnostics[1].Message)
		}
	}
}
