package xqf_test

import (
	"bytes"
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// Write a game as XQF bytes and read it back.
func Example() {
	// A game as a reader builds it: tags, then moves replayed on the board.
	var b game.Builder
	b.Begin(1, "example", textenc.UTF8)
	b.Tag("Title", "中炮")
	b.Tag("Red", "红方")
	for _, m := range [][2]string{{"h2", "e2"}, {"h9", "g7"}} {
		from, _ := board.SquareFromICCS(m[0][0], m[0][1])
		to, _ := board.SquareFromICCS(m[1][0], m[1][1])
		b.PlayMove(board.NewMove(from, to), game.NoLoc)
	}
	b.Comment("屏风马")
	g := b.Finish()

	var file bytes.Buffer
	if err := xqf.Encode(&file, g); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(file.Len(), "bytes")
	back, err := xqf.Decode(&file, xqf.Config{Path: "example.xqf"})
	if err != nil {
		fmt.Println(err)
		return
	}
	title, _ := back.Tag("Title")
	red, _ := back.Tag("Red")
	fmt.Println(title, red, back.Encoding)
	for _, n := range back.MainLine() {
		fmt.Println(string(n.Move.AppendICCS(nil, false)), n.Comments)
	}
	// Output:
	// 1054 bytes
	// 中炮 红方 gb18030
	// H2-E2 []
	// H9-G7 [屏风马]
}
