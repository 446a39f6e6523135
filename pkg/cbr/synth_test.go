package cbr

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"unicode/utf16"
)

// A tiny writer of CBR, CBL and compressed CBL files for synthetic tests.

// snode is a move of a synthetic game tree: ICCS squares ("h2e2"), a comment and the
// continuations (the first is the main line, the others its alternatives).
type snode struct {
	move     string
	comment  string
	children []*snode
}

// line builds a chain of moves.
func line(moves ...string) []*snode {
	var first, cur *snode
	for _, m := range moves {
		n := &snode{move: m}
		if cur == nil {
			first = n
		} else {
			cur.children = []*snode{n}
		}
		cur = n
	}
	if first == nil {
		return nil
	}
	return []*snode{first}
}

// sq converts an ICCS square ("h2") to a board square (row·9+col, row 0 at Black's side).
func sq(s string) byte { return (9-(s[1]-'0'))*9 + (s[0] - 'a') }

// startBoard is the standard setup in CBR board bytes.
func startBoard() [90]byte {
	var b [90]byte
	back := []byte{1, 2, 3, 4, 5, 4, 3, 2, 1}
	for c := 0; c < 9; c++ {
		b[c] = 0x20 | back[c]
		b[81+c] = 0x10 | back[c]
	}
	b[2*9+1], b[2*9+7], b[7*9+1], b[7*9+7] = 0x26, 0x26, 0x16, 0x16
	for c := 0; c < 9; c += 2 {
		b[3*9+c], b[6*9+c] = 0x27, 0x17
	}
	return b
}

func utf16le(s string) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		out = binary.LittleEndian.AppendUint16(out, u)
	}
	return out
}

// cbrGame describes a synthetic CBR record.
type cbrGame struct {
	title, red, black string
	result            byte
	side              byte
	board             *[90]byte
	rootComment       string
	moves             []*snode
}

// cbr encodes a version-2 CBR record.
func (g cbrGame) cbr() []byte {
	h := make([]byte, 2214)
	copy(h, magicRecord)
	h[19] = 2
	copy(h[180:180+126], utf16le(g.title))
	copy(h[1076:1076+62], utf16le(g.red))
	copy(h[1300:1300+62], utf16le(g.black))
	h[2076] = g.result
	h[2112] = max(g.side, 1)
	h[2116] = 1
	b := startBoard()
	if g.board != nil {
		b = *g.board
	}
	copy(h[2120:], b[:])
	root := byte(0)
	if len(g.moves) == 0 {
		root |= flagEnd
	}
	h = appendMoveRecord(h, root, 0, 0, g.rootComment)
	return appendChildren(h, g.moves)
}

func appendMoveRecord(b []byte, flags, from, to byte, comment string) []byte {
	if comment != "" {
		flags |= flagComment
	}
	b = append(b, flags, 0, from, to)
	if comment != "" {
		c := append(utf16le(comment), 0, 0)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(c)))
		b = append(b, c...)
	}
	return b
}

// appendChildren writes alternatives in pre-order: each move, its continuation, then the next
// alternative.
func appendChildren(b []byte, kids []*snode) []byte {
	for i, k := range kids {
		flags := byte(0)
		if len(k.children) == 0 {
			flags |= flagEnd
		}
		if i < len(kids)-1 {
			flags |= flagSibling
		}
		b = appendMoveRecord(b, flags, sq(k.move[:2]), sq(k.move[2:]), k.comment)
		b = appendChildren(b, k.children)
	}
	return b
}

// cbl encodes a library of records with the given index capacity.
func cbl(name string, capacity int, records ...[]byte) []byte {
	start := libIndex + capacity*libEntrySize
	out := make([]byte, start)
	copy(out, magicLibrary)
	binary.LittleEndian.PutUint32(out[libCapacity:], uint32(capacity))
	copy(out[libName:libName+510], utf16le(name))
	for i, r := range records {
		blocks := (len(r) + libBlock - 1) / libBlock
		e := out[libIndex+i*libEntrySize:]
		binary.LittleEndian.PutUint32(e, 7)
		binary.LittleEndian.PutUint32(e[4:], uint32(i))
		binary.LittleEndian.PutUint32(e[8:], uint32(blocks))
		binary.LittleEndian.PutUint32(e[12:], uint32(len(r)))
		copy(e[100:270], utf16le("game"))
		rec := make([]byte, blocks*libBlock)
		copy(rec, r)
		out = append(out, rec...)
	}
	return out
}

