// Package qp reads QP files (signature "ccf0"): mate puzzles, each a position only. No open
// reader or documentation of the format is known; what this package reads was established
// on 3,725 files of one public archive, 3,643 of which are, unchanged, the start positions of
// XQF puzzles with Red to move:
//
//	0  5  "ccf0 "
//	5  1  n, the number of pieces
//	6 3n  per piece: code, x, y
//
// x is the file 0–8 from Red's left, y the rank 0–9 from Black's back rank. Codes 0–6 are
// Red's general, advisor, elephant, chariot, horse, cannon and soldier, 7–13 Black's in the
// same order. The file stores no side to move, names, result or moves: the game is the
// position, Red to move, with no moves. Problems of the position itself (Black's general in
// check with Red to move, as in a few real files) are the builder's to report.
package qp

import (
	"bytes"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "qp"

// Layout of a file.
const (
	// Magic is the signature that starts every QP file.
	Magic = "ccf0 "
	// headerLen is the signature and the count byte.
	headerLen = len(Magic) + 1
	// MaxFileSize is the largest valid file: 255 pieces (the count is one byte).
	MaxFileSize = headerLen + 3*255
)

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrNotQP: the input does not start with Magic.
	ErrNotQP = game.ReaderError("qp: no ccf0 signature", game.ErrNotFormat)
	// ErrSyntax: a piece code or square out of range, or two pieces on one square.
	ErrSyntax = game.ReaderError("qp: syntax error", game.ErrSyntax)
	// ErrTruncated: the input ends before its n pieces.
	ErrTruncated = game.ReaderError("qp: truncated", game.ErrTruncated)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding is unused (the format holds no text); it is here for the shape every
// reader's Config has.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair).
type Config = game.ReadConfig

// pieces maps a piece code to a piece.
var pieces = func() (t [14]board.Piece) {
	roles := [7]board.Role{board.General, board.Advisor, board.Elephant, board.Chariot, board.Horse, board.Cannon, board.Soldier}
	for i, r := range roles {
		t[i] = board.MakePiece(board.Red, r)
		t[i+7] = board.MakePiece(board.Black, r)
	}
	return t
}()

// Sniff reports whether prefix (the first bytes of a file) starts a QP file: the signature,
// a count of at most 90 pieces, and pieces (as far as the prefix holds them) whose codes and
// squares are in range.
func Sniff(prefix []byte) bool {
	if len(prefix) < headerLen || !bytes.HasPrefix(prefix, []byte(Magic)) {
		return false
	}
	n := int(prefix[len(Magic)])
	if n == 0 || n > board.NumSquares {
		return false
	}
	for i := headerLen; i+3 <= len(prefix) && i < headerLen+3*n; i += 3 {
		if !validPiece(prefix[i], prefix[i+1], prefix[i+2]) {
			return false
		}
	}
	return true
}

// validPiece reports whether code, x and y are in range.
func validPiece(code, x, y byte) bool {
	return int(code) < len(pieces) && x < board.NumCols && y < board.NumRows
}
