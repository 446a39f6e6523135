// Package textpos turns byte offsets of a text, met in increasing order, into line:column
// locations in one pass over the text, for the readers of text formats (package cbf, package
// dhtmlxq). Columns count characters of the UTF-8 text; "\r\n", "\r" and "\n" each end a
// line.
package textpos

import "github.com/qipu/qipu/pkg/game"

// Cursor tracks the line and column of an offset of a text. It only moves forward, so
// locating every field of a file costs one pass over it.
type Cursor struct {
	s         string
	off       int
	line, col int
	cr        bool // the last character was '\r' (a following '\n' ends the same line)
}

// New returns a cursor at the start of s (line 1, column 1).
func New(s string) Cursor { return Cursor{s: s, line: 1, col: 1} }

// At returns the location of offset off, moving there: off is clamped to the text, and an
// offset behind the cursor gives the cursor's own location.
func (c *Cursor) At(off int) game.Loc {
	s := c.s[:min(max(off, 0), len(c.s))]
	for c.off < len(s) {
		ch := s[c.off]
		c.off++
		switch {
		case ch == '\n':
			if !c.cr {
				c.line++
			}
			c.col, c.cr = 1, false
		case ch == '\r':
			c.line++
			c.col, c.cr = 1, true
		default:
			if ch&0xC0 != 0x80 { // not a UTF-8 continuation byte: a new character
				c.col++
			}
			c.cr = false
		}
	}
	return game.Loc{Line: c.line, Col: c.col, Offset: int64(c.off)}
}
