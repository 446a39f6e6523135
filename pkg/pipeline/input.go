package pipeline

import (
	"context"
	"errors"
	"io"
	"os"
)

// openInput opens an input file; regular says the walk saw a regular file there. Opening a
// named pipe waits for a writer: that wait gives up when ctx is done (the file is closed if it
// opens later).
func openInput(ctx context.Context, path string, regular bool) (*os.File, error) {
	if regular {
		return openFile(path, os.O_RDONLY, 0)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return os.Open(path)
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// ctxReader is a reader that gives up when ctx is done, even while the read it started
// blocks; that read goes on in the background, and its result is then dropped.
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	done chan readResult // where the background reads deliver
	buf  []byte
}

type readResult struct {
	n   int
	err error
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if c.done == nil {
		c.done = make(chan readResult, 1)
	}
	// The background read fills a buffer of its own: p may be gone when it returns.
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		c.done <- readResult{n, err}
	}()
	select {
	case res := <-c.done:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		c.buf = nil // still the background read's
		return 0, c.ctx.Err()
	}
}

// ioMessage shortens an *os.PathError to its cause: the path is already in the diagnostic.
func ioMessage(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
