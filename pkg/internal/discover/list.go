package discover

import (
	"context"
	"sync"
)

// List is the inputs of a run, appended by a walk while others already take the first ones.
type List struct {
	mu     sync.Mutex
	cond   sync.Cond
	inputs []*Input
	done   bool
	found  chan struct{} // closed when the list is complete (or the walk gave up)
}

// NewList returns an empty list; Fill fills it.
func NewList() *List {
	l := &List{found: make(chan struct{})}
	l.cond.L = &l.mu
	return l
}

// Fill runs d's walk of paths and listed into the list (Discovery.Discover) and then marks it
// complete; it stops early when ctx is done. It is called once, usually on a goroutine of its
// own.
func (l *List) Fill(ctx context.Context, d *Discovery, paths, listed []string) {
	defer close(l.found)
	d.Discover(paths, listed, func(in *Input) bool {
		l.mu.Lock()
		l.inputs = append(l.inputs, in)
		l.mu.Unlock()
		l.cond.Signal()
		return ctx.Err() == nil
	})
	l.mu.Lock()
	l.done = true
	l.mu.Unlock()
	l.cond.Broadcast()
}

// Found is closed once the list is complete.
func (l *List) Found() <-chan struct{} { return l.found }

// Get returns input i, waiting for the walk to find it; nil when there is none (or it was
// forgotten).
func (l *List) Get(i int) *Input {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i >= len(l.inputs) && !l.done {
		l.cond.Wait()
	}
	if i < len(l.inputs) {
		return l.inputs[i]
	}
	return nil
}

// Forget drops input i: the list of an archive of 100,000 files is some 40 MB of paths,
// which the collector would otherwise mark in every cycle until the end of the run.
func (l *List) Forget(i int) {
	l.mu.Lock()
	l.inputs[i] = nil
	l.mu.Unlock()
}

// All returns the inputs; only once the list is complete (after Found is closed).
func (l *List) All() []*Input {
	<-l.found
	return l.inputs
}
