package dhtmlxq

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
)

// sharedCorpus is the shared corpus of real files; tests skip when it is absent.
const sharedCorpus = "../../../shared/corpus"

// decodeAll decodes data and returns its games and file-level errors.
func decodeAll(tb testing.TB, path string, data []byte) (games []*game.Game, errs []error) {
	tb.Helper()
	for g, err := range Decode(bytes.NewReader(data), Config{Path: path}) {
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
// variation, each as "@ply: move {comment} move …".
func lines(g *game.Game) []string { return markedLines(g, nil) }

// markedLines is lines with the marks of gamecut.Marks after each node's comments, as the
// writer puts them.
func markedLines(g *game.Game, marks map[*game.Node]string) []string {
	type start struct {
		n     *game.Node
		ply   int
		first bool
	}
	var out []string
	stack := []start{{&g.Root, 0, false}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.first {
			var b strings.Builder
			fmt.Fprintf(&b, "@%d:", s.ply)
			for n := s.n; ; n = n.Children[0] {
				fmt.Fprintf(&b, " %s", string(n.Move.AppendICCS(nil, false)))
				cs := n.Comments
				if m, ok := marks[n]; ok {
					cs = append(cs[:len(cs):len(cs)], m)
				}
				if c := strings.Join(cs, "\n"); c != "" {
					fmt.Fprintf(&b, " {%s}", strings.ReplaceAll(c, "\n", `\n`))
				}
				if len(n.Children) == 0 {
					break
				}
			}
			out = append(out, b.String())
		}
		for i := len(s.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, start{s.n.Children[i], s.ply + 1, i > 0 || s.n == &g.Root})
		}
	}
	return out
}

// dump renders a game as deterministic text for golden files: tags, start FEN, result, game
// comment, every line of play, then the diagnostics.
func dump(g *game.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d format %s encoding %s\n", g.Index, g.Format, g.Encoding)
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "tag %s %s\n", t.Name, strconv.Quote(t.Value))
	}
	fmt.Fprintf(&b, "fen %s\n", g.Setup.FEN())
	fmt.Fprintf(&b, "result %s\n", g.Result)
	for _, c := range g.Root.Comments {
		fmt.Fprintf(&b, "comment %s\n", strconv.Quote(c))
	}
	for i, l := range lines(g) {
		fmt.Fprintf(&b, "line %d %s\n", i+1, l)
	}
	for _, d := range g.Diagnostics {
		fmt.Fprintf(&b, "diag %s\n", d.Error())
	}
	return b.String()
}

// kept is what a DhtmlXQ round trip keeps of a game: the tags the writer writes (names
// compared without regard to case, Result apart), the board and side to move of the start,
// the result, and every line of play with its comments (a node's comments joined). For an
// invalid game, the comments include the marks where its lines stop, and the result is * when
// its main line or setup is cut: what the writer adds.
func kept(g *game.Game) string {
	marks, cut := gamecut.Marks(g)
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

// corpusFiles returns the files of the shared corpus whose name ends with one of exts (lower
// case), skipping the test when the corpus is absent.
func corpusFiles(tb testing.TB, exts ...string) []string {
	tb.Helper()
	if _, err := os.Stat(sharedCorpus); err != nil {
		tb.Skip("shared corpus not found")
	}
	var out []string
	err := filepath.WalkDir(sharedCorpus, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		low := strings.ToLower(p)
		for _, x := range exts {
			if strings.HasSuffix(low, x) {
				out = append(out, p)
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func readFile(tb testing.TB, p string) []byte {
	tb.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
