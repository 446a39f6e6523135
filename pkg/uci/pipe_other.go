//go:build !unix

package uci

import (
	"io"
	"os"
)

// newPipeReader returns the reader of the engine's output pipe f: the file itself.
func newPipeReader(f *os.File) io.Reader { return f }

// newPipeWriter returns the writer of the engine's input pipe f: the file itself.
func newPipeWriter(f *os.File) io.Writer { return f }
