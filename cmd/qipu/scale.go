package main

import (
	"math"
	"runtime/debug"

	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/urfave/cli/v2"
)

// scaleFlags are the flags of input discovery and memory, shared by the commands that take
// PATHs.
func scaleFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "shard", Usage: "read only shard `K/N` of the input files (K from 0), chosen by a hash of each file's path below its PATH argument: N runs with K = 0..N-1 share the files out with nothing but the file system in common"},
		&cli.StringFlag{Name: "files-from", Usage: "read more PATHs from `FILE` (- for standard input), one per line, or NUL-separated when the list holds a NUL byte (find -print0)"},
		&cli.StringFlag{Name: "memory-limit", EnvVars: []string{"QIPU_MEMORY_LIMIT"}, Value: "128MiB", Usage: "memory the run aims to stay within (a soft limit for the garbage collector, the output held for the ordered writer and how many large files are decoded at once): a size such as 128MiB or 1GiB, or off"},
	}, judgingFlags()...)
}

// scaleConfig reads --shard, --files-from and --memory-limit into cfg.
func scaleConfig(c *cli.Context, cfg *pipeline.Config) error {
	name := c.Command.Name
	if v := c.String("shard"); v != "" {
		sh, err := pipeline.ParseShard(v)
		if err != nil {
			return usageErr("%s: --shard %q: want K/N with 0 <= K < N", name, v)
		}
		cfg.Shard = sh
	}
	cfg.FilesFrom = c.String("files-from")
	lim, err := pipeline.ParseMemoryLimit(c.String("memory-limit"))
	if err != nil {
		return usageErr("%s: --memory-limit %q: want a size such as 128MiB or 1GiB, or off", name, c.String("memory-limit"))
	}
	cfg.MemoryLimit = lim
	return judgingConfig(c, cfg)
}

// setMemoryLimit gives the run's memory limit to the Go runtime as its soft limit (the
// collector then runs more often near it, whatever its GC percent) and returns the function
// that restores the previous one.
func setMemoryLimit(limit int64) func() {
	switch {
	case limit == 0:
		limit = pipeline.DefaultMemoryLimit
	case limit < 0:
		limit = math.MaxInt64
	}
	prev := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(prev) }
}
