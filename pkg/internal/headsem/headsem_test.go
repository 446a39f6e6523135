package headsem

import (
	"context"
	"testing"
	"time"
)

// TestHeadNeverWaits: a piece behind the head waits for units; the head takes them even
// when none are free, and a wait ends when its piece becomes the head or units come back.
func TestHeadNeverWaits(t *testing.T) {
	ctx := context.Background()
	s := New(ctx, 10)
	if !s.Acquire(ctx, 0, 25) { // the head: more than the size
		t.Fatal("the head waited")
	}
	got := make(chan int, 2)
	go func() { s.Acquire(ctx, 1, 5); got <- 1 }()
	go func() { s.Acquire(ctx, 2, 5); got <- 2 }()
	select {
	case k := <-got:
		t.Fatalf("piece %d took units that are not free", k)
	case <-time.After(20 * time.Millisecond):
	}
	s.SetHead(1)
	if k := <-got; k != 1 {
		t.Fatalf("piece %d went first, want the new head 1", k)
	}
	if !s.IsHead(1) || s.IsHead(2) {
		t.Error("IsHead does not follow SetHead")
	}
	s.Release(25) // free: 10 - 25 - 5 + 25 = 5
	if k := <-got; k != 2 {
		t.Fatalf("piece %d, want 2 once units came back", k)
	}
}

// TestAcquireGivesUp: a wait ends with false when the context is done, and zero units never
// wait.
func TestAcquireGivesUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx, 1)
	if !s.Acquire(ctx, 3, 0) {
		t.Fatal("zero units waited")
	}
	done := make(chan bool)
	go func() { done <- s.Acquire(ctx, 3, 2) }()
	time.Sleep(10 * time.Millisecond)
	cancel()
	if <-done {
		t.Error("Acquire took units after its context was done")
	}
	if s.Size() != 1 {
		t.Errorf("Size %d, want 1", s.Size())
	}
}
