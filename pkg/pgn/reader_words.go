package pgn

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/notation/anynotation"
)

// Movetext words: move numbers, moves (glued ones split), annotation glyphs and results.

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
