package pipeline

import (
	"io"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// formatSet is what the pipeline needs from the format packages (pgn, xqf, notation). The
// pipeline only calls these functions, so tests can run it on fakes.
type formatSet struct {
	// decodePGN reads UTF-8 PGN text and calls fn for each game, in order; an error from fn
	// stops it and is returned.
	decodePGN func(r io.Reader, path, encoding string, fn func(*game.Game) error) error
	// decodeXQF reads one XQF file; an unreadable file gives a nil game and an error
	// (normally a *game.Diagnostic).
	decodeXQF func(r io.Reader, path, encoding string) (*game.Game, error)
	// isXQF recognizes the XQF signature at the start of a file.
	isXQF func(prefix []byte) bool
	// encodePGN writes a game as Xiangqi PGN in UTF-8 with the move notation.
	encodePGN func(w io.Writer, g *game.Game, f moveFormat, o notationOptions) error
	// encodeXQF writes a game as version-10 XQF.
	encodeXQF func(w io.Writer, g *game.Game) error
	// appendMove appends the legal move m, played in pos, in the notation.
	appendMove func(dst []byte, pos *board.Position, m board.Move, f moveFormat, o notationOptions) []byte
}

// formats is the set in use: the real packages (formats_real.go).
var formats = realFormats()

// hasXQFMagic is the XQF signature test: "XQ" at offset 0.
func hasXQFMagic(prefix []byte) bool {
	return len(prefix) >= 2 && prefix[0] == 'X' && prefix[1] == 'Q'
}
