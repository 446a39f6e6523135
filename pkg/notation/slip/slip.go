// Package slip lists the known typing slips of a move text: for a text as written, the texts
// its writer may have meant, each one small edit away. Move repair (game.Builder with Repair)
// resolves each of them in the position and keeps those that make the rest of the game
// replay.
//
// The slips are the ones found in real archives: 进/退/平 swapped; a file or step number off
// by one; a file counted from the wrong side (n for 10−n); 前/中/后 swapped; one piece glyph for
// another; and, in the letter notations (ICCS, WXF), a letter or digit off by one, two
// neighbouring characters swapped, or the two squares of an ICCS move swapped. The edits keep
// the script of the text: a traditional 進 becomes 退 and back to 進, a full-width digit stays
// full-width, a Chinese numeral stays a numeral.
//
// Edits works on the text alone, before any position is consulted, so it serves every
// notation; a text of a few runes has a few dozen edits. Texts longer than MaxRunes have
// none (a move text is short; anything longer is not a slip of one).
package slip

import (
	"slices"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/textenc"
)

// Kind is the kind of slip an edit undoes.
type Kind uint8

// The kinds of slip, in the order Edits lists their edits: the commonest first.
const (
	// Direction: 进, 退 and 平 (or WXF's +, - and .) swapped.
	Direction Kind = iota + 1
	// NumberOff: a file or step number, or an ICCS letter or digit, off by one.
	NumberOff
	// Mirrored: a file counted from the other side of the board (n for 10−n).
	Mirrored
	// Marker: 前, 中 and 后 swapped (or WXF's + and - markers).
	Marker
	// Piece: one piece glyph or letter for another.
	Piece
	// Swapped: two neighbouring characters, or the two squares of an ICCS move, swapped.
	Swapped
	// Capture: the platform format's (吃) capture mark added or left out.
	Capture
)

// String names the kind of slip, as diagnostics say it.
func (k Kind) String() string {
	switch k {
	case Direction:
		return "direction"
	case NumberOff:
		return "number off by one"
	case Mirrored:
		return "file counted from the other side"
	case Marker:
		return "前/中/后 marker"
	case Piece:
		return "piece"
	case Swapped:
		return "characters swapped"
	case Capture:
		return "capture mark"
	}
	return "slip"
}

// Edit is one text the writer may have meant, and the kind of slip it undoes.
type Edit struct {
	Text string
	Kind Kind
}

// MaxRunes is the longest move text Edits considers.
const MaxRunes = 16

// Glyph tables. Each class keeps a simplified and a traditional row, so an edit keeps the
// script of the rune it replaces.
var (
	dirs        = [2][3]rune{{'进', '退', '平'}, {'進', '退', '平'}}
	marks       = [2][3]rune{{'前', '中', '后'}, {'前', '中', '後'}}
	redPieces   = [2][7]rune{{'帅', '仕', '相', '马', '车', '炮', '兵'}, {'帥', '仕', '相', '馬', '車', '炮', '兵'}}
	blackPieces = [2][7]rune{{'将', '士', '象', '马', '车', '炮', '卒'}, {'將', '士', '象', '馬', '車', '炮', '卒'}}
	numerals    = [10]rune{'〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'}
	wxfPieces   = []byte("KABNRCPEH")
	wxfOps      = []byte("+-.")
)

// class is what a rune of a move text is, for the edits it admits.
type class uint8

const (
	clsOther   class = iota
	clsDir           // 进 退 平
	clsMark          // 前 中 后
	clsPiece         // a Chinese piece glyph
	clsNumeral       // 一 … 九
	clsDigit         // 0–9, ASCII or full-width
	clsLetter        // an ASCII letter (ICCS file or WXF piece)
	clsOp            // WXF + - . =
)

// rn is one rune of the text with its class, value and script.
type rn struct {
	r     rune
	cls   class
	val   int  // a number's value; a piece's index in its table
	trad  bool // a traditional glyph (or a full-width character)
	black bool // a piece glyph of Black's table
}

// Edits appends to dst the edits of text, each text once and never text itself, and returns
// the extended slice.
func Edits(dst []Edit, text string) []Edit {
	if text == "" || utf8.RuneCountInString(text) > MaxRunes {
		return dst
	}
	var buf [MaxRunes]rn
	e := editor{dst: dst, start: len(dst), rs: buf[:0]}
	for _, r := range text {
		e.rs = append(e.rs, classify(r))
	}
	// The script of the text: one traditional glyph makes every replaced glyph traditional
	// (退 and 平 are the same in both scripts).
	trad := false
	for _, x := range e.rs {
		if x.trad && x.cls != clsDigit && x.cls != clsLetter && x.cls != clsOp {
			trad = true
		}
	}
	e.script = b2i(trad)
	e.letters = asciiLetters(e.rs)
	for kind := Direction; kind <= Capture; kind++ {
		for i := range e.rs {
			e.edit(kind, i, text)
		}
	}
	// A swap of equal squares ("h2h2") gives the text back.
	kept := slices.DeleteFunc(e.dst[e.start:], func(ed Edit) bool { return ed.Text == text })
	return e.dst[:e.start+len(kept)]
}

