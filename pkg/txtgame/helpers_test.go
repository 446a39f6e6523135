package txtgame

import (
	"flag"
	"io"
	"iter"

	"github.com/qipu/qipu/pkg/game"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// dec is Decode with a path, for readertest.
func dec(r io.Reader, path string) iter.Seq2[*game.Game, error] {
	return Read(r, Config{Path: path})
}
