package game_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/slip"
)

// bundledLines returns the main lines of the bundled corpus's games in Chinese notation (real
// games, written by qipu's own tools) and, without -short, of a shared-corpus file.
func bundledLines(t *testing.T) []line {
	t.Helper()
	var out []line
	for _, rel := range []string{"../../corpus/classic/masters-utf8.pgn", "../../corpus/classic/manuals-utf8.pgn"} {
		data, err := os.ReadFile(rel)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range readGames(t, string(data), false) {
			if l, ok := lineOf(fmt.Sprintf("%s#%d", rel, i+1), g); ok && len(l.moves) >= 20 {
				out = append(out, l)
			}
		}
	}
	if !testing.Short() {
		for i, g := range corpusGames(t, "liangqi__xqwizard/XQWIZARD/橘中秘/1.得先/1-17.小列手破大列手炮局.PGN") {
			if l, ok := lineOf(fmt.Sprintf("橘中秘 1-17 #%d", i+1), g); ok && len(l.moves) >= 20 {
				out = append(out, l)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no games")
	}
	return out
}

// withText returns the line's PGN text with ply k (0-based) written as text.
func (l line) withText(k int, text string) string {
	texts := slices.Clone(l.texts)
	texts[k] = text
	return l.with(texts).pgnText(l.setup)
}

func (l line) with(texts []string) line {
	out := l
	out.texts = texts
	return out
}

// repairedWarning returns the game's move-repair warning, or nil.
func repairedWarning(g *game.Game) *game.Diagnostic {
	for _, d := range g.Diagnostics {
		if d.Kind == game.KindRepaired && d.Ply > 0 {
			return d
		}
	}
	return nil
}

// TestMoveRepairEachKind gives real games one slip of each kind, at a move where the slip
// makes the game fail right there: with Repair the original line comes back, move for move,
// with the warning `ply N: "slip" read as original: the remaining M plies replay`; without,
// the error ends with "did you mean …?" naming the original.
func TestMoveRepairEachKind(t *testing.T) {
	lines := bundledLines(t)
	lines = append(lines, lines[0].in(notation.WXF), lines[0].in(notation.ICCS))
	tried := map[slip.Kind]int{}
	restored := map[slip.Kind]int{}
	for _, l := range lines {
		for k := 4; k < len(l.moves)-3; k++ {
			for _, ed := range slip.Edits(nil, l.texts[k]) {
				if tried[ed.Kind] >= 12 {
					continue
				}
				text := l.withText(k, ed.Text)
				plain := readGame(t, text, false)
				if plain.Valid() || plain.Errors()[0].Ply != k+1 || plain.Errors()[0].Kind != game.KindIllegal {
					continue // the slip reads as a legal move, or fails elsewhere
				}
				tried[ed.Kind]++
				msg := plain.Errors()[0].Message
				if !strings.Contains(msg, "; did you mean ") || !strings.HasSuffix(msg, "?") {
					t.Errorf("%s ply %d %q→%q: %s", l.name, k+1, l.texts[k], ed.Text, msg)
				}
				g := readGame(t, text, true)
				w := repairedWarning(g)
				if !g.Valid() || w == nil {
					continue
				}
				if !slices.Equal(mainMoves(g), l.moves) {
					t.Errorf("%s ply %d %q→%q: repaired to another line: %v", l.name, k+1, l.texts[k], ed.Text, w)
					continue
				}
				want := fmt.Sprintf("ply %d: %q read as ", k+1, ed.Text)
				if w.Ply != k+1 || !strings.HasPrefix(w.Message, want) || !strings.Contains(w.Message, fmt.Sprintf("the remaining %d plies replay", len(l.moves)-k-1)) || w.Token != ed.Text {
					t.Errorf("%s: warning %q, want prefix %q", l.name, w.Message, want)
				}
				if !strings.Contains(msg, strings.TrimPrefix(w.Message, want)[:len(l.texts[k])]) {
					t.Errorf("%s ply %d: the repair %q is not among the candidates of %q", l.name, k+1, w.Message, msg)
				}
				restored[ed.Kind]++
			}
		}
	}
	t.Logf("slips tried per kind %v, restored %v", tried, restored)
	total, fixed := 0, 0
	for kind := slip.Direction; kind <= slip.Swapped; kind++ {
		if restored[kind] == 0 {
			t.Errorf("no %v slip restored (%d tried)", kind, tried[kind])
		}
		total += tried[kind]
		fixed += restored[kind]
	}
	if fixed*10 < total*9 {
		t.Errorf("restored %d of %d slips", fixed, total)
	}
}

// TestMoveRepairLegalSlip: a slip that is itself a legal move, and the game fails only some
// plies later: the repair finds it there, and says where the game failed as written.
func TestMoveRepairLegalSlip(t *testing.T) {
	found := 0
	for _, l := range bundledLines(t) {
		for k := 6; k < len(l.moves)-8 && found < 5; k += 5 {
			for _, ed := range slip.Edits(nil, l.texts[k]) {
				text := l.withText(k, ed.Text)
				plain := readGame(t, text, false)
				if plain.Valid() || plain.Errors()[0].Ply <= k+2 {
					continue // fails at once, or not at all
				}
				g := readGame(t, text, true)
				w := repairedWarning(g)
				if w == nil || !g.Valid() {
					continue // several candidates, most likely
				}
				if !slices.Equal(mainMoves(g), l.moves) || w.Ply != k+1 {
					t.Errorf("%s ply %d %q→%q: %v", l.name, k+1, l.texts[k], ed.Text, w)
					continue
				}
				if tail := fmt.Sprintf("(as written, ply %d fails)", plain.Errors()[0].Ply); !strings.HasSuffix(w.Message, tail) {
					t.Errorf("%q does not end in %q", w.Message, tail)
				}
				found++
				break
			}
		}
	}
	if found == 0 {
		t.Fatal("no legal slip restored")
	}
}

// TestMoveRepairTwoCandidates: two edits both make the rest replay (兵七进一 and 兵九进一 for
// 兵八进一, the pawns never moving again): no repair, and the error names both.
func TestMoveRepairTwoCandidates(t *testing.T) {
	text := "1. 兵八进一 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 马八进九 *\n"
	for _, repair := range []bool{false, true} {
		g := readGame(t, text, repair)
		if g.Valid() || repairedWarning(g) != nil {
			t.Fatalf("repair %v: %v", repair, g.Diagnostics)
		}
		msg := g.Errors()[0].Message
		if !strings.Contains(msg, "did you mean ") || !strings.Contains(msg, "兵七进一 (the rest replays)") || !strings.Contains(msg, "兵九进一 (the rest replays)") {
			t.Errorf("repair %v: %s", repair, msg)
		}
		if c := g.Errors()[0].Candidates; len(c) < 2 {
			t.Errorf("candidates %v", c)
		}
	}
}

// TestMoveRepairInVariation: a slip in a variation is repaired too; the warning says so.
func TestMoveRepairInVariation(t *testing.T) {
	l := bundledLines(t)[0]
	// The main line, and at ply 11 a variation that repeats it for 12 plies with a slip
	// (进 for 退 or the reverse, or a number off) at its 5th move.
	k := 10
	for j := k + 4; j < k+10; j++ {
		var edit string
		for _, ed := range slip.Edits(nil, l.texts[j]) {
			pos, _ := board.NewPosition(l.setup, board.AllProblems)
			for _, m := range l.moves[:j] {
				pos.Play(m)
			}
			if _, _, err := resolveAny(pos, ed.Text); err != nil {
				edit = ed.Text // fails right there
				break
			}
		}
		if edit == "" {
			continue
		}
		alt := slices.Clone(l.texts[k : k+12])
		alt[j-k] = edit
		texts := append(slices.Clone(l.texts[:k+1]), "("+strings.Join(alt, " ")+")")
		texts = append(texts, l.texts[k+1:]...)
		text := l.with(texts).pgnText(l.setup)
		plain := readGame(t, text, false)
		if len(plain.Errors()) != 1 || plain.Errors()[0].Ply != j+1 {
			t.Fatalf("as written: %v", plain.Diagnostics)
		}
		g := readGame(t, text, true)
		w := repairedWarning(g)
		if !g.Valid() || w == nil || !strings.Contains(w.Message, " in a variation") || !slices.Equal(mainMoves(g), l.moves) {
			t.Fatalf("%v", g.Diagnostics)
		}
		var varMoves []board.Move
		for n := g.MainLine()[k-1].Children[1]; ; n = n.Children[0] {
			varMoves = append(varMoves, n.Move)
			if len(n.Children) == 0 {
				break
			}
		}
		if !slices.Equal(varMoves, l.moves[k:k+12]) {
			t.Errorf("variation %v, want %v", varMoves, l.moves[k:k+12])
		}
		return
	}
	t.Fatal("no slip to try")
}

// TestMoveRepairGenuineIllegal: a move replaced by a move of another game (no one slip away
// from a move that fits) stays an error, with or without Repair.
func TestMoveRepairGenuineIllegal(t *testing.T) {
	checked := 0
	for _, l := range bundledLines(t) {
		for k := 8; k < len(l.moves)-6; k += 7 {
			text := l.withText(k, "马九退八")
			plain := readGame(t, text, false)
			if plain.Valid() || plain.Errors()[0].Ply != k+1 || strings.Contains(plain.Errors()[0].Message, "(the rest replays)") {
				continue
			}
			g := readGame(t, text, true)
			if g.Valid() || repairedWarning(g) != nil {
				t.Errorf("%s ply %d: %v", l.name, k+1, g.Diagnostics)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestMoveRepairMateStudy: a one-move study whose FEN has Red's pieces mirrored: its only move
// names the true square of the chariot and mates, as the result says, so the start position
// is repaired. With another result it is not.
func TestMoveRepairMateStudy(t *testing.T) {
	// True: black general d9, red chariot h1, red general e0: 车二平六 mates (the general
	// cannot step to e9, facing Red's).
	mirrored := "3k5/9/9/9/9/9/9/9/1R7/4K4 w - - 0 1"
	g := readGame(t, fmt.Sprintf("[FEN %q]\n[Result \"1-0\"]\n\n1. 车二平六 1-0\n", mirrored), true)
	if !g.Valid() || g.Setup.FEN() != "3k5/9/9/9/9/9/9/9/7R1/4K4 w - - 0 1" {
		t.Fatalf("%s: %v", g.Setup.FEN(), g.Diagnostics)
	}
	for _, result := range []string{"0-1", "1/2-1/2", "*"} {
		g := readGame(t, fmt.Sprintf("[FEN %q]\n[Result %q]\n\n1. 车二平六 %s\n", mirrored, result, result), true)
		if g.Valid() {
			t.Errorf("result %s: repaired: %v", result, g.Diagnostics)
		}
	}
}

// BenchmarkMoveRepair is the search for a slip in one broken game (a real game of 77 plies with
// a slip at its 40th move), with and without Repair, against reading the valid game.
func BenchmarkMoveRepair(b *testing.B) {
	data, err := os.ReadFile("../../corpus/classic/masters-utf8.pgn")
	if err != nil {
		b.Fatal(err)
	}
	g := readGames(b, string(data), false)[0]
	l, _ := lineOf("", g)
	k := len(l.moves) / 2
	slipped := ""
	for _, ed := range slip.Edits(nil, l.texts[k]) {
		if ed.Kind == slip.Direction {
			slipped = l.withText(k, ed.Text)
			break
		}
	}
	valid := l.pgnText(l.setup)
	for _, bc := range []struct {
		name, text string
		repair     bool
	}{{"valid", valid, false}, {"valid-repair", valid, true}, {"slip", slipped, false}, {"slip-repair", slipped, true}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				readGames(b, bc.text, bc.repair)
			}
		})
	}
}
