// Package wxf reads and writes WXF move notation (World Xiangqi Federation letters and
// digits): C2.5, H8+7, C+-2, Pa.5, and Fairy-Stockfish's dialect C2=5, R+=4, 15=6.
//
// Reading accepts both dialects and more: "." or "=" for sideways, H/E or N/B, piece digits
// 1–7 (62.5), the tandem marker before the letter (+C-2), lower-case letters, Fairy-Stockfish
// index+file forms (15=6), ordinals a–e, and the front/middle/rear markers in qipu's and the
// WXF's order (+ . -) as well as the order of the xqbase notation note's table (+ - .) where
// only that reading fits. Full-width
// characters are normalized first; one trailing check mark (+ or #) is ignored.
package wxf

import (
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/vline"
	"github.com/qipu/qipu/pkg/textenc"
)

// Name is the notation name carried by this package's errors.
const Name = "wxf"

// Syntax is a parsed WXF move: the vertical-line content of the text, before any position is
// consulted. Role is NoRole for the piece-less index+file form (15=6), which Resolve also
// tries as piece digit + file (K5=6). Two texts meaning the same thing (C2.5, c2=5, 62.5)
// parse to equal values.
type Syntax notation.Line

var letterRole = func() (t [128]board.Role) {
	for _, e := range []struct {
		l string
		r board.Role
	}{{"Kk", board.General}, {"Aa", board.Advisor}, {"EeBb", board.Elephant}, {"HhNn", board.Horse},
		{"Rr", board.Chariot}, {"Cc", board.Cannon}, {"Pp", board.Soldier}} {
		for i := 0; i < len(e.l); i++ {
			t[e.l[i]] = e.r
		}
	}
	return t
}()

const letters = "?KAEHRCP"

// Parse reads a WXF move text. It fails with a *notation.Error of kind notation.ErrSyntax.
func Parse(text string) (Syntax, error) {
	var buf [8]byte
	b, ok := normalize(text, &buf)
	if ok {
		if s, ok := parse(b); ok {
			return s, nil
		}
	}
	return Syntax{}, &notation.Error{Kind: notation.ErrSyntax, Notation: Name, Text: text, Reason: "not a WXF move"}
}

// TryParse is Parse without the error value: it reports whether text reads as a WXF move.
// It does not allocate.
func TryParse(text string) (Syntax, bool) {
	var buf [8]byte
	b, ok := normalize(text, &buf)
	if !ok {
		return Syntax{}, false
	}
	return parse(b)
}

// normalize returns the text as ASCII bytes, mapping full-width and other variant characters
// through textenc.Glyph; it fails on text too long to be a move or not ASCII after mapping.
func normalize(text string, buf *[8]byte) ([]byte, bool) {
	n := 0
	for i := 0; i < len(text); {
		c := text[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			r = textenc.Glyph(r)
			if r >= utf8.RuneSelf {
				return nil, false
			}
			c = byte(r)
			i += size
		} else {
			i++
		}
		if n == len(buf) {
			return nil, false
		}
		buf[n] = c
		n++
	}
	return buf[:n], true
}

func digit(c byte) uint8 {
	if c >= '1' && c <= '9' {
		return c - '0'
	}
	return 0
}

func marker(c byte) notation.Pick {
	switch c {
	case '+':
		return notation.PickFront
	case '.':
		return notation.PickMiddle
	case '-':
		return notation.PickRear
	}
	return notation.PickFile
}

func roleOf(c byte) board.Role {
	if c < 128 {
		if r := letterRole[c]; r != board.NoRole {
			return r
		}
	}
	if c >= '1' && c <= '7' {
		return board.Role(c - '0')
	}
	return board.NoRole
}

