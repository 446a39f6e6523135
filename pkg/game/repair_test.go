package game_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
)

// Two real games kept here so that the tests run without the shared corpus: Hu Ronghua v Xu
// Tianhong, China Team Championship 1998 (UCI coordinates), and 橘中秘, 让先 第七局 (Chinese
// notation; it ends with Red checkmated).
const (
	huXu1998 = `[Event "China Team Championship 1998"]
[Red "HU RongHua"]
[Black "XU TianHong"]

1. g0e2 b9c7 2. g3g4 c6c5 3. h0g2 c7d5 4. b0a2 h7e7 5. f0e1 h9g7 6. g2h4 e7e3 7. b2d2 b7b4
8. h4g6 i9h9 9. a0b0 a9b9 10. g4g5 c9e7 11. i0g0 h9h3 12. h2f2 h3f3 13. a3a4 b4b2 14. g0g2 f3i3
15. g2g0 i3f3 16. g0g2 f3h3 17. g2g0 h3f3 18. g0g2 e3e4 19. d2d4 b2b6 20. d4d2 b6b2 21. d2d4 b2b6
22. d4d2 b6g6 23. b0b9 g6g2 24. b9d9 e9e8 25. d9d5 f3g3 26. a2b4 g2g5 27. b4a6 e8e9 28. d2b2 g3g0
29. f2f0 g5i5 30. a6c7 f9e8 31. b2b9 e9f9 32. c7d9 e7c9 33. d9f8
`
	juZhongMi207 = `[Event "橘中秘 让先 第七局 顺炮直车卧槽马"]
[Result "*"]

1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 马２进３ 4. 车二进六 车９平８ 5. 车二平三 卒３进１
6. 仕六进五 马３进４ 7. 兵三进一 马４进３ 8. 马八进九 马３进２ 9. 炮八平六 车１进１ 10. 车九进一 马２退４
11. 仕五进六 炮２进７ 12. 帅五进一 车８进８ *
`
)

// line is a real game's main line from some position: the setup, the moves and their texts
// as written (or in another notation).
type line struct {
	name  string
	setup board.Setup
	moves []board.Move
	texts []string
}

// lineOf returns the main line of a game that replays without error.
func lineOf(name string, g *game.Game) (line, bool) {
	if !g.Valid() || g.Plies() == 0 {
		return line{}, false
	}
	l := line{name: name, setup: g.Setup}
	for _, n := range g.MainLine() {
		l.moves = append(l.moves, n.Move)
		l.texts = append(l.texts, n.Text)
	}
	return l, true
}

// from returns the rest of the line after k plies, starting from the position reached.
func (l line) from(k int) line {
	pos, err := board.NewPosition(l.setup, board.AllProblems)
	if err != nil {
		panic(err)
	}
	for _, m := range l.moves[:k] {
		pos.Play(m)
	}
	return line{name: fmt.Sprintf("%s from ply %d", l.name, k), setup: pos.Setup(),
		moves: l.moves[k:], texts: l.texts[k:]}
}

// in returns the line with its moves written in notation f.
func (l line) in(f notation.ID) line {
	pos, _ := board.NewPosition(l.setup, board.AllProblems)
	n, err := anynotation.Lookup(f.String())
	if err != nil {
		panic(err)
	}
	out := l
	out.texts = nil
	for _, m := range l.moves {
		out.texts = append(out.texts, string(n.Append(nil, pos, m)))
		pos.Play(m)
	}
	out.name += " in " + f.String()
	return out
}

// pgnText writes the line as a PGN game from setup s.
func (l line) pgnText(s board.Setup) string {
	return fmt.Sprintf("[FEN %q]\n\n%s *\n", s.FEN(), strings.Join(l.texts, " "))
}

// exporterMirrorRed writes a setup as the old exporter did: Red's pieces mirrored left–right,
// Black's in place, and a red piece that lands on a black one lost. It reports whether a
// piece was lost.
func exporterMirrorRed(s board.Setup) (board.Setup, bool) {
	out := s
	for sq, p := range s.Board {
		if p != board.NoPiece && p.Color() == board.Red {
			out.Board[sq] = board.NoPiece
		}
	}
	lost := false
	for sq, p := range s.Board {
		if p == board.NoPiece || p.Color() != board.Red {
			continue
		}
		sq := board.Square(sq)
		to := board.NewSquare(sq.Row(), 8-sq.Col())
		if out.Board[to] != board.NoPiece {
			lost = true
			continue
		}
		out.Board[to] = p
	}
	return out, lost
}

