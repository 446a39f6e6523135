package pgn

import (
	"fmt"
	"unicode/utf8"
)

// Movetext structure: comments, NAGs, variations, stray text, and the recovery after a
// result up to the next game.

// wordDelim marks the ASCII bytes that end a movetext word.
var wordDelim = [128]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true,
	'{': true, '}': true, '(': true, ')': true, '[': true, ']': true, ';': true, '$': true}

func (r *Reader) readMovetext() {
	for {
		r.skipBlanks()
		if r.i >= len(r.win) && r.avail(1) == 0 {
			return
		}
		switch c := r.win[r.i]; c {
		case '[':
			if r.isGameStart() {
				return
			}
			r.readStray(']')
		case '{':
			r.readComment()
		case ';':
			r.readLineComment()
		case '(':
			r.openVariation()
		case ')':
			r.closeVariation()
		case '}', ']':
			loc := r.loc()
			r.consume(1)
			r.bol = false
			r.errorf(loc, []byte{c}, "unexpected "+string(c))
		case '$':
			r.readNAG()
		case '%':
			if r.bol { // PGN escape line
				r.skipLine()
				continue
			}
			fallthrough
		default:
			if res, loc := r.readWord(); res != "" && r.depth == 0 {
				r.v.Result(res, loc)
				r.afterResult()
				return
			}
		}
	}
}

// readStray reads a '[' that starts no game, up to ']' or the end of the line, as an error.
func (r *Reader) readStray(end byte) {
	loc := r.loc()
	r.tok = r.tok[:0]
	for r.avail(1) > 0 {
		c := r.win[r.i]
		if c == '\n' || c == '\r' {
			break
		}
		if len(r.tok) < maxWord {
			r.tok = append(r.tok, c)
		}
		r.consume(1)
		if c == end {
			break
		}
	}
	r.bol = false
	r.errorf(loc, r.tok, "unexpected text in movetext")
}

func (r *Reader) skipLine() {
	for r.avail(1) > 0 && r.win[r.i] != '\n' && r.win[r.i] != '\r' {
		r.consume(1)
	}
}

// readComment reads a {...} comment. A line inside it that begins with [Game " or [Event "
// ends it as unterminated: the next game starts there. A line break right after two spaces
// is a soft break, the way Encode wraps long comments: the two spaces and the line break are
// dropped, joining the lines. Other line breaks are kept as "\n".
func (r *Reader) readComment() {
	loc := r.loc()
	r.consume(1)
	r.tok = r.tok[:0]
	long := false
	lineStart := 0 // where the current line begins in tok
	for {
		if r.avail(1) == 0 {
			r.errorf(loc, nil, "unterminated comment")
			r.bol = false
			break
		}
		w := r.win[r.i:]
		k := 0
		for k < len(w) && w[k] != '}' && w[k] != '\n' && w[k] != '\r' {
			k++
		}
		long = r.appendText(w[:k], long, loc)
		r.consume(k)
		if k == len(w) {
			continue
		}
		c := w[k]
		r.consume(1)
		if c == '}' {
			r.bol = false
			break
		}
		if c == '\r' && r.avail(1) > 0 && r.win[r.i] == '\n' {
			r.consume(1)
		}
		if n := len(r.tok); n >= lineStart+2 && r.tok[n-1] == ' ' && r.tok[n-2] == ' ' {
			r.tok = r.tok[:n-2] // a soft break
		} else {
			long = r.appendText([]byte{'\n'}, long, loc)
		}
		lineStart = len(r.tok)
		if r.avail(1) > 0 && r.win[r.i] == '[' {
			if name, k := r.tagNameAhead(); name != nil && r.quoteAfter(k) {
				if g, e := isGameOrEvent(name); g || e {
					r.errorf(loc, nil, "unterminated comment")
					break // bol is true: the main loop sees the game start
				}
			}
		}
	}
	r.v.Comment(r.tok, loc)
}

// readLineComment reads a ; comment up to the end of the line.
func (r *Reader) readLineComment() {
	loc := r.loc()
	r.consume(1)
	r.tok = r.tok[:0]
	long := false
	for r.avail(1) > 0 {
		w := r.win[r.i:]
		k := 0
		for k < len(w) && w[k] != '\n' && w[k] != '\r' {
			k++
		}
		long = r.appendText(w[:k], long, loc)
		r.consume(k)
		if k < len(w) {
			break
		}
	}
	r.bol = false
	r.v.Comment(r.tok, loc)
}

