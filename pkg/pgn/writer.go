package pgn

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// WriteOptions choose the notation Encode writes moves in, and how it treats an invalid game.
type WriteOptions struct {
	// Notation writes the moves, in its style: iccs.Notation{Style: iccs.UCCI},
	// wxf.Notation{Style: wxf.Fairy}, chinese.Notation{Traditional: true},
	// platform.Notation{}, …. Nil means chinese.Notation{}. The [Format] tag names it: ICCS,
	// WXF, Chinese or Platform (the notation's Name for one anynotation does not register).
	Notation notation.Notation
	// KeepResult writes the game's own result also when its record stops early (see
	// Encode); by default such a game is written with the result "*".
	KeepResult bool
	// Verify checks that every move is legal in its position before writing it, for a Game
	// that game.Builder did not produce; Encode then fails on the first illegal move. A
	// Builder's tree holds only legal moves, so the conversion path leaves it off (tests and
	// fuzzing turn it on).
	Verify bool
}

// LineWidth is the widest line of movetext Encode writes, in columns; East Asian wide
// characters (Chinese, full-width forms) count two. Comments are wrapped to it too (see
// Encode); only a word longer than that overflows.
const LineWidth = 80

// standardTags are the xqbase tags, in the order Encode writes them after [Game].
var standardTags = [...]string{"Event", "Site", "Date", "Round", "RedTeam", "Red",
	"BlackTeam", "Black", "Result", "ECCO", "Opening", "Variation"}

// formatTag is the [Format] value of each registered notation (anynotation.IDOf).
var formatTag = [...]string{notation.ICCS: "ICCS", notation.WXF: "WXF",
	notation.Chinese: "Chinese", notation.Platform: "Platform"}

