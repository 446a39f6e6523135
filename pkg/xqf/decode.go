package xqf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"sync"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/bytestr"
	"github.com/qipu/qipu/pkg/internal/movetree"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// The limits in force; tests lower them.
var maxNodes, maxPly = MaxNodes, MaxPly

// Causes of header diagnostics.
var (
	errChecksum = errors.New("xqf: bad key checksum")
	errVersion  = errors.New("xqf: unknown version")
)

// Tag bits of a move record after normalization (XQStudio's record layout; version 10 writes
// the child flag as 0xF0 and the sibling flag as 0x0F).
const (
	tagChild   = 0x80 // the next record is this move's first continuation
	tagSibling = 0x40 // after this move's subtree comes an alternative to this move
	tagRemark  = 0x20 // a comment length follows (version ≥ 11)
)

// Read reads one XQF file and yields its game, then the error of the file itself if any (a
// truncated tree, say), as every reader package's Read does; a file that cannot be read at all
// yields only (nil, err). Decode returns the same as a pair.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		g, err := Decode(r, cfg)
		if g == nil {
			if err == nil {
				err = fileError(cfg.Path, game.KindSyntax, 0, "no game", game.ErrNoGame)
			}
			yield(nil, err)
			return
		}
		if yield(g, nil) && err != nil {
			yield(nil, err)
		}
	}
}

// Decode reads one XQF file (at most MaxFileSize bytes) and returns its game: tags from the
// header, the setup from the piece table, and the whole move tree replayed through
// game.Builder, with every problem as a positioned diagnostic on the game (byte offsets in
// game.Loc.Offset). A file that cannot be read at all (not XQF, shorter than the header,
// larger than MaxFileSize, a read error) gives a nil game and an error that is a
// *game.Diagnostic; an unknown Config.Encoding gives a nil game and a plain error.
func Decode(r io.Reader, cfg Config) (*game.Game, error) {
	c, err := newCodec(cfg.Encoding)
	if err != nil {
		return nil, err
	}
	sc := scratches.Get().(*scratch)
	defer sc.put()
	buf := bytes.NewBuffer(sc.data[:0])
	_, err = buf.ReadFrom(io.LimitReader(r, MaxFileSize+1))
	data := buf.Bytes()
	sc.data = data
	if err != nil {
		// At the offset where reading failed, as every diagnostic of a binary file.
		return nil, fileError(cfg.Path, game.KindIO, int64(len(data)), "read: "+err.Error(), fmt.Errorf("xqf: read: %w", err))
	}
	if len(data) > MaxFileSize {
		return nil, fileError(cfg.Path, game.KindIO, MaxFileSize,
			fmt.Sprintf("file is larger than %d bytes", MaxFileSize), ErrTooLarge)
	}
	return decodeBytes(data, cfg.Path, c, cfg.Repair, sc)
}

