// Package chinese reads and writes vertical-line Chinese move notation: 炮二平五, 马８进７,
// 前车进二, 一兵平五, as the xqbase notation note describes it.
//
// qipu writes Red's files and numbers as 一…九 and Black's as full-width １…９; 前/后 for two
// identical pieces on a file, 前/中/后 for three; 一二三四五 for four or five on a file, or for
// pieces doubled on two files (numbered right to left in the mover's view, then front to back);
// advisors and elephants never take 前/后. Simplified glyphs by default (帅仕相马车炮兵 /
// 将士象马车炮卒, 进, 后); traditional output uses 帥仕相馬車炮兵 / 將士象馬車炮卒, 進, 後, all of it
// in plain Big5.
//
// Reading accepts every glyph variant (through textenc.Glyph), ASCII, full-width or Chinese
// digits for either side, 一…五 ordinals, the file kept after 前/后 (前炮二退二), the marker after
// the piece (车前进三) and DhtmlXQ's 前九平八.
package chinese

import (
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/vline"
	"github.com/qipu/qipu/pkg/textenc"
)

// Name is the notation name carried by this package's errors.
const Name = "chinese"

// Syntax is a parsed Chinese move: the vertical-line content of the text, before any position
// is consulted. The piece's color is not kept (the side to move decides); Role is NoRole only
// for DhtmlXQ's 前九平八 form. Digits records the side whose number style the text uses.
type Syntax struct {
	notation.Line
	Digits Digits
}

// Digits is the number style of a Chinese move text, which names a side in ElephantEye-style
// records: Red writes 一…九, Black full-width １…９. ASCII digits are used for either side.
type Digits uint8

// The number styles.
const (
	DigitsUnknown Digits = iota // no file or step number, or ASCII digits
	DigitsRed                   // Chinese numerals
	DigitsBlack                 // full-width digits
)

// digitsOf classifies the number style of the rune r (before glyph normalization).
func digitsOf(r rune) Digits {
	switch {
	case r >= '１' && r <= '９':
		return DigitsBlack
	case r >= '0' && r <= '9':
		return DigitsUnknown
	}
	return DigitsRed
}

// rune classes
const (
	clsNone = iota
	clsPiece
	clsMark
	clsDir
	clsNum
)

type token struct {
	cls    uint8
	val    uint8 // role, pick, op or number
	digits Digits
}

// tokens caches classify for the Basic Multilingual Plane: one lookup per rune on the hot path.
var tokens = func() *[0x10000]token {
	var t [0x10000]token
	for r := range rune(len(t)) {
		t[r] = classifySlow(r)
	}
	return &t
}()

func classify(r rune) token {
	if r >= 0 && r < 0x10000 {
		return tokens[r]
	}
	return classifySlow(r)
}

func classifySlow(r rune) token {
	t := classifyGlyph(textenc.Glyph(r))
	if t.cls == clsNum {
		t.digits = digitsOf(r)
	}
	return t
}

func classifyGlyph(r rune) token {
	if r >= '1' && r <= '9' {
		return token{cls: clsNum, val: uint8(r - '0')}
	}
	switch r {
	case '帅', '将':
		return token{cls: clsPiece, val: uint8(board.General)}
	case '仕', '士':
		return token{cls: clsPiece, val: uint8(board.Advisor)}
	case '相', '象':
		return token{cls: clsPiece, val: uint8(board.Elephant)}
	case '马':
		return token{cls: clsPiece, val: uint8(board.Horse)}
	case '车':
		return token{cls: clsPiece, val: uint8(board.Chariot)}
	case '炮':
		return token{cls: clsPiece, val: uint8(board.Cannon)}
	case '兵', '卒':
		return token{cls: clsPiece, val: uint8(board.Soldier)}
	case '前':
		return token{cls: clsMark, val: uint8(notation.PickFront)}
	case '中':
		return token{cls: clsMark, val: uint8(notation.PickMiddle)}
	case '后':
		return token{cls: clsMark, val: uint8(notation.PickRear)}
	case '进':
		return token{cls: clsDir, val: uint8(notation.Forward)}
	case '退':
		return token{cls: clsDir, val: uint8(notation.Backward)}
	case '平':
		return token{cls: clsDir, val: uint8(notation.Sideways)}
	}
	for v := 1; v <= 9; v++ {
		if r == numerals[v] {
			return token{cls: clsNum, val: uint8(v)}
		}
	}
	return token{}
}

