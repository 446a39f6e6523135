package pgn

import (
	"bytes"
	"unicode/utf8"
)

// Comments are wrapped to LineWidth with soft breaks, which the reader drops (readComment).
// See Encode.

// softBreak ends a line of a wrapped comment.
const softBreak = "  \n"

// tooWide reports whether the comment unit in buf, whose first line is w columns wide, needs
// wrapping: its first line does not fit after the current column, or (multi: it has several
// lines) another line is wider than LineWidth.
func (e *encoder) tooWide(w int, multi bool) bool {
	start := 0
	if e.col > 0 {
		start = e.col + 1
	}
	if start+w > LineWidth {
		return true
	}
	for rest := e.buf; multi; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			return width(rest) > LineWidth
		}
		if width(rest[:i]) > LineWidth {
			return true
		}
		rest = rest[i+1:]
	}
	return false
}

// wrapComment appends the comment unit c with each of its lines wrapped to LineWidth.
func wrapComment(dst, c []byte) []byte {
	for {
		i := bytes.IndexByte(c, '\n')
		if i < 0 {
			return wrapLine(dst, c)
		}
		dst = wrapLine(dst, c[:i])
		dst = append(dst, '\n')
		c = c[i+1:]
	}
}

// wrapLine appends one line of a comment, with soft breaks where it is wider than LineWidth:
// at the last place that fits, or at the first place when none does (the piece overflows).
func wrapLine(dst, line []byte) []byte {
	for widthTo(line, LineWidth) > LineWidth { // not width: only as far as the limit
		k := breakAt(line)
		if k <= 0 {
			break
		}
		dst = append(dst, line[:k]...)
		dst = append(dst, softBreak...)
		line = line[k:]
	}
	return append(dst, line...)
}

// breakAt returns the byte index of the last soft break of line that leaves at most
// LineWidth columns before it (the break's two spaces included), else of the first soft
// break, or 0 when line has none.
func breakAt(line []byte) int {
	best, col := 0, 0
	var prev rune = -1
	for k := 0; k < len(line); {
		r, size := utf8.DecodeRune(line[k:])
		if prev >= 0 && canBreak(prev, r) {
			if col+2 <= LineWidth || best == 0 {
				best = k
			}
			if col+2 > LineWidth {
				return best
			}
		}
		col++
		if isWide(r) {
			col++
		}
		prev = r
		k += size
	}
	return best
}

// canBreak reports whether a comment line may be broken between a and b: after a space or
// next to a wide character, never before a blank, a '[' (which could start a tag at the
// beginning of a line) or the closing brace, nor after the opening one.
func canBreak(a, b rune) bool {
	switch {
	case b == ' ' || b == '\t' || b == '[' || b == '}' || a == '{' || isSpace(b):
		return false
	}
	return a == ' ' || isWide(a) || isWide(b)
}
