package pipeline

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
)

// DefaultMemoryLimit is the memory a run aims to stay within when Config.MemoryLimit is zero:
// with the Go runtime's soft limit set to it (as the command line does), a run's peak resident
// memory stays under 200 MB at any -j, on archives that hold trees of a few hundred thousand
// moves.
const DefaultMemoryLimit int64 = 128 << 20

// NoMemoryLimit, as Config.MemoryLimit, sets no limit: the output budget and the decoding of
// large inputs are sized by the worker count alone.
const NoMemoryLimit int64 = -1

// ParseMemoryLimit reads a memory size: a number of bytes with an optional unit, B, KiB, MiB,
// GiB (also K, M, G, binary) or KB, MB, GB (decimal), in any case, e.g. "128MiB", "1g",
// "200MB"; "off" (or "none") is NoMemoryLimit; "" and "0" are zero (the default).
func ParseMemoryLimit(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "":
		return 0, nil
	case "off", "none":
		return NoMemoryLimit, nil
	}
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') && t[i-1] != '.' {
		i--
	}
	num, unit := strings.TrimSpace(t[:i]), strings.TrimSpace(t[i:])
	mult := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30,
		"t": 1 << 40, "tib": 1 << 40,
		"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	}[unit]
	v, err := strconv.ParseFloat(num, 64)
	if mult == 0 || err != nil || v < 0 || v*mult >= math.MaxInt64 {
		return 0, fmt.Errorf("%w: memory size %q (want e.g. 128MiB, 1GiB or off)", ErrUnknownName, s)
	}
	return int64(v * mult), nil
}

// validateScale checks the options of discovery and memory.
func (cfg *options) validateScale() error {
	if !cfg.Shard.Valid() {
		return usagef("%s: --shard %d/%d: want K/N with 0 <= K < N", cfg.Command, cfg.Shard.Index, cfg.Shard.Count)
	}
	if cfg.FilesFrom == "-" {
		for _, p := range cfg.Paths {
			if p == "-" {
				return usagef("%s: --files-from - reads the list from standard input; it cannot also be an input", cfg.Command)
			}
		}
	}
	if cfg.MemoryLimit < NoMemoryLimit {
		return usagef("%s: memory limit %d: want a positive size", cfg.Command, cfg.MemoryLimit)
	}
	return nil
}

// memoryLimit returns the run's memory target, or 0 for none.
func (s *settings) memoryLimit() int64 {
	switch l := s.cfg.MemoryLimit; {
	case l == 0:
		return DefaultMemoryLimit
	case l < 0:
		return 0
	default:
		return l
	}
}

// Large inputs: a file's decoded games (an XQF tree of 200,000 moves is about 16 times its
// bytes) live while it is converted. Files of at least largeInput bytes take a share of the
// decoding pool (limit/2, at most their own estimate) before they are decoded, so that at any
// -j the large trees in memory at once fit the limit; smaller files never wait.
const (
	largeInput  = 1 << 20
	inputFactor = 16
)

// pool is a weighted semaphore that gives up when its context is done. The file at the head
// of the queue never waits (as with the output budget): a file that holds a share may be
// waiting for the writer to reach it.
type pool struct {
	mu   sync.Mutex
	cond sync.Cond
	free int64
	size int64
	head int
}

func newPool(ctx context.Context, size int64) *pool {
	p := &pool{free: size, size: size}
	p.cond.L = &p.mu
	context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	return p
}

// cost is what an input of n bytes takes from the pool: nothing for a small file, else its
// estimate capped at the pool's size (the largest file then runs alone among the large).
func (p *pool) cost(n int64) int64 {
	if p == nil || n < largeInput {
		return 0
	}
	return min(n*inputFactor, p.size)
}

// acquire takes n for file seq, waiting until it is free or seq is the head; it reports
// false when ctx is done first.
func (p *pool) acquire(ctx context.Context, seq int, n int64) bool {
	if n == 0 {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.free < n && seq != p.head {
		if ctx.Err() != nil {
			return false
		}
		p.cond.Wait()
	}
	p.free -= n
	return true
}

// release gives n back.
func (p *pool) release(n int64) {
	if n == 0 {
		return
	}
	p.mu.Lock()
	p.free += n
	p.mu.Unlock()
	p.cond.Broadcast()
}

// window is the number of files in flight between the feeder and the ordered writer.
func window(jobs int) int {
	return min(4096+64*jobs, 1<<16)
}

// outputBudget is the output that files waiting behind the head of the queue may hold:
// max(minBudget, jobs × jobBudget), at most a quarter of the memory limit (but 8 MB).
func (s *settings) outputBudget() int64 {
	if s.cfg.budget > 0 {
		return s.cfg.budget
	}
	total := max(minBudget, int64(s.jobs)*jobBudget)
	if l := s.memoryLimit(); l > 0 {
		total = min(total, max(l/4, 8<<20))
	}
	return total
}

// setHead records the file the writer now drains.
func (p *pool) setHead(seq int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.head = seq
	p.mu.Unlock()
	p.cond.Broadcast()
}