// formatTagOf returns the [Format] value that names n.
func formatTagOf(n notation.Notation) string {
	if f := anynotation.IDOf(n); f != notation.Unknown && int(f) < len(formatTag) {
		return formatTag[f]
	}
	return n.Name()
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// Encode writes g as canonical Xiangqi PGN (the xqbase specification):
//
//   - [Game "Chinese Chess"]; then Event, Site, Date, Round, RedTeam, Red, BlackTeam, Black,
//     Result, ECCO, Opening, Variation when the game has them (Result always, from g.Result);
//     then the game's other tags in their order; then [FEN] when the start is not the
//     standard one (the canonical FEN of the setup, or the original text when the FEN could
//     not be read); then [Format] naming the notation of the moves;
//   - a blank line, the movetext and a blank line. Moves are formatted from the resolved
//     moves in their position (never copied from the source), so Encode converts notations.
//     Red's moves carry their number ("1. 炮二平五 马８进７"); a Black move carries "N. ..."
//     when it starts the game, a variation, or follows a comment or a variation. Comments are
//     {...} after their move (those of the root before the first move), trimmed, with '}'
//     written as '｝' and a space put before a '[' that would begin a line; NAGs are $n;
//     variations are (...) right after the move they replace, nested as in the tree. The
//     result ends the movetext.
//
// Lines are filled greedily up to LineWidth columns, breaking between tokens (a move with its
// number is one token), so the output is deterministic. A comment too wide for its line
// starts a new one and is wrapped: between two characters when one of them is wide (Chinese),
// after a space otherwise, never before a blank or a '['. Such a soft break is written as two
// spaces at the end of the line, which the reader drops with the line break (in a comment, a
// line break right after two spaces joins the lines; no real archive we know ends a line so);
// a line of the comment's own text that ends in two spaces gets a soft break after them, so
// that they survive. Reading the output back gives the same
// game, and writing that again gives the same bytes — in ICCS, WXF and Chinese notation; the
// platform notation names no origin square, so a move to a square that two pieces of the
// kind can reach reads back as ambiguous.
//
// An invalid game is written as far as it was replayed: each line of play stops at its first
// bad move, and the place carries a comment such as {qipu: game ends here: illegal move
// "车九进九" at ply 4} ("variation ends here" in a variation; a setup error at the start).
// When the main line or the setup is cut, the result written is "*" unless KeepResult.
//
// Encode trusts the tree to hold legal moves, as game.Builder makes it; with Verify it checks
// each move and fails on an illegal one. It fails when w does; it then writes nothing.
func Encode(w io.Writer, g *game.Game, o WriteOptions) error {
	bp := bufPool.Get().(*[]byte)
	defer func() {
		if cap(*bp) <= 1<<20 {
			bufPool.Put(bp)
		}
	}()
	out, err := appendGame((*bp)[:0], g, o)
	*bp = out
	if err != nil {
		return err
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("pgn: write: %w", err)
	}
	return nil
}

// Append appends g to dst as Encode writes it and returns the extended slice; on an error it
// returns dst as it was.
func Append(dst []byte, g *game.Game, o WriteOptions) ([]byte, error) {
	out, err := appendGame(dst, g, o)
	if err != nil {
		return dst, err
	}
	return out, nil
}

func appendGame(out []byte, g *game.Game, o WriteOptions) ([]byte, error) {
	n := o.Notation
	if n == nil {
		n = chinese.Notation{}
	}
	result := g.Result
	if normalResult(result) != result || result == "" {
		result = "*"
	}
	marks, cut := gamecut.Marks(g, commentText)
	if cut && !o.KeepResult {
		result = "*"
	}

	// Header.
	out = appendTag(out, "Game", "Chinese Chess")
	used := make([]bool, len(g.Tags))
	for _, name := range standardTags {
		if name == "Result" {
			out = appendTag(out, name, result)
			continue
		}
		for i, t := range g.Tags {
			if !used[i] && strings.EqualFold(t.Name, name) {
				used[i] = true
				out = appendTag(out, name, t.Value)
				break
			}
		}
	}
	for i, t := range g.Tags {
		if used[i] || !keepTag(t.Name) {
			continue
		}
		out = appendTag(out, tagName(t.Name), t.Value)
	}
	start := g.StartPosition()
	num := 1
	if fen, ok := fenTag(g); ok {
		out = appendTag(out, "FEN", fen)
		num = max(g.Setup.Fullmove, 1)
	}
	out = appendTag(out, "Format", formatTagOf(n))
	out = append(out, '\n')

	// Movetext.
	e := encoder{out: out, n: n, verify: o.Verify, marks: marks}
	for _, c := range g.Root.Comments {
		e.comment(c)
	}
	if m, ok := marks[&g.Root]; ok {
		e.comment(m)
	}
	if err := e.line(&g.Root, *start, num, true); err != nil {
		return out[:0], err
	}
	e.unit()
	e.buf = append(e.buf, result...)
	e.flush()
	return append(e.out, '\n', '\n'), nil
}

// keepTag reports whether a tag other than the standard ones is written: Game, FEN, Format
// and Result are written from the game, and a second Event would start a new game on reading.
func keepTag(name string) bool {
	for _, n := range [...]string{"Game", "FEN", "Format", "Result", "Event"} {
		if strings.EqualFold(name, n) {
			return false
		}
	}
	return name != ""
}

// tagName makes name safe to write: characters that would end it become '_'.
func tagName(name string) string {
	if !strings.ContainsAny(name, " \t\r\n\"[]") {
		return name
	}
	b := []byte(name)
	for i, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n', '"', '[', ']':
			b[i] = '_'
		}
	}
	return string(b)
}

// fenTag returns the FEN to write: the canonical FEN of a non-standard setup, or the
// original FEN text when the game has a setup error and one.
func fenTag(g *game.Game) (string, bool) {
	for _, d := range g.Diagnostics {
		if d.Kind == game.KindSetup && d.IsError() {
			if v, ok := g.Tag("FEN"); ok && strings.TrimSpace(v) != "" {
				return v, true
			}
			break
		}
	}
	if g.IsStandardStart() {
		return "", false
	}
	return g.Setup.FEN(), true
}

func appendTag(out []byte, name, value string) []byte {
	out = append(out, '[')
	out = append(out, name...)
	out = append(out, ' ', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '\\', '"':
			out = append(out, '\\', c)
		case '\r', '\n':
			out = append(out, ' ')
		default:
			out = append(out, c)
		}
	}
	return append(out, '"', ']', '\n')
}