// scratch is the memory one Decode uses and the game does not keep: the file's bytes, the
// tree as read and the records still to read. Decode takes it from scratches and gives it
// back, so that a run over many XQF files does not allocate it for each.
type scratch struct {
	data    []byte
	nodes   []node
	pending []pending
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// put gives the scratch back, unless a large file made it large: one huge tree does not stay
// in memory. (Nodes and pending records hold no pointers: nothing of the file outlives it.)
func (s *scratch) put() {
	if cap(s.data) > 1<<20 || cap(s.nodes) > 1<<16 || cap(s.pending) > 1<<10 {
		return
	}
	s.data, s.nodes, s.pending = s.data[:0], s.nodes[:0], s.pending[:0]
	scratches.Put(s)
}

// decodeBytes decodes a whole file. It decrypts the move tree in place, so data must not be
// shared.
func decodeBytes(data []byte, path string, c bytestr.Codec, repair bool, sc *scratch) (*game.Game, error) {
	if len(data) < 2 || data[0] != 'X' || data[1] != 'Q' {
		return nil, fileError(path, game.KindSyntax, 0, `no "XQ" signature`, ErrNotXQF)
	}
	if len(data) < HeaderSize {
		return nil, fileError(path, game.KindTruncated, int64(len(data)),
			fmt.Sprintf("file ends inside the %d-byte header (%d bytes)", HeaderSize, len(data)), ErrTruncated)
	}
	d := &decoder{data: data, codec: c, version: data[offVersion], sc: sc}
	d.b.Path = path
	d.b.Repair = repair
	d.b.ByOffset = true // the header's text is decoded once the tree's comments show the encoding
	return d.decode(), nil
}

// decoder holds the state of one Decode.
type decoder struct {
	data    []byte
	codec   bytestr.Codec
	version byte
	keys    keys
	b       game.Builder

	sc      *scratch // where nodes and pending come from, and go back to
	nodes   []node   // the move tree as read: nodes[0] is the root
	walker  movetree.Walker
	pending []pending // records still to read, as in XQStudio's recursion
	end     int       // offset after the last record read
}

// node is one record of the move tree, linked into its parent's list of children in file
// order: the first child continues the line, the others are alternatives to it. Every
// record is passed to game.Builder, which judges the moves; a record that does not decode to
// a move on the board (or lies deeper than maxPly) is passed as a bad move at its place.
type node struct {
	movetree.Links // children and next sibling
	off            int64
	move           board.Move
	comment        span
	bad            uint8 // notBad, or why the record is no move (badSquare, badDepth)
	from, to       byte  // the squares as stored, for the diagnostic of a bad record
}

// Why a record is no move.
const (
	notBad    = iota
	badSquare // a square off the board
	badDepth  // deeper than maxPly
)

// span is a comment: where its bytes are in the file.
type span struct{ off, n int }

// pending is a record to read: a move (or alternative) from the position after parent.
type pending struct {
	parent int32
	ply    int32 // ply of the record to read
}

func (d *decoder) decode() *game.Game {
	h := d.data[:HeaderSize]
	d.keys = deriveKeys(h)
	d.b.Begin(1, FormatName, textenc.Auto)
	d.checkHeader(h)
	d.b.SetSetup(d.readSetup(h), game.Loc{Offset: offPieces})
	d.readTree()
	d.codec.Choose(d.textSample(h))
	d.b.Game().Encoding = d.codec.Encoding()
	d.addTags(h)
	d.comment(&d.nodes[0])
	movetree.Emit(&d.walker, &d.b, d.nodes, d.play)
	g := d.b.Finish()
	return g
}

// warn and fail record diagnostics that are not about a move.
func (d *decoder) warn(kind game.Kind, off int, msg string) {
	d.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(off)}, Message: msg})
}

func (d *decoder) fail(kind game.Kind, off int, msg string, err error) {
	d.b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelError, Loc: game.Loc{Offset: int64(off)}, Message: msg, Err: err})
}

// checkHeader reports a bad key checksum and a version this reader does not know.
func (d *decoder) checkHeader(h []byte) {
	if !keysSumOK(h) {
		msg := fmt.Sprintf("key checksum is %d, want 0 (KeysSum %d + keys %d, %d, %d); XQStudio refuses the file",
			h[offKeysSum]+h[offKeyXY]+h[offKeyXYf]+h[offKeyXYt], h[offKeysSum], h[offKeyXY], h[offKeyXYf], h[offKeyXYt])
		if d.version > 10 {
			d.fail(game.KindSyntax, offKeysSum, msg, errChecksum)
		} else {
			// Versions up to 10 use no keys: the moves still decode.
			d.warn(game.KindSyntax, offKeysSum, msg)
		}
	}
	if d.version > MaxVersion {
		d.fail(game.KindSyntax, offVersion,
			fmt.Sprintf("version %d is newer than %d; decoded as version %d", d.version, MaxVersion, MaxVersion),
			errVersion)
	}
}

// readSetup builds the start position from the piece table, WhoPlay and PlayStepNo.
func (d *decoder) readSetup(h []byte) board.Setup {
	var s board.Setup
	var from [board.NumSquares]int8 // slot+1 of the piece on each square
	for i := 0; i < 32; i++ {
		off := slotOffset(d.version, d.keys.xy, i)
		v, ok := xqfSquare(h[off] - d.keys.xy)
		if !ok {
			continue // absent (captured or not in the setup)
		}
		pc := board.MakePiece(board.Color(i/16), slotRoles[i%16])
		if prev := from[v]; prev != 0 {
			d.warn(game.KindSetup, off, fmt.Sprintf("piece table: %s %s on %s, where the %s %s of slot %d already stands; ignored",
				pc.Color(), pc.Role(), v, s.Board[v].Color(), s.Board[v].Role(), prev-1))
			continue
		}
		s.Board[v] = pc
		from[v] = int8(i + 1)
	}
	switch who := h[offWhoPlay]; who {
	case 0:
		s.Turn = board.Red
	case 1:
		s.Turn = board.Black
	default:
		d.warn(game.KindSetup, offWhoPlay, fmt.Sprintf("side to move (WhoPlay) is %d, want 0 or 1; read as red", who))
	}
	s.Fullmove = int(le16(h[offPlayStepNo:]))/2 + 1
	return s
}

