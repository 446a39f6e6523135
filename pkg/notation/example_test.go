package notation_test

import (
	"errors"
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// Read a move in one notation and write it in every other: a Notation resolves a text against
// the position, and appends a move in its own style.
func Example() {
	pos := board.StartPosition()
	m, _, err := chinese.Notation{}.Resolve(pos, "炮二平五")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range []notation.Notation{
		iccs.Notation{}, iccs.Notation{Style: iccs.UCCI},
		wxf.Notation{}, wxf.Notation{Style: wxf.Fairy},
		chinese.Notation{Traditional: true}, platform.Notation{},
	} {
		fmt.Printf("%-8s %s\n", n.Name(), n.Append(nil, pos, m))
	}
	// Output:
	// iccs     H2-E2
	// iccs     h2e2
	// wxf      C2.5
	// wxf      C2=5
	// chinese  炮二平五
	// platform 炮二3-五3
}

// A text that fits no legal move, or several, fails with an *Error whose kind errors.Is tells.
func ExampleError() {
	pos := board.StartPosition()
	_, _, err := platform.Notation{}.Resolve(pos, "炮五3") // both cannons reach e2
	var e *notation.Error
	if errors.Is(err, notation.ErrAmbiguous) && errors.As(err, &e) {
		fmt.Println(e.Notation, e.Text+":", err)
	}
	_, _, err = wxf.Notation{}.Resolve(pos, "C2+9")
	fmt.Println(errors.Is(err, notation.ErrIllegal), err)
	// Output:
	// platform 炮五3: several pieces of that kind can move there (fits b2e2, h2e2)
	// true no legal move fits
}