// encoder writes movetext: tokens ("units") are built in buf, then placed on lines by flush.
type encoder struct {
	out  []byte // the output so far
	col  int    // columns used on the current output line
	buf  []byte // the pending unit
	open int    // '(' to put before the next unit
	n    notation.Notation

	isComment bool // the pending unit is a comment: flush may wrap it
	verify    bool // check each move's legality (WriteOptions.Verify)
	marks     map[*game.Node]string
	wrapped   []byte
}

// unit places the pending unit and starts a new one.
func (e *encoder) unit() {
	e.flush()
	e.isComment = false
	for ; e.open > 0; e.open-- {
		e.buf = append(e.buf, '(')
	}
}

// flush places the pending unit on the current line, or on a new one when it does not fit.
func (e *encoder) flush() {
	if len(e.buf) == 0 {
		return
	}
	first, last := e.buf, e.buf
	if i := bytes.IndexByte(e.buf, '\n'); i >= 0 {
		first, last = e.buf[:i], e.buf[bytes.LastIndexByte(e.buf, '\n')+1:]
	}
	w := width(first)
	if e.isComment && e.tooWide(w, len(first) < len(e.buf)) {
		if e.col > 0 {
			e.out = append(e.out, '\n')
			e.col = 0
		}
		e.wrapped = wrapComment(e.wrapped[:0], e.buf)
		e.buf, e.wrapped = e.wrapped, e.buf
		first, last = e.buf, e.buf
		if i := bytes.IndexByte(e.buf, '\n'); i >= 0 {
			first, last = e.buf[:i], e.buf[bytes.LastIndexByte(e.buf, '\n')+1:]
		}
		w = width(first)
	}
	switch {
	case e.col > 0 && e.col+1+w > LineWidth:
		e.out = append(e.out, '\n')
		e.col = 0
	case e.col > 0:
		e.out = append(e.out, ' ')
		e.col++
	}
	e.out = append(e.out, e.buf...)
	if len(first) == len(e.buf) {
		e.col += w
	} else {
		e.col = width(last)
	}
	e.buf = e.buf[:0]
}

// line writes the moves from node on: its main line, with each move's alternatives as
// variations. pos is the position at node; num the move number of the next move; force asks
// for a number before a Black move.
func (e *encoder) line(node *game.Node, pos board.Position, num int, force bool) error {
	for ply := 1; len(node.Children) > 0; ply++ {
		main := node.Children[0]
		if err := e.move(main, &pos, num, force, ply); err != nil {
			return err
		}
		force = e.commented(main)
		for _, alt := range node.Children[1:] {
			e.open++
			if err := e.move(alt, &pos, num, true, ply); err != nil {
				return err
			}
			after := pos
			after.Play(alt.Move)
			next := num
			if pos.Turn() == board.Black {
				next++
			}
			if err := e.line(alt, after, next, e.commented(alt)); err != nil {
				return err
			}
			e.buf = append(e.buf, ')')
			force = true
		}
		if pos.Turn() == board.Black {
			num++
		}
		pos.Play(main.Move)
		node = main
	}
	return nil
}

// commented reports whether a comment is written after n's move (its own, or a marker): the
// next Black move then carries its number.
func (e *encoder) commented(n *game.Node) bool {
	if len(n.Comments) > 0 {
		return true
	}
	_, ok := e.marks[n]
	return ok
}

// move writes n's move (played in pos, which it does not change), with its number, NAGs and
// comments.
func (e *encoder) move(n *game.Node, pos *board.Position, num int, force bool, ply int) error {
	if e.verify && !pos.IsLegal(n.Move) {
		return fmt.Errorf("pgn: encode: move %s at ply %d is not legal: %w", n.Move, ply, notation.ErrIllegal)
	}
	e.unit()
	if pos.Turn() == board.Red {
		e.buf = strconv.AppendInt(e.buf, int64(num), 10)
		e.buf = append(e.buf, ". "...)
	} else if force {
		e.buf = strconv.AppendInt(e.buf, int64(num), 10)
		e.buf = append(e.buf, ". ... "...)
	}
	e.buf = appendMove(e.buf, e.n, pos, n.Move)
	for _, nag := range n.NAGs() {
		e.unit()
		e.buf = append(e.buf, '$')
		e.buf = strconv.AppendInt(e.buf, int64(nag), 10)
	}
	for _, c := range n.Comments {
		e.comment(c)
	}
	if e.marks != nil {
		if m, ok := e.marks[n]; ok {
			e.comment(m)
		}
	}
	return nil
}

