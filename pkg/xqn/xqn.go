// Package xqn reads .xqn game files: a PGN-like text written by an unknown engine program,
// in which every move is preceded by the engine's [Score "depth=score"]. No open reader or
// documentation of the format is known; what this package reads was established on the 17
// files of one public archive (GBK or ASCII, CRLF):
//
//	[Title "superja vs ---"]
//	[Date "01/18/2005"]
//	[Red "superja"]
//	[Black "---"]
//	[Timer "G/30+30"]
//	[Result ""]
//	[Score "10=0"] 1.H2-E2  [Score "10=0"] H9-G7
//	[Score "10=-3"] 2.H0-G2  [Score "10=-1"] I9-H9
//
// The header fields become tags as they are (an empty one is left out; a Result of 1-0, 0-1,
// 1/2-1/2 or * is the game's result). Moves are Chinese, or ICCS with "x" before the square
// of a capture and "+" after a check (read as "-" and nothing); they replay from the opening
// position, Red first, through game.Builder. The sign convention of the scores is not
// established: each is kept as it is written, as the comment `Score "depth=score"` after the
// move it precedes, and never interpreted.
//
// A PGN reader takes every [Score …] for a tag and splits such a file at every move; Sniff
// tells it apart by content, and the format is tried before PGN.
package xqn

import (
	"bytes"

	"github.com/qipu/qipu/pkg/game"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "xqn"

// Limits that keep a corrupt or hostile file from costing unbounded time or memory.
const (
	// MaxFileSize is the largest input Decode reads (16 MiB); real files are a few KB.
	MaxFileSize = 16 << 20
	// MaxGames is the most games Decode yields from one file.
	MaxGames = 1 << 16
	// maxBracket is the longest [Key "value"] read; a longer one is a syntax error.
	maxBracket = 1024
)

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrNoGame: the text holds no tag and no move.
	ErrNoGame = game.ReaderError("xqn: no game in the text", game.ErrNoGame)
	// ErrSyntax: a bracket that does not close or does not read as [Key "value"].
	ErrSyntax = game.ReaderError("xqn: syntax error", game.ErrSyntax)
	// ErrTooLarge: the input is larger than MaxFileSize or holds more than MaxGames games.
	ErrTooLarge = game.ReaderError("xqn: input too large", game.ErrTooLarge)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding of the input; textenc.Auto detects it.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// Sniff reports whether prefix (the first bytes of a file) starts an .xqn text: after blanks
// and a UTF-8 byte order mark, the tag [Title "…"], and a [Score "…"] somewhere in the prefix.
// The bytes looked for are ASCII, which GBK, Big5 and UTF-8 keep as they are.
func Sniff(prefix []byte) bool {
	p := bytes.TrimPrefix(bytes.TrimLeft(prefix, " \t\r\n"), []byte("\xEF\xBB\xBF"))
	p = bytes.TrimLeft(p, " \t\r\n")
	return bytes.HasPrefix(p, []byte(`[Title "`)) && bytes.Contains(p, []byte(`[Score "`))
}