// breakage is a way a start position is found broken in real files, and the repair of it.
type breakage struct {
	name  string
	spoil func(board.Setup) (board.Setup, bool) // false: the breakage cannot be undone
	fix   game.Repair
}

var breakages = []breakage{
	{"Red's pieces mirrored by the exporter", func(s board.Setup) (board.Setup, bool) {
		out, lost := exporterMirrorRed(s)
		return out, !lost
	}, game.RepairMirrorRed},
	{"Black's pieces mirrored", game.RepairMirrorBlack.Apply, game.RepairMirrorBlack},
	{"board mirrored", game.RepairMirror.Apply, game.RepairMirror},
	{"read from the other side", game.RepairRotate.Apply, game.RepairRotate},
	{"side to move wrong", game.RepairSide.Apply, game.RepairSide},
	{"read from the other side, side to move wrong", game.RepairRotateSide.Apply, game.RepairRotateSide},
}

// testLines returns real lines from the middle of real games: the two kept here, and when
// the shared corpus is there, more of its games in coordinates and in Chinese notation. Each
// line is also given in WXF, whose texts read alike for both sides.
func testLines(t *testing.T) []line {
	var full []line
	for _, text := range []string{huXu1998, juZhongMi207} {
		g := readGame(t, text, false)
		l, ok := lineOf(g.Tags[0].Value, g)
		if !ok {
			t.Fatalf("%s: %v", g.Tags[0].Value, g.Diagnostics)
		}
		full = append(full, l)
	}
	if !testing.Short() {
		for _, f := range []struct {
			rel string
			max int
		}{
			{"maksimKorzh__wukong-xiangqi/xqdb/xqdb/_unzipped/Liu_Dahua_1125_UCI_games.pgn", 12},
			{"liangqi__xqwizard/XQWIZARD/橘中秘/1.得先/1-17.小列手破大列手炮局.PGN", 1},
			{"liangqi__xqwizard/XQWIZARD/橘中秘/1.得先/1-10.顺炮直车左炮巡河破横车.PGN", 1},
		} {
			for i, g := range corpusGames(t, f.rel) {
				if l, ok := lineOf(fmt.Sprintf("%s#%d", f.rel, i+1), g); ok && i < f.max {
					full = append(full, l)
				}
			}
		}
	}
	var lines []line
	for _, l := range full {
		for _, k := range []int{8, 16, 24} {
			if len(l.moves)-k >= 12 {
				lines = append(lines, l.from(k), l.from(k).in(notation.WXF))
			}
		}
	}
	return lines
}

