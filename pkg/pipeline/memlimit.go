package pipeline

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/internal/headsem"
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
func (s *settings) validateScale() error {
	cfg := &s.cfg
	if !cfg.Shard.Valid() {
		return usagef("%s: --shard %d/%d: want K/N with 0 <= K < N", s.command, cfg.Shard.Index, cfg.Shard.Count)
	}
	if cfg.FilesFrom == "-" {
		for _, p := range cfg.Paths {
			if p == "-" {
				return usagef("%s: --files-from - reads the list from standard input; it cannot also be an input", s.command)
			}
		}
	}
	if cfg.MemoryLimit < NoMemoryLimit {
		return usagef("%s: memory limit %d: want a positive size", s.command, cfg.MemoryLimit)
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

// inputCost is what an input of n bytes takes from the decoding pool of large inputs (nil
// without a memory limit): nothing for a small file, else its estimate capped at the pool's
// size (the largest file then runs alone among the large).
func inputCost(large *headsem.Sem, n int64) int64 {
	if large == nil || n < largeInput {
		return 0
	}
	return min(n*inputFactor, large.Size())
}

// minBudget and jobBudget size the output budget: the bytes of output that files not yet at
// the head of the queue may hold while they wait for the writer (max(minBudget, jobs ×
// jobBudget)). The file at the head streams through without limit: the writer drains it.
// A test's hooks.budget replaces them.
const (
	minBudget int64 = 32 << 20
	jobBudget int64 = 8 << 20
)

// window is the number of files in flight between the feeder and the ordered writer.
func window(jobs int) int {
	return min(4096+64*jobs, 1<<16)
}

// outputBudget is the output that files waiting behind the head of the queue may hold:
// max(minBudget, jobs × jobBudget), at most a quarter of the memory limit (but 8 MB).
func (s *settings) outputBudget() int64 {
	if s.hooks.budget > 0 {
		return s.hooks.budget
	}
	total := max(minBudget, int64(s.jobs)*jobBudget)
	if l := s.memoryLimit(); l > 0 {
		total = min(total, max(l/4, 8<<20))
	}
	return total
}
