package sg

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

// record builds one record: names (GBK bytes as given), result code, date, set-up table and
// move bytes (the end byte 0x09 is added unless noEnd).
func record(red, black []byte, result, date, table string, moves []byte, noEnd bool) []byte {
	rec := make([]byte, RecordSize)
	for i := range offTail {
		rec[i] = ' '
	}
	copy(rec[offRed:offRed+nameLen], red)
	copy(rec[offBlack:offBlack+nameLen], black)
	copy(rec[offResult:], result)
	copy(rec[offDate:], date)
	copy(rec[offSetup:], table)
	copy(rec[offMoves:], moves)
	if !noEnd {
		rec[offMoves+len(moves)] = endOfMoves
	}
	copy(rec[offTail:], "0 1 1 ")
	return rec
}
