// Package cbr reads 象棋桥 (XQBridge / ChessBridge) game records: single games (.cbr) and
// libraries (.cbl) of both kinds seen in real archives, the "CCBridgeLibrary" one, whose games
// are CBR records, and the newer compressed one ("CCBridge" + zlib, GBK strings). Decode
// yields every game in file order, replayed through game.Builder with every variation and
// comment, and reports every problem as a positioned diagnostic (byte offsets).
//
// # CBR (single game)
//
// Facts from vschess's and cchess's readers, checked on the real files of the test corpus
// (every one is version 2; version 1 is read as vschess reads it, not checked on a real file):
//
//   - Magic "CCBridge Record\0"; the version byte at 19 (1 or 2).
//   - Header strings are UTF-16LE in fixed fields, ended by a NUL; the bytes after the NUL are
//     often left-over memory of the writer (established on real files), so nothing after the
//     first NUL is read. Version 2 fields (offset/bytes): title 180/128, event 692/64, round
//     756/64, group 820/32, table 852/32, date 884/64, site 948/64, time control 1012/64, red
//     1076/64, red team 1140/64, red time 1204/64, red rating 1268/32, black 1300/64, black
//     team 1364/64, black time 1428/64, black rating 1492/32, judge 1524/64, recorder 1588/64,
//     annotator ("remark") 1652/64, author 1780/64; result byte 2076 (0 unknown, 1 red wins,
//     2 black wins, 3 draw); side to move byte 2112 (1 red, 2 black); u16 move number 2116;
//     90-byte board 2120, row-major from Black's back rank, red pieces 0x11–0x17 and black
//     0x21–0x27 in the order R N B A K C P. Version 1 has the fields up to the black rating
//     128 bytes lower (title 52 …), no judge and recorder, the annotator at 1396, the author
//     at 1524, and the result and position block 256 bytes lower (1820, 1856).
//   - The move tree starts at 2214 (version 1: 1958), as 4-byte records: flags, a byte (0 or
//     1 in real files, meaning unknown), from, to. From and to are board squares (row·9+col
//     from Black's left corner) in version 2 and file·16+row nibbles in version 1. Flag bit 0:
//     the line ends after this move; bit 1: an alternative to this move follows its own line;
//     bit 2: a comment follows (u32 byte length, then UTF-16LE text, sometimes with its NUL).
//     Records are in pre-order: a move, its continuation, then its alternative.
//   - The first record is the root (from = to): it carries the game's opening comment, and its
//     bit 0 means the game has no move (established on a real library, whose first record is
//     a title page followed by left-over records that are not part of the game).
//
// # CBL (library of CBR records)
//
// Established on the five real libraries of the test corpus (13 to 188 games):
//
//   - Magic "CCBridgeLibrary\0"; u32 at 60: the capacity of the index (128 or 256); library
//     name at 64 (UTF-16, 512 bytes), source 576/256, creator 832/64, e-mail 896/64, creation
//     time 960/64, change time 1024/64, remark 1088/65536.
//   - The index: from 66624, capacity entries of 276 bytes: u32 flags (7; 5 once, on a
//     duplicate of the previous game; 0 for an unused entry, which is all zero), u32 the
//     entry's position (repeated on that duplicate), u32 blocks (the record's size in
//     4096-byte blocks: 1, 2 or 4 seen), u32 the record's length in bytes, u32 0, the game's
//     GUID (UTF-16, 80 bytes) and its title (UTF-16, 176 bytes). The used entries are the
//     games: the name of one library says 35 games, its index and records hold 38.
//   - The records start right after the index (66624 + 276·capacity, so 101952 for 128 and
//     137280 for 256) and follow each other in index order, each taking its entry's blocks.
//     Each record's move tree ends exactly at its entry's length; the rest of its blocks may
//     hold left-over bytes.
//
// Games read from a library carry the library name in the Library tag.
//
// # Empty records
//
// Libraries of both kinds hold records with no piece on the board and no move: headings
// (a title page with a comment) and empty slots. Such a record is not a game: Decode yields
// it as (nil, d), d a note (game.LevelNote) of kind game.KindEmptyRecord with the record's
// index and byte offset, that wraps ErrEmptyRecord, and the next game keeps its own index, so
// the library's numbering stays as stored. A single CBR file with no piece is read as a game
// (with its setup error).
//
// # Compressed CBL
//
// No public description exists; established on the three real examples of the test corpus
// (kinds 1 and 3; 14, 49 and 123 games):
//
//   - "CCBridge", u32 21, u32 kind (1 or 3; nothing after inflating depends on it), u32
//     decompressed size (exact in every file), then a zlib stream to the end of the file.
//   - The decompressed library: strings are a u32 byte length then GBK bytes. Name, two
//     strings (empty in every file), author, e-mail, two 19-byte date-time texts ("02-11-9
//     21:27:29", padded with spaces), u32 game count, remark; then one record per game. The
//     header's count is checked against the records found: fewer records is a file-level
//     error, more a warning on each game beyond the count.
//   - A record: u32 total length; 32 piece bytes in the slot order RNBAKABNRCCPPPPP then
//     rnbakabnrccppppp, each file·16+row with file 1–9 from Red's left and row 1–10 from
//     Black's side (0: not on the board); u32 (1 or 2; meaning unknown, not the side to
//     move); the event (a string); u32 (1); seven strings: title, three unknown (empty in
//     every file; by the order of the CBR header perhaps round, group and table), the date
//     (free text: "79-4-30"; spaces or empty in two files), red, black; u32 result (1 red
//     wins, 2 black wins, 3 draw, checked against the titles; 4 in an opening collection
//     and once in a match, read as unknown); five strings: by the order of the CBR header,
//     annotator, its e-mail, author (the library's author in two files), its e-mail, and one
//     unknown ("||" in two files); one byte (1); two 19-byte date-time texts; u32 move count;
//     6-byte moves: u16 ply, from, to (file·16+row, both 0-based, row from Black's side), and
//     two bytes not used here (they vary with the piece and direction, like a notation);
//     then one comment per move, each ended by CRLF, with "||" for a line break.
//   - Two layouts in the wild are this one: in the first two libraries every event is empty,
//     so its length reads as a u32 0 between the 1 or 2 and the 1; in 吕钦专集 every record
//     has an event (全运会, 五羊杯 …) and a date. Reading the place as a fixed u32 0 (as
//     earlier versions of this reader did) cuts every record with an event inside its
//     header strings.
//   - The moves are the tree in pre-order: a ply not one more than the previous move's
//     starts an alternative to the move at that ply of the line read last. Every variation of
//     the three files replays legally under this reading.
//   - No side-to-move field was found: the side is the colour of the first move's piece.
//   - Eight games of the kind-3 library are also in CCBridgeLibrary libraries of other
//     authors in the corpus, and three of 吕钦专集 in the kind-3 library: their main lines
//     are the same move for move (and the dates and players of 吕钦专集 agree with the
//     kind-3 library's titles).
//
// Unknown strings that are not empty are kept as tags named CBLText2 … CBLText12 (their place
// in the record), so that nothing is lost.
package cbr

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/qipu/qipu/pkg/game"
)

