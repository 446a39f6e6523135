package xqf

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
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
// GBK lacks becomes '?', and a string longer than its field is cut on a character boundary.
// NAGs and other tags have no place in XQF and are dropped.
//
// A setup with more pieces of a kind than the table has slots for (say three chariots), a
// nil game, a move off the board or a line deeper than MaxPly cannot be written: the error
// wraps ErrUnencodable and nothing is written.
func Encode(w io.Writer, g *game.Game) error {
	if g == nil {
		return fmt.Errorf("xqf: encode: nil game: %w", ErrUnencodable)
	}
	buf := make([]byte, HeaderSize, HeaderSize+1024)
	if err := encodeHeader(buf, g); err != nil {
		return err
	}
	buf, err := encodeTree(buf, g)
	if err != nil {
		return err
	}
	if _, err := w.Write(buf); err != nil {
		return fmt.Errorf("xqf: encode: %w", err)
	}
	return nil
}

// encodeHeader fills the 1024-byte header h (all zero on entry).
func encodeHeader(h []byte, g *game.Game) error {
	h[0], h[1], h[offVersion] = 'X', 'Q', 10
	table, err := pieceTable(&g.Setup)
	if err != nil {
		return err
	}
	copy(h[offPieces:], table[:])
	binary.LittleEndian.PutUint16(h[offPlayStepNo:], uint16(min(max(g.Setup.Fullmove-1, 0)*2, 0xFFFE)))
	h[offWhoPlay] = byte(g.Setup.Turn)
	for i, r := range results[:4] {
		if g.Result == r {
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
		s := encodeGBK(nil, cleanField(v), f.size-1)
		h[f.off] = byte(len(s))
		copy(h[f.off+1:], s)
	}
	return nil
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

// encodeTree appends the move records in XQStudio's order: a record, then the subtree of its
// first child, then its next sibling (the next alternative to it). It uses an explicit stack.
func encodeTree(buf []byte, g *game.Game) ([]byte, error) {
	rootTag := byte(0)
	if len(g.Root.Children) > 0 {
		rootTag = 0xF0
	}
	buf = appendRecord(buf, 0x18, 0x20, rootTag, 0xFF, g.Root.Comments)
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
		buf = appendRecord(buf, squareByte(from)+0x18, squareByte(to)+0x20, tag, 0, n.Comments)
	}
	return buf, nil
}

// appendRecord appends a version-10 record: the squares, the tag, the reserved byte, the
// comment length and the comment.
func appendRecord(buf []byte, from, to, tag, reserved byte, comments []string) []byte {
	buf = append(buf, from, to, tag, reserved, 0, 0, 0, 0)
	start := len(buf)
	for i, c := range comments {
		if i > 0 {
			buf = append(buf, '\r', '\n')
		}
		buf = encodeGBK(buf, strings.ReplaceAll(cleanComment(c), "\n", "\r\n"), -1)
	}
	binary.LittleEndian.PutUint32(buf[start-4:], uint32(len(buf)-start))
	return buf
}

// encodeGBK appends s in GBK as Windows writes it (code page 936, so € is 0x80), at most limit
// bytes (no limit when negative), never cutting a character; characters GBK lacks (those
// GB18030 writes in four bytes) become '?'.
func encodeGBK(dst []byte, s string, limit int) []byte {
	if limit < 0 {
		limit = math.MaxInt
	}
	enc, err := textenc.EncodeString(s, textenc.GB18030)
	if err != nil { // only for invalid UTF-8
		enc, _ = textenc.EncodeString(strings.ToValidUTF8(s, "\uFFFD"), textenc.GB18030)
	}
	n := 0
	for i := 0; i < len(enc); {
		size := 2
		ch := enc[i:min(i+2, len(enc))]
		switch c := enc[i]; {
		case c < 0x80:
			size, ch = 1, enc[i:i+1]
		case len(ch) == 2 && ch[1] >= 0x30 && ch[1] <= 0x39:
			size, ch = 4, []byte{'?'}
		case c == 0xA2 && len(ch) == 2 && ch[1] == 0xE3:
			ch = []byte{0x80}
		}
		i += size
		if n+len(ch) > limit {
			break
		}
		dst = append(dst, ch...)
		n += len(ch)
	}
	return dst
}
