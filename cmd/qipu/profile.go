package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// startProfile starts a CPU profile of the whole process into the file QIPU_CPUPROFILE
// names, for developers (go tool pprof reads it); it returns the function that ends it. An
// unset variable costs nothing; a file that cannot be made is reported and the run goes on.
func startProfile(stderr io.Writer) (stop func()) {
	path := os.Getenv("QIPU_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "qipu: QIPU_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "qipu: QIPU_CPUPROFILE: %v\n", err)
		}
	}
}
