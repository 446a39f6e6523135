// Package countio counts the bytes read from an input, and where reading first failed, so
// that a diagnostic about a failed read names a byte offset like every other.
package countio

import (
	"bytes"
	"io"

	"github.com/qipu/qipu/pkg/game"
)

// Reader reads from R, counting. Set ErrAt to -1 before the first read (the zero Reader
// would place a failure at offset 0).
type Reader struct {
	R     io.Reader
	N     int64 // bytes read
	ErrAt int64 // offset of the first read error; -1 for none
}

// Read reads from R and counts.
func (c *Reader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	if err != nil && err != io.EOF && c.ErrAt < 0 {
		c.ErrAt = c.N
	}
	return n, err
}

// Loc is the offset of the first read error, or else of the bytes read so far.
func (c *Reader) Loc() game.Loc {
	if c.ErrAt >= 0 {
		return game.Loc{Offset: c.ErrAt}
	}
	return game.Loc{Offset: c.N}
}

// ReadAtMost reads r to its end, or to max+1 bytes (the caller tells a file larger than max
// by the length), in one allocation when r knows its length (a bytes or strings Reader).
func ReadAtMost(r io.Reader, max int) ([]byte, error) {
	if l, ok := r.(interface{ Len() int }); ok && l.Len() <= max {
		var buf bytes.Buffer
		buf.Grow(l.Len() + bytes.MinRead)
		_, err := buf.ReadFrom(io.LimitReader(r, int64(max)+1))
		return buf.Bytes(), err
	}
	return io.ReadAll(io.LimitReader(r, int64(max)+1))
}
