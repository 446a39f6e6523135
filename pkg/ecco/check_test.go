package ecco

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// gameOfRule builds the game of the first line of the rule with the code.
func gameOfRule(t *testing.T, code string) *game.Game {
	t.Helper()
	tb := rules(Program)
	for i := range tb.rules {
		r := &tb.rules[i]
		if r.codeText != code || len(r.lines) == 0 {
			continue
		}
		moves, err := synthesize(t, tb, &r.lines[0], [2]int{})
		if err != nil || len(moves) == 0 {
			t.Fatalf("%s: no game from its first line: %v", code, err)
		}
		var text []string
		for _, m := range moves {
			text = append(text, string(m.AppendICCS(nil, false)))
		}
		return gameOf(t, "", strings.Join(text, " "))
	}
	t.Fatalf("no rule %s", code)
	return nil
}

// TestCheckTaggerSwap: a tag C85 where the rules give C86 (and the reverse) is the 15-ply
// tagger's label swap, a note; any other differing tag is a warning; an equal tag says nothing.
func TestCheckTaggerSwap(t *testing.T) {
	cases := []struct {
		code, tag string
		level     game.Level // 0: no ecco diagnostic
		says      string
	}{
		{"C86", "C85", game.LevelNote, "writes C85 and C86 swapped"},
		{"C85", "C86", game.LevelNote, "writes C85 and C86 swapped"},
		{"C86", "c85", game.LevelNote, "writes C85 and C86 swapped"},
		{"C86", "C84", game.LevelWarning, `ECCO tag "C84" but the opening rules give C86`},
		{"C85", "C85", 0, ""},
	}
	for _, c := range cases {
		g := gameOfRule(t, c.code)
		g.Diagnostics = nil
		g.SetTag("ECCO", c.tag)
		NewCheck(CheckOptions{Plies: MaxPlies}).Run(g)
		if g.Opening.Code != c.code {
			t.Fatalf("%s tagged %s: classified %s", c.code, c.tag, g.Opening.Code)
		}
		var found []*game.Diagnostic
		for _, d := range g.Diagnostics {
			if d.Kind == game.KindECCO {
				found = append(found, d)
			}
		}
		switch {
		case c.level == 0 && len(found) != 0:
			t.Errorf("%s tagged %s: %v", c.code, c.tag, found[0].Message)
		case c.level != 0 && len(found) != 1:
			t.Errorf("%s tagged %s: %d ecco diagnostics, want 1", c.code, c.tag, len(found))
		case c.level != 0 && (found[0].Level != c.level || !strings.Contains(found[0].Message, c.says)):
			t.Errorf("%s tagged %s: %v %q, want %v containing %q", c.code, c.tag, found[0].Level, found[0].Message, c.level, c.says)
		}
	}
}
