package xqf

import (
	"fmt"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// dump renders a game as deterministic text for golden files: one "tag" line per tag, the
// start FEN, the result, the game comment, then every line of play (the main line first, then
// each variation in pre-order) as "line N @P:" followed by its moves in ICCS, each move's
// comment in braces, and finally the diagnostics.
func dump(g *game.Game) string {
	return testutil.Dump(g, fmt.Sprintf("format %s encoding %s", g.Format, g.Encoding), false)
}
