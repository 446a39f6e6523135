package cbr

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// corpusFile is one CBR/CBL file of the corpus, read into memory.
type corpusFile struct {
	rel  string // path relative to testutil.CorpusDir
	data []byte
}

// corpusFiles returns every .cbr and .cbl file of the corpus (any case), sorted by path; it
// skips the test when the corpus is absent.
func corpusFiles(tb testing.TB) []corpusFile {
	tb.Helper()
	var files []corpusFile
	for _, p := range testutil.CorpusFiles(tb, ".cbr", ".cbl") {
		files = append(files, corpusFile{testutil.Rel(p), testutil.ReadFile(tb, p)})
	}
	return files
}

// readCorpus reads one corpus file; it skips the test when the corpus is absent.
func readCorpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	return testutil.ReadCorpus(tb, rel)
}

// decodeAll returns every game of data and the file-level errors and warnings (the notes
// of empty records left out: see decodeNotes).
func decodeAll(data []byte, path string) (games []*game.Game, errs []error) {
	games, errs, _ = decodeNotes(data, path)
	return games, errs
}

// decodeNotes returns every game of data, the file-level errors and warnings, and the notes.
func decodeNotes(data []byte, path string) (games []*game.Game, errs []error, notes []*game.Diagnostic) {
	for g, err := range Read(bytes.NewReader(data), Config{Path: path}) {
		var d *game.Diagnostic
		switch {
		case errors.As(err, &d) && d.IsNote():
			notes = append(notes, d)
		case err != nil:
			errs = append(errs, err)
		default:
			games = append(games, g)
		}
	}
	return games, errs, notes
}

// dump renders a game as deterministic text for golden files: tags, start FEN, result, game
// comment, every line of play (main line first, then each variation in pre-order) in ICCS
// with comments in braces, and the diagnostics.
func dump(g *game.Game) string {
	return testutil.Dump(g, fmt.Sprintf("game %d format %s encoding %s", g.Index, g.Format, g.Encoding), false)
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
