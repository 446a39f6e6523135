package ecco

import (
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// wxfLine writes the first 20 plies of g's main line in WXF keys (mirrored as classified), for
// failure messages.
func wxfLine(g *game.Game) string {
	var moves []board.Move
	for n := &g.Root; len(n.Children) > 0 && len(moves) < 20; {
		n = n.Children[0]
		moves = append(moves, n.Move)
	}
	var p played
	p.replay(rules(Program), moves)
	var b strings.Builder
	for i := 0; i < p.n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.keys[i].String())
	}
	return b.String()
}