func parse(b []byte) (Syntax, bool) {
	var s Syntax
	if len(b) == 5 && (b[4] == '+' || b[4] == '#') {
		b = b[:4]
	}
	if len(b) != 4 {
		return s, false
	}
	c0, c1 := b[0], b[1]
	switch {
	case c0 >= '1' && c0 <= '5' && digit(c1) != 0:
		// Fairy-Stockfish's index + file, or piece digit + file: Resolve tries both.
		s.Pick, s.Index, s.File = notation.PickOrdinal, c0-'0', digit(c1)
	case roleOf(c0) != board.NoRole:
		s.Role = roleOf(c0)
		switch {
		case digit(c1) != 0:
			s.File = digit(c1)
		case marker(c1) != notation.PickFile:
			s.Pick = marker(c1)
		case c1 >= 'a' && c1 <= 'e':
			s.Pick, s.Index = notation.PickOrdinal, c1-'a'+1
		case c1 >= 'A' && c1 <= 'E':
			s.Pick, s.Index = notation.PickOrdinal, c1-'A'+1
		default:
			return s, false
		}
	case marker(c0) != notation.PickFile && roleOf(c1) != board.NoRole:
		s.Role, s.Pick = roleOf(c1), marker(c0)
	default:
		return s, false
	}
	switch b[2] {
	case '+':
		s.Op = notation.Forward
	case '-':
		s.Op = notation.Backward
	case '.', '=':
		s.Op = notation.Sideways
	default:
		return s, false
	}
	if s.Arg = digit(b[3]); s.Arg == 0 {
		return s, false
	}
	return s, true
}

// String returns the canonical text of s: the xqbase form (C2.5, C+-2, Pa.5), or the
// index+file form (15.6) when s names no piece. Parsing it gives s back.
func (s Syntax) String() string {
	return string(s.appendText(make([]byte, 0, 4), '.'))
}

func (s Syntax) appendText(dst []byte, sideways byte) []byte {
	if s.Role == board.NoRole || s.Role > board.Soldier {
		dst = append(dst, '0'+s.Index%10, '0'+s.File%10)
	} else {
		dst = append(dst, letters[s.Role])
		switch s.Pick {
		case notation.PickFile:
			dst = append(dst, '0'+s.File%10)
		case notation.PickFront:
			dst = append(dst, '+')
		case notation.PickMiddle:
			dst = append(dst, '.')
		case notation.PickRear:
			dst = append(dst, '-')
		default:
			dst = append(dst, 'a'+(s.Index+25)%26)
		}
	}
	switch s.Op {
	case notation.Forward:
		dst = append(dst, '+')
	case notation.Backward:
		dst = append(dst, '-')
	default:
		dst = append(dst, sideways)
	}
	return append(dst, '0'+s.Arg%10)
}

// Resolve returns the legal move of the side to move that s describes; see ResolveNote.
func (s Syntax) Resolve(pos *board.Position) (board.Move, error) {
	m, _, err := s.ResolveNote(pos)
	return m, err
}

// ResolveNote returns the legal move of the side to move that s describes, resolving by
// legality: a bare file with two pieces on it is accepted when only one of them can make the
// move, a marker where none is needed when exactly one piece fits, and so on. note is empty
// when s is how qipu (xqbase) or Fairy-Stockfish writes the move, else it says what is
// non-standard. Errors are *notation.Error of kind ErrIllegal (no legal move fits) or
// ErrAmbiguous (several do; Candidates lists them), with the canonical form of s as Text (the
// dispatch layer puts the original text there).
func (s Syntax) ResolveNote(pos *board.Position) (m board.Move, note string, err error) {
	if m, ok := vline.Sole(pos, notation.Line(s)); ok { // the common case, without Resolve's result
		return m, "", nil
	}
	res := vline.Resolve(pos, notation.Line(s), vline.WXF)
	switch res.N {
	case 1:
		return res.Moves[0], res.Note, nil
	case 0:
		return board.NoMove, "", &notation.Error{Kind: notation.ErrIllegal, Notation: Name, Text: s.String(), Reason: res.Reason}
	}
	return board.NoMove, "", &notation.Error{Kind: notation.ErrAmbiguous, Notation: Name, Text: s.String(),
		Reason: "several pieces can make this move", Candidates: res.Candidates()}
}

// appendMove appends the WXF text of the legal move m in pos, in the given dialect. It
// allocates only if dst lacks room for the 4 bytes.
func appendMove(dst []byte, pos *board.Position, m board.Move, style Style) []byte {
	if pos.At(m.From()) == board.NoPiece {
		return append(dst, "????"...)
	}
	fairy := style == Fairy
	l := Syntax(vline.Describe(pos, m, fairy))
	sideways := byte('.')
	if fairy {
		sideways = '='
	}
	return l.appendText(dst, sideways)
}
