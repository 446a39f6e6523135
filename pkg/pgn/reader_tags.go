package pgn

import (
	"bytes"
)

// Tag pairs: [Name "value"], quoted or not, and the game boundaries they mark.

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isNameByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

// tagNameAhead returns the ASCII tag name after the '[' at win[i], and the index in win just
// past it; the name is empty when none follows.
func (r *Reader) tagNameAhead() ([]byte, int) {
	n := r.avail(lookahead)
	w := r.win[r.i : r.i+n]
	j := 1
	for j < len(w) && (w[j] == ' ' || w[j] == '\t') {
		j++
	}
	k := j
	for k < len(w) && isNameByte(w[k]) {
		k++
	}
	if k == j || !isLetter(w[j]) {
		return nil, 0
	}
	return w[j:k], k
}

// quoteAfter reports whether the bytes of the window from k on are blanks then '"'.
func (r *Reader) quoteAfter(k int) bool {
	w := r.win[r.i:]
	for k < len(w) && (w[k] == ' ' || w[k] == '\t') {
		k++
	}
	return k < len(w) && w[k] == '"'
}

// isGameStart reports whether the '[' at win[i] starts the tags of a new game: it begins a
// line and a letter follows, or a name and a quote follow.
func (r *Reader) isGameStart() bool {
	name, k := r.tagNameAhead()
	if name == nil {
		return false
	}
	return r.bol || r.quoteAfter(k)
}

// isGameOrEvent reports whether name is Game or Event, in any case.
func isGameOrEvent(name []byte) (game, event bool) {
	return bytes.EqualFold(name, []byte("Game")), bytes.EqualFold(name, []byte("Event"))
}

func (r *Reader) readTags() {
	var seenGame, seenEvent bool
	for {
		r.skipBlanks()
		if r.avail(1) == 0 || r.win[r.i] != '[' {
			return
		}
		name, k := r.tagNameAhead()
		if k < len(r.win)-r.i && !tagNameEnd(r.win[r.i+k]) {
			name = nil // a longer name, as readTag reads it
		}
		g, e := isGameOrEvent(name)
		if g && seenGame || e && seenEvent {
			return // the next game's header
		}
		seenGame = seenGame || g
		seenEvent = seenEvent || e
		r.readTag()
	}
}

// tagNameEnd reports whether c ends a tag name.
func tagNameEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '"' || c == ']' || c == '[' || c == '\n' || c == '\r'
}

// readTag reads [Name "value"] at win[i].
func (r *Reader) readTag() {
	loc := r.loc()
	r.consume(1)
	r.bol = false
	r.skipInline()
	r.name = r.name[:0]
	for r.avail(1) > 0 {
		c := r.win[r.i]
		if tagNameEnd(c) {
			break
		}
		if len(r.name) < maxName {
			r.name = append(r.name, c)
		}
		r.consume(1)
	}
	r.skipInline()
	r.tok = r.tok[:0]
	closed := true
	if r.avail(1) > 0 && r.win[r.i] == '"' {
		closed = r.readQuoted()
	} else {
		r.readUnquoted()
	}
	r.skipInline()
	switch {
	case r.avail(1) > 0 && r.win[r.i] == ']':
		r.consume(1)
	case closed:
		r.errorf(loc, r.name, "tag without a closing ]")
	}
	if len(r.name) == 0 {
		r.errorf(loc, r.tok, "tag without a name")
		return
	}
	r.v.Tag(r.name, r.tok, loc)
}

// readQuoted reads a quoted tag value into tok; it reports false (and an error) when the line
// ends first. A quote ends the value when blanks then ']' or the end of the line follow it;
// other quotes are part of the value.
func (r *Reader) readQuoted() bool {
	loc := r.loc()
	r.consume(1)
	long := false
	for {
		if r.avail(2) == 0 {
			r.errorf(loc, r.tok, "tag value without a closing quote")
			return false
		}
		c := r.win[r.i]
		switch c {
		case '\n', '\r':
			r.errorf(loc, r.tok, "tag value without a closing quote")
			return false
		case '\\':
			if r.avail(2) >= 2 && (r.win[r.i+1] == '"' || r.win[r.i+1] == '\\') {
				long = r.appendText(r.win[r.i+1:r.i+2], long, loc)
				r.consume(2)
				continue
			}
		case '"':
			if r.endsQuote() {
				r.consume(1)
				return true
			}
		}
		// a run of plain bytes
		w := r.win[r.i:]
		k := 1
		for k < len(w) && w[k] != '"' && w[k] != '\\' && w[k] != '\n' && w[k] != '\r' {
			k++
		}
		long = r.appendText(w[:k], long, loc)
		r.consume(k)
	}
}

// endsQuote reports whether the '"' at win[i] closes a tag value.
func (r *Reader) endsQuote() bool {
	n := r.avail(lookahead)
	w := r.win[r.i+1 : r.i+n]
	k := 0
	for k < len(w) && (w[k] == ' ' || w[k] == '\t') {
		k++
	}
	return k == len(w) || w[k] == ']' || w[k] == '\n' || w[k] == '\r'
}

func (r *Reader) readUnquoted() {
	loc := r.loc()
	long := false
	for r.avail(1) > 0 {
		w := r.win[r.i:]
		k := 0
		for k < len(w) && w[k] != ']' && w[k] != '\n' && w[k] != '\r' {
			k++
		}
		long = r.appendText(w[:k], long, loc)
		r.consume(k)
		if k < len(w) {
			break
		}
	}
	for len(r.tok) > 0 && (r.tok[len(r.tok)-1] == ' ' || r.tok[len(r.tok)-1] == '\t') {
		r.tok = r.tok[:len(r.tok)-1]
	}
}

// appendText appends b to tok up to MaxText bytes; past it, it reports the cut once.
func (r *Reader) appendText(b []byte, long bool, loc Loc) bool {
	if room := MaxText - len(r.tok); len(b) > room {
		r.tok = append(r.tok, truncRunes(b, room)...)
		if !long {
			r.errorf(loc, nil, "text longer than 16 MiB, cut")
		}
		return true
	}
	r.tok = append(r.tok, b...)
	return long
}
