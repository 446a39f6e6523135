// Package mxq reads MXQ game records: the files that the 弈天 (Yitian) online rooms save, a
// layout vschess calls 象棋世家. One game per file, replayed through game.Builder; every
// problem is a diagnostic positioned at a byte offset of the file.
//
// # Layout
//
// Facts from ElephantEye's Mxq2Pgn and vschess's detection, checked on the real files of the
// test corpus:
//
//   - The file is nothing but strings, each a length byte and that many bytes of text (GBK
//     in every file seen); the last string ends at the end of the file.
//   - The header: eleven strings before the string "Moves" in every file seen: site (the 弈天
//     room), date (free text: "02-10-07", "2003年4月12日 19点46分"), event, Red's Elo,
//     Black's Elo, five numbers whose meaning is not established (time settings and the time
//     each side used, it seems), and how the game ended ("认负", "双方议和", "红方局超时" …).
//   - The event is "<red>-<word>-<black>"; the word is Red's result: 胜 (Red wins), 和 (a
//     draw), 负 (Red loses). The Big5 forms read as GBK (衊, ㎝, 璽, as ElephantEye matches
//     them) and 勝, 負 are read too.
//   - "Moves", then one string per ply of the main line, then "Ends", then "CommentsEnd". A
//     move is five bytes "dL-dL" (from, "-", to): the digit is the file 0–8 from Red's left
//     (ICCS a–i) and the letter the rank, A for Red's back rank (ICCS 0) to J. "6A-4C" is
//     g0–e2. The game starts from the opening position, Red first: no file has a set-up.
//
// # What Decode makes of it
//
// Tags, in this order, each only when its string is not empty: Event (the whole event
// string), Site, Date, Red and Black (from the event), Result (from the result word; "*"
// when the event has none), RedElo, BlackElo, then the five unknown numbers as MXQText6 …
// MXQText10 (their place in the header), so that nothing is lost. A header of another length
// (a warning) is read the same way: the first five strings by their place, the last one as
// how the game ended, the ones between kept as MXQText6 and on.
//
// How the game ended (the last header string) is a comment on the last move of the main line, as
// ElephantEye attaches it; on the game itself when no move was played or the line broke off
// before its end. No Termination tag is written: the words are free text, not the PGN
// Termination values.
//
// The reader never judges a move: each one goes to game.Builder.PlayMove, which decides its
// legality. A move string that does not read as "dL-dL" is a syntax error and ends the line
// there. Strings between "Ends" and "CommentsEnd" (none in any file seen) are reported and
// not read; so are bytes after "CommentsEnd". A file that ends before "Ends" has an error
// (truncated) on its game; one that ends before "CommentsEnd" a warning.
package mxq

import (
	"github.com/qipu/qipu/pkg/game"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "mxq"

// Limits that keep a corrupt or hostile input from costing unbounded time or memory. Every
// length in the file is one byte, so no length read from it can ask for more than 255 bytes.
const (
	// MaxFileSize is the largest input Decode reads (4 MiB); real files are a few KB.
	MaxFileSize = 4 << 20
	// MaxHeaderStrings is the most strings looked at before "Moves" (eleven in every file).
	MaxHeaderStrings = 64
)

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrNotMXQ: the input is not a sequence of length-prefixed strings with "Moves" among
	// its first MaxHeaderStrings strings.
	ErrNotMXQ = game.ReaderError("mxq: not an MXQ file", game.ErrNotFormat)
	// ErrTruncated: the input ends inside a string, or before "Ends".
	ErrTruncated = game.ReaderError("mxq: truncated", game.ErrTruncated)
	// ErrSyntax: a move string that does not read as "dL-dL".
	ErrSyntax = game.ReaderError("mxq: syntax error", game.ErrSyntax)
	// ErrTooLarge: the input is larger than MaxFileSize.
	ErrTooLarge = game.ReaderError("mxq: input too large", game.ErrTooLarge)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding of the strings. textenc.Auto (the default) detects GBK (read as GB18030, its
// superset), Big5 or UTF-8 from the header's text, GBK when it cannot tell; UTF-16
// encodings are taken as Auto.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// Markers of the move list.
const (
	markMoves       = "Moves"
	markEnds        = "Ends"
	markCommentsEnd = "CommentsEnd"
)

// headerStrings is the number of strings before "Moves" in every file seen.
const headerStrings = 11

// Sniff reports whether a file that starts with prefix (its first bytes, up to 4 KiB) is an
// MXQ record: length-prefixed strings without control characters, at least three of them,
// then the string "Moves" followed by a move string or "Ends" (or the end of the prefix).
func Sniff(prefix []byte) bool {
	off := 0
	for i := 0; i <= MaxHeaderStrings; i++ {
		s, next, ok := stringAt(prefix, off)
		if !ok {
			return false
		}
		if string(s) == markMoves {
			if i < 3 {
				return false
			}
			s, _, ok := stringAt(prefix, next)
			return next == len(prefix) || !ok && int(prefix[next]) >= len(prefix)-next ||
				ok && (string(s) == markEnds || isMoveText(s))
		}
		for _, c := range s {
			if c < 0x20 || c == 0x7F {
				return false
			}
		}
		off = next
	}
	return false
}

// stringAt returns the string whose length byte is at off and the offset after it; ok is
// false when off is at the end or the string runs past it.
func stringAt(data []byte, off int) (s []byte, next int, ok bool) {
	if off >= len(data) {
		return nil, off, false
	}
	end := off + 1 + int(data[off])
	if end > len(data) {
		return nil, off, false
	}
	return data[off+1 : end], end, true
}

// isMoveText reports whether s has the shape of a move: "dL-dL".
func isMoveText(s []byte) bool {
	_, _, ok := parseMove(s)
	return ok
}

func fileError(path string, kind game.Kind, off int64, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: game.Loc{Offset: off}, Message: msg, Err: err}
}
