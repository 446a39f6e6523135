package xqf

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// dump renders a game as deterministic text for golden files: one "tag" line per tag, the
// start FEN, the result, the game comment, then every line of play (the main line first, then
// each variation in pre-order) as "line N @P:" followed by its moves in ICCS, each move's
// comment in braces, and finally the diagnostics.
func dump(g *game.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "format %s encoding %s\n", g.Format, g.Encoding)
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "tag %s %s\n", t.Name, strconv.Quote(t.Value))
	}
	fmt.Fprintf(&b, "fen %s\n", g.Setup.FEN())
	fmt.Fprintf(&b, "result %s\n", g.Result)
	for _, c := range g.Root.Comments {
		fmt.Fprintf(&b, "comment %s\n", strconv.Quote(c))
	}
	type start struct {
		n     *game.Node
		ply   int
		first bool // the node starts a line
	}
	// A line starts at a variation (a node that is not its parent's first child) or at the
	// root's first child; walk the tree in pre-order with an explicit stack.
	var lines []start
	stack := []start{{&g.Root, 0, false}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.first {
			lines = append(lines, s)
		}
		for i := len(s.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, start{s.n.Children[i], s.ply + 1, i > 0 || s.n == &g.Root})
		}
	}
	for k, l := range lines {
		fmt.Fprintf(&b, "line %d @%d:", k+1, l.ply)
		for n := l.n; ; n = n.Children[0] {
			fmt.Fprintf(&b, " %s", string(n.Move.AppendICCS(nil, false)))
			for _, c := range n.Comments {
				fmt.Fprintf(&b, " {%s}", strings.ReplaceAll(c, "\n", `\n`))
			}
			if len(n.Children) == 0 {
				break
			}
		}
		b.WriteByte('\n')
	}
	for _, d := range g.Diagnostics {
		fmt.Fprintf(&b, "diag %s\n", d.Error())
	}
	return b.String()
}