// addTags turns the header strings, the result and the game type into tags.
func (d *decoder) addTags(h []byte) {
	res := h[offResult]
	if int(res) >= len(results) {
		d.warn(game.KindSyntax, offResult, fmt.Sprintf("result byte %d is not 0–4; read as unknown (*)", res))
		res = 0
	}
	d.b.Result(results[res])
	for _, f := range fields {
		n := int(h[f.off])
		if n > f.size-1 {
			d.warn(game.KindSyntax, f.off, fmt.Sprintf("%s: length byte %d exceeds the %d-byte field; cut", f.tag, n, f.size-1))
			n = f.size - 1
		}
		if v := d.text(f.off+1, n, f.tag, false); v != "" {
			d.b.Tag(f.tag, v)
		}
		if f.tag == "Black" {
			d.b.Tag("Result", results[res]) // in the PGN order: Event Site Date Red Black Result
		}
	}
	if t := h[offCodeA]; int(t) < len(TypeNames) {
		d.b.Tag(TypeTag, TypeNames[t])
	} else {
		d.warn(game.KindSyntax, offCodeA, fmt.Sprintf("game type %d is not 0–3; left out", t))
	}
}

// text decodes n bytes at off, reporting bytes that do not decode.
func (d *decoder) text(off, n int, what string, comment bool) string {
	s, bad, count := d.codec.Decode(d.data[off : off+n])
	if bad >= 0 {
		d.warn(game.KindEncoding, off+bad, d.codec.Invalid(what, count))
	}
	if comment {
		return cleanComment(s)
	}
	return cleanField(s)
}

// textSample collects the non-ASCII text of the file for encoding detection.
func (d *decoder) textSample(h []byte) []byte {
	if !d.codec.Detecting() {
		return nil
	}
	var sample []byte
	for _, f := range fields {
		n := min(int(h[f.off]), f.size-1)
		sample = append(sample, h[f.off+1:f.off+1+n]...)
		sample = append(sample, ' ')
	}
	for i := range d.nodes {
		if len(sample) >= textenc.DetectLimit {
			break
		}
		c := d.nodes[i].comment
		sample = append(sample, d.data[c.off:c.off+c.n]...)
		sample = append(sample, '\n')
	}
	return sample[:min(len(sample), textenc.DetectLimit)]
}

// record is one move record as stored.
type record struct {
	from, to byte // decoded XQF squares (X·10+Y), possibly off the board
	tag      byte // tagChild | tagSibling
	comment  span
}

// readRecord reads the record at off and returns it and the offset after it, or reports why
// it cannot (the file ends inside it) and returns ok false.
func (d *decoder) readRecord(off int) (rec record, next int, ok bool) {
	data := d.data
	if off+4 > len(data) {
		d.fail(game.KindTruncated, off, fmt.Sprintf("file ends inside a move record (%d of 4 bytes)", len(data)-off), ErrTruncated)
		return rec, off, false
	}
	rec.from = data[off] - 0x18 - d.keys.xyf
	rec.to = data[off+1] - 0x20 - d.keys.xyt
	raw := data[off+2]
	next = off + 4
	hasSize := true
	if d.version <= 10 {
		if raw&0xF0 != 0 {
			rec.tag |= tagChild
		}
		if raw&0x0F != 0 {
			rec.tag |= tagSibling
		}
	} else {
		rec.tag = raw & (tagChild | tagSibling)
		hasSize = raw&tagRemark != 0
	}
	if !hasSize {
		rec.comment = span{next, 0}
		return rec, next, true
	}
	if next+4 > len(data) {
		d.fail(game.KindTruncated, next, fmt.Sprintf("file ends inside a comment length (%d of 4 bytes)", len(data)-next), ErrTruncated)
		return rec, off, false
	}
	size := le32(data[next:])
	if size > 0 {
		size -= d.keys.rmk // as XQStudio: unsigned, so a stored size below the key is absurd
	}
	next += 4
	if left := uint32(len(data) - next); size > left {
		d.fail(game.KindTruncated, next-4, fmt.Sprintf("comment length %d runs past the end of the file (%d bytes left)", size, left), ErrTruncated)
		return rec, off, false
	}
	rec.comment = span{next, int(size)}
	return rec, next + int(size), true
}