// editor makes the edits of one text: its runes, their script, and the edits from start on.
type editor struct {
	dst     []Edit
	start   int
	rs      []rn
	script  int  // 1: traditional glyphs
	letters bool // the text is in ASCII letters and digits (ICCS or WXF)
}

// add adds the edit that puts r at rune i, unless r is there already.
func (e *editor) add(kind Kind, i int, r rune) {
	rs := e.rs
	if r == rs[i].r {
		return
	}
	old := rs[i].r
	rs[i].r = r
	e.dst = addText(e.dst, e.start, kind, string(runes(rs)))
	rs[i].r = old
}

// edit adds the edits of one kind at rune i.
func (e *editor) edit(kind Kind, i int, text string) {
	x := e.rs[i]
	switch kind {
	case Direction:
		if x.cls == clsDir {
			for _, r := range dirs[e.script] {
				e.add(kind, i, r)
			}
		}
		if x.cls == clsOp && e.letters && i > 0 && x.r != '=' {
			for _, c := range wxfOps {
				e.add(kind, i, full(rune(c), x.trad))
			}
		}
	case NumberOff:
		e.numberOff(i, x)
	case Mirrored:
		switch {
		case x.cls == clsNumeral && x.val != 5:
			e.add(kind, i, numerals[10-x.val])
		case x.cls == clsDigit && x.val >= 1 && x.val <= 9 && x.val != 5:
			e.add(kind, i, full(rune('0'+10-x.val), x.trad))
		}
	case Marker:
		if x.cls == clsMark {
			for _, r := range marks[e.script] {
				e.add(kind, i, r)
			}
		}
		if x.cls == clsOp && e.letters && i == 1 && x.r != '.' {
			for _, c := range []byte("+-") {
				e.add(kind, i, full(rune(c), x.trad))
			}
		}
	case Piece:
		e.piece(i, x)
	case Swapped:
		rs := e.rs
		if i+1 < len(rs) && rs[i+1].r != x.r && swappable(x) && swappable(rs[i+1]) {
			rs[i], rs[i+1] = rs[i+1], rs[i]
			e.dst = addText(e.dst, e.start, kind, string(runes(rs)))
			rs[i], rs[i+1] = rs[i+1], rs[i]
		}
		if i == 0 {
			e.dst = swapSquares(e.dst, e.start, rs)
		}
	case Capture:
		if i == 0 {
			e.dst = captureMark(e.dst, e.start, text)
		}
	}
}

// numberOff adds the numbers one off at rune i: a numeral, a digit or a file letter.
func (e *editor) numberOff(i int, x rn) {
	switch x.cls {
	case clsNumeral:
		for _, v := range [2]int{x.val - 1, x.val + 1} {
			if v >= 1 && v <= 9 {
				e.add(NumberOff, i, numerals[v])
			}
		}
	case clsDigit:
		for _, v := range [2]int{x.val - 1, x.val + 1} {
			if v >= 0 && v <= 9 {
				e.add(NumberOff, i, full(rune('0'+v), x.trad))
			}
		}
	case clsLetter:
		if f := lower(x.r); f >= 'a' && f <= 'i' {
			for _, d := range [2]rune{-1, 1} {
				if g := f + d; g >= 'a' && g <= 'i' {
					e.add(NumberOff, i, x.r+d)
				}
			}
		}
	}
}

// piece adds the other pieces at rune i: a piece glyph, or a WXF piece letter.
func (e *editor) piece(i int, x rn) {
	switch {
	case x.cls == clsPiece:
		// Both sides' glyphs: a text's side shows only in some of them (马 车 炮 are either
		// side's), and a reader takes either.
		for _, r := range redPieces[e.script] {
			e.add(Piece, i, r)
		}
		for _, r := range blackPieces[e.script] {
			e.add(Piece, i, r)
		}
	case x.cls == clsLetter && i == 0 && e.letters && !squares(e.rs):
		for _, c := range wxfPieces {
			r := rune(c)
			if x.r >= 'a' && x.r <= 'z' {
				r += 'a' - 'A'
			}
			e.add(Piece, i, r)
		}
	}
}