// TestRepairRealGames breaks the start position of real game lines in every known way: each
// one is repaired with a `repaired` warning and replays the same moves from the true
// position, wherever its main line first fails; without Repair, the first error names the
// repair when it fails in its first RepairPlies plies (the builder records no further).
func TestRepairRealGames(t *testing.T) {
	lines := testLines(t)
	repaired := map[string]int{}
	late := 0
	for _, l := range lines {
		for _, br := range breakages {
			broken, ok := br.spoil(l.setup)
			if !ok || broken == l.setup {
				continue
			}
			text := l.pgnText(broken)
			what := l.name + ", " + br.name
			plain := readGame(t, text, false)
			if plain.Valid() {
				// The breakage does not show (the moves fit the broken setup as well); only
				// the first move's side rule may have changed anything.
				if br.fix == game.RepairSide && !slices.Equal(mainMoves(plain), l.moves) {
					t.Errorf("%s: valid but other moves: %v", what, kinds(plain))
				}
				continue
			}
			first := plain.Errors()[0]
			named := namedRepair(first.Message)
			if first.Ply > game.RepairPlies {
				late++
				if named != 0 {
					t.Errorf("%s: a repair named at ply %d (not recorded that far): %v", what, first.Ply, first)
				}
			} else if named == 0 {
				t.Errorf("%s: no repair named: %v", what, first)
				continue
			}
			g := readGame(t, text, true)
			if !g.Valid() || !slices.Equal(mainMoves(g), l.moves) {
				t.Errorf("%s: not repaired: %v", what, g.Diagnostics)
				continue
			}
			var rep []*game.Diagnostic
			for _, d := range g.Diagnostics {
				if d.Kind == game.KindRepaired {
					rep = append(rep, d)
				}
			}
			if len(rep) != 1 || rep[0].IsError() || rep[0].Ply != 0 {
				t.Errorf("%s: repaired warnings %v", what, rep)
				continue
			}
			if g.Setup.Board != l.setup.Board || g.Setup.Turn != l.setup.Turn {
				t.Errorf("%s: repaired to %s, want %s (%s)", what, g.Setup.FEN(), l.setup.FEN(), rep[0].Message)
				continue
			}
			// The repair named is this breakage's, or one that comes to the same (when
			// the first move's side rule gives the side back, Rotate does RotateSide's work).
			if named == 0 {
				for _, r := range game.Repairs {
					if strings.HasPrefix(rep[0].Message, "start position repaired: "+r.String()+" (") {
						named = r
					}
				}
			}
			if named == 0 || !strings.Contains(rep[0].Message, "repaired: "+named.String()) {
				t.Errorf("%s: messages %q / %q", what, first.Message, rep[0].Message)
			} else if s, _ := named.Apply(broken); s.Board != l.setup.Board {
				t.Errorf("%s: %v named, not %v", what, named, br.fix)
			}
			if fen, _ := g.Tag("FEN"); fen != g.Setup.FEN() {
				t.Errorf("%s: FEN tag %q, setup %q", what, fen, g.Setup.FEN())
			}
			repaired[br.name]++
		}
	}
	t.Logf("%d lines; repaired per breakage: %v; %d failing after ply %d", len(lines), repaired, late, game.RepairPlies)
	for _, br := range breakages {
		if repaired[br.name] == 0 {
			t.Errorf("%s: no line repaired", br.name)
		}
	}
}

// namedRepair returns the repair an error message names, or 0.
func namedRepair(msg string) game.Repair {
	for _, r := range game.Repairs {
		if strings.HasSuffix(msg, "; the position with "+r.String()+" fits every move; --repair applies it") {
			return r
		}
	}
	return 0
}

