package shape_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/shape"
)

func ExampleOptions() {
	text := `[Event "Yinli Cup 1995"]
[Round "3"]

{a comment} 1. h2e2 $1 (1. b2e2) 1... h9g7 {another} 2. h0g2 *
`
	o := shape.Options{NoComments: true, NoVariations: true, NoNAGs: true,
		StripTags: []string{"round"}, AddTags: []string{"PlyCount"}}
	if err := o.Check(); err != nil { // once, before reading any game
		fmt.Println(err)
		return
	}
	split, _ := shape.ParseSplit("event")
	for g, err := range record.Read(strings.NewReader(text), "in.pgn") {
		if err != nil {
			fmt.Println(err)
			return
		}
		o.Apply(g)
		fmt.Println(split.Key(g, 0, ""))
		pgn.Encode(os.Stdout, g, pgn.WriteOptions{Notation: iccs.Notation{}})
	}
	// Output:
	// Yinli_Cup_1995
	// [Game "Chinese Chess"]
	// [Event "Yinli Cup 1995"]
	// [Result "*"]
	// [PlyCount "3"]
	// [Format "ICCS"]
	//
	// 1. H2-E2 H9-G7 2. H0-G2 *
}
