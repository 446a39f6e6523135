package cbf

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// decodeAll decodes data and returns its game (nil if none) and file error.
func decodeAll(tb testing.TB, path string, data []byte) (*game.Game, error) {
	tb.Helper()
	var g *game.Game
	var ferr error
	n := 0
	for gg, err := range Read(bytes.NewReader(data), Config{Path: path}) {
		n++
		g, ferr = gg, err
	}
	if n != 1 {
		tb.Fatalf("%s: Decode yielded %d times, want 1", path, n)
	}
	return g, ferr
}

// dump renders a game for golden files: tags, start FEN, result, comments, the main line in
// ICCS with comments, then the diagnostics.
func dump(g *game.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "format %s encoding %s\n", g.Format, g.Encoding)
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "tag %s %s\n", t.Name, strconv.Quote(t.Value))
	}
	fmt.Fprintf(&b, "fen %s\nresult %s\n", g.Setup.FEN(), g.Result)
	for _, c := range g.Root.Comments {
		fmt.Fprintf(&b, "comment %s\n", strconv.Quote(c))
	}
	for i, n := range g.MainLine() {
		fmt.Fprintf(&b, "%d. %s", i+1, string(n.Move.AppendICCS(nil, false)))
		for _, c := range n.Comments {
			fmt.Fprintf(&b, " {%s}", strings.ReplaceAll(c, "\n", `\n`))
		}
		b.WriteByte('\n')
	}
	for _, d := range g.Diagnostics {
		fmt.Fprintf(&b, "diag %s\n", d.Error())
	}
	return b.String()
}
