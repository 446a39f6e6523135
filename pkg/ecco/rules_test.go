package ecco

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

func TestParseRulesErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"unknown block", "rule A01 x\n", "unknown line"},
		{"bad code", "code Z01 x\n", "bad or repeated code"},
		{"repeated code", "code A01 x\n  r: A4+5\ncode A01 y\n", "bad or repeated code"},
		{"bad move", "code A01 x\n  r: A4*5\n", "want PIECE FILE"},
		{"bad piece", "code A01 x\n  r: Q4+5\n", "unknown piece"},
		{"short move", "code A01 x\n  r: A4+\n", "want 4 characters"},
		{"unclosed fillers", "code A01 x\n  r: [P3+1 A4+5\n", "unclosed ["},
		{"fillers at the end", "code A01 x\n  r: A4+5 [P3+1]\n", "no move after it"},
		{"stray brace", "code A01 x\n  r: A4+5 }\n", "unexpected"},
		{"empty set", "code A01 x\n  r: { }\n", "bad {…} set"},
		{"side twice", "code A01 x\n  r: A4+5\n  r: A6+5\n", "given twice"},
		{"unknown group", "code A01 x\n  in: G\n  r: A4+5\n", "unknown group"},
		{"bad range", "code A01 x\n  r: A4+5\n  not: A05-A02\n", "bad code range"},
		{"condition outside", "  r: A4+5\n", "outside a block"},
		{"or first", "code A01 x\n  or\n", "before any condition"},
		{"bad base ply", "base B x r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2\n", "bad ply"},
		{"bad base board", "base B 9 rnbak\n", "FEN"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseRules(c.text, Program)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("parseRules: %v, want an error with %q", err, c.want)
			}
		})
	}
}

func TestParseKeyRoundTrip(t *testing.T) {
	for _, s := range []string{"C2.5", "N8+7", "R2-2", "A4+5", "B7+9", "K5.6", "P3+1"} {
		k, err := parseKey(s)
		if err != nil || k.String() != s {
			t.Errorf("parseKey(%q) = %v (%v), String %q", s, k, err, k.String())
		}
	}
}

// TestMoveKeys checks the WXF description of moves from the start position, for both sides.
func TestMoveKeys(t *testing.T) {
	start := board.StartSetup().Board
	for _, c := range []struct{ iccs, want string }{
		{"h2e2", "C2.5"}, {"h0g2", "N2+3"}, {"i0i1", "R1+1"}, {"c3c4", "P7+1"}, {"g0e2", "B3+5"},
		{"f0e1", "A4+5"}, {"h7e7", "C8.5"}, {"b7e7", "C2.5"}, {"h9g7", "N8+7"}, {"a9a8", "R1+1"}, {"g6g5", "P7+1"},
		{"e9e8", "K5+1"}, {"h7h0", "C8+7"}, {"b2b9", "C8+7"},
	} {
		from, _ := board.SquareFromICCS(c.iccs[0], c.iccs[1])
		to, _ := board.SquareFromICCS(c.iccs[2], c.iccs[3])
		if got := moveKey(start[from], from, to).String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.iccs, got, c.want)
		}
	}
}

// FuzzClassifyMoves feeds arbitrary moves, squares off the board included: ClassifyMoves
// must never panic, and a code it gives must be a real one.
func FuzzClassifyMoves(f *testing.F) {
	f.Add([]byte{0x13, 0x05, 0x40, 0x2a})
	f.Add([]byte("h2e2h9g7h0g2i9h9"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var moves []board.Move
		for i := 0; i+1 < len(data) && len(moves) < 40; i += 2 {
			moves = append(moves, board.Move(uint16(data[i])|uint16(data[i+1])<<8))
		}
		r, ok := ClassifyMoves(moves, int(len(data)%30))
		if ok && codeIndex(r.Code) < 0 {
			t.Fatalf("bad code %q", r.Code)
		}
	})
}