// TestRepairNeverFixesBadMoves: a game with one bad move in its middle is never "fixed" by a
// start-position repair, with or without Repair, whether its start is right or broken, and
// no such repair is named. A move repair may explain it (the bad move is the same side's move
// two plies on, often the way back of the one it replaced: d4d2 for d2d4): then it restores
// the line as it was, move for move.
func TestRepairNeverFixesBadMoves(t *testing.T) {
	checked, late, restored := 0, 0, 0
	for _, l := range testLines(t) {
		bad := l
		mid := len(l.texts) / 2
		bad.texts = slices.Clone(l.texts)
		bad.texts[mid] = l.texts[mid+2] // the same side's later move: illegal here, mostly
		for _, br := range append([]breakage{{"as written", func(s board.Setup) (board.Setup, bool) { return s, true }, 0}}, breakages...) {
			broken, ok := br.spoil(l.setup)
			if !ok {
				continue
			}
			text := bad.pgnText(broken)
			plain := readGame(t, text, false)
			if br.fix == 0 && (plain.Valid() || plain.Errors()[0].Ply != mid+1) {
				break // the swapped move happens to be legal: no test here
			}
			if br.fix != 0 && !plain.Valid() && plain.Errors()[0].Ply > game.RepairPlies {
				late++ // the breakage shows late: Repair judges it at that ply
			}
			g := readGame(t, text, true)
			moveRepaired := false
			for _, d := range g.Diagnostics {
				moveRepaired = moveRepaired || d.Kind == game.KindRepaired && d.Ply == mid+1 && strings.Contains(d.Message, " read as ")
			}
			if g.Valid() && (!moveRepaired || !slices.Equal(mainMoves(g), l.moves)) {
				t.Errorf("%s, %s, bad ply %d: repaired into a valid game: %v", l.name, br.name, mid+1, g.Diagnostics)
			}
			if moveRepaired {
				restored++
			}
			for _, d := range append(g.Diagnostics, plain.Diagnostics...) {
				if d.Kind == game.KindRepaired && d.Ply == 0 || strings.Contains(d.Message, "--repair") {
					t.Errorf("%s, %s: %v", l.name, br.name, d)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Logf("%d games checked, %d with a breakage that shows after ply %d, %d restored by a move repair", checked, late, game.RepairPlies, restored)
	if late == 0 && !testing.Short() {
		t.Error("no breakage showing late was checked")
	}
}

// TestRepairLateMirroredEndgame: an endgame whose FEN has Red's pieces mirrored left–right,
// where the one mirrored piece (the cannon) first moves at ply 5: the game as written fails
// there, and Repair fixes it, since the failed move starts on a square the mirror changes and
// every move replays from the mirrored position.
func TestRepairLateMirroredEndgame(t *testing.T) {
	const text = `[FEN "3k1c3/4R4/5r3/9/9/9/9/1p7/C3A4/4K4 r - - 0 0"]

1. e1d2 f7f1 2. e8e4 f9f8 3. i1i8 f1f2 4. e4d4 *
`
	plain := readGame(t, text, false)
	if plain.Valid() || len(plain.Errors()) != 1 || plain.Errors()[0].Ply != 5 || plain.Plies() != 4 {
		t.Fatalf("as written: %v", plain.Diagnostics)
	}
	g := readGame(t, text, true)
	if !g.Valid() || g.Plies() != 7 || kinds(g)[0] != "w:repaired" {
		t.Fatalf("repaired: plies %d, %v", g.Plies(), g.Diagnostics)
	}
	if want := "3k1c3/4R4/5r3/9/9/9/9/1p7/4A3C/4K4 w - - 0 1"; g.Setup.FEN() != want {
		t.Errorf("setup %s, want %s", g.Setup.FEN(), want)
	}
	msg := g.Diagnostics[0].Message
	if !strings.HasPrefix(msg, "start position repaired: "+game.RepairMirrorRed.String()) || !strings.Contains(msg, "fails at ply 5") {
		t.Errorf("message %q", msg)
	}
}

// TestRepairStudyOneMoveMainLine: a study from a real game, its FEN written with Red's pieces
// mirrored, whose main line is one move and whose solution is a variation: the variations
// are evidence, so Repair fixes it; the one move alone is not enough.
func TestRepairStudyOneMoveMainLine(t *testing.T) {
	l := func() line {
		g := readGame(t, huXu1998, false)
		l, _ := lineOf("", g)
		return l.from(16)
	}()
	broken, lost := exporterMirrorRed(l.setup)
	if lost {
		t.Fatal("a piece lost")
	}
	// The key move of the study: a legal move of the true position that the broken one does
	// not allow, other than the game's own first move.
	truePos, _ := board.NewPosition(l.setup, board.AllProblems)
	brokenPos, _ := board.NewPosition(broken, board.AllProblems)
	var key board.Move
	for _, m := range truePos.LegalMoves(nil) {
		if m != l.moves[0] && !brokenPos.IsLegal(m) {
			key = m
			break
		}
	}
	if key == board.NoMove {
		t.Fatal("no key move")
	}
	study := fmt.Sprintf("[FEN %q]\n\n1. %s (1. %s) *\n", broken.FEN(), key, strings.Join(l.texts, " "))
	g := readGame(t, study, true)
	if !g.Valid() || g.Plies() != 1 || g.MainLine()[0].Move != key || len(g.Root.Children) != 2 ||
		g.Setup.Board != l.setup.Board {
		t.Fatalf("not repaired: plies %d, %v", g.Plies(), g.Diagnostics)
	}
	var alt []board.Move
	for n := g.Root.Children[1]; ; n = n.Children[0] {
		alt = append(alt, n.Move)
		if len(n.Children) == 0 {
			break
		}
	}
	if !slices.Equal(alt, l.moves) {
		t.Errorf("variation %v, want %v", alt, l.moves)
	}
	plain := readGame(t, study, false)
	if namedRepair(plain.Errors()[0].Message) != game.RepairMirrorRed {
		t.Errorf("as written: %v", plain.Diagnostics)
	}
	// Without the variation, one move is no evidence.
	alone := readGame(t, fmt.Sprintf("[FEN %q]\n\n1. %s *\n", broken.FEN(), key), true)
	if alone.Valid() {
		t.Errorf("one move repaired: %v", alone.Diagnostics)
	}
}

// TestRepairNotForAPlainBadFirstMove: a game whose first move is simply wrong is no broken
// setup.
func TestRepairNotForAPlainBadFirstMove(t *testing.T) {
	// No start position explains a bad first move. A slip may (move repair): 马二进四 fits no
	// move, 炮二进四 makes the rest replay; never a start-position repair.
	text := "1. 马二进四 马８进７ 2. 马二进三 车９平８ 3. 车一平二 *\n"
	plain := readGame(t, text, false)
	if plain.Valid() || len(plain.Errors()) != 1 || plain.Errors()[0].Ply != 1 || strings.Contains(plain.Errors()[0].Message, "--repair") {
		t.Fatalf("%v", plain.Diagnostics)
	}
	g := readGame(t, text, true)
	for _, d := range g.Diagnostics {
		if d.Kind == game.KindRepaired && (d.Ply != 1 || !strings.Contains(d.Message, `"马二进四" read as 炮二进四`)) {
			t.Errorf("%v", d)
		}
	}
	if g.Setup != board.StartSetup() {
		t.Errorf("setup changed: %s", g.Setup.FEN())
	}
}

// TestRepairKeepsVariationsAndComments: the rebuilt game has the comments, NAGs, variations
// and reader diagnostics of the game as written, in place.
func TestRepairKeepsVariationsAndComments(t *testing.T) {
	l := func() line {
		g := readGame(t, huXu1998, false)
		l, _ := lineOf("", g)
		return l.from(16)
	}()
	broken, _ := exporterMirrorRed(l.setup)
	mv := l.texts
	// A variation with a comment after the third move, then a stray ")" the reader reports.
	text := fmt.Sprintf("[FEN %q]\n\n{before} %s {one} %s $1 %s (%s {alt}) ) %s *\n",
		broken.FEN(), mv[0], mv[1], mv[2], mv[4], strings.Join(mv[3:], " "))
	plain := readGame(t, text, false)
	g := readGame(t, text, true)
	if !slices.Equal(mainMoves(g), l.moves) {
		t.Fatalf("not repaired: %v", g.Diagnostics)
	}
	if got := kinds(g); !slices.Equal(got, []string{"w:repaired", "syntax"}) {
		t.Errorf("diagnostics %v (as written: %v)", g.Diagnostics, plain.Diagnostics)
	}
	main := g.MainLine()
	if !slices.Equal(g.Root.Comments, []string{"before"}) || !slices.Equal(main[0].Comments, []string{"one"}) ||
		!slices.Equal(main[1].NAGs(), []uint8{1}) {
		t.Errorf("annotations: %q %q %v", g.Root.Comments, main[0].Comments, main[1].NAGs())
	}
	if alts := main[1].Children; len(alts) != 2 || alts[1].Move != l.moves[4] || !slices.Equal(alts[1].Comments, []string{"alt"}) {
		t.Errorf("variation lost: %d children", len(alts))
	}
}

// TestRepairApply: every repair is its own inverse; mirroring one side onto the other's
// piece does not fit.
func TestRepairApply(t *testing.T) {
	s, err := board.ParseFEN("2bak4/4a4/4b4/p3C4/2P6/9/9/3A5/4A4/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range game.Repairs {
		once, ok := r.Apply(s)
		twice, ok2 := r.Apply(once)
		if !ok || !ok2 || twice != s {
			t.Errorf("%v: not its own inverse", r)
		}
		if r.String() == "" || strings.HasPrefix(r.String(), "Repair(") {
			t.Errorf("%d: no name", r)
		}
	}
	if got, _ := game.RepairRotate.Apply(s); got.FEN() != "5K3/4A4/5A3/9/9/6P2/4C3p/4b4/4a4/4kab2 w - - 0 1" {
		t.Errorf("rotated: %s", got.FEN())
	}
	clash, _ := board.ParseFEN("4k4/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1")
	if _, ok := game.RepairMirrorRed.Apply(clash); ok {
		t.Error("mirroring Red onto a black piece fits")
	}
}
