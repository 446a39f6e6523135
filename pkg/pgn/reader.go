package pgn

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"

	anynotation "github.com/qipu/qipu/pkg/notation/any"
)

// Limits of the reader. Longer texts are cut (and reported); deeper variations are skipped
// (and reported). They bound the memory one game can take, whatever the input.
const (
	// MaxText is the longest comment or tag value kept, in bytes (16 MiB).
	MaxText = 16 << 20
	// MaxDepth is the deepest nesting of variations read.
	MaxDepth = 1024
	maxWord  = 1 << 20 // longest movetext word kept (a whole game of glued moves fits)
	maxMove  = 48      // longer than any move text
	maxName  = 255     // longest tag name kept
	bufSize  = 64 << 10
	// lookahead is the most bytes the reader peeks at beyond the current one.
	lookahead = 64
)

// Reader reads games from a UTF-8 PGN text one at a time and reports each to a Visitor. It
// keeps at most one token (a comment, a tag value, a word) in memory, so memory does not grow
// with the input.
//
// What it accepts beyond the standard: games without tags, tags of any case, several tags on
// a line; move numbers as 1. 1... 1.… 1、 1． with or without a space before the move;
// ElephantEye's blank-padded black moves; moves glued together without separators (split
// with anynotation.ScanMove); annotation glyphs (! ? !! ?? !? ?!) and check marks (+ #)
// after moves; Chinese results (红胜, 黑胜, 和棋, …); CR, LF, CRLF and bare CR line breaks;
// tabs, U+3000 and other Unicode spaces; text after the result (ElephantEye's advertising
// block), skipped until the next game. A game ends at its result (then the text up to the
// next game is skipped, its comments excepted), at the next tag that starts a game, or at
// the end of the input. A new game starts at a '[' that begins a line (after blanks) and is
// followed by a letter, or at any '[Name "' — also inside an unterminated comment when the
// name is Game or Event and the '[' is in column 1 — at a Game or Event tag repeated in a
// header, and, after a result, at a line that begins with the move number "1.".
type Reader struct {
	br  *bufio.Reader
	win []byte // the buffered bytes of br; win[i:] is unread
	i   int

	line, col int   // of win[i]
	off       int64 // of win[i]
	cr        bool  // the last byte consumed was '\r'
	bol       bool  // only blanks since the last line break (or the start)
	eof       bool  // nothing beyond win (the input ended or failed)
	err       error // the read error, wrapped; sticky

	tok  []byte // the current token
	name []byte // the current tag name

	real     Visitor // the visitor of the current game
	v        Visitor // where events go: real, or a no-op while skipping
	skipFrom int     // 0: reporting; -1: skipping the game; d > 0: skipping the variation at depth d
	depth    int     // open variations
	vdepth   int     // open variations reported to real
	opens    []Loc   // where the reported variations opened
}

// NewReader returns a Reader of the UTF-8 text r. A leading byte order mark is skipped.
func NewReader(r io.Reader) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < lookahead*2 {
		br = bufio.NewReaderSize(r, bufSize)
	}
	return &Reader{br: br, line: 1, col: 1, bol: true}
}

var nop Visitor = BaseVisitor{}

// ReadGame reads the next game and reports it to v. It returns io.EOF, with no event, when no
// game is left, and a wrapped error when the underlying reader fails (after EndGame of the
// game it was reading). Syntax errors in the text are reported to v, never returned.
func (r *Reader) ReadGame(v Visitor) error {
	if r.err != nil {
		return r.err
	}
	if r.off == 0 && r.hasAt(0, "\uFEFF") {
		r.i, r.off = 3, 3 // a byte order mark: no column
	}
	r.skipBlanks()
	if r.avail(1) == 0 {
		if r.err != nil {
			return r.err
		}
		return io.EOF
	}
	r.real, r.v = v, v
	r.skipFrom, r.depth, r.vdepth = 0, 0, 0
	r.opens = r.opens[:0]
	v.BeginGame(r.loc())
	r.readTags()
	if r.v.BeginMovetext() {
		r.skipGame()
	}
	r.readMovetext()
	r.closeVariations()
	v.EndGame(r.loc())
	r.real, r.v = nil, nil
	if cap(r.tok) > 1<<20 {
		r.tok = nil // do not keep a huge comment's buffer
	}
	return r.err
}

