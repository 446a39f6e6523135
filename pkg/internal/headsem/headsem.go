// Package headsem is a weighted semaphore for work handed to an ordered writer: the pieces of
// work are numbered in the writer's order, and the piece the writer is taking now (the head)
// never waits, since everything behind it may be waiting for the writer to reach it. The
// pipeline bounds with it the output held by files waiting behind the head, and the memory of
// large inputs decoded at once. A Pacer bounds the other side: what the head's producer holds
// ahead of the writer.
package headsem

import (
	"context"
	"sync"
)

// Sem is a weighted semaphore of a fixed size whose head never waits. Its methods may be
// called from any goroutine. A nil *Sem sets no bound: it grants every Acquire at once.
type Sem struct {
	mu   sync.Mutex
	cond sync.Cond
	free int64
	size int64
	head int
}

// New returns a semaphore of size units with piece 0 at the head. When ctx is done, the
// callers waiting in Acquire return false.
func New(ctx context.Context, size int64) *Sem {
	s := &Sem{free: size, size: size}
	s.cond.L = &s.mu
	if ctx.Done() != nil {
		context.AfterFunc(ctx, func() {
			s.mu.Lock()
			s.cond.Broadcast()
			s.mu.Unlock()
		})
	}
	return s
}

// Size returns the semaphore's size (zero for nil).
func (s *Sem) Size() int64 {
	if s == nil {
		return 0
	}
	return s.size
}

// Acquire takes n units for piece seq, waiting until they are free or seq is the head; it
// reports false when ctx is done first (and then takes nothing). Taking zero units never
// waits. The free count may go below zero for the head.
func (s *Sem) Acquire(ctx context.Context, seq int, n int64) bool {
	if n == 0 || s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.free < n && seq != s.head {
		if ctx.Err() != nil {
			return false
		}
		s.cond.Wait()
	}
	s.free -= n
	return true
}

// Release gives back n units.
func (s *Sem) Release(n int64) {
	if n == 0 || s == nil {
		return
	}
	s.mu.Lock()
	s.free += n
	s.mu.Unlock()
	s.cond.Broadcast()
}

// SetHead records the piece the writer takes now: its waits end.
func (s *Sem) SetHead(seq int) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.head = seq
	s.mu.Unlock()
	s.cond.Broadcast()
}

// IsHead reports whether piece seq is the head.
func (s *Sem) IsHead(seq int) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.head == seq
}
