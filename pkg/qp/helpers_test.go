package qp

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

// file builds a QP file from pieces (code, x, y each).
func file(pieces ...[3]byte) []byte {
	b := append([]byte(Magic), byte(len(pieces)))
	for _, p := range pieces {
		b = append(b, p[:]...)
	}
	return b
}