func (r *Reader) readNAG() {
	loc := r.loc()
	r.consume(1)
	r.bol = false
	tok := append(r.name[:0], '$') // the tag name buffer is free in movetext
	n := 0
	for r.avail(1) > 0 && r.win[r.i] >= '0' && r.win[r.i] <= '9' {
		if n <= 255 {
			n = n*10 + int(r.win[r.i]-'0')
		}
		if len(tok) < 16 {
			tok = append(tok, r.win[r.i])
		}
		r.consume(1)
	}
	r.name = tok
	switch {
	case len(tok) == 1:
		r.errorf(loc, tok, "$ without a number")
	case n > 255:
		r.errorf(loc, tok, "NAG greater than 255")
	default:
		r.v.NAG(uint8(n), loc)
	}
}

func (r *Reader) openVariation() {
	loc := r.loc()
	r.consume(1)
	r.bol = false
	r.depth++
	if r.skipFrom != 0 {
		return
	}
	switch {
	case r.depth > MaxDepth:
		r.errorf(loc, nil, fmt.Sprintf("variations nested deeper than %d, skipped", MaxDepth))
		r.skipFrom, r.v = r.depth, nop
	case bool(r.v.BeginVariation(loc)):
		r.skipFrom, r.v = r.depth, nop
	default:
		r.vdepth++
		r.opens = append(r.opens, loc)
	}
}

func (r *Reader) closeVariation() {
	loc := r.loc()
	r.consume(1)
	r.bol = false
	switch {
	case r.depth == 0:
		r.errorf(loc, []byte(")"), "unexpected ) without a variation")
		return
	case r.skipFrom == r.depth:
		r.skipFrom, r.v = 0, r.real
	case r.skipFrom == 0:
		r.v.EndVariation(loc)
		r.vdepth--
		r.opens = r.opens[:r.vdepth]
	}
	r.depth--
}

// closeVariations closes, with an error each, the variations left open at the end of a game.
func (r *Reader) closeVariations() {
	if r.skipFrom > 0 {
		r.skipFrom, r.v = 0, r.real
	}
	if r.skipFrom == 0 {
		for r.vdepth > 0 {
			r.vdepth--
			r.errorf(r.opens[r.vdepth], []byte("("), "variation not closed")
			r.v.EndVariation(r.loc())
		}
	}
	r.depth, r.vdepth = 0, 0
	r.opens = r.opens[:0]
}

// afterResult skips what follows a result up to the next game: comments right after the result
// are reported; any other text (ElephantEye's advertising block) is skipped silently.
func (r *Reader) afterResult() {
	junk := false
	for {
		r.skipBlanks()
		if r.avail(1) == 0 {
			return
		}
		c := r.win[r.i]
		if c == '[' && r.isGameStart() || r.bol && r.moveOneAhead() {
			return
		}
		if !junk && c == '{' {
			r.readComment()
			continue
		}
		if !junk && c == ';' {
			r.readLineComment()
			continue
		}
		junk = true
		r.skipJunk()
	}
}

// moveOneAhead reports whether the move number 1 starts at win[i] ("1." or "1、" or "1．"
// then no digit): a game without tags after a result.
func (r *Reader) moveOneAhead() bool {
	n := r.avail(5)
	w := r.win[r.i : r.i+n]
	if len(w) < 2 || w[0] != '1' {
		return false
	}
	if w[1] == '.' {
		return len(w) == 2 || w[2] < '0' || w[2] > '9'
	}
	return r.hasAt(1, "、") || r.hasAt(1, "．")
}

// skipJunk moves past one word of text outside the movetext: up to a blank or a '['.
func (r *Reader) skipJunk() {
	first := true
	for r.avail(1) > 0 {
		c := r.win[r.i]
		if c < utf8.RuneSelf {
			if !first && (c == '[' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
				break
			}
			r.consume(1)
		} else {
			c2, size := r.peekRune()
			if !first && isSpace(c2) {
				break
			}
			r.consume(size)
		}
		first = false
	}
	r.bol = false
}
