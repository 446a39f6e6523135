package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/textenc"
)

// TestEncodingWarningInOrder: the warning of undecodable bytes in a text file is placed at
// their line and column (it printed @offset) and prints in line order with the file's game
// diagnostics, before those of later games (it came after them), in the text and in the
// GitHub annotations alike.
func TestEncodingWarningInOrder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := "[Event \"a\"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n" + // line 3: illegal at ply 3
		"[Event \"b \xff\"]\n\n1. h2e2 h9g7 *\n\n" + // line 5: the bad byte
		"[Event \"c\"]\n\n1. h2e2 h9g7 2. e2e9 *\n" // line 11: illegal at ply 3
	writeTree(t, dir, map[string]string{"x.pgn": text})
	path := filepath.Join(dir, "x.pgn")
	for _, format := range []CheckFormat{CheckText, CheckGitHub} {
		code, out, errs, err := runCfg(t, context.Background(), options{Command: Check, Format: format, Paths: []string{path}, Encoding: textenc.UTF8, Quiet: true})
		if code != ExitInvalid || err != nil {
			t.Fatalf("exit %d, %v\n%s", code, err, errs)
		}
		want := path + ":3:17: game 1, ply 3: illegal: red cannon cannot move to e9; did you mean e2e1 (the last move)? (\"e2e9\")\n" +
			path + ":5:11: warning: encoding: 1 byte sequence(s) invalid in utf-8, replaced by U+FFFD\n" +
			path + ":11:17: game 3, ply 3: illegal: red cannon cannot move to e9; did you mean e2e1 (the last move)? (\"e2e9\")\n"
		if errs != want {
			t.Errorf("%v: stderr\n%s\nwant\n%s", format, errs, want)
		}
		if format == CheckGitHub {
			var lines []string
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				lines = append(lines, l[strings.Index(l, ",line=")+6:strings.Index(l, ",col=")])
			}
			if strings.Join(lines, " ") != "3 5 11" {
				t.Errorf("annotations out of order:\n%s", out)
			}
		}
	}
}
