package game

import "github.com/qipu/qipu/pkg/textenc"

// ReadConfig is what every reader package's Read takes besides the bytes; each package names
// it Config. Read has one signature in every reader package,
//
//	func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error]
//
// so that package record registers each in one table line.
type ReadConfig struct {
	// Path names the source in diagnostics and in each Game.
	Path string
	// Encoding is the text encoding of the strings of a binary format, or of a text format's
	// text: textenc.Auto (the zero value) detects it. Package record decodes a whole text
	// format (PGN) itself and passes the encoding it found.
	Encoding textenc.Encoding
	// Repair lets the replay undo the known breakages of a start position (Builder.Repair).
	Repair bool
	// Reuse lets the reader recycle the memory of a game for the next one: a yielded game is
	// then valid only until the next is asked for (Builder.Reuse).
	Reuse bool
}
