package xqf

import (
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// Encode writes g as a version-10 XQF file, the plain "XQF 1.0" format every reader accepts:
// all keys zero, absent pieces 0xFF, the root record 18 20 F0 FF (00 instead of F0 when there
// are no moves), every record followed by its comment length, the child flag written 0xF0 and
// the sibling flag 0x0F.
//
// It writes the whole move tree (Children[0] of a node continues the line, further children
// are its alternatives), the comments (a node's comments joined by a line break; line breaks
// written CRLF) and the tags that have a header field: Title, TitleB, Event, Date, Site, Red,
// Black, TimeControl, RedTime, BlackTime, Annotator, Author, the result (g.Result) and XQFType.
// Without an XQFType tag the type is 全局 for the standard start position and 中局 otherwise
// (ElephantEye ignores the piece table for types 0 and 1). Text is written GBK: a character
// GBK lacks becomes '?', and a string longer than its field is cut on a character boundary
// (EncodeWith reports both). NAGs and other tags have no place in XQF and are dropped.
//
// An invalid game is written as far as it was replayed, with a marker comment where each
// line stops ("qipu: game ends here: illegal move … at ply N") and, when the main line or the
// setup is cut, the result unknown (EncodeOptions.KeepResult keeps it). Encode trusts the
// tree to hold legal moves, as game.Builder makes it (EncodeOptions.Verify checks them).
//
// A setup with more pieces of a kind than the table has slots for (say three chariots), a
// nil game, a move off the board or a line deeper than MaxPly cannot be written: the error
// wraps ErrUnencodable and nothing is written.
func Encode(w io.Writer, g *game.Game) error {
	return EncodeWith(w, g, EncodeOptions{})
}

// EncodeOptions choose how EncodeWith treats an invalid game and where its warnings go.
type EncodeOptions struct {
	// KeepResult writes the game's own result also when its record stops early; by default
	// such a game is written with the result unknown (PlayResult 0).
	KeepResult bool
	// Verify checks that every move is legal in its position, for a Game that game.Builder
	// did not produce; EncodeWith then fails on the first illegal move (wrapping
	// ErrUnencodable and notation.ErrIllegal). The conversion path leaves it off.
	Verify bool
	// Warn, when set, receives a warning (game.KindEncoding) for each text that could not
	// be written whole: a tag cut to the length of its header field (naming the tag and the
	// characters kept), and a tag or comment with characters GBK lacks, written '?' (naming
	// the first). Its Path and Game are the game's Source and Index; it has no location.
	Warn func(*game.Diagnostic)
}

// EncodeWith is Encode with options.
func EncodeWith(w io.Writer, g *game.Game, o EncodeOptions) error {
	if g == nil {
		return fmt.Errorf("xqf: encode: nil game: %w", ErrUnencodable)
	}
	if o.Verify {
		if err := verifyTree(g); err != nil {
			return err
		}
	}
	e := encoder{g: g, o: o}
	e.marks, e.cut = gamecut.Marks(g, nil)
	buf := make([]byte, HeaderSize, HeaderSize+1024)
	if err := e.header(buf); err != nil {
		return err
	}
	buf, err := e.tree(buf)
	if err != nil {
		return err
	}
	if _, err := w.Write(buf); err != nil {
		return fmt.Errorf("xqf: encode: %w", err)
	}
	return nil
}

// encoder holds what writing one game needs besides the buffer.
type encoder struct {
	g     *game.Game
	o     EncodeOptions
	marks map[*game.Node]string // marker comments where lines stop (gamecut)
	cut   bool                  // the main line or the setup stops early
}

// header fills the 1024-byte header h (all zero on entry).
func (e *encoder) header(h []byte) error {
	g := e.g
	h[0], h[1], h[offVersion] = 'X', 'Q', 10
	table, err := pieceTable(&g.Setup)
	if err != nil {
		return err
	}
	copy(h[offPieces:], table[:])
	binary.LittleEndian.PutUint16(h[offPlayStepNo:], uint16(min(max(g.Setup.Fullmove-1, 0)*2, 0xFFFE)))
	h[offWhoPlay] = byte(g.Setup.Turn)
	for i, r := range results[:4] {
		if g.Result == r && (!e.cut || e.o.KeepResult) {
			h[offResult] = byte(i)
		}
	}
	binary.LittleEndian.PutUint32(h[offPlayNodes:], uint32(countNodes(&g.Root)))
	h[offCodeA] = gameType(g)
	for _, f := range fields {
		v, ok := g.Tag(f.tag)
		if !ok {
			continue
		}
		v = cleanField(v)
		s, reps, kept := encodeGBK(nil, v, f.size-1)
		h[f.off] = byte(len(s))
		copy(h[f.off+1:], s)
		if e.o.Warn != nil && kept >= 0 {
			e.warn(0, f.tag, fmt.Sprintf("tag %s is %d characters, more than its XQF field holds: cut to its first %d (%d bytes in GBK)",
				f.tag, utf8.RuneCountInString(v), kept, len(s)))
		}
		e.warnReplaced(reps, "tag "+f.tag, 0, f.tag)
	}
	return nil
}

// warn reports a warning through EncodeOptions.Warn.
func (e *encoder) warn(ply int, token, msg string) {
	if e.o.Warn != nil {
		e.o.Warn(&game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning, Path: e.g.Source, Loc: game.NoLoc,
			Game: e.g.Index, Ply: ply, Token: token, Message: msg})
	}
}