// Parse reads a Chinese move text. It fails with a *notation.Error of kind notation.ErrSyntax.
func Parse(text string) (Syntax, error) {
	if s, ok := parse(text); ok {
		return s, nil
	}
	return Syntax{}, &notation.Error{Kind: notation.ErrSyntax, Notation: Name, Text: text, Reason: "not a Chinese move"}
}

// TryParse is Parse without the error value: it reports whether text reads as a Chinese
// move. It does not allocate.
func TryParse(text string) (Syntax, bool) { return parse(text) }

func parse(text string) (Syntax, bool) {
	var t [5]token
	n := 0
	for i := 0; i < len(text); n++ {
		if n == len(t) {
			return Syntax{}, false
		}
		var tk token
		if c := text[i]; c < utf8.RuneSelf {
			tk = tokens[c]
			i++
		} else if i+2 < len(text) && lead3[c] && text[i+1]&0xC0 == 0x80 && text[i+2]&0xC0 == 0x80 {
			// A three-byte character (every glyph the notation uses), decoded inline.
			tk = tokens[uint16(c&0x0F)<<12|uint16(text[i+1]&0x3F)<<6|uint16(text[i+2]&0x3F)]
			i += 3
		} else {
			r, size := utf8.DecodeRuneInString(text[i:])
			tk = classify(r)
			i += size
		}
		if tk.cls == clsNone {
			return Syntax{}, false
		}
		t[n] = tk
	}
	return parseTokens(t, n)
}

// lead3 marks the first bytes of three-byte UTF-8 sequences that accept any two continuation
// bytes after them (E0 and ED restrict the second byte).
var lead3 = func() (t [256]bool) {
	for c := 0xE1; c <= 0xEF; c++ {
		t[c] = c != 0xED
	}
	return t
}()

// parseTokens reads the n classified characters of a text.
func parseTokens(t [5]token, n int) (Syntax, bool) {
	var s Syntax
	if n < 4 || t[n-2].cls != clsDir || t[n-1].cls != clsNum {
		return s, false
	}
	s.Digits = t[n-1].digits
	s.Op, s.Arg = notation.Op(t[n-2].val), t[n-1].val
	a, b := t[0], t[1]
	if n == 5 {
		c := t[2]
		if b.cls != clsPiece || c.cls != clsNum {
			return s, false
		}
		s.Role, s.File = board.Role(b.val), c.val
		switch {
		case a.cls == clsMark:
			s.Pick = notation.Pick(a.val)
		case a.cls == clsNum && a.val <= 5:
			s.Pick, s.Index = notation.PickOrdinal, a.val
		default:
			return s, false
		}
		return s, true
	}
	switch {
	case a.cls == clsPiece && b.cls == clsNum: // 炮二平五
		s.Role, s.File = board.Role(a.val), b.val
		s.Digits = max(s.Digits, b.digits)
	case a.cls == clsMark && b.cls == clsPiece: // 前车进二
		s.Role, s.Pick = board.Role(b.val), notation.Pick(a.val)
	case a.cls == clsPiece && b.cls == clsMark: // 车前进二
		s.Role, s.Pick = board.Role(a.val), notation.Pick(b.val)
	case a.cls == clsNum && a.val <= 5 && b.cls == clsPiece: // 一兵平五
		s.Role, s.Pick, s.Index = board.Role(b.val), notation.PickOrdinal, a.val
	case a.cls == clsMark && b.cls == clsNum: // 前九平八 (DhtmlXQ)
		s.Pick, s.File = notation.Pick(a.val), b.val
	default:
		return s, false
	}
	return s, true
}

var (
	numerals    = [10]rune{'?', '一', '二', '三', '四', '五', '六', '七', '八', '九'}
	fullDigits  = [10]rune{'?', '１', '２', '３', '４', '５', '６', '７', '８', '９'}
	asciiDigits = [10]rune{'?', '1', '2', '3', '4', '5', '6', '7', '8', '9'}
	// pieces by [traditional][color][role]
	pieceGlyphs = [2][2][8]rune{
		{{'?', '帅', '仕', '相', '马', '车', '炮', '兵'}, {'?', '将', '士', '象', '马', '车', '炮', '卒'}},
		{{'?', '帥', '仕', '相', '馬', '車', '炮', '兵'}, {'?', '將', '士', '象', '馬', '車', '炮', '卒'}},
	}
	// [traditional][op]
	dirGlyphs = [2][4]rune{{'?', '进', '退', '平'}, {'?', '進', '退', '平'}}
	// [traditional][pick]
	markGlyphs = [2][4]rune{{'?', '前', '中', '后'}, {'?', '前', '中', '後'}}
)

