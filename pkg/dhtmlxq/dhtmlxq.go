package dhtmlxq

import (
	"bytes"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "dhtmlxq"

// Limits that keep a corrupt or hostile file from costing unbounded time or memory.
const (
	// MaxFileSize is the largest input Decode reads (64 MiB). The largest real file known, an
	// opening book of 1,446 variations, is about 550 KB.
	MaxFileSize = 64 << 20
	// MaxBlocks is the most games Decode yields from one file; further blocks are reported.
	MaxBlocks = 1 << 16
	// MaxBranches is the most variations (move_P_S_B fields) read per game; the largest real
	// game has 1,446.
	MaxBranches = 1 << 16
	// MaxCommentBytes is the longest comment kept; a longer one is cut, with a warning.
	MaxCommentBytes = 1 << 20
)

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrNoGame: the input holds no [DhtmlXQ] block.
	ErrNoGame = game.ReaderError("dhtmlxq: no [DhtmlXQ] block", game.ErrNoGame)
	// ErrNoMarker: the input holds not even the "[DhtmlXQ" marker anywhere, so it is no
	// DhtmlXQ text at all (a web page or a note without a game). Its diagnostic wraps
	// ErrNoGame too; a caller that found the file by its extension (.html .htm .txt .ubb)
	// can treat it as not a game file rather than a damaged one.
	ErrNoMarker = game.ReaderError("dhtmlxq: no [DhtmlXQ] marker", game.ErrNotFormat)
	// ErrSyntax: a field, a move list or a start position that does not read.
	ErrSyntax = game.ReaderError("dhtmlxq: syntax error", game.ErrSyntax)
	// ErrTooLarge: the input is larger than MaxFileSize, or holds more than MaxBlocks blocks.
	ErrTooLarge = game.ReaderError("dhtmlxq: input too large", game.ErrTooLarge)
	// ErrUnencodable: Encode cannot write the game (nil, or a move off the board).
	ErrUnencodable = game.ReaderError("cannot be written as DhtmlXQ", game.ErrUnencodable)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding of the input; textenc.Auto detects it (byte order mark, UTF-16, UTF-8, else
// GBK against Big5).
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// marker is the start of every block and field name, compared without regard to case.
const marker = "[dhtmlxq"

// Sniff reports whether prefix (the first bytes of a file, up to 4 KiB are enough) holds the
// "[DhtmlXQ" marker in any case: a block, a [DhtmlXQHTML] or [DhtmlXQiFrame] wrapper, or a
// field. The marker is looked for in ASCII-compatible text and in UTF-16 of either byte order.
// A page whose marker comes later than the prefix is not recognized here: the caller falls
// back on the file extension, and Decode searches the whole text.
func Sniff(prefix []byte) bool {
	if indexFold(prefix, marker) >= 0 {
		return true
	}
	// UTF-16: drop the NUL bytes of ASCII characters and look again.
	var buf [4096]byte
	for bigEndian := 0; bigEndian < 2; bigEndian++ {
		n := 0
		for i := 0; i+1 < len(prefix) && n < len(buf); i += 2 {
			lo, hi := prefix[i], prefix[i+1]
			if bigEndian == 1 {
				lo, hi = hi, lo
			}
			if hi != 0 || lo == 0 {
				lo = 0xFF // not ASCII: keeps the marker from matching across it
			}
			buf[n] = lo
			n++
		}
		if indexFold(buf[:n], marker) >= 0 {
			return true
		}
	}
	return false
}

// indexFold returns the index of the first occurrence of lower (an ASCII lower-case string)
// in b, compared without regard to ASCII case, or -1.
func indexFold(b []byte, lower string) int {
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], lower[0])
		if j < 0 {
			return -1
		}
		i += j
		if hasFoldAt(b, i, lower) {
			return i
		}
		i++
	}
}

// indexFoldString is indexFold for a string.
func indexFoldString(s string, lower string) int {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], lower[0])
		if j < 0 {
			return -1
		}
		i += j
		if hasFoldAt(s, i, lower) {
			return i
		}
		i++
	}
}

// hasFoldAt reports whether lower (ASCII lower case) occurs at b[i:] in any ASCII case.
func hasFoldAt[T string | []byte](b T, i int, lower string) bool {
	if i < 0 || len(b)-i < len(lower) {
		return false
	}
	for k := 0; k < len(lower); k++ {
		c := b[i+k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[k] {
			return false
		}
	}
	return true
}

// fileError returns the diagnostic of a file that yields no game.
func fileError(path string, kind game.Kind, loc game.Loc, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: loc, Message: msg, Err: err}
}
