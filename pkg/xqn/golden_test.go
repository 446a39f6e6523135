package xqn

import (
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/textenc"
)

const header = "[Title \"a vs b\"]\r\n[Date \"01/18/2005\"]\r\n[Red \"a\"]\r\n[Black \"b\"]\r\n[Timer \"G/30+3\"]\r\n[Result \"\"]\r\n"

// goldenInputs are synthetic .xqn texts, one per case the reader handles.
func goldenInputs(t *testing.T) map[string][]byte {
	chinese, err := textenc.EncodeString(header+
		"[Score \"7=1\"] 1.炮二平五  [Score \"8=-2\"] 马２进３\r\n[Score \"8=2\"] 2.马二进三\r\n", textenc.GBK)
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{
		"chinese-gbk": chinese,
		// ICCS with x before a capture and + after a check.
		"iccs": []byte(header + "[Score \"10=0\"] 1.H2-E2  [Score \"10=0\"] H9-G7\r\n" +
			"[Score \"10=-3\"] 2.E2xE6+  [Score \"10=-1\"] A9-A8\r\n"),
		// An illegal move ends the line; a bracket that does not close; one that is no tag.
		"problems": []byte(header + "[Score \"1=0\"] 1.H2-E2  [Score \"1=0\"] H9-H1\r\n[Score \"1=0\r\n[odd] 2.H0-G2\r\n"),
		// Two games: a [Title] after moves starts the next; a result token.
		"two":   []byte(header + "[Score \"1=0\"] 1.H2-E2 1-0\r\n[Title \"c vs d\"]\r\n[Result \"0-1\"]\r\n[Score \"1=0\"] 1.C3-C4\r\n"),
		"empty": []byte(" \r\n"),
	}
}

// TestGolden compares the dump of every game and file error of each synthetic input with
// testdata/NAME.golden. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	readertest.Golden(t, dec, goldenInputs(t), *update)
}

// TestSniff: a [Title] first and a [Score] in the prefix; not PGN, not a Title alone.
func TestSniff(t *testing.T) {
	for name, data := range goldenInputs(t) {
		if got, want := Sniff(data), name != "empty"; got != want {
			t.Errorf("Sniff(%s) = %v, want %v", name, got, want)
		}
	}
	for _, s := range []string{
		"[Event \"x\"]\n[Score \"1=0\"] 1. h2e2",
		"[Title \"x\"]\n1. h2e2",
		"",
	} {
		if Sniff([]byte(s)) {
			t.Errorf("Sniff(%q) = true", s)
		}
	}
	if !Sniff([]byte("\xEF\xBB\xBF\r\n[Title \"x\"]\n[Score \"1=0\"] 1.H2-E2")) {
		t.Error("a byte order mark and blanks are not skipped")
	}
}

// TestICCSMove: the capture and check marks of .xqn coordinates.
func TestICCSMove(t *testing.T) {
	for in, want := range map[string]string{
		"H6xH9": "H6-H9", "E2xE6+": "E2-E6", "H2-E2": "H2-E2", "H2-E2+": "H2-E2", "炮二平五": "炮二平五",
		"x": "x", "H6yH9": "H6yH9", "J6xH9": "J6xH9",
	} {
		if got := iccsMove(nil, in); got != want {
			t.Errorf("iccsMove(%q) = %q, want %q", in, got, want)
		}
	}
}