// SkipGame reads the next game without reporting it. It returns io.EOF when no game is left.
func (r *Reader) SkipGame() error { return r.ReadGame(nop) }

func (r *Reader) skipGame() {
	r.v = nop
	r.skipFrom = -1
}

// --- input window ---------------------------------------------------------------------

// avail makes at least n bytes readable at win[i:] unless the input ends first, and returns
// how many are (n is at most lookahead).
func (r *Reader) avail(n int) int {
	a := len(r.win) - r.i
	if a >= n || r.eof {
		return a
	}
	if r.i > 0 {
		_, _ = r.br.Discard(r.i) // buffered bytes: cannot fail
		r.i = 0
	}
	_, err := r.br.Peek(n)
	r.win, _ = r.br.Peek(r.br.Buffered())
	if err != nil {
		r.eof = true
		if err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			r.err = fmt.Errorf("pgn: read: %w", err)
		}
	}
	return len(r.win)
}

func (r *Reader) loc() Loc { return Loc{Line: r.line, Col: r.col, Offset: r.off} }

// consume moves past n readable bytes, keeping the line, column and offset.
func (r *Reader) consume(n int) {
	for _, c := range r.win[r.i : r.i+n] {
		switch {
		case c == '\n':
			if !r.cr {
				r.line++
			}
			r.col, r.cr, r.bol = 1, false, true
			continue
		case c == '\r':
			r.line++
			r.col, r.cr, r.bol = 1, true, true
			continue
		case c&0xC0 != 0x80: // not a UTF-8 continuation byte: a new character
			r.col++
		}
		r.cr = false
	}
	r.i += n
	r.off += int64(n)
}

// peekRune decodes the next character (utf8.RuneError, 1 for an invalid byte; -1, 0 at the
// end).
func (r *Reader) peekRune() (rune, int) {
	if r.avail(utf8.UTFMax) == 0 {
		return -1, 0
	}
	if c := r.win[r.i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(r.win[r.i:])
}

// hasAt reports whether s follows at win[i+k:].
func (r *Reader) hasAt(k int, s string) bool {
	if r.avail(k+len(s)) < k+len(s) {
		return false
	}
	return string(r.win[r.i+k:r.i+k+len(s)]) == s
}

func isSpace(c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f', 0x85, 0xA0, 0x3000, 0xFEFF, 0x200B:
		return true
	}
	// Above U+00FF, unicode.IsSpace accepts only U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
	// U+205F and U+3000: Chinese characters skip the table search (TestIsSpace checks this).
	return c >= 0x1680 && c < 0x3000 && unicode.IsSpace(c)
}

// skipBlanks moves past blanks and line breaks.
func (r *Reader) skipBlanks() {
	for {
		if r.i >= len(r.win) && r.avail(1) == 0 {
			return
		}
		w := r.win[r.i:]
		k := 0
		for k < len(w) && inlineBlank[w[k]] {
			k++
		}
		if k > 0 { // a run of blanks on one line
			r.i += k
			r.off += int64(k)
			r.col += k
			r.cr = false
			if k == len(w) {
				continue
			}
		}
		c := w[k]
		if c < utf8.RuneSelf {
			if c != '\n' && c != '\r' {
				return
			}
			r.consume(1)
			continue
		}
		if !maySpace[c] {
			return
		}
		c2, size := r.peekRune()
		if !isSpace(c2) {
			return
		}
		r.i += size
		r.off += int64(size)
		r.col++
		r.cr = false
	}
}

// inlineBlank marks the ASCII blanks other than line breaks.
var inlineBlank = [256]bool{' ': true, '\t': true, '\v': true, '\f': true}