// addText appends an edit unless its text is among the edits from start on.
func addText(dst []Edit, start int, kind Kind, text string) []Edit {
	for _, e := range dst[start:] {
		if e.Text == text {
			return dst
		}
	}
	return append(dst, Edit{Text: text, Kind: kind})
}

// swapSquares adds the ICCS move with its two squares swapped ("h2e2" for "e2h2", with or
// without the dash).
func swapSquares(dst []Edit, start int, rs []rn) []Edit {
	var sq [4]rune
	n, dash := 0, false
	for _, x := range rs {
		switch {
		case x.r == '-' && n == 2 && !dash:
			dash = true
		case n < 4 && (x.cls == clsLetter && n%2 == 0 || x.cls == clsDigit && n%2 == 1):
			sq[n] = x.r
			n++
		default:
			return dst
		}
	}
	if n != 4 {
		return dst
	}
	out := []rune{sq[2], sq[3], sq[0], sq[1]}
	if dash {
		out = []rune{sq[2], sq[3], '-', sq[0], sq[1]}
	}
	return addText(dst, start, Swapped, string(out))
}

// captureMark adds the text with the platform format's capture mark toggled: (吃) left out
// where it is written, added where it is not (after a text that ends in a digit).
func captureMark(dst []Edit, start int, text string) []Edit {
	for _, mark := range []string{"(吃)", "（吃）"} {
		if n := len(text) - len(mark); n > 0 && text[n:] == mark {
			return addText(dst, start, Capture, text[:n])
		}
	}
	// The platform format only: a piece, a file numeral, a rank in ASCII digits.
	r, _ := utf8.DecodeLastRuneInString(text)
	if r < '0' || r > '9' {
		return dst
	}
	first, n := utf8.DecodeRuneInString(text)
	second, _ := utf8.DecodeRuneInString(text[n:])
	if classify(first).cls != clsPiece || classify(second).cls != clsNumeral {
		return dst
	}
	return addText(dst, start, Capture, text+"(吃)")
}

func classify(r rune) rn {
	x := rn{r: r}
	g := textenc.Glyph(r)
	x.trad = g != r
	switch {
	case g >= '0' && g <= '9':
		x.cls, x.val = clsDigit, int(g-'0')
		return x
	case g >= 'A' && g <= 'Z' || g >= 'a' && g <= 'z':
		x.cls = clsLetter
		return x
	case g == '+' || g == '-' || g == '.' || g == '=':
		x.cls = clsOp
		return x
	}
	switch g {
	case '进', '退', '平':
		x.cls = clsDir
		x.trad = r == '進'
		return x
	case '前', '中', '后':
		x.cls = clsMark
		x.trad = r == '後'
		return x
	}
	for v := 1; v <= 9; v++ {
		if g == numerals[v] {
			x.cls, x.val, x.trad = clsNumeral, v, false
			return x
		}
	}
	for s := range 2 {
		for i := range 7 {
			if textenc.Glyph(redPieces[s][i]) == g {
				x.cls, x.val, x.trad = clsPiece, i, s == 1 || x.trad
				return x
			}
			if textenc.Glyph(blackPieces[s][i]) == g {
				x.cls, x.val, x.trad, x.black = clsPiece, i, s == 1 || x.trad, true
				return x
			}
		}
	}
	return x
}

// asciiLetters reports whether the text is in a letter notation (its first rune an ASCII
// letter, as in ICCS and WXF).
func asciiLetters(rs []rn) bool { return len(rs) > 0 && rs[0].cls == clsLetter }

// squares reports whether the text has the shape of an ICCS move (a letter and a digit, an
// optional dash, a letter and a digit): its letters are files, not WXF pieces.
func squares(rs []rn) bool {
	n := 0
	for i, x := range rs {
		switch {
		case x.r == '-' && n == 2 && i == 2:
		case n < 4 && (x.cls == clsLetter && n%2 == 0 || x.cls == clsDigit && n%2 == 1):
			n++
		default:
			return false
		}
	}
	return n == 4
}

// swappable reports whether a rune may trade places with its neighbour: the characters of
// the letter notations, and numbers.
func swappable(x rn) bool {
	switch x.cls {
	case clsDigit, clsLetter, clsOp, clsNumeral:
		return true
	}
	return false
}

// full returns the ASCII character c, or its full-width form when wide is set.
func full(c rune, wide bool) rune {
	if !wide || c < '!' || c > '~' {
		return c
	}
	return c - '!' + '！'
}

func lower(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func runes(rs []rn) []rune {
	out := make([]rune, len(rs))
	for i, x := range rs {
		out[i] = x.r
	}
	return out
}
