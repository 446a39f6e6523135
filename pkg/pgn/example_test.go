package pgn_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/pgn"
)

// Read a PGN text in Chinese notation and write it again in ICCS.
func Example() {
	text := `[Event "中炮对屏风马"]
[Result "1-0"]

1. 炮二平五 马８进７ {屏风马} 2. 马二进三 车９平８ 1-0
`
	err := pgn.Decode(strings.NewReader(text), pgn.Config{Path: "example.pgn"}, func(g *game.Game) error {
		fmt.Println(len(g.MainLine()), "plies, valid:", g.Valid())
		return pgn.Encode(os.Stdout, g, pgn.WriteOptions{Notation: iccs.Notation{}})
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 4 plies, valid: true
	// [Game "Chinese Chess"]
	// [Event "中炮对屏风马"]
	// [Result "1-0"]
	// [Format "ICCS"]
	//
	// 1. H2-E2 H9-G7 {屏风马} 2. H0-G2 I9-H9 1-0
}
