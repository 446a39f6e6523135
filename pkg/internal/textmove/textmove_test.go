package textmove

import (
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// TestResolver: moves in any notation; a hint that turns out wrong becomes the notation of the
// moves, with one note.
func TestResolver(t *testing.T) {
	pos := board.StartPosition()
	var r Resolver
	for _, text := range []string{"炮二平五", "H2-E2", "h2e2", "C2.5", "C2=5"} {
		m, note, err := r.Resolve(pos, text)
		if err != nil || m.String() != board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4)).String() {
			t.Errorf("%s: %v %q %v", text, m, note, err)
		}
	}
	r.Hint = notation.WXF
	if _, note, err := r.Resolve(pos, "炮二平五"); err != nil || note == "" || r.Hint != notation.Chinese {
		t.Errorf("wrong hint: note %q, err %v, hint %v", note, err, r.Hint)
	}
	if _, _, err := r.Resolve(pos, "炮二进九"); err == nil {
		t.Error("an illegal move resolved")
	}
}

// TestCut: long texts are cut on a character boundary.
func TestCut(t *testing.T) {
	if Cut("炮二平五") != "炮二平五" {
		t.Error("a move was cut")
	}
	long := strings.Repeat("炮", 40)
	if c := Cut(long); len(c) > MaxMoveText || !strings.HasPrefix(long, c) || len(c) != 63 {
		t.Errorf("Cut = %q (%d bytes)", c, len(c))
	}
}
