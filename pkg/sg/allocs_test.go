package sg

import (
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/readertest"
)

// TestAllocsPerPly: a ply costs no allocation (the builder's nodes come in chunks).
func TestAllocsPerPly(t *testing.T) {
	short, long := readertest.LongGame(1, 40), readertest.LongGame(1, 400)
	if short == nil || long == nil {
		t.Fatal("no random game of 400 plies")
	}
	n := readertest.AllocsPerPly(dec, encodeRecords([]*game.Game{short}), encodeRecords([]*game.Game{long}), 360)
	if n > 0.1 {
		t.Errorf("%.2f allocations per ply", n)
	}
	t.Logf("%.3f allocations per ply", n)
}
