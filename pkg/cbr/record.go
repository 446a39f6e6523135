package cbr

import (
	"bytes"
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/fields"
	"github.com/qipu/qipu/pkg/textenc"
)

// field is a fixed UTF-16LE header string of a CBR record.
type field struct {
	off, size int
	tag       string
}

// layout is where a CBR version keeps its header fields and move tree.
type layout struct {
	fields []field
	result int // result byte
	side   int // side to move byte (1 red, 2 black)
	moveNo int // u16 move number
	board  int // 90 board bytes
	moves  int // first move record (the root)
	nibble bool
}

// The fields in the order their tags are added (the PGN order first).
var layouts = [3]layout{
	1: {fields: []field{
		{52, 128, "Title"}, {564, 64, "Event"}, {820, 64, "Site"}, {756, 64, "Date"}, {628, 64, "Round"},
		{692, 32, "Group"}, {724, 32, "Table"}, {948, 64, "Red"}, {1012, 64, "RedTeam"},
		{1172, 64, "Black"}, {1236, 64, "BlackTeam"}, {0, 0, "Result"}, {884, 64, "TimeControl"},
		{1076, 64, "RedTime"}, {1140, 32, "RedElo"}, {1300, 64, "BlackTime"}, {1364, 32, "BlackElo"},
		{1396, 64, "Annotator"}, {1524, 64, "Author"},
	}, result: 1820, side: 1856, moveNo: 1860, board: 1864, moves: 1958, nibble: true},
	2: {fields: []field{
		{180, 128, "Title"}, {692, 64, "Event"}, {948, 64, "Site"}, {884, 64, "Date"}, {756, 64, "Round"},
		{820, 32, "Group"}, {852, 32, "Table"}, {1076, 64, "Red"}, {1140, 64, "RedTeam"},
		{1300, 64, "Black"}, {1364, 64, "BlackTeam"}, {0, 0, "Result"}, {1012, 64, "TimeControl"},
		{1204, 64, "RedTime"}, {1268, 32, "RedElo"}, {1428, 64, "BlackTime"}, {1492, 32, "BlackElo"},
		{1524, 64, "Judge"}, {1588, 64, "Recorder"}, {1652, 64, "Annotator"}, {1780, 64, "Author"},
	}, result: 2076, side: 2112, moveNo: 2116, board: 2120, moves: 2214},
}

// results maps a result code (CBR byte, compressed-library u32) to a PGN result.
var results = [...]string{"*", "1-0", "0-1", "1/2-1/2"}

// pieceRoles maps the low nibble of a board byte (1–7) to its role.
var pieceRoles = [8]board.Role{0, board.Chariot, board.Horse, board.Elephant, board.Advisor,
	board.General, board.Cannon, board.Soldier}

// Move record flags.
const (
	flagEnd     = 1 // the line ends after this move
	flagSibling = 2 // an alternative to this move follows its line
	flagComment = 4 // a comment follows
)

// recordReader reads CBR records, single or from a library.
type recordReader struct {
	b    game.Builder
	t    tree
	data []byte // the record
	base int64  // offset of data in the file

	pending []int32
	scratch []byte // text decoding buffer

	// empty: the record read last has no piece on its board and no move (see emptyRecord).
	empty bool
}