// comment writes {c}, cleaned and escaped (commentText); an empty comment is not written.
func (e *encoder) comment(c string) {
	b := cleanComment([]byte(c))
	if len(b) == 0 {
		return
	}
	e.unit()
	e.isComment = true
	e.buf = append(e.buf, '{')
	e.buf = appendEscaped(e.buf, b, true)
	e.buf = append(e.buf, '}')
}

// commentText returns the text a comment c has after Encode and reading back: cleaned
// (cleanComment), '}' written as '｝', and a blank before a '[' that begins a line (the reader
// takes a [Game " or [Event " line inside a comment for the next game).
func commentText(c string) string {
	return string(appendEscaped(nil, cleanComment([]byte(c)), false))
}

// appendEscaped appends the comment text b as Encode writes it. With soft, a line of b that
// ends in two spaces is followed by a soft break (two spaces and a line break, which the
// reader drops; see Encode), so that they survive.
func appendEscaped(dst, b []byte, soft bool) []byte {
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '}':
			dst = append(dst, "｝"...)
			continue
		case '[':
			if i > 0 && b[i-1] == '\n' {
				dst = append(dst, ' ')
			}
		case '\n':
			if soft && i >= 2 && b[i-1] == ' ' && b[i-2] == ' ' {
				dst = append(dst, softBreak...)
			}
		}
		dst = append(dst, b[i])
	}
	return dst
}

// width returns the display width of b: two columns for East Asian wide characters, one for
// others.
func width(b []byte) int { return widthTo(b, math.MaxInt) }

// widthTo is width, but stops counting once the width passes limit (it returns more than
// limit then): a caller that only compares with a limit need not look at a long rest.
func widthTo(b []byte, limit int) int {
	w := 0
	for i := 0; i < len(b) && w <= limit; {
		c := b[i]
		if c < utf8.RuneSelf {
			w++
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		i += size
		w++
		if isWide(r) {
			w++
		}
	}
	return w
}

// isWide reports whether r is East Asian Wide or Fullwidth (the ranges wcwidth uses).
func isWide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115F, // Hangul Jamo initials
		r == 0x2329, r == 0x232A,
		r >= 0x2E80 && r <= 0xA4CF && r != 0x303F, // CJK … Yi
		r >= 0xAC00 && r <= 0xD7A3,                // Hangul syllables
		r >= 0xF900 && r <= 0xFAFF,                // CJK compatibility ideographs
		r >= 0xFE10 && r <= 0xFE19,                // vertical forms
		r >= 0xFE30 && r <= 0xFE6F,                // CJK compatibility forms
		r >= 0xFF00 && r <= 0xFF60,                // full-width forms
		r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x1F300 && r <= 0x1F64F,
		r >= 0x1F900 && r <= 0x1F9FF,
		r >= 0x20000 && r <= 0x3FFFD:
		return true
	}
	return false
}

// appendMove appends the text of m, legal in pos, in notation n. The registered notations
// are called on their concrete types, so that pos stays on the caller's stack (a call
// through the interface would move every position the encoder holds to the heap); another
// implementation gets a copy of the position.
func appendMove(dst []byte, n notation.Notation, pos *board.Position, m board.Move) []byte {
	switch n := n.(type) {
	case chinese.Notation:
		return n.Append(dst, pos, m)
	case iccs.Notation:
		return n.Append(dst, pos, m)
	case wxf.Notation:
		return n.Append(dst, pos, m)
	case platform.Notation:
		return n.Append(dst, pos, m)
	}
	p := *pos
	return n.Append(dst, &p, m)
}
