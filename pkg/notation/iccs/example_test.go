package iccs_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation/iccs"
)

// Format writes a move as H2-E2; the Notation value reads any ICCS text and writes its style.
func ExampleFormat() {
	pos := board.StartPosition()
	for _, text := range []string{"h2e2", "H7-E7", "Ｈ０－Ｇ２"} {
		m, _, err := iccs.Notation{}.Resolve(pos, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(text, "→", iccs.Format(pos, m))
		pos.Play(m)
	}
	// Output:
	// h2e2 → H2-E2
	// H7-E7 → H7-E7
	// Ｈ０－Ｇ２ → H0-G2
}

// ParseStyle reads the style names the command line takes.
func ExampleParseStyle() {
	st, err := iccs.ParseStyle("ucci")
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := board.StartPosition()
	m, _, _ := iccs.Notation{}.Resolve(pos, "H2-E2")
	fmt.Println(st, string(iccs.Notation{Style: st}.Append(nil, pos, m)))
	_, err = iccs.ParseStyle("san")
	fmt.Println(err)
	// Output:
	// ucci h2e2
	// unknown ICCS style "san" (want iccs or ucci)
}
