package sg

import (
	"bytes"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
)

// Move bytes: 10 + 10·file + rank from Black's side.
var (
	h2e2 = []byte{10 + 10*7 + 7, 10 + 10*4 + 7} // 炮二平五
	h9g7 = []byte{10 + 10*7 + 0, 10 + 10*6 + 2} // 马８进７
	h0g2 = []byte{10 + 10*7 + 9, 10 + 10*6 + 7} // 马二进三
	a0a5 = []byte{10 + 10*0 + 9, 10 + 10*0 + 4} // not a legal move
)

// goldenInputs are synthetic SG files, one per case the reader handles.
func goldenInputs() map[string][]byte {
	gbkName := []byte{0xC9, 0xCF, 0xBA, 0xA3, ' ', 0xBA, 0xFA, 0xC8, 0xD9, 0xBB, 0xAA} // 上海 胡荣华
	moves := bytes.Join([][]byte{h2e2, h9g7, h0g2}, nil)
	two := append(record(gbkName, []byte("B"), "R+c", "2005-01-12", openingTable, moves, false),
		record([]byte("C"), []byte("D"), "D==", "1931-10-04", openingTable, nil, false)...)
	otherTable := strings.Replace(openingTable, "148", "149", 1)
	return map[string][]byte{
		"two-records":   two,
		"illegal":       record([]byte("A"), []byte("B"), "B+c", "2004-12-29", openingTable, bytes.Join([][]byte{h2e2, a0a5, h0g2}, nil), false),
		"bad-move-byte": record([]byte("A"), []byte("B"), "---", "2004-12-29", openingTable, append(append([]byte{}, h2e2...), 0xFF, 0x20), false),
		"other-setup":   record([]byte("A"), []byte("B"), "R+c", "2004-12-29", otherTable, h2e2, false),
		"bad-table":     record([]byte("A"), []byte("B"), "R+c", "2004-12-29", "x"+openingTable[1:], h2e2, false),
		"odd-result":    record([]byte("A"), []byte("B"), "R+?", "", openingTable, h2e2, false),
		"no-end":        record([]byte("A"), []byte("B"), "R+c", "2004-12-29", openingTable, bytes.Repeat([]byte{h2e2[0], h2e2[1], h2e2[1], h2e2[0]}, (offTail-offMoves)/4), true),
		"truncated":     two[:RecordSize+100],
		"odd-tail":      append(record([]byte("A"), []byte("B"), "R+c", "2004-12-29", openingTable, h2e2, false)[:offTail], "1 1 1 "+strings.Repeat("\x00", RecordSize-offTail-6)...),
		"empty":         nil,
	}
}

// TestGolden compares the dump of every game and file error of each synthetic input with
// testdata/NAME.golden. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	readertest.Golden(t, dec, goldenInputs(), *update)
}

// TestSniff: a record is recognized from its first 0xD2 bytes; text and shorter or altered
// prefixes are not.
func TestSniff(t *testing.T) {
	rec := goldenInputs()["two-records"]
	if !Sniff(rec[:offMoves]) || !Sniff(rec) {
		t.Error("a record is not recognized")
	}
	for name, p := range map[string][]byte{
		"short":       rec[:offMoves-1],
		"result":      append(append(append([]byte{}, rec[:offResult]...), "X+c"...), rec[offResult+3:]...),
		"table":       append(append(append([]byte{}, rec[:offSetup]...), 'a'), rec[offSetup+1:]...),
		"text":        []byte(strings.Repeat("[Event \"x\"]\n", 40)),
		"empty":       nil,
		"bad-padding": append(append(append([]byte{}, rec[:offResult+3]...), 'x'), rec[offResult+4:]...),
	} {
		if Sniff(p) {
			t.Errorf("Sniff(%s) = true", name)
		}
	}
}
