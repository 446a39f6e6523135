// Command qipu converts and validates archives of Xiangqi (Chinese chess) game records.
//
// main only wires the command line to the library and exits with the code it returns; see
// app.go for the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// The live heap is small and bounded by the worker count; collecting less often
		// makes replay ~25% faster for a few tens of MB more. The soft memory limit
		// (--memory-limit, set per run) makes the collector run sooner when large trees
		// would take the heap past it.
		debug.SetGCPercent(400)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// The first signal asks the run to stop cleanly; a second one kills at once (its
		// temporary files may then be left behind).
		<-ctx.Done()
		stop()
	}()
	endProfile := startProfile(os.Stderr)
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	endProfile()
	stop()
	os.Exit(code)
}

// exitError carries an exit code through urfave/cli.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}