// zGame describes a game of a synthetic compressed library.
type zGame struct {
	event, date       string // "" and "" in the first two libraries seen
	title, red, black string
	result            uint32
	pieces            *[32]byte
	moves             []*snode
}

func zstr(b []byte, s string) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// zStart is the standard setup as a compressed-library piece table.
var zStart = [32]byte{0x1a, 0x2a, 0x3a, 0x4a, 0x5a, 0x6a, 0x7a, 0x8a, 0x9a, 0x28, 0x88, 0x17, 0x37, 0x57, 0x77, 0x97,
	0x11, 0x21, 0x31, 0x41, 0x51, 0x61, 0x71, 0x81, 0x91, 0x23, 0x83, 0x14, 0x34, 0x54, 0x74, 0x94}

const zDate = "02-11-9 21:27:29   "

// record encodes one record (ASCII strings stand for GBK ones).
func (g zGame) record() []byte {
	b := make([]byte, 4)
	p := zStart
	if g.pieces != nil {
		p = *g.pieces
	}
	b = append(b, p[:]...)
	b = binary.LittleEndian.AppendUint32(b, 1)
	b = zstr(b, g.event)
	b = binary.LittleEndian.AppendUint32(b, 1)
	date := g.date
	if date == "" {
		date = "          "
	}
	for _, s := range []string{g.title, "", "", "", date, g.red, g.black} {
		b = zstr(b, s)
	}
	b = binary.LittleEndian.AppendUint32(b, g.result)
	for _, s := range []string{"", "", "author", "", "||"} {
		b = zstr(b, s)
	}
	b = append(b, 1)
	b = append(b, zDate+zDate...)
	var moves, comments []byte
	n := 0
	var walk func(kids []*snode, ply int)
	walk = func(kids []*snode, ply int) {
		for _, k := range kids {
			f, t := sq(k.move[:2]), sq(k.move[2:])
			moves = binary.LittleEndian.AppendUint16(moves, uint16(ply))
			moves = append(moves, (f%9)<<4|f/9, (t%9)<<4|t/9, 0, 0)
			comments = append(comments, k.comment+"\r\n"...)
			n++
			walk(k.children, ply+1)
		}
	}
	walk(g.moves, 1)
	b = binary.LittleEndian.AppendUint32(b, uint32(n))
	b = append(b, moves...)
	b = append(b, comments...)
	binary.LittleEndian.PutUint32(b, uint32(len(b)))
	return b
}

// zLibrary encodes the decompressed library.
func zLibrary(name string, count int, games ...zGame) []byte {
	b := zstr(nil, name)
	b = zstr(zstr(b, ""), "")
	b = zstr(zstr(b, "author"), "")
	b = append(b, zDate+zDate...)
	b = binary.LittleEndian.AppendUint32(b, uint32(count))
	b = zstr(b, "remark")
	for _, g := range games {
		b = append(b, g.record()...)
	}
	return b
}

// compress wraps a decompressed library as a compressed CBL file of the given kind.
func compress(lib []byte, kind uint32) []byte {
	out := append([]byte(nil), magicCompressed...)
	out = binary.LittleEndian.AppendUint32(out, compressedVersion)
	out = binary.LittleEndian.AppendUint32(out, kind)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(lib)))
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(lib)
	w.Close()
	return append(out, z.Bytes()...)
}

// cbrV1 encodes a version-1 record (the layout vschess reads) with the standard setup and
// one line of moves, squares as file·16+row nibbles.
func cbrV1(title string, moves ...string) []byte {
	h := make([]byte, 1958)
	copy(h, magicRecord)
	h[19] = 1
	copy(h[52:52+126], utf16le(title))
	h[1856], h[1860] = 1, 1
	b := startBoard()
	copy(h[1864:], b[:])
	h = append(h, 0, 0, 0, 0) // the root
	for i, m := range moves {
		f, t := sq(m[:2]), sq(m[2:])
		flags := byte(0)
		if i == len(moves)-1 {
			flags = flagEnd
		}
		h = append(h, flags, 0, (f%9)<<4|f/9, (t%9)<<4|t/9)
	}
	return h
}
