package chinese_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation/chinese"
)

// Format writes Red's numbers as 一…九 and Black's as full-width digits; the Traditional style
// writes the glyphs of Big5 archives.
func ExampleFormat() {
	pos := board.StartPosition()
	trad := chinese.Notation{Traditional: true}
	for _, text := range []string{"炮二平五", "馬8進7", "傌二进三"} { // any glyph variant reads
		m, _, err := chinese.Notation{}.Resolve(pos, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(text, "→", chinese.Format(pos, m), string(trad.Append(nil, pos, m)))
		pos.Play(m)
	}
	// Output:
	// 炮二平五 → 炮二平五 炮二平五
	// 馬8進7 → 马８进７ 馬８進７
	// 傌二进三 → 马二进三 馬二進三
}

// A text that fits exactly one legal move but is not how qipu writes it resolves with a note.
func ExampleNotation_Resolve() {
	pos := board.StartPosition()
	m, _, _ := chinese.Notation{}.Resolve(pos, "炮二平五")
	pos.Play(m)
	m, note, err := chinese.Notation{}.Resolve(pos, "马八进七") // Black's move, Red's numerals
	fmt.Printf("%s (%s) %v\n", chinese.Format(pos, m), note, err)
	_, _, err = chinese.Notation{}.Resolve(pos, "马八进六")
	fmt.Println(err)
	// Output:
	// 马８进７ (Red's Chinese numerals in a Black move) <nil>
	// no legal move fits
}
