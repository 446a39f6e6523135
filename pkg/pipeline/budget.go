package pipeline

import (
	"sync"
)

// minBudget and jobBudget size the output budget: the bytes of output that files not yet at
// the head of the queue may hold while they wait for the writer (max(minBudget, jobs ×
// jobBudget)). The file at the head streams through without limit: the writer drains it.
// Config.budget replaces them in tests.
const (
	minBudget int64 = 32 << 20
	jobBudget int64 = 8 << 20
)

// budget bounds the output held by the files waiting behind the head of the queue. A worker
// of a waiting file blocks in acquire until enough is released or its file becomes the head,
// so memory stays bounded by the worker count while workers keep going ahead of a large file.
type budget struct {
	mu   sync.Mutex
	cond sync.Cond
	free int64
	head int // sequence number of the file the writer is draining
}

func newBudget(n int64) *budget {
	b := &budget{free: n}
	b.cond.L = &b.mu
	return b
}

// acquire takes n bytes for a batch of file seq, waiting while they are not there, unless
// seq is the head.
func (b *budget) acquire(seq int, n int64) {
	b.mu.Lock()
	for b.free < n && seq != b.head {
		b.cond.Wait()
	}
	b.free -= n
	b.mu.Unlock()
}

// release returns n bytes once a batch is written.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// setHead records the file the writer now drains.
func (b *budget) setHead(seq int) {
	b.mu.Lock()
	b.head = seq
	b.mu.Unlock()
	b.cond.Broadcast()
}
