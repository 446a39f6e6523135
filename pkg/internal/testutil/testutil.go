// Package testutil holds what the tests of the format readers share: the shared corpus of
// real files (skipped cleanly where it is absent), golden files rewritten only with -update,
// and a deterministic text dump of a game for them.
package testutil

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// CorpusDir is the shared, read-only corpus of real game records as a package directory
// (pkg/NAME) sees it; it is never copied into the repository.
const CorpusDir = "../../../shared/corpus"

// skipNoCorpus skips tb when the corpus is absent.
func skipNoCorpus(tb testing.TB) {
	tb.Helper()
	if _, err := os.Stat(CorpusDir); err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
}

// CorpusFiles returns the paths (CorpusDir joined, slash-separated, sorted) of the corpus
// files whose names end with one of exts, compared without regard to case (exts in lower
// case, with the dot). It skips tb when the corpus is absent.
func CorpusFiles(tb testing.TB, exts ...string) []string {
	tb.Helper()
	skipNoCorpus(tb)
	var out []string
	err := filepath.WalkDir(CorpusDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		low := strings.ToLower(p)
		for _, x := range exts {
			if strings.HasSuffix(low, x) {
				out = append(out, filepath.ToSlash(p))
				break
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// Rel returns a path CorpusFiles returned relative to CorpusDir.
func Rel(p string) string { return strings.TrimPrefix(p, CorpusDir+"/") }

// ReadCorpus reads the corpus file rel (relative to CorpusDir); it skips tb when the corpus
// is absent.
func ReadCorpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	skipNoCorpus(tb)
	return ReadFile(tb, filepath.Join(CorpusDir, rel))
}

// ReadFile reads a file or fails tb.
func ReadFile(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// Golden compares got with the golden file path; with update, it rewrites the file instead.
func Golden(tb testing.TB, path, got string, update bool) {
	tb.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		tb.Errorf("%s differs (run with -update to rewrite it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// GoldenFiles runs a subtest per input and compares what render makes of it (given the
// file's base name and bytes) with testdata/NAME.golden, or rewrites that with update. The
// inputs are the corpus files of real (golden NAME → path relative to CorpusDir; skipped where
// the corpus is absent) and every file of testdata/input (NAME "input-" and the file name
// without its extension).
func GoldenFiles(t *testing.T, real map[string]string, update bool, render func(t *testing.T, name string, data []byte) string) {
	t.Helper()
	inputs := map[string]string{}
	for name, rel := range real {
		inputs[name] = filepath.Join(CorpusDir, rel)
	}
	entries, err := os.ReadDir("testdata/input")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		inputs["input-"+strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))] = filepath.Join("testdata/input", e.Name())
	}
	for name, path := range inputs {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				if _, ok := real[name]; ok {
					t.Skip("shared corpus not found")
				}
				t.Fatal(err)
			}
			Golden(t, filepath.Join("testdata", name+".golden"), render(t, filepath.Base(path), data), update)
		})
	}
}

// Lines lists the lines of play of g in pre-order, the main line first, then each variation
// where it starts (a node that is not its parent's first child), each as "@PLY: MOVE {COMMENT}
// MOVE …" with the moves in ICCS and newlines in comments written \n. A node's comments are
// each in braces or, with join, joined by newlines in one pair after its mark from marks (nil
// for none) is added (no braces when that is empty).
func Lines(g *game.Game, join bool, marks map[*game.Node]string) []string {
	type start struct {
		n     *game.Node
		ply   int
		first bool // the node starts a line
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
				fmt.Fprintf(&b, " %s", n.Move.AppendICCS(nil, false))
				comments := n.Comments
				if join {
					if m, ok := marks[n]; ok {
						comments = append(comments[:len(comments):len(comments)], m)
					}
					c := strings.Join(comments, "\n")
					comments = nil
					if c != "" {
						comments = []string{c}
					}
				}
				for _, c := range comments {
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

// Dump renders g as deterministic text for golden files: the line header, then one "tag" line
// per tag, the start FEN, the result, the game comments, every line of play as Lines writes
// it (numbered "line N"), and the diagnostics.
func Dump(g *game.Game, header string, join bool) string {
	var b strings.Builder
	b.WriteString(header + "\n")
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "tag %s %s\n", t.Name, strconv.Quote(t.Value))
	}
	fmt.Fprintf(&b, "fen %s\n", g.Setup.FEN())
	fmt.Fprintf(&b, "result %s\n", g.Result)
	for _, c := range g.Root.Comments {
		fmt.Fprintf(&b, "comment %s\n", strconv.Quote(c))
	}
	for i, l := range Lines(g, join, nil) {
		fmt.Fprintf(&b, "line %d %s\n", i+1, l)
	}
	for _, d := range g.Diagnostics {
		fmt.Fprintf(&b, "diag %s\n", d.Error())
	}
	return b.String()
}

// FailingReader reads R, then fails with Err instead of io.EOF: a disk that fails after the
// bytes it gave.
type FailingReader struct {
	R   io.Reader
	Err error
}

func (f *FailingReader) Read(p []byte) (int, error) {
	n, err := f.R.Read(p)
	if err == io.EOF {
		return n, f.Err
	}
	return n, err
}
