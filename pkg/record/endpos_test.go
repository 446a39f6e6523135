package record_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// replayedEnd is the end of g's main line found by replaying it from the start.
func replayedEnd(g *game.Game) string {
	pos := g.StartPosition()
	for n := &g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		pos.Play(n.Move)
	}
	return pos.FEN()
}

// TestEndPositionIsReplayedEnd checks that the end position the builder keeps at Finish is
// the one a replay of the main line reaches, for every game of the repository's corpus (edge
// cases: variations, failed moves, bad setups) and of the shared corpus, with and without
// repairs; and that a main line changed after Finish is replayed instead.
func TestEndPositionIsReplayedEnd(t *testing.T) {
	t.Parallel()
	roots := []string{"../../corpus"}
	if _, err := os.Stat(sharedCorpus); err == nil {
		roots = append(roots, sharedCorpus)
	} else {
		t.Logf("no shared corpus: %v", err)
	}
	games, cut := 0, 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			for _, opts := range [][]record.Option{nil, {record.WithRepair()}} {
				for g, err := range record.ReadFile(path, opts...) {
					if g == nil || err != nil && !record.IsWarning(err) && g.Plies() == 0 {
						continue
					}
					games++
					end := g.EndPosition()
					if got, want := end.FEN(), replayedEnd(g); got != want {
						t.Errorf("%s game %d: EndPosition %s, replay %s", path, g.Index, got, want)
					}
					if g.Plies() > 1 && cut < 50 {
						cut++
						// Cut the main line after its first move: EndPosition must follow.
						first := g.Root.Children[0]
						first.Children = nil
						end := g.EndPosition()
						if got, want := end.FEN(), replayedEnd(g); got != want {
							t.Errorf("%s game %d cut: EndPosition %s, replay %s", path, g.Index, got, want)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// A variation left open at the end of the game: the main line ends before it.
	for g, err := range record.Read(strings.NewReader("1. h2e2 h9g7 2. h0g2 (2. b2d2 b9c7\n"), "open.pgn") {
		if g == nil {
			t.Fatalf("open.pgn: %v", err)
		}
		games++
		end := g.EndPosition()
		if got, want := end.FEN(), replayedEnd(g); got != want || g.Plies() != 3 {
			t.Errorf("open.pgn: EndPosition %s, replay %s (%d plies)", got, want, g.Plies())
		}
	}
	if games < 20 || cut == 0 {
		t.Errorf("only %d games (%d cut)", games, cut)
	}
}
