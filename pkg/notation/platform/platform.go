// Package platform reads and writes the platform display format, the move text of the AI
// Xiangqi platform whose board coordinates qipu uses: the piece, the target file as Red's
// Chinese numeral (九…一 for columns 0…8, for both sides), the target rank 10 − row (1…10), and
// (吃) when the move captures: 炮三7, 車五10(吃).
//
// qipu writes Red's pieces as 帥 仕 相 馬 車 炮 兵 and Black's as 將 士 象 馬 車 炮 卒. The
// format's text names no origin, so it is ambiguous when two pieces of the kind can reach the
// square (炮五3 in the start position). Notation.Append then inserts the origin, in the same
// coordinates, before the target: 炮二3-五3. Every other move is written exactly as the format
// writes it; AppendShort always writes the format's own short form.
//
// Reading accepts every glyph variant of either side, ASCII or full-width digits for the files
// too, full-width parentheses, and the origin form with or without its dash. Without an
// origin the text means the unique legal move of that piece kind of the side to move to that
// square; (吃) must match the capture.
package platform

import (
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// Name is the notation name carried by this package's errors.
const Name = "platform"

// NoteOrigin is the note of a text that gives its origin although the short form would be
// unambiguous.
const NoteOrigin = "origin given where none is needed"

// Syntax is a parsed platform move: the piece kind, the target square, whether the text
// marks a capture, and the origin square when the text gives one (HasFrom).
type Syntax struct {
	Role    board.Role
	From    board.Square // meaningful only when HasFrom
	To      board.Square
	HasFrom bool
	Capture bool
}

// colNames is the Red file numeral of each column, as the display format numbers them.
var colNames = [board.NumCols]rune{'九', '八', '七', '六', '五', '四', '三', '二', '一'}

var pieceGlyphs = [2][8]rune{
	{'?', '帥', '仕', '相', '馬', '車', '炮', '兵'},
	{'?', '將', '士', '象', '馬', '車', '炮', '卒'},
}

func roleOf(r rune) board.Role {
	switch r {
	case '帅', '将':
		return board.General
	case '仕', '士':
		return board.Advisor
	case '相', '象':
		return board.Elephant
	case '马':
		return board.Horse
	case '车':
		return board.Chariot
	case '炮':
		return board.Cannon
	case '兵', '卒':
		return board.Soldier
	}
	return board.NoRole
}

// numeral returns the file number 1–9 of a (normalized) Chinese numeral or digit, else 0.
func numeral(r rune) int {
	switch r {
	case '一':
		return 1
	case '二':
		return 2
	case '三':
		return 3
	case '四':
		return 4
	case '五':
		return 5
	case '六':
		return 6
	case '七':
		return 7
	case '八':
		return 8
	case '九':
		return 9
	}
	if r >= '1' && r <= '9' {
		return int(r - '0')
	}
	return 0
}

// Parse reads a platform move text. It fails with a *notation.Error of kind
// notation.ErrSyntax.
func Parse(text string) (Syntax, error) {
	if s, ok := TryParse(text); ok {
		return s, nil
	}
	return Syntax{}, &notation.Error{Kind: notation.ErrSyntax, Notation: Name, Text: text, Reason: "not a platform move"}
}

// TryParse is Parse without the error value: it reports whether text reads as a platform
// move. It does not allocate.
func TryParse(text string) (Syntax, bool) {
	s, n := parsePrefix(text)
	return s, n == len(text) && n > 0
}

// Scan returns the byte length of the platform move at the start of text, or 0.
func Scan(text string) int {
	_, n := parsePrefix(text)
	return n
}

// next returns the normalized rune at byte i of text and the index after it; -1 at the end.
func next(text string, i int) (rune, int) {
	if i >= len(text) {
		return -1, i
	}
	if c := text[i]; c < utf8.RuneSelf {
		return rune(c), i + 1
	}
	r, size := utf8.DecodeRuneInString(text[i:])
	return textenc.Glyph(r), i + size
}

// point reads a file numeral and a rank 1–10 at byte i; ok is false when there is none.
func point(text string, i int) (sq board.Square, j int, ok bool) {
	r, j := next(text, i)
	f := numeral(r)
	if f == 0 {
		return board.NoSquare, i, false
	}
	r, j = next(text, j)
	if r < '1' || r > '9' {
		return board.NoSquare, i, false
	}
	rank := int(r - '0')
	if r == '1' {
		if r2, k := next(text, j); r2 == '0' {
			rank, j = 10, k
		}
	}
	return board.NewSquare(10-rank, 9-f), j, true
}

// parsePrefix reads the longest platform move at the start of text and returns it with its
// byte length (0 when there is none).
func parsePrefix(text string) (Syntax, int) {
	var s Syntax
	r, i := next(text, 0)
	if s.Role = roleOf(r); s.Role == board.NoRole {
		return s, 0
	}
	sq, i, ok := point(text, i)
	if !ok {
		return s, 0
	}
	s.To = sq
	j := i
	if r, k := next(text, i); r == '-' {
		j = k
	}
	if to, k, ok := point(text, j); ok {
		s.From, s.To, s.HasFrom, i = sq, to, true, k
	}
	if r, j := next(text, i); r == '(' || r == '（' {
		if r, j = next(text, j); r == '吃' {
			if r, j = next(text, j); r == ')' || r == '）' {
				s.Capture, i = true, j
			}
		}
	}
	return s, i
}

// String returns the canonical text of s with Red's glyph: 炮三7, 車五10(吃), 炮二3-五3.
func (s Syntax) String() string {
	from := board.NoSquare
	if s.HasFrom {
		from = s.From
	}
	return string(appendText(make([]byte, 0, 24), pieceGlyphs[0][s.Role&7], from, s.To, s.Capture))
}

func appendPoint(dst []byte, sq board.Square) []byte {
	if !sq.Valid() {
		return append(dst, '?')
	}
	dst = utf8.AppendRune(dst, colNames[sq.Col()])
	if rank := 10 - sq.Row(); rank < 10 {
		return append(dst, '0'+byte(rank))
	}
	return append(dst, '1', '0')
}

// appendText writes glyph, the origin and a dash when from is a square, the target and (吃).
func appendText(dst []byte, glyph rune, from, to board.Square, capture bool) []byte {
	dst = utf8.AppendRune(dst, glyph)
	if from.Valid() {
		dst = appendPoint(dst, from)
		dst = append(dst, '-')
	}
	dst = appendPoint(dst, to)
	if capture {
		dst = append(dst, "(吃)"...)
	}
	return dst
}

// Resolve returns the legal move s describes; see ResolveNote.
func (s Syntax) Resolve(pos *board.Position) (board.Move, error) {
	m, _, err := s.ResolveNote(pos)
	return m, err
}

// ResolveNote returns the legal move s describes: with an origin, the move from there, which
// must be made by a piece of kind s.Role of the side to move; without one, the unique legal
// move of such a piece to s.To. note is NoteOrigin when an origin is given although the
// short form would be unambiguous, else empty. Errors are *notation.Error: ErrAmbiguous when
// two pieces of the kind can reach the square (Candidates lists them), ErrIllegal when none
// can, or when (吃) is written for a move that takes nothing or missing for one that does.
func (s Syntax) ResolveNote(pos *board.Position) (m board.Move, note string, err error) {
	var found [4]board.Move
	n := 0
	if s.To.Valid() {
		for bb := pos.Pieces(pos.Turn(), s.Role); !bb.Empty(); {
			if mv := board.NewMove(bb.PopFirst(), s.To); pos.IsLegal(mv) {
				if n < len(found) {
					found[n] = mv
				}
				if s.HasFrom && mv.From() == s.From {
					m = mv
				}
				n++
			}
		}
	}
	switch {
	case s.HasFrom && m == board.NoMove, n == 0:
		return board.NoMove, "", &notation.Error{Kind: notation.ErrIllegal, Notation: Name, Text: s.String(),
			Reason: "no piece of that kind can move there"}
	case s.HasFrom:
		if n == 1 {
			note = NoteOrigin
		}
	case n > 1:
		return board.NoMove, "", &notation.Error{Kind: notation.ErrAmbiguous, Notation: Name, Text: s.String(),
			Reason: "several pieces of that kind can move there", Candidates: append([]board.Move(nil), found[:min(n, len(found))]...)}
	default:
		m = found[0]
	}
	if capture := pos.IsCapture(m); capture != s.Capture {
		reason := "(吃) written but the move takes nothing"
		if capture {
			reason = "the move captures but (吃) is missing"
		}
		return board.NoMove, "", &notation.Error{Kind: notation.ErrIllegal, Notation: Name, Text: s.String(), Reason: reason}
	}
	return m, note, nil
}

// appendMove appends the platform text of the legal move m in pos; see Notation.Append.
func appendMove(dst []byte, pos *board.Position, m board.Move) []byte {
	pc := pos.At(m.From())
	if pc == board.NoPiece {
		return append(dst, "????"...)
	}
	from := board.NoSquare
	for bb := pos.Pieces(pc.Color(), pc.Role()); !bb.Empty(); {
		if sq := bb.PopFirst(); sq != m.From() && pos.IsLegal(board.NewMove(sq, m.To())) {
			from = m.From()
			break
		}
	}
	return appendText(dst, pieceGlyphs[pc.Color()&1][pc.Role()], from, m.To(), pos.IsCapture(m))
}

// AppendShort appends the display format's own short form of the legal move m in pos (piece, target,
// (吃)), which fits several legal moves when two pieces of the kind can reach the target.
func AppendShort(dst []byte, pos *board.Position, m board.Move) []byte {
	pc := pos.At(m.From())
	if pc == board.NoPiece {
		return append(dst, "????"...)
	}
	return appendText(dst, pieceGlyphs[pc.Color()&1][pc.Role()], board.NoSquare, m.To(), pos.IsCapture(m))
}
