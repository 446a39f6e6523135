package game_test

import (
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

func TestClearNAGs(t *testing.T) {
	var n game.Node
	n.ClearNAGs() // nothing to clear
	n.SetNonstandard("note")
	n.AddNAG(1)
	n.AddNAG(14)
	n.ClearNAGs()
	if len(n.NAGs()) != 0 || n.Nonstandard() != "note" {
		t.Errorf("after ClearNAGs: %v %q", n.NAGs(), n.Nonstandard())
	}
	n.AddNAG(2)
	if len(n.NAGs()) != 1 || n.NAGs()[0] != 2 {
		t.Errorf("a NAG added after ClearNAGs: %v", n.NAGs())
	}
}
