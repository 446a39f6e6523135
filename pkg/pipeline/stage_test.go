package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// plyStage is a toy stage: a worker counts each file's games and plies, the writer lists the
// counts in input order, and the end of the run keeps the list.
type plyStage struct {
	noStage
	files  []string // what the writer saw, in order
	closed bool
}

type plyCount struct{ games, plies int }

func (*plyStage) name() string        { return "plies" }
func (*plyStage) active(*runner) bool { return true }
func (st *plyStage) game(f *fileRun, g *game.Game) {
	d := f.cur.stageData(st)
	c, _ := (*d).(plyCount)
	*d = plyCount{c.games + 1, c.plies + g.Plies()}
}
func (st *plyStage) fileEnd(f *fileRun) { // small files: one batch each
	d := f.cur.stageData(st)
	c, _ := (*d).(plyCount)
	*d = fmt.Sprintf("%s: %d game, %d plies", filepath.Base(f.in.Source), c.games, c.plies)
}
func (st *plyStage) write(w *writer, p *batch) error {
	if d, ok := p.extra[st]; ok {
		st.files = append(st.files, fmt.Sprint(*d))
	}
	return nil
}
func (st *plyStage) close(w *writer, ok bool) error { st.closed = ok; return nil }

func TestToyStage(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := range 6 {
		name := fmt.Sprintf("f%d.pgn", i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(pgnText("e", randomGame(uint64(i), 10+i))), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, fmt.Sprintf("%s: 1 game, %d plies", name, 10+i))
	}
	st := &plyStage{}
	code, err := runOpts(context.Background(), options{Command: Check, Paths: []string{dir}, Quiet: true, Jobs: 3,
		stages: []stage{st}})
	if err != nil || code != ExitOK {
		t.Fatalf("Run = %d, %v", code, err)
	}
	if !slices.Equal(st.files, want) || !st.closed {
		t.Errorf("the stage saw %q (closed %v), want %q", st.files, st.closed, want)
	}
}
