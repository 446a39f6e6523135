package textenc_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/qipu/qipu/pkg/textenc"
)

// Detect the encoding of GBK bytes and decode them to UTF-8.
func Example() {
	gbk, err := textenc.EncodeString("[Event \"全国象棋个人赛\"]\n1. 炮二平五 马８进７ *\n", textenc.GBK)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(textenc.Detect(gbk).Encoding)

	dec, err := textenc.Open(strings.NewReader(string(gbk)), textenc.Auto)
	if err != nil {
		fmt.Println(err)
		return
	}
	text, err := io.ReadAll(dec)
	fmt.Print(string(text))
	fmt.Println(err, dec.InvalidCount())
	// Output:
	// gb18030
	// [Event "全国象棋个人赛"]
	// 1. 炮二平五 马８进７ *
	// <nil> 0
}

// Write text in an encoding that cannot hold all of it: the characters it lacks become '?'
// and are reported.
func ExampleEncodeLossy() {
	out, reps, err := textenc.EncodeLossy("[Event \"😀\"]", textenc.GBK)
	fmt.Printf("%s %d %q %d %v\n", out, reps.Count, reps.First[0].Rune, reps.First[0].Offset, err)
	// Output:
	// [Event "?"] 1 '😀' 8 <nil>
}