// read decodes the record in data (which starts with the magic) as game index. limit, when
// positive, is the length its library index gives: the move tree must end there; 0 means a
// single file, where non-zero bytes after the tree are reported; negative means no check.
func (r *recordReader) read(data []byte, base int64, index int, format game.Format, extra []game.Tag, limit int) *game.Game {
	r.data, r.base = data, base
	r.empty = false
	b := &r.b
	b.Begin(index, format, textenc.UTF16LE)
	if !bytes.HasPrefix(data, magicRecord) {
		r.fail(game.KindSyntax, 0, `no "CCBridge Record" magic`, ErrNotCBR)
		return b.Finish()
	}
	if len(data) < 20 {
		r.fail(game.KindTruncated, len(data), fmt.Sprintf("record ends inside its header (%d bytes)", len(data)), ErrTruncated)
		return b.Finish()
	}
	v := data[19]
	if v == 0 || int(v) >= len(layouts) {
		r.fail(game.KindSyntax, 19, fmt.Sprintf("CBR version %d; only 1 and 2 are known", v), ErrVersion)
		return b.Finish()
	}
	lay := &layouts[v]
	if len(data) < lay.moves+4 {
		r.fail(game.KindTruncated, len(data), fmt.Sprintf("record ends inside its %d-byte header (%d bytes)", lay.moves+4, len(data)), ErrTruncated)
		return b.Finish()
	}
	r.tags(lay, extra)
	b.SetSetup(r.setup(lay), game.Loc{Offset: base + int64(lay.board)})
	end := r.readTree(lay)
	// No piece and no move record after the root (read whole): a heading or an empty slot.
	r.empty = end >= 0 && len(r.t.nodes) == 1 && allZero(data[lay.board:lay.board+board.NumSquares])
	switch {
	case limit > 0 && end >= 0 && end != limit:
		r.warn(game.KindSyntax, end, fmt.Sprintf("the move tree ends at byte %d of the record, the library index says %d", end, limit))
	case limit == 0 && end >= 0 && end < len(data) && bytes.IndexFunc(data[end:], func(c rune) bool { return c != 0 }) >= 0:
		r.warn(game.KindSyntax, end, fmt.Sprintf("%d bytes after the move tree; ignored", len(data)-end))
	}
	r.t.emit(b, r.comment)
	return b.Finish()
}

func (r *recordReader) fail(kind game.Kind, off int, msg string, err error) {
	r.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelError, Loc: game.Loc{Offset: r.base + int64(off)}, Message: msg, Err: fmt.Errorf("cbr: %s: %w", msg, err)})
}

func (r *recordReader) warn(kind game.Kind, off int, msg string) {
	r.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelWarning, Loc: game.Loc{Offset: r.base + int64(off)}, Message: msg})
}

// text decodes a UTF-16 string, reporting unpaired surrogates.
func (r *recordReader) text(off, n int, what string) string {
	s, bad, buf := appendUTF16(r.scratch, r.data[off:off+n])
	r.scratch = buf
	if bad > 0 {
		r.warn(game.KindEncoding, off, fmt.Sprintf("%s: %d unpaired UTF-16 surrogate(s), replaced by U+FFFD", what, bad))
	}
	return s
}

// tags adds the header strings and the result.
func (r *recordReader) tags(lay *layout, extra []game.Tag) {
	b := &r.b
	res := r.data[lay.result]
	if int(res) >= len(results) {
		r.warn(game.KindSyntax, lay.result, fmt.Sprintf("result byte %d is not 0–3; read as unknown (*)", res))
		res = 0
	}
	b.Result(results[res])
	for _, f := range lay.fields {
		if f.tag == "Result" {
			b.Tag("Result", results[res])
			continue
		}
		if v := fields.Clean(r.text(f.off, f.size, f.tag)); v != "" {
			b.Tag(f.tag, v)
		}
	}
	for _, t := range extra {
		b.Tag(t.Name, t.Value)
	}
}

// setup reads the board, the side to move and the move number.
func (r *recordReader) setup(lay *layout) board.Setup {
	var s board.Setup
	for i := 0; i < board.NumSquares; i++ {
		c := r.data[lay.board+i]
		if c == 0 {
			continue
		}
		role := pieceRoles[c&7]
		color := board.Color(c>>4) - 1
		if c&0x0F > 7 || role == board.NoRole || c>>4 < 1 || c>>4 > 2 {
			r.warn(game.KindSetup, lay.board+i, fmt.Sprintf("board byte 0x%02X is no piece; square left empty", c))
			continue
		}
		// Version 1 is read as version 2, as vschess does (no version-1 file was seen).
		s.Board[i] = board.MakePiece(color, role)
	}
	switch side := r.data[lay.side]; side {
	case 1, 0:
		s.Turn = board.Red
	case 2:
		s.Turn = board.Black
	default:
		r.warn(game.KindSetup, lay.side, fmt.Sprintf("side to move byte is %d, want 1 or 2; read as red", side))
	}
	s.Fullmove = max(int(le16(r.data[lay.moveNo:])), 1)
	return s
}

