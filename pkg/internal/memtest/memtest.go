// Package memtest measures what a test's code allocates. It imports nothing of qipu, so that
// the tests of the lowest packages (textenc) can use it.
package memtest

import "runtime"

// BytesPerRun runs f once to warm up, then runs times after a collection, and returns the
// heap bytes one run allocates on average (the whole process counts: keep other goroutines
// quiet).
func BytesPerRun(runs int, f func()) uint64 {
	f()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}
