// Package xqf reads and writes XQF (象棋演播室 / XQStudio) game records.
//
// Decode reads every version from 10 (the published plain "XQF 1.0" format) to 18 (what
// XQStudio 1.63 writes, obfuscated with keys derived from the header), with the whole move
// tree: every variation and every comment. It replays the tree through game.Builder, so the
// result is the same *game.Game the PGN reader produces. Encode writes version 10; EncodeWith
// also reports what the format could not hold (a tag cut to its field, characters GBK lacks)
// and marks where an invalid game stops.
//
// The sources are the XQF 1.0 specification (the plain version-10 layout), XQStudio's reader
// and writer (the obfuscation of versions 11 to 18), and the readers of cchess and
// ElephantEye's xqf2pgn, named below where they differ. The choices made here, in short:
//
//   - The header is plain text; from version 11 the piece table is keyed and the move tree is
//     stream-obfuscated. The key checksum (KeysSum) is checked.
//   - The piece table always gives the setup, also for full games (type 全局), as XQStudio
//     and cchess do; ElephantEye's xqf2pgn ignores it for types 0 and 1.
//   - PlayStepNo is a ply count: the setup's move number is PlayStepNo/2 + 1.
//   - WhoPlay gives the side to move; when the first move is the other side's, the side is
//     taken from the move with a `side` warning (by game.Builder, as for every format).
//   - The records are only decoded: every one goes to game.Builder in PGN order, which judges
//     the moves. A record with a square off the board ends its line as an illegal move does,
//     and the alternatives to a failed move are not replayed in its place (see package game).
//   - Header strings become tags: TitleA → Title, TitleB → TitleB, MatchName → Event,
//     MatchTime → Date, MatchAddr → Site, RedPlayer → Red, BlkPlayer → Black, TimeRule →
//     TimeControl, RedTime → RedTime, BlkTime → BlackTime, RMKWriter → Annotator, Author →
//     Author; PlayResult → Result; the game type (low byte of CodeA) → XQFType.
//     TimeRule is called 用时规则 (time control) in the XQF 1.0 spec and 开局类型 (opening) in
//     a comment of XQStudio's source; every non-empty value in the test corpus is a time
//     control ("30-10-60", "10-5-0"), so it is read as TimeControl.
//   - Text is GBK (read as GB18030) unless Config.Encoding says otherwise; with "auto" the
//     encoding is decided from all the text of the file together, against the GBK prior
//     of XQF (a short string alone is weak evidence). Comments lose the
//     CRLF line breaks of their Delphi writer: lines are joined with "\n" and trailing line
//     breaks are dropped.
package xqf

import (
	"github.com/qipu/qipu/pkg/game"
)

// Limits that keep a corrupt or hostile file from costing unbounded time or memory.
const (
	// MaxFileSize is the largest file Decode reads (64 MiB). Real XQF files are far smaller;
	// the largest known opening trees are a few megabytes.
	MaxFileSize = 64 << 20
	// MaxNodes is the most move records Decode reads from one file, the cap every reader
	// shares (game.MaxNodes); the rest is reported and ignored.
	MaxNodes = game.MaxNodes
	// MaxPly is the deepest line Decode reads, the cap every reader shares (game.MaxPly); a
	// record deeper than that ends its line as a bad move (reported; the rest of the line is
	// ignored). It bounds the nesting of variations.
	MaxPly = game.MaxPly
)

// HeaderSize is the size of the XQF header; the move tree starts right after it.
const HeaderSize = 0x400

// MaxVersion is the newest format version (XQStudio 1.63 writes 18).
const MaxVersion = 18

// TypeTag is the name of the tag that holds the game type of the header (the low byte of
// CodeA): one of TypeNames.
const TypeTag = "XQFType"

// TypeNames are the values of the XQFType tag for the game types 0–3, in XQStudio's words:
// full game, opening, middlegame, endgame.
var TypeNames = [4]string{"全局", "开局", "中局", "残局"}

// Errors that Decode and Encode wrap; test with errors.Is.
var (
	// ErrNotXQF: the input does not start with the "XQ" signature.
	ErrNotXQF = game.ReaderError("not an XQF file", game.ErrNotFormat)
	// ErrTruncated: the input ends inside the header or inside a record.
	ErrTruncated = game.ReaderError("truncated XQF file", game.ErrTruncated)
	// ErrTooLarge: the input is larger than MaxFileSize.
	ErrTooLarge = game.ReaderError("XQF file too large", game.ErrTooLarge)
	// ErrUnencodable: Encode cannot store the game as XQF (a setup the piece table cannot
	// hold, a move off the board, a nil game).
	ErrUnencodable = game.ReaderError("cannot be written as XQF", game.ErrUnencodable)
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "xqf"

// Config is what Read and Decode take besides the bytes (game.ReadConfig). For XQF, Encoding
// is that of the header strings and comments, which the format does not record: its writers
// store the Windows ANSI code page, GBK for XQStudio. textenc.Auto (the zero value) reads GBK
// (as GB18030, its superset) unless the file's text is clearly Big5 or UTF-8; UTF-16 is taken
// as Auto.
type Config = game.ReadConfig

// IsXQF reports whether a file that starts with prefix looks like XQF: the "XQ" signature, a
// version from 1 to MaxVersion and, when the first 16 bytes are there, key bytes whose
// checksum is zero (every writer keeps it so; XQStudio refuses other files).
func IsXQF(prefix []byte) bool {
	if len(prefix) < 3 || prefix[0] != 'X' || prefix[1] != 'Q' {
		return false
	}
	if v := prefix[2]; v < 1 || v > MaxVersion {
		return false
	}
	if len(prefix) >= 16 && prefix[0x0C]+prefix[0x0D]+prefix[0x0E]+prefix[0x0F] != 0 {
		return false
	}
	return true
}

// fileError returns the diagnostic of a file that yields no game.
func fileError(path string, kind game.Kind, off int64, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: game.Loc{Offset: off}, Message: msg, Err: err}
}