// maySpace marks the bytes that can begin a character isSpace accepts: ASCII blanks, and the
// first bytes of U+0085 and U+00A0 (C2), U+1680 (E1), U+2000–U+205F (E2), U+3000 (E3) and
// U+FEFF (EF). Any other byte (a Chinese character, an invalid byte) begins no blank.
var maySpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true,
	0xC2: true, 0xE1: true, 0xE2: true, 0xE3: true, 0xEF: true}

// skipInline moves past spaces and tabs, not line breaks.
func (r *Reader) skipInline() {
	for r.avail(1) > 0 && (r.win[r.i] == ' ' || r.win[r.i] == '\t') {
		r.consume(1)
	}
}

func (r *Reader) errorf(loc Loc, token []byte, msg string) {
	if len(token) > 64 {
		token = truncRunes(token, 64)
	}
	r.v.Error(&SyntaxError{Loc: loc, Token: string(token), Msg: msg})
}

// truncRunes cuts b to at most n bytes without splitting a character.
func truncRunes(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	for n > 0 && b[n]&0xC0 == 0x80 {
		n--
	}
	return b[:n]
}

// --- tags -------------------------------------------------------------------------------

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

// --- movetext ---------------------------------------------------------------------------

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
// ends it as unterminated: the next game starts there.
func (r *Reader) readComment() {
	loc := r.loc()
	r.consume(1)
	r.tok = r.tok[:0]
	long := false
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
		long = r.appendText([]byte{'\n'}, long, loc)
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

// --- words ----------------------------------------------------------------------------

// readWord reads a word of movetext (up to a blank or a delimiter) and reports the moves and
// glyphs in it. It returns the result when the word is a game termination marker or ends in
// one.
func (r *Reader) readWord() (string, Loc) {
	loc := r.loc()
	if k, runes := r.plainWord(); k > 0 {
		// The common case: the word lies in the window and ends at an ASCII delimiter; it is
		// split in place.
		w := r.win[r.i : r.i+k]
		r.i += k
		r.off += int64(k)
		r.col += runes
		r.cr = false
		r.bol = false
		return r.word(w, loc, runes)
	}
	r.tok = r.tok[:0]
	for {
		if len(r.win)-r.i < utf8.UTFMax && r.avail(utf8.UTFMax) == 0 {
			break
		}
		// Take the run of plain characters in the window.
		w := r.win[r.i:]
		k, runes := 0, 0
		var c rune = -1 // what stopped the run; -1: the end of the window
		for k < len(w) {
			if b := w[k]; b < utf8.RuneSelf {
				if wordDelim[b] {
					c = rune(b)
					break
				}
				k++
				runes++
				continue
			}
			if len(w)-k < utf8.UTFMax && !r.eof {
				break // a character may be cut: refill first
			}
			c2, size := utf8.DecodeRune(w[k:])
			if isSpace(c2) || c2 == '（' {
				c = c2
				break
			}
			if size > 1 || w[k]&0xC0 != 0x80 { // a stray continuation byte is no character
				runes++
			}
			k += size
		}
		r.take(k, runes)
		switch {
		case c == -1:
			continue
		case c == '(' && r.hasAt(1, "吃)"): // "(吃)" ends a platform move
			r.take(len("(吃)"), 3)
		case c == '（' && r.hasAt(len("（"), "吃）"):
			r.take(len("（吃）"), 3)
		case c == '（':
			r.take(len("（"), 1)
		default:
			r.bol = false
			return r.word(r.tok, loc, -1)
		}
	}
	r.bol = false
	return r.word(r.tok, loc, -1)
}

// plainWord returns the length in bytes and characters of the word at win[i] when it is made
// of ASCII characters and of three-byte UTF-8 characters that are neither blanks nor '（', and
// ends, inside the window, at an ASCII delimiter other than '('; otherwise 0 (readWord then
// takes the general way, with the same result).
func (r *Reader) plainWord() (int, int) {
	w := r.win[r.i:]
	k, runes := 0, 0
	for k < len(w) {
		switch b := w[k]; byteClass[b] {
		case classPlain:
			k++
		case classDelim:
			if b == '(' {
				return 0, 0
			}
			return k, runes
		case classLead3, classLead3Blank:
			if k+3 >= len(w) { // the character is cut, or ends the window: no delimiter follows
				return 0, 0
			}
			x := binary.LittleEndian.Uint32(w[k:]) // the character and one byte more
			if x&0xC0C000 != 0x808000 {            // bytes 2 and 3 must be continuation bytes
				return 0, 0
			}
			if byteClass[b] == classLead3Blank {
				if b == 0xEF { // U+FEFF (EF BB BF) is a blank; U+FF08 (EF BC 88) is '（'
					if c := x & 0xFFFFFF; c == 0xBFBBEF || c == 0x88BCEF {
						return 0, 0
					}
				} else if isSpace(rune(b&0x0F)<<12 | rune(x>>8&0x3F)<<6 | rune(x>>16&0x3F)) {
					return 0, 0
				}
			}
			k += 3
		default:
			return 0, 0
		}
		runes++
	}
	return 0, 0
}

// Byte classes for plainWord.
const (
	classOther      = iota // a byte plainWord leaves to the general way
	classPlain             // an ASCII character of a word
	classDelim             // an ASCII byte that ends a word (wordDelim)
	classLead3             // begins a three-byte character that is no blank (E4–EC, EE)
	classLead3Blank        // begins a three-byte character that may be a blank or '（' (E1–E3, EF)
)

var byteClass = func() (t [256]uint8) {
	for b := range 256 {
		switch {
		case b < utf8.RuneSelf && wordDelim[b]:
			t[b] = classDelim
		case b < utf8.RuneSelf:
			t[b] = classPlain
		case b == 0xE1 || b == 0xE2 || b == 0xE3 || b == 0xEF:
			t[b] = classLead3Blank
		case b >= 0xE4 && b <= 0xEE && b != 0xED: // E0 and ED restrict the second byte
			t[b] = classLead3
		}
	}
	return t
}()

// take appends the next n bytes, n characters without line breaks, to tok (up to maxWord)
// and moves past them.
func (r *Reader) take(n, chars int) {
	if room := maxWord - len(r.tok); room > 0 {
		r.tok = append(r.tok, truncRunes(r.win[r.i:r.i+n], room)...)
	}
	r.i += n
	r.off += int64(n)
	r.col += chars
	if n > 0 {
		r.cr = false
	}
}

// word splits the word w, which starts at loc and has chars characters (-1: not counted),
// into move numbers, moves, glyphs and a result, and reports them.
func (r *Reader) word(w []byte, loc Loc, chars int) (string, Loc) {
	afterMove := false
	for len(w) > 0 {
		if res := resultOf(w); res != "" {
			return res, loc
		}
		if n := numberPrefix(w); n > 0 {
			loc = advance(loc, w[:n])
			w, chars = w[n:], -1
			continue
		}
		if n, nag := glyphPrefix(w); n > 0 {
			r.v.NAG(nag, loc)
			loc = advance(loc, w[:n])
			w, chars = w[n:], -1
			continue
		}
		if afterMove && onlyCheckMarks(w) {
			break
		}
		n := len(w) // moveLen(w) for the usual word: one move of fewer than six characters
		if chars < 1 || chars > 5 || isMark(w[len(w)-1]) {
			n = moveLen(w)
		}
		// Text that is no move is reported whole, or its first 64 bytes when longer.
		if r.v.Move(truncRunes(w[:n], 64), loc) {
			r.skipGame()
		}
		if n == len(w) {
			break // the usual word, one move: loc is not needed further
		}
		loc = advance(loc, w[:n])
		w, chars = w[n:], -1
		afterMove = true
	}
	return "", loc
}

// isMark reports whether c is an annotation glyph or check mark that moveLen leaves out.
func isMark(c byte) bool { return c == '!' || c == '?' || c == '+' || c == '#' }

// moveLen returns the length of the move at the start of w. A word of fewer than six
// characters (annotation glyphs and check marks at its end apart) holds one move at most,
// since no move is shorter than three; longer words may hold moves glued together, which
// anynotation.ScanMove separates. Text that is no move is returned whole: the resolver will
// say why it is not one.
func moveLen(w []byte) int {
	e := len(w)
	for e > 0 && isMark(w[e-1]) {
		e--
	}
	runes := 0
	for _, c := range w[:min(e, 24)] {
		if int8(c) >= -0x40 { // not a continuation byte (10xxxxxx)
			runes++
		}
	}
	if runes < 6 && e > 24 { // stray continuation bytes in a long word
		runes = 0
		for _, c := range w[:e] {
			if int8(c) >= -0x40 {
				if runes++; runes == 6 {
					break
				}
			}
		}
	}
	if runes == 0 {
		return len(w)
	}
	if runes < 6 {
		return e
	}
	// No move is longer than maxMove bytes: scan a bounded prefix (words can be long).
	n := anynotation.ScanMove(string(truncRunes(w, maxMove)))
	if n <= 0 || n > len(w) {
		return len(w)
	}
	return n
}

// advance returns loc moved past b, which holds no line break.
func advance(loc Loc, b []byte) Loc {
	for _, c := range b {
		if c&0xC0 != 0x80 {
			loc.Col++
		}
	}
	loc.Offset += int64(len(b))
	return loc
}

// resultOf returns the game result w stands for, or "".
func resultOf(w []byte) string {
	switch string(w) {
	case "1-0", "红胜", "紅勝", "红方胜", "紅方勝", "黑负", "黑負", "黑方负", "黑方負":
		return "1-0"
	case "0-1", "黑胜", "黑勝", "黑方胜", "黑方勝", "红负", "紅負", "红方负", "紅方負":
		return "0-1"
	case "1/2-1/2", "½-½", "和棋", "和局", "和":
		return "1/2-1/2"
	case "*":
		return "*"
	}
	return ""
}

// numberPrefix returns the length of a move number at the start of w: digits alone, or
// digits then dots (. … 、 ．), or dots alone ("..." after a number and a space). WXF's
// digit form (62.5, 15=6) is not a number.
func numberPrefix(w []byte) int {
	if !numberStart[w[0]] { // inlined: most words are moves
		return 0
	}
	return numberPrefixSlow(w)
}

// numberStart marks the bytes a move number can begin with: a digit, a dot, or the first
// byte of … 、 ．
var numberStart = func() (t [256]bool) {
	for _, c := range []byte("0123456789.\xE2\xE3\xEF") {
		t[c] = true
	}
	return t
}()

func numberPrefixSlow(w []byte) int {
	j := 0
	for j < len(w) && w[j] >= '0' && w[j] <= '9' {
		j++
	}
	k := j
	for k < len(w) {
		switch {
		case w[k] == '.':
			k++
		case hasPrefix(w[k:], "…"), hasPrefix(w[k:], "、"), hasPrefix(w[k:], "．"):
			k += 3
		default:
			goto done
		}
	}
done:
	switch {
	case j == len(w):
		return j // digits alone
	case k == j:
		return 0 // digits then something else (15=6), or no number
	case j == 2 && k == 3 && w[2] == '.' && len(w) == 4 && w[3] >= '1' && w[3] <= '9':
		return 0 // WXF with a piece digit: 62.5
	}
	return k
}

func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// glyphPrefix returns the length and NAG of an annotation glyph at the start of w.
func glyphPrefix(w []byte) (int, uint8) {
	if len(w) == 0 || w[0] != '!' && w[0] != '?' {
		return 0, 0
	}
	if len(w) >= 2 {
		switch string(w[:2]) {
		case "!!":
			return 2, 3
		case "??":
			return 2, 4
		case "!?":
			return 2, 5
		case "?!":
			return 2, 6
		}
	}
	if w[0] == '!' {
		return 1, 1
	}
	return 1, 2
}

func onlyCheckMarks(w []byte) bool {
	for _, c := range w {
		if c != '+' && c != '#' {
			return false
		}
	}
	return true
}
