package ending

import (
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// chaseCycle returns the repeated position and the moves of the check-and-chase cycle, the
// costliest kind to judge (every chasing move tests the victim's protection).
func chaseCycle(tb testing.TB) (*board.Position, []board.Move) {
	tb.Helper()
	pos, err := board.FromFEN("4k4/9/9/R8/9/2c6/9/9/9/3K5 w - - 0 1")
	if err != nil {
		tb.Fatal(err)
	}
	var cycle []board.Move
	for _, s := range []string{"a6a9", "e9e8", "a9a4", "c4c6", "a4a8", "e8e9", "a8a6", "c6c4"} {
		m, err := parseICCS(s)
		if err != nil {
			tb.Fatal(err)
		}
		cycle = append(cycle, m)
	}
	return pos, cycle
}

func TestJudgeCycleAllocs(t *testing.T) {
	pos, cycle := chaseCycle(t)
	var v Verdict
	allocs := testing.AllocsPerRun(100, func() { v = JudgeCycle(pos, cycle, XQBase) })
	if allocs != 0 {
		t.Errorf("JudgeCycle allocates %v times per call", allocs)
	}
	if v.Kind != Repetition || !v.Checks.Has(0) { // one check, one chase: judged, and a draw
		t.Errorf("verdict %v", v.Kind)
	}
	buf := make([]byte, 0, 256)
	if allocs := testing.AllocsPerRun(100, func() { buf = v.AppendReason(buf[:0]) }); allocs != 0 {
		t.Errorf("AppendReason allocates %v times per call", allocs)
	}
}

func TestHistoryPushAllocs(t *testing.T) {
	var h History
	push := func() {
		h.Reset(1)
		for i := range 200 {
			// A shuttle between four keys, a capture every 50 plies.
			h.Push(uint64(i%4), i%50 == 49)
		}
		h.Truncate(100)
		for i := range 100 {
			h.Push(uint64(i%4+10), false)
		}
	}
	push() // grow the storage once
	if allocs := testing.AllocsPerRun(100, push); allocs != 0 {
		t.Errorf("History.Push allocates: %v per 300 plies", allocs)
	}
}

func BenchmarkHistoryPush(b *testing.B) {
	var h History
	h.Reset(0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if h.Len() > 120 { // a path of 120 reversible plies at most, as the natural limit
			h.Reset(0)
		}
		h.Push(uint64(i%6), false)
	}
}

func BenchmarkJudgeCycle(b *testing.B) {
	pos, cycle := chaseCycle(b)
	b.ReportAllocs()
	for b.Loop() {
		JudgeCycle(pos, cycle, XQBase)
	}
}
