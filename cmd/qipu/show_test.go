package main

import (
	"context"
	"encoding/xml"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

func TestShow(t *testing.T) {
	ctx := context.Background()
	broken := filepath.Join(edge, "broken-middle.pgn")
	code, out, errs := qipu(t, ctx, "", "show", "--fen", board.StartFEN)
	if code != exitOK || !strings.Contains(out, "[将]") || !strings.Contains(out, "(帅)") || strings.Contains(out, "\x1b") {
		t.Errorf("show --fen: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := qipu(t, ctx, "", "show", "--fen", board.StartFEN, "--color", "always", "--glyphs", "letters", "--flip"); code != exitOK ||
		!strings.Contains(out, "\x1b[31m(K)") || !strings.HasPrefix(out, "   1    2") || !strings.Contains(out, "   i    h") {
		t.Errorf("show --color always --glyphs letters --flip: exit %d\n%s", code, out)
	}
	code, out, errs = qipu(t, ctx, "", "show", broken, "--ply", "2")
	if code != exitOK || !strings.Contains(out, "red to move, last move ") {
		t.Errorf("show FILE --ply 2: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = qipu(t, ctx, "", "show", "--format", "svg", broken, "--ply", "0")
	var root struct {
		Class string `xml:"class,attr"`
		FEN   string `xml:"data-fen,attr"`
	}
	if err := xml.Unmarshal([]byte(out), &root); code != exitOK || err != nil || root.Class != "board" || root.FEN != board.StartFEN {
		t.Errorf("show --format svg: exit %d, %v, %+v", code, err, root)
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"show"}, exitUsage, "want one FILE"},
		{[]string{"show", "--fen", "xyz"}, exitUsage, "--fen"},
		{[]string{"show", "--fen", board.StartFEN, broken}, exitUsage, "--fen takes no FILE"},
		{[]string{"show", "--glyphs", "runes", broken}, exitUsage, "--glyphs"},
		{[]string{"show", "--format", "png", broken}, exitUsage, "--format"},
		{[]string{"show", "--color", "sometimes", broken}, exitUsage, "--color"},
		{[]string{"show", "--game", "0", broken}, exitUsage, "--game"},
		{[]string{"show", "--game", "9", broken}, exitInvalid, "game 9: no such position"},
		{[]string{"show", "--ply", "999", broken}, exitInvalid, "ply 999: no such position"},
		{[]string{"show", filepath.Join(edge, "no-such-file.pgn")}, exitInvalid, "no-such-file.pgn:@0: io:"},
	} {
		code, _, errs := qipu(t, ctx, "", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, errs, tc.code, tc.msg)
		}
	}
}
