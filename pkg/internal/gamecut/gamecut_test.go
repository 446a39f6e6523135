package gamecut

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

func TestText(t *testing.T) {
	for _, tc := range []struct {
		c    Cut
		want string
	}{
		{Cut{Diag: &game.Diagnostic{Kind: game.KindIllegal, Ply: 4, Token: "车九进九"}, MainLine: true},
			`qipu: game ends here: illegal move "车九进九" at ply 4`},
		{Cut{Diag: &game.Diagnostic{Kind: game.KindAmbiguous, Ply: 1, Token: "車九2"}},
			`qipu: variation ends here: ambiguous move "車九2" at ply 1`},
		{Cut{Diag: &game.Diagnostic{Kind: game.KindSyntax, Ply: 2, Token: "x\"}"}, MainLine: true},
			`qipu: game ends here: syntax error "x\"}" at ply 2`},
		{Cut{Diag: &game.Diagnostic{Kind: game.KindSetup, Message: "invalid setup: black has no general"}, MainLine: true},
			`qipu: game ends here: setup error: invalid setup: black has no general`},
	} {
		if got := Text(tc.c); got != tc.want {
			t.Errorf("Text = %s, want %s", got, tc.want)
		}
	}
}

// TestMarks: a valid game has no marks; a cut main line is found at its end, and a marker
// already written (a game read back from a marked record) is not added again.
func TestMarks(t *testing.T) {
	g := &game.Game{Setup: board.StartSetup()}
	if m, cut := Marks(g, nil); m != nil || cut {
		t.Errorf("valid game: %v, %v", m, cut)
	}
	a := &game.Node{Parent: &g.Root, Loc: game.Loc{Offset: 5}}
	g.Root.Children = []*game.Node{a}
	g.Diagnostics = []*game.Diagnostic{{Kind: game.KindIllegal, Ply: 2, Token: "x", Loc: game.Loc{Offset: 9}}}
	m, cut := Marks(g, nil)
	if !cut || m[a] != `qipu: game ends here: illegal move "x" at ply 2` {
		t.Errorf("marks %v, cut %v", m, cut)
	}
	a.Comments = []string{"note\n" + m[a]}
	if m, cut := Marks(g, nil); len(m) != 0 || !cut {
		t.Errorf("marked again: %v, %v", m, cut)
	}
	// A marker as the format reads it back (PGN writes '}' as '｝') is recognized too.
	g.Diagnostics[0].Token = "}"
	readBack := func(c string) string { return strings.ReplaceAll(c, "}", "｝") }
	m, _ = Marks(g, readBack)
	a.Comments = []string{readBack(m[a])}
	if m, _ := Marks(g, nil); len(m) != 1 {
		t.Errorf("without readBack, the marker read back is not recognized: %v", m)
	}
	if m, _ := Marks(g, readBack); len(m) != 0 {
		t.Errorf("marked again after reading back: %v", m)
	}
}
