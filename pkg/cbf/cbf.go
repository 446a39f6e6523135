// Package cbf reads 象棋桥 (XQBridge) CBF game records: one game per XML file, root element
// ChineseChessRecord, with a Head of named fields and a MoveList of Move elements.
//
// What this package does, checked against the two real files of the test corpus (written by
// 象棋桥 from XQF files, UTF-8 with a byte order mark) and cchess's reader (main line):
//
//   - The XML is read with encoding/xml, after the text is decoded to UTF-8 at the edge by
//     textenc (the declaration's encoding is then ignored).
//   - Head fields become tags: Name Title, Contest Event, Round, Group, Table, Date, Site,
//     TimeRule TimeControl, Red, RedTeam, RedTime, RedRating RedElo, Black, BlackTeam,
//     BlackTime, BlackRating BlackElo, Referee Judge, Recorder, Commentator Annotator,
//     Creator Author, ECCO; other fields keep their element name (From, URL, DateModified,
//     RecordType …). Empty fields are left out.
//   - RecordResult: 0 unknown (*), 1 Red wins, 2 Black wins, 3 draw, the codes of the CBR
//     result byte (one real file says 3 for a game its title calls a draw; the other says 0).
//   - FEN gives the start position (standard setup when absent).
//   - MoveList: each Move has value="xy-xy", x = 0…8 from Red's left and y = 0…9 from the
//     top; the first Move is the root ("00-00"), its text the game comment; each further Move
//     is the next ply of the main line, its character data (CDATA) the comment after it. The
//     last move carries end="1".
//   - Variations: both real files are single lines and no public reader shows how CBF writes
//     variations, so none are read: a Move after the one marked end="1" is reported (warning)
//     and ignored rather than guessed into the tree.
package cbf

import (
	"bytes"

	"github.com/qipu/qipu/pkg/game"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "cbf"

// MaxFileSize is the largest input Decode reads (16 MiB); real CBF files are a few KB.
const MaxFileSize = 16 << 20

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrNotCBF: the XML is well formed up to its root, which is not ChineseChessRecord.
	ErrNotCBF = game.ReaderError("cbf: not a ChineseChessRecord document", game.ErrNotFormat)
	// ErrSyntax: the XML is not well formed, or a move value does not read.
	ErrSyntax = game.ReaderError("cbf: syntax error", game.ErrSyntax)
	// ErrTooLarge: the input is larger than MaxFileSize.
	ErrTooLarge = game.ReaderError("cbf: input too large", game.ErrTooLarge)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding of the input; textenc.Auto detects it.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// rootName is the root element of every CBF document.
const rootName = "ChineseChessRecord"

// Sniff reports whether prefix (the first bytes of a file) is the start of a CBF document: its
// root element ChineseChessRecord, in UTF-8 (with or without byte order mark) or UTF-16.
func Sniff(prefix []byte) bool {
	return bytes.Contains(prefix, rootTag) || bytes.Contains(prefix, rootTagLE) || bytes.Contains(prefix, rootTagBE)
}

// rootTag is the opening of the root element in UTF-8, rootTagLE and rootTagBE in UTF-16:
// built once, since Sniff runs on every file.
var (
	rootTag              = []byte("<" + rootName)
	rootTagLE, rootTagBE = utf16Patterns(rootTag)
)

// utf16Patterns returns the ASCII bytes of s in UTF-16, little- and big-endian.
func utf16Patterns(s []byte) (le, be []byte) {
	for _, c := range s {
		le = append(le, c, 0)
		be = append(be, 0, c)
	}
	return le, be
}

func fileError(path string, kind game.Kind, loc game.Loc, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: loc, Message: msg, Err: err}
}