// warnReplaced reports the characters of a text (what) that GBK lacks.
func (e *encoder) warnReplaced(reps textenc.Replacements, what string, ply int, token string) {
	if e.o.Warn == nil || reps.Count == 0 {
		return
	}
	first := reps.First[0]
	msg := "invalid UTF-8"
	if first.Rune >= 0 {
		msg = fmt.Sprintf("%q (U+%04X)", first.Rune, first.Rune)
	}
	msg += " in " + what + " cannot be written in GBK: written '?'"
	if reps.Count > 1 {
		msg += fmt.Sprintf(", as %d more characters", reps.Count-1)
	}
	e.warn(ply, token, msg)
}

// pieceTable assigns the pieces of the setup to the 32 slots. Within a kind, each side's
// slots run from its own right to left, as XQStudio's tables do (red i0 first, black a9
// first), so the standard position gives the standard table.
func pieceTable(s *board.Setup) ([32]byte, error) {
	var table [32]byte
	for i := range table {
		table[i] = 0xFF
	}
	var squares [2][8][]board.Square
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		if p := s.Board[sq]; p != board.NoPiece {
			squares[p.Color()][p.Role()] = append(squares[p.Color()][p.Role()], sq)
		}
	}
	for c := range squares {
		for r, list := range squares[c] {
			sort.Slice(list, func(i, j int) bool {
				a, b := list[i], list[j]
				if a.Col() != b.Col() {
					return (a.Col() > b.Col()) == (c == int(board.Red))
				}
				return (a.Row() > b.Row()) == (c == int(board.Red))
			})
			n := 0
			for slot, role := range slotRoles {
				if role == board.Role(r) && n < len(list) {
					table[c*16+slot] = squareByte(list[n])
					n++
				}
			}
			if n < len(list) {
				return table, fmt.Errorf("xqf: encode: setup %s has %d %s %ss, the piece table holds %d: %w",
					s.FEN(), len(list), board.Color(c), board.Role(r), n, ErrUnencodable)
			}
		}
	}
	return table, nil
}

// gameType is the game type byte: the XQFType tag (a name of TypeNames, a digit 0–3, or full,
// opening, middlegame, endgame), else 全局 for the standard start and 中局 otherwise.
func gameType(g *game.Game) byte {
	if v, ok := g.Tag(TypeTag); ok {
		v = strings.ToLower(strings.TrimSpace(v))
		for i, name := range TypeNames {
			if v == name || v == string(rune('0'+i)) || v == [4]string{"full", "opening", "middlegame", "endgame"}[i] {
				return byte(i)
			}
		}
	}
	if g.IsStandardStart() {
		return 0
	}
	return 2
}

func countNodes(root *game.Node) int {
	n := 0
	stack := []*game.Node{root}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n += len(x.Children)
		stack = append(stack, x.Children...)
	}
	return n
}