// square decodes a move record square.
func square(c byte, nibble bool) (board.Square, bool) {
	if nibble {
		file, row := int(c>>4), int(c&15)
		if file > 8 || row > 9 {
			return board.NoSquare, false
		}
		return board.NewSquare(row, file), true
	}
	if c >= board.NumSquares {
		return board.NoSquare, false
	}
	return board.Square(c), true
}

// readRecord reads the move record at off: flags, squares, comment span and the offset after
// it; ok is false (and the problem reported) when the record runs past the end.
func (r *recordReader) readRecord(off int) (flags, from, to byte, com span, next int, ok bool) {
	data := r.data
	if off+4 > len(data) {
		r.fail(game.KindTruncated, off, fmt.Sprintf("record ends inside a move (%d of 4 bytes)", len(data)-off), ErrTruncated)
		return
	}
	flags, from, to, next = data[off], data[off+2], data[off+3], off+4
	if flags&flagComment != 0 {
		if next+4 > len(data) {
			r.fail(game.KindTruncated, next, "record ends inside a comment length", ErrTruncated)
			return
		}
		n := le32(data[next:])
		next += 4
		if left := uint32(len(data) - next); n > left {
			r.fail(game.KindTruncated, next-4, fmt.Sprintf("comment length %d runs past the end of the record (%d bytes left)", n, left), ErrTruncated)
			return
		}
		com = span{next, int(n)}
		next += int(n)
	}
	return flags, from, to, com, next, true
}

// readTree reads the move records into r.t and returns the offset after the last one, or -1
// when the record ends inside the tree.
func (r *recordReader) readTree(lay *layout) int {
	off := lay.moves
	flags, from, to, com, next, ok := r.readRecord(off)
	r.t.reset(r.base+int64(off), com)
	if !ok {
		return -1
	}
	if from != to {
		r.warn(game.KindSyntax, off+2, fmt.Sprintf("the first move record (the root) has squares %d-%d, want equal ones", from, to))
	}
	if flags&flagEnd != 0 {
		return next
	}
	pending := r.pending[:0] // parents of the alternatives still to read
	defer func() { r.pending = pending[:0] }()
	parent := int32(0)
	for {
		off = next
		if len(r.t.nodes) > MaxNodes {
			r.fail(game.KindSyntax, off, fmt.Sprintf("more than %d move records; the rest is ignored", MaxNodes), ErrCorrupt)
			return -1
		}
		flags, from, to, com, next, ok = r.readRecord(off)
		if !ok {
			return -1
		}
		sf, okf := square(from, lay.nibble)
		st, okt := square(to, lay.nibble)
		var idx int32
		if okf && okt {
			idx = r.t.add(parent, r.base+int64(off), board.NewMove(sf, st), com, true)
		} else {
			idx = r.t.addBad(parent, r.base+int64(off), com, from, to)
		}
		switch {
		case flags&flagEnd == 0:
			if flags&flagSibling != 0 {
				pending = append(pending, parent)
			}
			parent = idx
		case flags&flagSibling != 0:
			// The next record is this move's alternative: same parent.
		case len(pending) == 0:
			return next
		default:
			parent = pending[len(pending)-1]
			pending = pending[:len(pending)-1]
		}
	}
}

// comment passes a comment to the builder.
func (r *recordReader) comment(c span) {
	if s := cleanComment(r.text(c.off, c.n, "comment"), false); s != "" {
		r.b.Comment(s)
	}
}

// allZero reports whether every byte of b is 0.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
