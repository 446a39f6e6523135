package cbr

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/bytestr"
	"github.com/qipu/qipu/pkg/internal/fields"
)

// Layout of a compressed library (see the package overview).
const (
	zHeader    = 20 // "CCBridge", u32 21, u32 kind, u32 decompressed size
	zDateBytes = 2 * 19
	zMoveBytes = 6
	zPieces    = 32
)

// slotRoles gives the role of each of the 16 piece slots of a side: R N B A K A B N R C C P P
// P P P.
var slotRoles = [16]board.Role{
	board.Chariot, board.Horse, board.Elephant, board.Advisor, board.General,
	board.Advisor, board.Elephant, board.Horse, board.Chariot,
	board.Cannon, board.Cannon,
	board.Soldier, board.Soldier, board.Soldier, board.Soldier, board.Soldier,
}

// The tags of the 12 strings of a record, by position; "" for the unknown ones, kept as
// CBLText<position>.
var zStringTags = [12]string{0: "Title", 4: "Date", 5: "Red", 6: "Black", 7: "Annotator", 9: "Author"}

// cursor reads the fields of a decompressed library.
type cursor struct {
	data []byte
	pos  int
}

func (c *cursor) u32() (uint32, bool) {
	if c.pos+4 > len(c.data) {
		return 0, false
	}
	v := le32(c.data[c.pos:])
	c.pos += 4
	return v, true
}

// str reads a length-prefixed string and returns its bytes' span.
func (c *cursor) str() (span, bool) {
	n, ok := c.u32()
	if !ok || n > uint32(len(c.data)-c.pos) {
		return span{}, false
	}
	s := span{c.pos, int(n)}
	c.pos += int(n)
	return s, true
}

func (c *cursor) skip(n int) bool {
	if n > len(c.data)-c.pos {
		return false
	}
	c.pos += n
	return true
}

// decodeCompressed reads a compressed library. Offsets in its diagnostics are offsets in the
// decompressed library (file-level ones before decompression are file offsets).
func decodeCompressed(data []byte, cfg Config, yield func(*game.Game, error) bool) {
	if len(data) < zHeader {
		yield(nil, fileError(cfg.Path, game.KindTruncated, int64(len(data)),
			fmt.Sprintf("file ends inside the %d-byte header (%d bytes)", zHeader, len(data)), ErrTruncated))
		return
	}
	// The kind (u32 at 12; 1 and 3 seen) changes nothing in the layout after inflating.
	declared := le32(data[16:])
	if declared > MaxDecompressed {
		yield(nil, fileError(cfg.Path, game.KindSyntax, 16,
			fmt.Sprintf("declared decompressed size %d is over the %d-byte limit", declared, MaxDecompressed), ErrTooLarge))
		return
	}
	zr, err := zlib.NewReader(bytes.NewReader(data[zHeader:]))
	if err != nil {
		yield(nil, fileError(cfg.Path, game.KindSyntax, zHeader, "compressed library: "+err.Error(), fmt.Errorf("cbr: %w: %w", ErrCorrupt, err)))
		return
	}
	lib, err := io.ReadAll(io.LimitReader(zr, int64(declared)+1))
	var tail *game.Diagnostic
	switch {
	case err != nil:
		kind, sentinel := game.KindSyntax, ErrCorrupt
		if errors.Is(err, io.ErrUnexpectedEOF) {
			kind, sentinel = game.KindTruncated, ErrTruncated
		}
		tail = fileError(cfg.Path, kind, int64(len(data)),
			fmt.Sprintf("compressed library: %v after %d of %d bytes", err, len(lib), declared), fmt.Errorf("cbr: %w: %w", sentinel, err))
	case uint32(len(lib)) > declared:
		lib = lib[:declared]
		tail = fileError(cfg.Path, game.KindSyntax, int64(len(data)),
			fmt.Sprintf("compressed library inflates to more than its declared %d bytes", declared), ErrCorrupt)
	case uint32(len(lib)) < declared:
		tail = fileError(cfg.Path, game.KindTruncated, int64(len(data)),
			fmt.Sprintf("compressed library inflates to %d bytes, its header declares %d", len(lib), declared), ErrTruncated)
	}
	z := zReader{codec: bytestr.New(cfg.Encoding), lib: lib}
	z.b.Path = cfg.Path
	z.b.Repair = cfg.Repair
	z.b.ByOffset = true // the tree is read before the moves are replayed
	if err := z.games(cfg.Path, yield); err != nil {
		if tail != nil {
			err = tail // the cause: the stream ended early
		}
		yield(nil, err)
		return
	}
	if tail != nil {
		yield(nil, tail)
	}
}

// zReader reads the games of a decompressed library.
type zReader struct {
	codec bytestr.Codec // the library declares no encoding and none is detected: GBK unless configured
	lib   []byte
	b     game.Builder
	t     tree
	path  []int32
	rec   []byte // the record being read
	base  int    // its offset in lib
	extra []game.Tag
	empty bool // the record read last has no piece and no move
}

