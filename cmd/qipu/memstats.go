package main

import (
	"fmt"
	"io"
	"runtime"
	"time"
)

// startMemStats samples the memory the Go runtime holds from the system until the returned
// function is called, which prints the peak to w. scripts/bench.sh uses it (--memstats) where
// /usr/bin/time is missing.
func startMemStats(w io.Writer) func() {
	done := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		var ms runtime.MemStats
		var top uint64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			top = max(top, ms.Sys-ms.HeapReleased)
			select {
			case <-done:
				peak <- top
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		fmt.Fprintf(w, "qipu: peak memory %d KB (Go runtime, sampled)\n", <-peak/1024)
	}
}
