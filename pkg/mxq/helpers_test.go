package mxq

import (
	"bytes"
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/textenc"
)

// A tiny writer of MXQ files for synthetic tests.

// mxqFile describes a synthetic file; its strings are written in GBK.
type mxqFile struct {
	header        []string // the strings before "Moves"
	moves         []string // the move strings
	between       []string // strings between "Ends" and "CommentsEnd"
	tail          []byte   // bytes after "CommentsEnd"
	noEnds        bool     // stop after the moves
	noCommentsEnd bool     // stop after "Ends" (and between)
}

// stdHeader is a complete header as the real files have it.
var stdHeader = []string{"铁人巷", "02-10-07", "雷神(9弦)-负-剑月轩小琼(9f)", "1817", "1936", "10", "5", "0", "289", "262", "认负"}

// header returns stdHeader with the strings of changes (place → value) replaced.
func header(changes map[int]string) []string {
	h := append([]string(nil), stdHeader...)
	for i, v := range changes {
		h[i] = v
	}
	return h
}

func appendString(tb testing.TB, b []byte, s string) []byte {
	tb.Helper()
	enc, err := textenc.EncodeString(s, textenc.GBK)
	if err != nil || len(enc) > 255 {
		tb.Fatalf("string %q: %v (%d bytes)", s, err, len(enc))
	}
	return append(append(b, byte(len(enc))), enc...)
}

func (f mxqFile) bytes(tb testing.TB) []byte {
	tb.Helper()
	var b []byte
	for _, s := range f.header {
		b = appendString(tb, b, s)
	}
	b = appendString(tb, b, "Moves")
	for _, m := range f.moves {
		b = appendString(tb, b, m)
	}
	if f.noEnds {
		return b
	}
	b = appendString(tb, b, "Ends")
	for _, s := range f.between {
		b = appendString(tb, b, s)
	}
	if f.noCommentsEnd {
		return b
	}
	b = appendString(tb, b, "CommentsEnd")
	return append(b, f.tail...)
}

// opening is a legal line in MXQ move strings: 相三进五 马8进7 马二进三 车9平8 ….
var opening = []string{"6A-4C", "7J-6H", "7A-6C", "8J-7J", "8A-7A", "1J-2H"}

// decodeAll decodes data and returns its game (nil if none) and file error; Decode must yield
// exactly once.
func decodeAll(tb testing.TB, path string, data []byte) (*game.Game, error) {
	tb.Helper()
	var g *game.Game
	var ferr error
	n := 0
	for gg, err := range Read(bytes.NewReader(data), Config{Path: path}) {
		n++
		g, ferr = gg, err
	}
	if n != 1 {
		tb.Fatalf("%s: Decode yielded %d times, want 1", path, n)
	}
	if (g == nil) == (ferr == nil) {
		tb.Fatalf("%s: game %v and file error %v: want exactly one", path, g, ferr)
	}
	var d *game.Diagnostic
	if ferr != nil && !errors.As(ferr, &d) {
		tb.Fatalf("%s: file error %v is not a *game.Diagnostic", path, ferr)
	}
	return g, ferr
}

// dump renders a game (or a file error) for golden files.
func dump(g *game.Game, ferr error) string {
	if ferr != nil {
		return "file error " + ferr.Error() + "\n"
	}
	return testutil.Dump(g, "format "+string(g.Format)+" encoding "+g.Encoding.String(), false)
}

// iccs returns the main line in ICCS.
func iccs(g *game.Game) []string {
	var out []string
	for _, n := range g.MainLine() {
		out = append(out, string(n.Move.AppendICCS(nil, false)))
	}
	return out
}
