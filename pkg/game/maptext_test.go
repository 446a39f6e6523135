package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// TestMapText: every tag value, the opening's names and every comment of the tree, in the
// variations too, go through the conversion; the move texts do not, and a failed conversion
// leaves its text.
func TestMapText(t *testing.T) {
	t.Parallel()
	g := &game.Game{Tags: []game.Tag{{Name: "Event", Value: "cup"}, {Name: "Site", Value: "keep"}}}
	g.Opening = game.Opening{Code: "C45", Name: "opening", Variation: "line"}
	main := &game.Node{Text: "h2e2", Comments: []string{"main"}, Parent: &g.Root}
	side := &game.Node{Text: "b2e2", Comments: []string{"side", "keep"}, Parent: &g.Root}
	deep := &game.Node{Text: "h9g7", Comments: []string{"deep"}, Parent: main}
	main.Children = []*game.Node{deep}
	g.Root.Comments = []string{"root"}
	g.Root.Children = []*game.Node{main, side}
	g.MapText(func(s string) (string, error) {
		if s == "keep" {
			return "", errors.New("cannot")
		}
		return strings.ToUpper(s), nil
	})
	got := []string{g.Tags[0].Value, g.Tags[1].Value, g.Opening.Code, g.Opening.Name, g.Opening.Variation,
		g.Root.Comments[0], main.Comments[0], side.Comments[0], side.Comments[1], deep.Comments[0],
		main.Text, side.Text, deep.Text}
	want := []string{"CUP", "keep", "C45", "OPENING", "LINE", "ROOT", "MAIN", "SIDE", "keep", "DEEP", "h2e2", "b2e2", "h9g7"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}
