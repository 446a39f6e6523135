package pipeline

import (
	"context"
	"os"
	"testing"
)

// BenchmarkCheckArchive checks the archive named by QIPU_BENCH_ARCHIVE (scripts/gencorpus
// -bench output) with one worker: the pipeline's cost per byte and per game.
func BenchmarkCheckArchive(b *testing.B) {
	dir := os.Getenv("QIPU_BENCH_ARCHIVE")
	if dir == "" {
		b.Skip("QIPU_BENCH_ARCHIVE not set")
	}
	for b.Loop() {
		code, err := runOpts(context.Background(), options{Command: Check, Paths: []string{dir}, Quiet: true, Jobs: 1})
		if err != nil || code > ExitInvalid {
			b.Fatal(code, err)
		}
	}
}
