package xqf

import (
	"encoding/binary"

	"github.com/qipu/qipu/pkg/board"
)

// Header offsets (the layout of the XQF 1.0 specification; field names from XQStudio's
// dTXQFHead).
const (
	offVersion    = 0x02
	offKeyMask    = 0x03
	offKeyOrA     = 0x08
	offKeysSum    = 0x0C
	offKeyXY      = 0x0D
	offKeyXYf     = 0x0E
	offKeyXYt     = 0x0F
	offPieces     = 0x10
	offPlayStepNo = 0x30
	offWhoPlay    = 0x32
	offResult     = 0x33
	offPlayNodes  = 0x34
	offCodeA      = 0x40
)

// field is a Pascal ShortString of the header: a length byte, then up to size-1 bytes.
type field struct {
	off, size int
	tag       string
}

// fields lists the header strings in the order their tags are added.
var fields = [...]field{
	{0x50, 64, "Title"},        // TitleA
	{0x90, 64, "TitleB"},       // TitleB, normally empty
	{0xD0, 64, "Event"},        // MatchName
	{0x120, 16, "Site"},        // MatchAddr
	{0x110, 16, "Date"},        // MatchTime, free text such as 1997年11月16日
	{0x130, 16, "Red"},         // RedPlayer
	{0x140, 16, "Black"},       // BlkPlayer
	{0x150, 64, "TimeControl"}, // TimeRule
	{0x190, 16, "RedTime"},     // RedTime
	{0x1A0, 16, "BlackTime"},   // BlkTime
	{0x1D0, 16, "Annotator"},   // RMKWriter
	{0x1E0, 16, "Author"},      // Author
}

// results maps PlayResult to a PGN result; 4 occurs in real files and means a draw too.
var results = [...]string{"*", "1-0", "0-1", "1/2-1/2", "1/2-1/2"}

// slotRoles gives the role of each of the 16 piece-table slots of a side:
// R N B A K A B N R C C P P P P P (XQF 1.0 spec §三).
var slotRoles = [16]board.Role{
	board.Chariot, board.Horse, board.Elephant, board.Advisor, board.General,
	board.Advisor, board.Elephant, board.Horse, board.Chariot,
	board.Cannon, board.Cannon,
	board.Soldier, board.Soldier, board.Soldier, board.Soldier, board.Soldier,
}

// copyright is the text the stream key is cut from (XQStudio's F32Keys).
const copyright = "[(C) Copyright Mr. Dong Shiwei.]"

// keys are the decoding keys of a file, derived from the header as XQStudio's reader does.
type keys struct {
	xy, xyf, xyt byte     // piece-table, from-square and to-square keys
	rmk          uint32   // added to every stored comment length
	f32          [32]byte // stream key, indexed by absolute file offset mod 32
	stream       bool     // f32 is not all zero
}

// square54 is XQStudio's key polynomial ((((k²·3+9)·3+8)·2+1)·3+8 = 54k²+221.
func square54(k byte) int {
	n := int(k)
	return 54*n*n + 221
}

// deriveKeys computes the keys from the header. Versions up to 10 have no piece, square or
// comment keys. The stream key is computed for every version, as XQStudio does; the
// reserved bytes of a version-10 file are zero, and so is its stream key.
func deriveKeys(h []byte) keys {
	var k keys
	if v := h[offVersion]; v > 10 {
		sum, xy, xyf, xyt := h[offKeysSum], h[offKeyXY], h[offKeyXYf], h[offKeyXYt]
		k.xy = byte(square54(xy) * int(xy))
		k.xyf = byte(square54(xyf) * int(k.xy))
		k.xyt = byte(square54(xyt) * int(k.xyf))
		k.rmk = uint32((int(sum)*256+int(xy))%32000 + 767)
	}
	mask := h[offKeyMask]
	var b [4]byte
	for i := range b {
		b[i] = h[offKeysSum+i]&mask | h[offKeyOrA+i]
	}
	for i := range k.f32 {
		k.f32[i] = copyright[i] & b[i%4]
		if k.f32[i] != 0 {
			k.stream = true
		}
	}
	return k
}

// keysSumOK reports whether KeysSum + KeyXY + KeyXYf + KeyXYt is 0 mod 256 (XQStudio's
// isKeysSumZero).
func keysSumOK(h []byte) bool {
	return h[offKeysSum]+h[offKeyXY]+h[offKeyXYf]+h[offKeyXYt] == 0
}

// slotOffset returns the header offset of the raw byte that holds piece-table slot i. From
// version 12 the table is rotated by KeyXY+1, as XQStudio writes it.
func slotOffset(version, keyXY byte, i int) int {
	if version >= 12 {
		return offPieces + (i-int(keyXY)-1)&31
	}
	return offPieces + i
}

// xqfSquare converts an XQF square byte (X·10+Y, X = file from Red's left, Y = rank from Red's
// side) to a board square; ok is false above 89.
func xqfSquare(v byte) (board.Square, bool) {
	if v > 89 {
		return board.NoSquare, false
	}
	x, y := int(v/10), int(v%10)
	return board.NewSquare(9-y, x), true
}

// squareByte is the inverse of xqfSquare.
func squareByte(s board.Square) byte {
	return byte(s.Col()*10 + 9 - s.Row())
}

func le16(b []byte) uint16 { return binary.LittleEndian.Uint16(b) }
func le32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }
