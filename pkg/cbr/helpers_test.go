package cbr

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// corpusDir is the shared, read-only corpus of real game records (never copied into the repo).
const corpusDir = "../../../shared/corpus"

// corpusFile is one CBR/CBL file of the corpus, read into memory.
type corpusFile struct {
	rel  string // path relative to corpusDir
	data []byte
}

// corpusFiles returns every .cbr and .cbl file of the corpus (any case), sorted by path; it
// skips the test when the corpus is absent.
func corpusFiles(tb testing.TB) []corpusFile {
	tb.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
	var files []corpusFile
	err := filepath.WalkDir(corpusDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := strings.ToLower(filepath.Ext(p)); ext != ".cbr" && ext != ".cbl" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(corpusDir, p)
		files = append(files, corpusFile{filepath.ToSlash(rel), data})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	return files
}

// readCorpus reads one corpus file; it skips the test when the corpus is absent.
func readCorpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(corpusDir, rel))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// decodeAll returns every game of data and the file-level errors.
func decodeAll(data []byte, path string) (games []*game.Game, errs []error) {
	for g, err := range Decode(bytes.NewReader(data), Config{Path: path}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
	return games, errs
}

// dump renders a game as deterministic text for golden files: tags, start FEN, result, game
// comment, every line of play (main line first, then each variation in pre-order) in ICCS
// with comments in braces, and the diagnostics.
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
	type start struct {
		n     *game.Node
		ply   int
		first bool
	}
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

// countNodes counts the moves of a game's whole tree.
func countNodes(n *game.Node) int {
	c := 0
	stack := []*game.Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c += len(x.Children)
		stack = append(stack, x.Children...)
	}
	return c
}
