package writer_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/writer"
)

// Write a game as PGN in GBK through the public writer, with its replacement warnings.
func Example() {
	text := "[Event \"中炮对屏风马 ♔\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 1-0\n"
	w, _ := writer.Lookup("pgn")
	opts := &writer.Options{Encoding: textenc.GBK, Warn: func(d *game.Diagnostic) { fmt.Println("warning:", d.Message) }}
	err := pgn.Decode(strings.NewReader(text), pgn.Config{Path: "a.pgn"}, func(g *game.Game) error {
		out, err := w.Append(nil, g, opts)
		if err != nil {
			return err
		}
		utf8, _, _ := textenc.DecodeBytes(out, textenc.GBK) // to show it here
		fmt.Printf("%d bytes of GBK, %s\n", len(out), w.Ext)
		_, err = os.Stdout.WriteString(utf8)
		return err
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// warning: '♔' cannot be written in gbk; written as '?'
	// 109 bytes of GBK, .pgn
	// [Game "Chinese Chess"]
	// [Event "中炮对屏风马 ?"]
	// [Result "1-0"]
	// [Format "Chinese"]
	//
	// 1. 炮二平五 马８进７ 1-0
}
