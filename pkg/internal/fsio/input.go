package fsio

import (
	"context"
	"io"
	"os"
)

// Open opens an input file; regular says the walk saw a regular file there. Opening a
// named pipe waits for a writer: that wait gives up when ctx is done (the file is closed if it
// opens later).
func Open(ctx context.Context, path string, regular bool) (InputFile, error) {
	if regular {
		return OpenRegular(path)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return OSInput(os.Open(path))
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
		return OSInput(o.f, o.err)
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// InputFile is an open input: its bytes, and what fstat says of it.
type InputFile interface {
	io.ReadCloser
	// Stat reports the file's size and whether it is a regular file.
	Stat() (size int64, regular bool, err error)
}

// osFile is an input opened as an *os.File.
type osFile struct{ *os.File }

func (f osFile) Stat() (int64, bool, error) {
	fi, err := f.File.Stat()
	if err != nil {
		return 0, false, err
	}
	return fi.Size(), fi.Mode().IsRegular(), nil
}

// OSInput wraps the result of an os.Open.
func OSInput(f *os.File, err error) (InputFile, error) {
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

// CtxReader is a reader that gives up when ctx is done, even while the read it started
// blocks; that read goes on in the background, and its result is then dropped.
type CtxReader struct {
	Ctx  context.Context
	R    io.Reader
	done chan readResult // where the background reads deliver
	buf  []byte
}

type readResult struct {
	n   int
	err error
}

func (c *CtxReader) Read(p []byte) (int, error) {
	if err := c.Ctx.Err(); err != nil {
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
		n, err := c.R.Read(buf)
		c.done <- readResult{n, err}
	}()
	select {
	case res := <-c.done:
		return copy(p, buf[:res.n]), res.err
	case <-c.Ctx.Done():
		c.buf = nil // still the background read's
		return 0, c.Ctx.Err()
	}
}