// readTree reads the move records depth first, without recursion: after a record, its
// alternative (sibling) is pushed first and its continuation (child) last, so the child's
// subtree is read before the sibling, as XQStudio's recursive reader does. It only decodes:
// the builder judges the moves when the tree is emitted.
func (d *decoder) readTree() {
	if d.keys.stream {
		tree := d.data[HeaderSize:]
		for i := range tree {
			tree[i] -= d.keys.f32[(HeaderSize+i)&31]
		}
	}
	if want := min((len(d.data)-HeaderSize)/4+1, 1<<14); cap(d.sc.nodes) < want {
		d.sc.nodes = make([]node, 0, want)
	}
	if cap(d.sc.pending) < 16 {
		d.sc.pending = make([]pending, 0, 16)
	}
	d.nodes, d.pending = d.sc.nodes[:0], d.sc.pending[:0]
	defer func() { d.sc.nodes, d.sc.pending = d.nodes, d.pending }()
	root, next, ok := d.readRecord(HeaderSize)
	d.nodes = append(d.nodes, node{Links: movetree.Unlinked, off: HeaderSize, comment: root.comment})
	if !ok {
		return
	}
	d.end = next
	if root.tag&tagSibling != 0 {
		d.warn(game.KindSyntax, HeaderSize+2, "the root record has the sibling flag; ignored")
	}
	if root.tag&tagChild != 0 {
		d.pending = append(d.pending, pending{parent: 0, ply: 1})
	}
	for len(d.pending) > 0 {
		if len(d.nodes) > maxNodes {
			d.fail(game.KindSyntax, d.end, fmt.Sprintf("more than %d move records; the rest is ignored", maxNodes), nil)
			return
		}
		top := len(d.pending) - 1
		cur := &d.pending[top]
		off := d.end
		rec, next, ok := d.readRecord(off)
		if !ok {
			return
		}
		d.end = next
		idx := int32(len(d.nodes))
		d.nodes = append(d.nodes, node{Links: movetree.Unlinked, off: int64(off), comment: rec.comment,
			from: rec.from, to: rec.to})
		n := &d.nodes[idx]
		from, okf := xqfSquare(rec.from)
		to, okt := xqfSquare(rec.to)
		switch {
		case !okf || !okt:
			n.bad = badSquare
		case int(cur.ply) > maxPly:
			n.bad = badDepth
		}
		n.move = board.NewMove(from, to)
		movetree.Link(d.nodes, cur.parent, idx)
		// The entry on top becomes the sibling's (same parent) or the child's; only a record
		// with both needs a second entry.
		switch sib, child := rec.tag&tagSibling != 0, rec.tag&tagChild != 0; {
		case sib && child:
			d.pending = append(d.pending, pending{parent: idx, ply: cur.ply + 1})
		case child:
			cur.parent, cur.ply = idx, cur.ply+1
		case !sib:
			d.pending = d.pending[:top]
		}
	}
	if d.end < len(d.data) {
		d.warn(game.KindSyntax, d.end, fmt.Sprintf("%d bytes after the last move record; ignored", len(d.data)-d.end))
	}
}

// comment passes a node's comment to the builder.
func (d *decoder) comment(n *node) {
	if n.comment.n == 0 {
		return
	}
	if s := d.text(n.comment.off, n.comment.n, "comment", true); s != "" {
		d.b.Comment(s)
	}
}

// play passes one move and its comment to the builder. The comment of a move that does not
// replay (its line failed) is kept only for a repair of the start position to replay.
func (d *decoder) play(i int32) {
	n := &d.nodes[i]
	loc := game.Loc{Offset: n.off}
	switch n.bad {
	case badSquare:
		tok := fmt.Sprintf("%d-%d", n.from, n.to)
		msg := "move record: square off the board (X·10+Y above 89)"
		d.b.BadMove(game.KindSyntax, loc, tok, msg, fmt.Errorf("xqf: %s: %w", msg, notation.ErrSyntax))
	case badDepth:
		msg := fmt.Sprintf("line deeper than %d plies; the rest of it is ignored", maxPly)
		d.b.BadMove(game.KindSyntax, loc, string(n.move.AppendICCS(nil, false)), msg, nil)
	default:
		if d.b.PlayMove(n.move, loc) {
			d.comment(n)
			return
		}
	}
	if d.b.Repair && n.comment.n > 0 {
		if s := d.text(n.comment.off, n.comment.n, "comment", true); s != "" {
			d.b.CommentUnplayed(s)
		}
	}
}