// String returns the canonical text of s in simplified glyphs, with the number style it was
// read in (炮二平五, 马８进７, 前车进二, 一兵平五, 前炮二退二). Parsing it gives s back.
func (s Syntax) String() string {
	c := board.Red
	if s.Digits == DigitsBlack {
		c = board.Black
	}
	return string(s.appendText(make([]byte, 0, 16), false, c, s.Digits))
}

// appendText writes s with the piece glyphs of color c and the number style digits.
func (s Syntax) appendText(dst []byte, trad bool, c board.Color, digits Digits) []byte {
	t := 0
	if trad {
		t = 1
	}
	nums := &numerals
	switch digits {
	case DigitsBlack:
		nums = &fullDigits
	case DigitsUnknown:
		nums = &asciiDigits
	}
	role := s.Role & 7
	piece := pieceGlyphs[t][c&1][role]
	switch {
	case role == board.NoRole:
		dst = utf8.AppendRune(dst, markGlyphs[t][s.Pick&3])
		dst = utf8.AppendRune(dst, nums[s.File%10])
	case s.Pick == notation.PickFile:
		dst = utf8.AppendRune(dst, piece)
		dst = utf8.AppendRune(dst, nums[s.File%10])
	default:
		if s.Pick == notation.PickOrdinal {
			dst = utf8.AppendRune(dst, numerals[s.Index%10])
		} else {
			dst = utf8.AppendRune(dst, markGlyphs[t][s.Pick&3])
		}
		dst = utf8.AppendRune(dst, piece)
		if s.File != 0 {
			dst = utf8.AppendRune(dst, nums[s.File%10])
		}
	}
	dst = utf8.AppendRune(dst, dirGlyphs[t][s.Op&3])
	return utf8.AppendRune(dst, nums[s.Arg%10])
}

// Resolve returns the legal move of the side to move that s describes; see ResolveNote.
func (s Syntax) Resolve(pos *board.Position) (board.Move, error) {
	m, _, err := s.ResolveNote(pos)
	return m, err
}

// ResolveNote returns the legal move of the side to move that s describes, resolving by
// legality: 车二进三 with both chariots on file 二 is accepted when only one of them can make the
// move, 前 where none is needed when exactly one piece fits, tandem pawns numbered another way
// when one reading fits, and so on. note is empty when s is how qipu writes the move (a file
// kept after 前/后 counts as standard), else it says what is non-standard. Errors are
// *notation.Error of kind ErrIllegal (no legal move fits) or ErrAmbiguous (several do;
// Candidates lists them), with the canonical form of s as Text (the dispatch layer puts the
// original text there).
func (s Syntax) ResolveNote(pos *board.Position) (m board.Move, note string, err error) {
	if m, ok := vline.Sole(pos, s.Line); ok { // the common case, without Resolve's result
		return m, s.digitsNote(pos.Turn()), nil
	}
	res := vline.Resolve(pos, s.Line, vline.Chinese)
	switch res.N {
	case 1:
		if res.Note == "" {
			return res.Moves[0], s.digitsNote(pos.Turn()), nil
		}
		return res.Moves[0], res.Note, nil
	case 0:
		return board.NoMove, "", &notation.Error{Kind: notation.ErrIllegal, Notation: Name, Text: s.String(), Reason: res.Reason}
	}
	return board.NoMove, "", &notation.Error{Kind: notation.ErrAmbiguous, Notation: Name, Text: s.String(),
		Reason: "several pieces can make this move", Candidates: res.Candidates()}
}

// digitsNote returns the note of a text otherwise canonical whose numbers are the other
// side's, or "".
func (s Syntax) digitsNote(turn board.Color) string {
	switch {
	case s.Digits == DigitsBlack && turn != board.Black:
		return "Black's full-width digits in a Red move"
	case s.Digits == DigitsRed && turn == board.Black:
		return "Red's Chinese numerals in a Black move"
	}
	return ""
}

// appendMove appends the Chinese text of the legal move m in pos: simplified glyphs, or with
// traditional set those of Big5 archives (帥 將 馬 車 進 後).
func appendMove(dst []byte, pos *board.Position, m board.Move, traditional bool) []byte {
	pc := pos.At(m.From())
	if pc == board.NoPiece {
		return append(dst, "????"...)
	}
	s := Syntax{Line: vline.Describe(pos, m, false)}
	digits := DigitsRed
	if pc.Color() == board.Black {
		digits = DigitsBlack
	}
	return s.appendText(dst, traditional, pc.Color(), digits)
}
