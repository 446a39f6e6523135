package dhtmlxq

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// decodeAll decodes data and returns its games and file-level errors.
func decodeAll(tb testing.TB, path string, data []byte) (games []*game.Game, errs []error) {
	tb.Helper()
	for g, err := range Read(bytes.NewReader(data), Config{Path: path}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
	return games, errs
}

func encodeT(tb testing.TB, g *game.Game) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, g); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// lines lists the lines of play of a game in pre-order: the main line first, then each
// variation, each as "@ply: move {comment} move …" (a node's comments joined).
func lines(g *game.Game) []string { return testutil.Lines(g, true, nil) }

// markedLines is lines with the marks of gamecut.Marks after each node's comments, as the
// writer puts them.
func markedLines(g *game.Game, marks map[*game.Node]string) []string {
	return testutil.Lines(g, true, marks)
}

// dump renders a game as deterministic text for golden files: tags, start FEN, result, game
// comment, every line of play, then the diagnostics.
func dump(g *game.Game) string {
	return testutil.Dump(g, fmt.Sprintf("game %d format %s encoding %s", g.Index, g.Format, g.Encoding), true)
}

// kept is what a DhtmlXQ round trip keeps of a game: the tags the writer writes (names
// compared without regard to case, Result apart), the board and side to move of the start,
// the result, and every line of play with its comments (a node's comments joined). For an
// invalid game, the comments include the marks where its lines stop, and the result is * when
// its main line or setup is cut: what the writer adds.
func kept(g *game.Game) string {
	marks, cut := gamecut.Marks(g, nil)
	var b strings.Builder
	for _, t := range g.Tags {
		if _, ok := fieldKey(t.Name); !ok || strings.EqualFold(t.Name, "Result") || strings.TrimSpace(t.Value) == "" {
			continue
		}
		v := strings.Join(strings.Fields(strings.ReplaceAll(t.Value, "\n", " ")), " ")
		fmt.Fprintf(&b, "tag %s %q\n", strings.ToLower(t.Name), v)
	}
	fmt.Fprintf(&b, "board %s %s\n", g.Setup.BoardFEN(), g.Setup.Turn)
	result := g.Result
	if cut {
		result = "*"
	}
	fmt.Fprintf(&b, "result %s\n", result)
	rc := g.Root.Comments
	if m, ok := marks[&g.Root]; ok {
		rc = append(rc[:len(rc):len(rc)], m)
	}
	if c := strings.Join(rc, "\n"); c != "" {
		fmt.Fprintf(&b, "comment %q\n", c)
	}
	for _, l := range markedLines(g, marks) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// roundTrip encodes g, decodes the block and checks that it keeps what kept says.
func roundTrip(tb testing.TB, name string, g *game.Game) {
	tb.Helper()
	out := encodeT(tb, g)
	games, errs := decodeAll(tb, name, out)
	if len(errs) > 0 || len(games) != 1 {
		tb.Fatalf("%s: read back %d games, errors %v\n%s", name, len(games), errs, out)
	}
	back := games[0]
	if !back.Valid() {
		tb.Errorf("%s: read back with errors: %v\n%s", name, back.Errors(), out)
	}
	if want, got := kept(g), kept(back); want != got {
		tb.Errorf("%s: round trip differs\nwant:\n%s\ngot:\n%s\nblock:\n%s", name, want, got, out)
	}
}
