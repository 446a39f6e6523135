package cbf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/notation/chinese"
)

// TestAgreesWithCchess compares the main line of test2.cbf with the one cchess's own test
// expects from the same file (testdata/cchess-test2-moves.txt), in Chinese notation.
func TestAgreesWithCchess(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testutil.CorpusDir, "walker8088__cchess/tests/data/test2.cbf"))
	if err != nil {
		t.Skip("shared corpus not found")
	}
	g, ferr := decodeAll(t, "test2.cbf", data)
	if ferr != nil {
		t.Fatal(ferr)
	}
	ref, err := os.ReadFile("testdata/cchess-test2-moves.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(ref), "\n") {
		if !strings.HasPrefix(l, "#") {
			want = append(want, strings.Fields(l)...)
		}
	}
	pos := g.StartPosition()
	var got []string
	for _, n := range g.MainLine() {
		got = append(got, chinese.Format(pos, n.Move))
		pos.Play(n.Move)
	}
	if len(got) != len(want) {
		t.Fatalf("%d plies, cchess reads %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ply %d: %s, cchess reads %s", i+1, got[i], want[i])
		}
	}
}