// games reads the library header and yields every record; it returns a file-level diagnostic
// when the header is cut or the records do not match the header's count. A false from yield
// ends it with nil.
func (z *zReader) games(path string, yield func(*game.Game, error) bool) error {
	c := cursor{data: z.lib}
	var name span
	ok := true
	for i := 0; i < 5 && ok; i++ { // name, two unknown strings, author, e-mail
		var s span
		s, ok = c.str()
		if i == 0 {
			name = s
		}
	}
	ok = ok && c.skip(zDateBytes)
	count, ok2 := c.u32()
	if ok && ok2 {
		_, ok = c.str() // remark
	}
	if !ok || !ok2 {
		return fileError(path, game.KindTruncated, int64(c.pos), "compressed library: ends inside its header", ErrTruncated)
	}
	if v, _, _ := z.codec.Decode(z.lib[name.off : name.off+name.n]); fields.Clean(v) != "" {
		z.extra = []game.Tag{{Name: LibraryTag, Value: fields.Clean(v)}}
	}
	n := 0
	for c.pos < len(z.lib) {
		if n >= MaxGames {
			return fileError(path, game.KindSyntax, int64(c.pos), fmt.Sprintf("more than %d games; the rest is ignored", MaxGames), ErrCorrupt)
		}
		start := c.pos
		size, ok := c.u32()
		if !ok || size < 4 || size > uint32(len(z.lib)-start) {
			return fileError(path, game.KindTruncated, int64(start),
				fmt.Sprintf("compressed library: record %d has length %d, %d bytes are left", n+1, size, len(z.lib)-start), ErrTruncated)
		}
		n++
		g := z.record(z.lib[start:start+int(size)], start, n)
		if z.empty {
			if !yield(nil, emptyRecord(path, n, int64(start), "")) {
				return nil
			}
			c.pos = start + int(size)
			continue
		}
		if uint32(n) > count {
			g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Path: path,
				Loc: game.Loc{Offset: int64(start)}, Game: n,
				Message: fmt.Sprintf("game beyond the %d the library header counts", count)})
		}
		if !yield(g, nil) {
			return nil
		}
		c.pos = start + int(size)
	}
	if uint32(n) < count {
		return fileError(path, game.KindTruncated, int64(len(z.lib)),
			fmt.Sprintf("compressed library: the header counts %d games, %d found", count, n), ErrTruncated)
	}
	return nil
}

func (z *zReader) fail(kind game.Kind, off int, msg string, err error) {
	z.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelError, Loc: game.Loc{Offset: int64(z.base + off)}, Message: msg, Err: fmt.Errorf("cbr: %s: %w", msg, err)})
}

func (z *zReader) warn(kind game.Kind, off int, msg string) {
	z.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(z.base + off)}, Message: msg})
}

// text decodes a string of the record, reporting bytes that do not decode.
func (z *zReader) text(s span, what string) string {
	v, first, bad := z.codec.Decode(z.rec[s.off : s.off+s.n])
	if first >= 0 {
		z.warn(game.KindEncoding, s.off+first, z.codec.Invalid(what, bad))
	}
	return v
}

// record decodes one record (rec starts with its length) as game index.
func (z *zReader) record(rec []byte, base, index int) *game.Game {
	z.rec, z.base = rec, base
	z.empty = false
	b := &z.b
	b.Begin(index, CBLFormatName, z.codec.Encoding())
	c := cursor{data: rec, pos: 4}
	var strs [12]span
	if !c.skip(zPieces) {
		z.fail(game.KindTruncated, c.pos, "record ends inside its piece table", ErrTruncated)
		return b.Finish()
	}
	// u32 (1 or 2), the event (a string, empty in some libraries), u32 (1).
	_, ok := c.u32()
	var event span
	if ok {
		event, ok = c.str()
	}
	if ok {
		_, ok = c.u32()
	}
	var res uint32
	resOff := 0
	for i := 0; i < 12 && ok; i++ {
		if i == 7 {
			resOff = c.pos
			res, ok = c.u32()
		}
		if ok {
			strs[i], ok = c.str()
		}
	}
	ok = ok && c.skip(1+zDateBytes)
	moves, ok2 := c.u32()
	if !ok || !ok2 {
		z.fail(game.KindTruncated, c.pos, "record ends inside its header strings", ErrTruncated)
		return b.Finish()
	}
	// No piece and a move count of 0: a heading or an empty slot (with a count that does not
	// fit, a damaged record instead).
	z.empty = moves == 0 && allZero(rec[4:4+zPieces])
	if moves > uint32((len(rec)-c.pos)/zMoveBytes) || moves > MaxNodes {
		z.fail(game.KindSyntax, c.pos-4, fmt.Sprintf("move count %d does not fit the record (%d bytes left)", moves, len(rec)-c.pos), ErrCorrupt)
		moves = 0
	}
	z.tags(event, strs[:], res, resOff)
	movesOff := c.pos
	b.SetSetup(z.setup(rec[movesOff:movesOff+int(moves)*zMoveBytes]), game.Loc{Offset: int64(base + 4)})
	z.readMoves(movesOff, int(moves))
	z.comments(movesOff+int(moves)*zMoveBytes, int(moves))
	z.t.emit(b, z.comment)
	return b.Finish()
}

