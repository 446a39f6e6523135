package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode"
	"unicode/utf8"
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

	pooled bool          // br came from readerBufs: recycle gives it back
	own    *bufio.Reader // a read buffer of the Reader's own, kept by reset (decodings)
	tok    []byte        // the current token
	name   []byte        // the current tag name

	real     Visitor // the visitor of the current game
	v        Visitor // where events go: real, or a no-op while skipping
	skipFrom int     // 0: reporting; -1: skipping the game; d > 0: skipping the variation at depth d
	depth    int     // open variations
	vdepth   int     // open variations reported to real
	opens    []Loc   // where the reported variations opened
}

// NewReader returns a Reader of the UTF-8 text r. A leading byte order mark is skipped.
func NewReader(r io.Reader) *Reader {
	rd := new(Reader)
	rd.reset(r)
	return rd
}

// reset makes the Reader read r from its start, keeping its token buffers (and its pooled
// read buffer, if it has one) for the new text.
func (r *Reader) reset(src io.Reader) {
	own := r.own
	*r = Reader{line: 1, col: 1, bol: true, tok: r.tok[:0], name: r.name[:0], opens: r.opens[:0], own: own}
	br, ok := src.(*bufio.Reader)
	if ok && br.Size() >= lookahead*2 {
		r.br = br
		return
	}
	if own == nil {
		if s, ok := src.(interface{ Len() int }); ok && s.Len()+lookahead < bufSize {
			// A bytes.Reader or strings.Reader: its size is known.
			r.br = bufio.NewReaderSize(src, max(s.Len()+lookahead, 4096))
			return
		}
		own = readerBufs.Get().(*bufio.Reader)
		r.pooled = true
	}
	own.Reset(src)
	r.br, r.own = own, own
}

// readerBufs holds the buffered readers of Readers that Decode is done with: a run over many
// files reuses them instead of clearing a fresh buffer for each.
var readerBufs = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, bufSize) }}

// recycle gives the Reader's buffer back for the next Reader; r must not be used after it.
// A Reader Decode keeps for the next text (decodings) keeps its buffer instead.
func (r *Reader) recycle() {
	if r.pooled {
		r.br.Reset(nil)
		readerBufs.Put(r.br)
		r.br, r.win, r.pooled, r.own = nil, nil, false, nil
	}
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