// tree appends the move records in XQStudio's order: a record, then the subtree of its first
// child, then its next sibling (the next alternative to it). It uses an explicit stack.
func (e *encoder) tree(buf []byte) ([]byte, error) {
	g := e.g
	rootTag := byte(0)
	if len(g.Root.Children) > 0 {
		rootTag = 0xF0
	}
	buf = e.record(buf, 0x18, 0x20, rootTag, 0xFF, &g.Root, 0)
	type item struct {
		parent *game.Node
		i      int // index in parent.Children
		ply    int
	}
	var stack []item
	if len(g.Root.Children) > 0 {
		stack = append(stack, item{&g.Root, 0, 1})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.parent.Children[it.i]
		from, to := n.Move.From(), n.Move.To()
		if !from.Valid() || !to.Valid() || n.Move == board.NoMove {
			return nil, fmt.Errorf("xqf: encode: ply %d: move %s is off the board: %w", it.ply, n.Move, ErrUnencodable)
		}
		if it.ply > MaxPly {
			return nil, fmt.Errorf("xqf: encode: line deeper than %d plies: %w", MaxPly, ErrUnencodable)
		}
		var tag byte
		if len(n.Children) > 0 {
			tag |= 0xF0
		}
		if it.i+1 < len(it.parent.Children) {
			tag |= 0x0F
			stack = append(stack, item{it.parent, it.i + 1, it.ply})
		}
		if len(n.Children) > 0 {
			stack = append(stack, item{n, 0, it.ply + 1})
		}
		buf = e.record(buf, squareByte(from)+0x18, squareByte(to)+0x20, tag, 0, n, it.ply)
	}
	return buf, nil
}

// record appends a version-10 record: the squares, the tag, the reserved byte, the comment
// length and the comment (n's comments, then its marker when a line stops at n).
func (e *encoder) record(buf []byte, from, to, tag, reserved byte, n *game.Node, ply int) []byte {
	buf = append(buf, from, to, tag, reserved, 0, 0, 0, 0)
	start := len(buf)
	comments := n.Comments
	if m, ok := e.marks[n]; ok {
		comments = append(comments[:len(comments):len(comments)], m)
	}
	for i, c := range comments {
		if i > 0 {
			buf = append(buf, '\r', '\n')
		}
		c = cleanComment(c)
		if strings.IndexByte(c, '\n') >= 0 {
			c = strings.ReplaceAll(c, "\n", "\r\n")
		}
		var reps textenc.Replacements
		buf, reps, _ = encodeGBK(buf, c, -1)
		e.warnReplaced(reps, "a comment", ply, "")
	}
	binary.LittleEndian.PutUint32(buf[start-4:], uint32(len(buf)-start))
	return buf
}

// encodeGBK appends s in GBK as Windows writes it (code page 936, so € is 0x80), at most limit
// bytes (no limit when negative), never cutting a character; characters GBK lacks become '?'
// (reps says which). kept is -1 when s is written whole, else how many of its characters
// were.
func encodeGBK(dst []byte, s string, limit int) (out []byte, reps textenc.Replacements, kept int) {
	var enc []byte
	if isASCIIString(s) {
		enc = []byte(s)
		if limit < 0 || len(s) <= limit {
			return append(dst, s...), reps, -1
		}
	} else {
		enc, reps, _ = textenc.EncodeLossy(s, textenc.GBK) // GBK is an output encoding: no error
	}
	if limit < 0 || len(enc) <= limit {
		return append(dst, enc...), reps, -1
	}
	n := 0
	for n < len(enc) {
		size := 1
		if enc[n] > 0x80 { // a lead byte; 0x80 alone is the euro sign
			size = 2
		}
		if n+size > limit {
			break
		}
		n += size
		kept++
	}
	return append(dst, enc[:n]...), reps, kept
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// verifyTree checks that every move of g is legal in its position (EncodeOptions.Verify).
func verifyTree(g *game.Game) error {
	type item struct {
		n   *game.Node
		pos board.Position
		ply int
	}
	stack := []item{{&g.Root, *g.StartPosition(), 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range it.n.Children {
			if !it.pos.IsLegal(c.Move) {
				return fmt.Errorf("xqf: encode: move %s at ply %d is not legal: %w: %w", c.Move, it.ply+1, ErrUnencodable, notation.ErrIllegal)
			}
			next := it.pos
			next.Play(c.Move)
			stack = append(stack, item{c, next, it.ply + 1})
		}
	}
	return nil
}
