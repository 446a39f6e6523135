package movetree

import (
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/textenc"
)

type testNode struct {
	Links
	move board.Move
}

// pgn writes a game's tree as PGN move text: variations after the move they replace.
func pgn(sb *strings.Builder, n *game.Node) {
	for len(n.Children) > 0 {
		sb.WriteString(" " + n.Children[0].Move.String())
		for _, alt := range n.Children[1:] {
			sb.WriteString(" (" + alt.Move.String())
			pgn(sb, alt)
			sb.WriteString(")")
		}
		n = n.Children[0]
	}
}

func TestEmit(t *testing.T) {
	// Node 0 is the root; each line is a node: its move and its parent (linked in this order).
	// Node 4 is read but not linked: it must not be played.
	tree := []struct {
		move   string
		parent int32
	}{
		{"", -1},
		{"h2e2", 0}, // 1
		{"h9g7", 1}, // 2
		{"c3c4", 0}, // 3: alternative to 1
		{"a0a1", 1}, // 4: not linked
		{"b9c7", 1}, // 5: alternative to 2
		{"b2e2", 0}, // 6: second alternative to 1
		{"b0c2", 2}, // 7
		{"c9e7", 3}, // 8
		{"b2d2", 5}, // 9
	}
	nodes := make([]testNode, len(tree))
	for i, n := range tree {
		nodes[i].Links = Unlinked
		if n.move == "" {
			continue
		}
		s, err := iccs.Parse(n.move)
		if err != nil {
			t.Fatal(err)
		}
		nodes[i].move = board.NewMove(s.From, s.To)
		if i != 4 {
			Link(nodes, n.parent, int32(i))
		}
	}
	if l := nodes[1].Links; l.First != 2 || l.Last != 5 || l.Next != 3 {
		t.Errorf("links of node 1: %+v, want first 2, last 5, next 3", l)
	}
	var w Walker
	for range 2 { // the walker is reused
		var b game.Builder
		b.Begin(1, "test", textenc.Auto)
		b.SetSetup(board.StartSetup(), game.Loc{})
		var played []int32
		Emit(&w, &b, nodes, func(i int32) {
			played = append(played, i)
			b.PlayMove(nodes[i].move, game.Loc{Offset: int64(i)})
		})
		g := b.Finish()
		for _, d := range g.Diagnostics {
			t.Errorf("diagnostic: %v", d)
		}
		if want := []int32{1, 3, 8, 6, 2, 5, 9, 7}; !slices.Equal(played, want) {
			t.Errorf("played %v, want %v", played, want)
		}
		var sb strings.Builder
		pgn(&sb, &g.Root)
		if got, want := sb.String(), " h2e2 (c3c4 c9e7) (b2e2) h9g7 (b9c7 b2d2) b0c2"; got != want {
			t.Errorf("tree %q, want %q", got, want)
		}
	}
}
