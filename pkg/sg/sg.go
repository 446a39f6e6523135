// Package sg reads SG game files: fixed records of 1,192 bytes, one game each, a file being
// a whole number of records. No open reader or documentation of the format is known; what
// this package reads was established on the 48 files of one public archive (1,038 records),
// 40 of which have an XQF of the same game beside them:
//
//	0x000  32  Red: team and name, GBK, padded with spaces
//	0x020  32  Black, the same
//	0x040   8  result: "R+c" Red won, "B+c" Black won, "D==" draw, "---" not given; spaces
//	0x048  10  date, "YYYY-MM-DD"
//	0x052 128  32 squares, each three decimal digits and a space (the set-up)
//	0x0D2      the moves, two bytes a ply (from, to), then the byte 0x09, then spaces
//	0x456   6  "0 1 1 " in every known record (meaning unknown; not read)
//	0x45C  76  zero bytes
//
// Other bytes in those last two fields are reported as a note and ignored.
//
// A move byte is 10 + 10·x + y, x the file 0–8 from Red's left and y the rank 0–9 from
// Black's back rank; Red moves first. Every known record holds the opening position in its
// set-up table, so how a captured piece is written, and which of two like pieces is which,
// are not established: a record whose table differs from the opening position is reported
// (a setup error) and its moves are not replayed from a guessed position.
//
// Names come out as stored. In some files they were garbled by a Big5→GB conversion run
// over GBK text; the bytes cannot tell, so no repair is attempted.
package sg

import (
	"github.com/qipu/qipu/pkg/game"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "sg"

// Layout of a record.
const (
	// RecordSize is the size of one record; a file is a whole number of them.
	RecordSize = 0x4A8
	offRed     = 0x000
	offBlack   = 0x020
	offResult  = 0x040
	offDate    = 0x048
	offSetup   = 0x052
	offMoves   = 0x0D2
	offTail    = 0x456 // end of the move area
	nameLen    = 32
	setupLen   = 32 * 4
	endOfMoves = 0x09
	knownTail  = "0 1 1 " // at offTail in every known record, then zeros
)

// MaxRecords is the most games Decode reads from one file (the largest known holds 358);
// further records are reported and not read.
const MaxRecords = 1 << 16

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrSyntax: a field or a move byte that does not read.
	ErrSyntax = game.ReaderError("sg: syntax error", game.ErrSyntax)
	// ErrTruncated: the input ends inside a record.
	ErrTruncated = game.ReaderError("sg: truncated record", game.ErrTruncated)
	// ErrSetup: a set-up other than the opening position, whose encoding is not established.
	ErrSetup = game.ReaderError("sg: set-up not established", game.ErrUnsupported)
	// ErrTooLarge: more than MaxRecords records.
	ErrTooLarge = game.ReaderError("sg: too many records", game.ErrTooLarge)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding of the names; textenc.Auto (and UTF-16, which the byte fields cannot hold) means
// GBK (GB18030), the encoding of every known file.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// openingTable is the set-up table of every known record: the opening position, in the
// order P P P P P C C N N R R B B A A K for Red, then Black.
const openingTable = "148 150 152 154 156 165 171 197 203 196 204 198 202 199 201 200 " +
	"100 102 104 106 108 085 091 053 059 052 060 054 058 055 057 056 "

// results maps the result field (its first three bytes) to a PGN result.
var results = map[string]string{"R+c": "1-0", "B+c": "0-1", "D==": "1/2-1/2", "---": "*"}

// Sniff reports whether prefix (the first bytes of a file; at least 0xD2 are needed) starts
// an SG record: a known result code followed by spaces at 0x40, a date of digits and dashes,
// and 32 three-digit numbers each followed by a space at 0x52.
func Sniff(prefix []byte) bool {
	if len(prefix) < offMoves {
		return false
	}
	if _, ok := results[string(prefix[offResult:offResult+3])]; !ok {
		return false
	}
	if !allByte(prefix[offResult+3:offDate], ' ') {
		return false
	}
	for _, c := range prefix[offDate : offDate+10] {
		if c != '-' && c != ' ' && (c < '0' || c > '9') {
			return false
		}
	}
	return setupTable(prefix[offSetup:offMoves])
}

// setupTable reports whether b is 32 numbers of three digits, each followed by a space.
func setupTable(b []byte) bool {
	for i := 0; i < setupLen; i += 4 {
		for _, c := range b[i : i+3] {
			if c < '0' || c > '9' {
				return false
			}
		}
		if b[i+3] != ' ' {
			return false
		}
	}
	return true
}

// allByte reports whether every byte of b is c.
func allByte(b []byte, c byte) bool {
	for _, x := range b {
		if x != c {
			return false
		}
	}
	return true
}
