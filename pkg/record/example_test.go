package record_test

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// Read a PGN text and print the main line of each game in ICCS.
func Example() {
	const text = `[Game "Chinese Chess"]
[Event "example"]

1. 炮二平五 马８进７ 2. 马二进三 车９平８ *

[Game "Chinese Chess"]

1. c3c4 b9c7 *
`
	for g, err := range record.Read(strings.NewReader(text), "example.pgn") {
		if err != nil {
			fmt.Println(err)
			continue
		}
		var line []string
		for _, m := range g.Moves() {
			line = append(line, game.ICCSText(m))
		}
		fmt.Println(g.Index, g.Format, g.Encoding, strings.Join(line, " "))
	}
	// Output:
	// 1 pgn utf-8 H2-E2 H9-G7 H0-G2 I9-H9
	// 2 pgn utf-8 C3-C4 B9-C7
}

// A file of no known format is one error, positioned and typed.
func ExampleRead_unknownFormat() {
	for _, err := range record.Read(strings.NewReader("hello"), "notes.txt") {
		fmt.Println(err)
	}
	// Output:
	// notes.txt:@0: syntax: not a game record (neither its content nor its name is a known format)
}

func ExampleDetect() {
	for _, c := range []struct{ prefix, name string }{
		{"XQ\x0a", "a.bin"},
		{`[Event "x"]`, "a.txt"},
		{"", "game.PGN"},
		{"hello", "notes.txt"},
	} {
		f, ok := record.Detect([]byte(c.prefix), c.name)
		fmt.Printf("%s: %q %v\n", c.name, f.Name(), ok)
	}
	// Output:
	// a.bin: "xqf" true
	// a.txt: "pgn" true
	// game.PGN: "pgn" true
	// notes.txt: "" false
}
