package wxf_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// The two dialects differ in the sideways sign and in how they name tandem pieces.
func ExampleNotation() {
	// Two red chariots on file 2 (h5 and h0); the front one goes sideways to file 1.
	pos, err := board.FromFEN("3k5/9/7P1/9/7R1/9/9/9/9/4K2R1 w - - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, note, err := wxf.Notation{}.Resolve(pos, "R+.1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("note %q\n", note)
	for _, n := range []wxf.Notation{{Style: wxf.Xqbase}, {Style: wxf.Fairy}} {
		fmt.Println(n.Style, string(n.Append(nil, pos, m)))
	}
	// Output:
	// note ""
	// xqbase R+.1
	// fairy R+=1
}

// Format writes a move in the xqbase dialect.
func ExampleFormat() {
	pos := board.StartPosition()
	m, _, _ := wxf.Notation{}.Resolve(pos, "h8+7") // lower case and N/H both read
	fmt.Println(wxf.Format(pos, m))
	// Output: H8+7
}
