package pgn

import (
	"bytes"
	"strings"
	"testing"
)

// TestWrapLongLine: a long comment line is wrapped into lines of at most LineWidth columns
// (two of them for the soft break), and reading drops the breaks, giving the text back. A
// line of 4 MB takes linear time (it took minutes when each piece measured the whole rest).
func TestWrapLongLine(t *testing.T) {
	for _, unit := range []string{"炮二平五 ", "h2e2 ", "一二三四五六七八九十", "x"} {
		line := []byte(strings.Repeat(unit, 4<<20/len(unit)))
		out := wrapLine(nil, line)
		pieces := bytes.Split(out, []byte(softBreak))
		if got := bytes.Join(pieces, nil); !bytes.Equal(got, line) {
			t.Errorf("%q: the text changed", unit)
		}
		for i, p := range pieces[:len(pieces)-1] {
			if w := width(p) + 2; w > LineWidth {
				t.Fatalf("%q: piece %d is %d columns with its break", unit, i, w)
			}
		}
		if unit == "x" && len(pieces) != 1 {
			t.Errorf("a line with no place to break was broken")
		}
	}
}
