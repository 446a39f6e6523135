package board

import "testing"

func TestPassTurn(t *testing.T) {
	p := StartPosition()
	before := *p
	p.PassTurn()
	if p.Turn() != Black || p.Key() != p.ComputeKey() || p.Key() == before.Key() {
		t.Fatalf("after PassTurn: turn %v, key %x, fresh key %x", p.Turn(), p.Key(), p.ComputeKey())
	}
	if p.CountLegal() != 44 {
		t.Errorf("Black has %d moves after a pass, want 44", p.CountLegal())
	}
	p.PassTurn()
	if *p != before {
		t.Error("PassTurn twice does not restore the position")
	}
}
