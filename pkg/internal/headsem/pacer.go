package headsem

import "sync"

// Pacer makes the producer of the head wait for the writer. A Sem bounds only the pieces
// behind the head, since the head's output streams through the writer; when the writer is
// slower than the head's producer (many small files to append to, say), a large head would
// pile up in memory. The producer Acquires what it hands over and waits while Limit is held;
// the writer, which drains the head, Releases it as it goes, so a wait always ends. A piece
// larger than Limit passes alone. Its methods may be called from any goroutine; the zero
// Pacer (no limit given) lets one piece through at a time.
type Pacer struct {
	// Limit is the number of units the head may hold before its producer waits.
	Limit int64

	mu   sync.Mutex
	cond sync.Cond
	held int64
}

// Acquire takes n units, waiting while others are held and n would pass the limit.
func (p *Pacer) Acquire(n int64) {
	p.mu.Lock()
	if p.cond.L == nil {
		p.cond.L = &p.mu
	}
	for p.held > 0 && p.held+n > p.Limit {
		p.cond.Wait()
	}
	p.held += n
	p.mu.Unlock()
}

// Release returns n units (none: nothing to do).
func (p *Pacer) Release(n int64) {
	if n == 0 {
		return
	}
	p.mu.Lock()
	p.held -= n
	p.mu.Unlock()
	p.cond.Broadcast()
}

// Held returns the units held now.
func (p *Pacer) Held() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.held
}
