package headsem

import (
	"testing"
	"time"
)

// TestPacer: the producer waits while Limit units are held, until the writer releases them;
// a piece larger than the limit still passes alone.
func TestPacer(t *testing.T) {
	t.Parallel()
	p := Pacer{Limit: 100}
	p.Acquire(200) // alone: never waits
	done := make(chan struct{})
	go func() {
		p.Acquire(1)
		close(done)
	}()
	select {
	case <-done:
		t.Fatal("Acquire did not wait")
	case <-time.After(20 * time.Millisecond):
	}
	p.Release(200)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Acquire still waits after the release")
	}
	p.Release(0)
	if h := p.Held(); h != 1 {
		t.Errorf("held %d, want 1", h)
	}
	// Under the limit nothing waits.
	p.Acquire(99)
	if h := p.Held(); h != 100 {
		t.Errorf("held %d, want 100", h)
	}
}
