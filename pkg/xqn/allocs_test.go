package xqn

import (
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
)

// TestAllocsPerPly: a ply costs at most the one allocation of its score comment (the node's
// comment list); the score and the move text are substrings of the decoded text.
func TestAllocsPerPly(t *testing.T) {
	short, long := readertest.LongGame(1, 40), readertest.LongGame(1, 400)
	if short == nil || long == nil {
		t.Fatal("no random game of 400 plies")
	}
	n := readertest.AllocsPerPly(dec, encodeGame(t, short), encodeGame(t, long), 360)
	if n > 1.1 {
		t.Errorf("%.2f allocations per ply", n)
	}
	t.Logf("%.3f allocations per ply", n)
}
