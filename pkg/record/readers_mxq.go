package record

import (
	"io"
	"iter"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/mxq"
)

// decodeMXQ reads a 弈天 MXQ record (one game).
func decodeMXQ(r io.Reader, c decodeConfig) iter.Seq2[*game.Game, error] {
	return mxq.Decode(r, mxq.Config{Path: c.Path, Encoding: c.Encoding, Repair: c.Repair})
}