// FormatName is Game.Format of a game read from a single CBR file.
const FormatName = "cbr"

// CBLFormatName is Game.Format of a game read from a library, of either kind.
const CBLFormatName = "cbl"

// LibraryTag is the tag that holds the name of the library a game was read from.
const LibraryTag = "Library"

// Limits that keep a corrupt or hostile file from costing unbounded time or memory.
const (
	// MaxFileSize is the largest file Decode reads (64 MiB); the largest real libraries are
	// a few megabytes.
	MaxFileSize = 64 << 20
	// MaxDecompressed bounds the decompressed size of a compressed library (64 MiB), whatever
	// its header declares.
	MaxDecompressed = 64 << 20
	// MaxGames bounds the games of one library (index capacity or record count).
	MaxGames = 1 << 16
	// MaxNodes bounds the move records of one game: the cap every reader shares
	// (game.MaxNodes).
	MaxNodes = game.MaxNodes
	// MaxPly bounds the depth of a line of play: the cap every reader shares (game.MaxPly).
	MaxPly = game.MaxPly
)

// Errors that file-level diagnostics wrap; test with errors.Is.
var (
	// ErrNotCBR: the input starts with none of the CBR and CBL magics.
	ErrNotCBR = game.ReaderError("not a CBR or CBL file", game.ErrNotFormat)
	// ErrTruncated: the input ends inside a header, a record or the compressed stream.
	ErrTruncated = game.ReaderError("truncated CBR/CBL file", game.ErrTruncated)
	// ErrTooLarge: the input (or its decompressed library) is larger than the limits.
	ErrTooLarge = game.ReaderError("CBR/CBL file too large", game.ErrTooLarge)
	// ErrCorrupt: a length, count or offset of the file cannot be right, or the compressed
	// stream does not inflate.
	ErrCorrupt = game.ReaderError("corrupt CBR/CBL file", game.ErrSyntax)
	// ErrVersion: a version or kind this reader does not know.
	ErrVersion = game.ReaderError("unknown CBR/CBL version", game.ErrUnsupported)
	// ErrEmptyRecord: a library record holds no pieces and no moves (a heading or an empty
	// slot); the note of game.KindEmptyRecord yielded for it wraps it.
	ErrEmptyRecord = game.ReaderError("empty CBL record", game.ErrNoGame)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the file in diagnostics and Game.Source.
// Encoding of the strings of a compressed library: textenc.Auto (the default) reads GBK
// (as GB18030, its superset); UTF-16 encodings are taken as Auto. CBR records are always
// UTF-16LE and ignore it.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// Magics of the three kinds of file.
var (
	magicRecord     = []byte("CCBridge Record\x00")
	magicLibrary    = []byte("CCBridgeLibrary\x00")
	magicCompressed = []byte("CCBridge")
)

// compressedVersion is the u32 after "CCBridge" in every compressed library seen.
const compressedVersion = 21

// Sniff reports whether a file that starts with prefix (up to 4 KiB) is a CBR record, a CBL
// library or a compressed library.
func Sniff(prefix []byte) bool {
	return kindOf(prefix) != kindUnknown
}

// SniffRecord reports whether a file that starts with prefix is a single CBR record.
func SniffRecord(prefix []byte) bool { return kindOf(prefix) == kindRecord }

// SniffLibrary reports whether a file that starts with prefix is a CBL library, of either
// kind (CCBridgeLibrary or the compressed CCBridge).
func SniffLibrary(prefix []byte) bool {
	k := kindOf(prefix)
	return k == kindLibrary || k == kindCompressed
}

type fileKind uint8

const (
	kindUnknown fileKind = iota
	kindRecord
	kindLibrary
	kindCompressed
)

func kindOf(p []byte) fileKind {
	switch {
	case bytes.HasPrefix(p, magicRecord):
		return kindRecord
	case bytes.HasPrefix(p, magicLibrary):
		return kindLibrary
	case len(p) >= 12 && bytes.HasPrefix(p, magicCompressed) &&
		binary.LittleEndian.Uint32(p[8:]) == compressedVersion:
		return kindCompressed
	}
	return kindUnknown
}

// emptyRecord returns the note yielded, as (nil, note), for a library record that holds no
// pieces and no moves: it is no game, and the next game keeps its index.
func emptyRecord(path string, index int, off int64, title string) *game.Diagnostic {
	what := ""
	if title != "" {
		what = fmt.Sprintf(" %q", title)
	}
	return &game.Diagnostic{Kind: game.KindEmptyRecord, Level: game.LevelNote, Path: path, Game: index,
		Loc: game.Loc{Offset: off}, Err: ErrEmptyRecord,
		Message: fmt.Sprintf("record %d%s holds no pieces and no moves (a heading or an empty slot); not a game", index, what)}
}

// fileError returns the diagnostic of a file-level failure.
func fileError(path string, kind game.Kind, off int64, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: game.Loc{Offset: off}, Message: msg, Err: err}
}

func le16(b []byte) uint16 { return binary.LittleEndian.Uint16(b) }
func le32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }
