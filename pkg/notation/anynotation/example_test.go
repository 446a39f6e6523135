package anynotation_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/notation/iccs"
)

// Resolve reads moves whatever their notation: without a hint it tries every registered
// notation; with one, a text in another notation still resolves but carries a note.
func ExampleResolve() {
	pos := board.StartPosition()
	for _, text := range []string{"炮二平五", "H9-G7", "R9+1", "卒七6"} {
		r, err := anynotation.Resolve(pos, text, notation.Chinese)
		if err != nil {
			fmt.Println(text, err)
			return
		}
		fmt.Printf("%-6s %-8s %s %q\n", iccs.Format(pos, r.Move), r.Format, anynotation.Detect(text), r.Note)
		pos.Play(r.Move)
	}
	// Output:
	// H2-E2  chinese  chinese ""
	// H9-G7  iccs     iccs "move written in iccs notation, not chinese"
	// A0-A1  wxf      wxf "move written in wxf notation, not chinese"
	// C6-C5  platform platform "move written in platform notation, not chinese"
}

// Lookup turns a name, as a command line or a PGN [Format] tag gives it, into a notation.
func ExampleLookup() {
	n, err := anynotation.Lookup("WXF")
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := board.StartPosition()
	m, _, _ := n.Resolve(pos, "C2.5")
	for _, other := range anynotation.All() {
		fmt.Println(other.Name(), string(other.Append(nil, pos, m)))
	}
	_, err = anynotation.Lookup("san")
	fmt.Println(err)
	// Output:
	// iccs H2-E2
	// wxf C2.5
	// chinese 炮二平五
	// platform 炮二3-五3
	// unknown notation "san" (want iccs, wxf, chinese or platform)
}

// ScanMove splits movetext whose moves are glued together.
func ExampleScanMove() {
	for _, s := range []string{"C2.5H8+7", "炮二平五马８进７", "車五10(吃)炮三7"} {
		k := anynotation.ScanMove(s)
		fmt.Println(s[:k], s[k:])
	}
	// Output:
	// C2.5 H8+7
	// 炮二平五 马８进７
	// 車五10(吃) 炮三7
}