// tags adds the strings and the result.
func (z *zReader) tags(event span, strs []span, res uint32, resOff int) {
	b := &z.b
	code := res
	switch {
	case res == 4:
		code = 0 // seen in an opening collection: no result
	case res >= uint32(len(results)):
		z.warn(game.KindSyntax, resOff, fmt.Sprintf("result %d is not 0–4; read as unknown (*)", res))
		code = 0
	}
	b.Result(results[code])
	var vals [12]string
	for i, s := range strs {
		vals[i] = fields.Clean(cleanComment(z.text(s, "string"), true))
	}
	add := func(i int) {
		if vals[i] != "" {
			b.Tag(zStringTags[i], vals[i])
		}
	}
	if v := fields.Clean(cleanComment(z.text(event, "event"), true)); v != "" {
		b.Tag("Event", v)
	}
	add(0)
	add(4)
	add(5)
	add(6)
	b.Tag("Result", results[code])
	add(7)
	add(9)
	for _, t := range z.extra {
		b.Tag(t.Name, t.Value)
	}
	for i, v := range vals {
		if zStringTags[i] == "" && v != "" {
			b.Tag(fmt.Sprintf("CBLText%d", i+1), v)
		}
	}
}

// zSquare decodes a move square: file·16+row, both 0-based.
func zSquare(c byte) (board.Square, bool) {
	file, row := int(c>>4), int(c&15)
	if file > 8 || row > 9 {
		return board.NoSquare, false
	}
	return board.NewSquare(row, file), true
}

// setup reads the piece table; the side to move is that of the first move's piece.
func (z *zReader) setup(moves []byte) board.Setup {
	var s board.Setup
	for i := 0; i < zPieces; i++ {
		c := z.rec[4+i]
		if c == 0 {
			continue
		}
		file, row := int(c>>4)-1, int(c&15)-1
		pc := board.MakePiece(board.Color(i/16), slotRoles[i%16])
		if file < 0 || file > 8 || row < 0 || row > 9 {
			z.warn(game.KindSetup, 4+i, fmt.Sprintf("piece table: %s %s on 0x%02X, off the board; left out", pc.Color(), pc.Role(), c))
			continue
		}
		sq := board.NewSquare(row, file)
		if s.Board[sq] != board.NoPiece {
			z.warn(game.KindSetup, 4+i, fmt.Sprintf("piece table: %s %s on %s, where a piece already stands; left out", pc.Color(), pc.Role(), sq))
			continue
		}
		s.Board[sq] = pc
	}
	s.Fullmove = 1
	if len(moves) >= zMoveBytes {
		if from, ok := zSquare(moves[2]); ok && s.Board[from] != board.NoPiece {
			s.Turn = s.Board[from].Color()
		}
	}
	return s
}

// readMoves reads the move records in pre-order: a ply not one more than the previous one
// starts an alternative to the move at that ply of the line read last.
func (z *zReader) readMoves(off, n int) {
	z.t.reset(int64(z.base+off-4), span{})
	z.path = append(z.path[:0], 0)
	reported := false
	for k := 0; k < n; k++ {
		p := off + k*zMoveBytes
		r := z.rec[p : p+zMoveBytes]
		ply := int(le16(r))
		from, okf := zSquare(r[2])
		to, okt := zSquare(r[3])
		loc := int64(z.base + p)
		if ply < 1 || ply > len(z.path) {
			// The parent is unknown: the record hangs nowhere, as its subtree.
			if !reported {
				msg := fmt.Sprintf("move record for ply %d after a line of %d plies", ply, len(z.path)-1)
				z.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: game.Loc{Offset: loc}, Ply: ply, Message: msg, Err: fmt.Errorf("cbr: %s: %w", msg, ErrCorrupt)})
				reported = true
			}
			z.t.add(-1, loc, board.NewMove(from, to), span{}, false)
			continue
		}
		reported = false
		var idx int32
		if okf && okt {
			idx = z.t.add(z.path[ply-1], loc, board.NewMove(from, to), span{}, true)
		} else {
			idx = z.t.addBad(z.path[ply-1], loc, span{}, r[2], r[3]) // the builder reports it
		}
		z.path = append(z.path[:ply], idx)
	}
}

// comments assigns the comment section (one CRLF-ended text per move) to the moves.
func (z *zReader) comments(off, n int) {
	rest := z.rec[off:]
	k := 0
	for len(rest) > 0 && k < n {
		i := bytes.Index(rest, []byte("\r\n"))
		if i < 0 {
			break
		}
		z.t.nodes[k+1].com = span{len(z.rec) - len(rest), i}
		rest = rest[i+2:]
		k++
	}
	if k < n || len(rest) > 0 {
		z.warn(game.KindSyntax, len(z.rec)-len(rest),
			fmt.Sprintf("comment section: %d CRLF-ended comments for %d moves, %d bytes left over", k, n, len(rest)))
	}
}

// comment passes a comment to the builder.
func (z *zReader) comment(c span) {
	if s := cleanComment(z.text(c, "comment"), true); s != "" {
		z.b.Comment(s)
	}
}
