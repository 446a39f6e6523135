package record_test

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/notation/iccs"
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
		for pos, m := range g.Moves() {
			line = append(line, iccs.Format(pos, m))
		}
		fmt.Println(g.Index, g.Format, g.Encoding, strings.Join(line, " "))
	}
	// Output:
	// 1 pgn utf-8 H2-E2 H9-G7 H0-G2 I9-H9
	// 2 pgn utf-8 C3-C4 B9-C7
}

// A file of no known format is one error, positioned and typed.
func ExampleRead_unknownFormat() {
	for _, err := range record.Read(strings.NewReader("hello"), "notes.md") {
		fmt.Println(err)
	}
	// Output:
	// notes.md:@0: syntax: not a game record (neither its content nor its name is a known format)
}

func ExampleDetect() {
	for _, c := range []struct{ prefix, name string }{
		{"XQ\x0a", "a.bin"},
		{`[Event "x"]`, "a.txt"},
		{"", "game.PGN"},
		{"hello", "notes.md"},
	} {
		f, ok := record.Detect([]byte(c.prefix), c.name)
		fmt.Printf("%s: %q %v\n", c.name, f.Name(), ok)
	}
	// Output:
	// a.bin: "xqf" true
	// a.txt: "pgn" true
	// game.PGN: "pgn" true
	// notes.md: "" false
}

// The ICCS main line of the first game of files in GBK, Big5 and UTF-16 PGN and in XQF (its
// first six moves, to keep the output short).
func ExampleReadFile() {
	for _, path := range []string{
		"../../corpus/pgn/chinese-gbk.pgn",
		"../../corpus/pgn/chinese-big5-traditional.pgn",
		"../../corpus/pgn/chinese-utf16.pgn",
		"../../corpus/xqf/game-01.xqf",
	} {
		for g, err := range record.ReadFile(path, record.WithMaxGames(1)) {
			if err != nil {
				fmt.Println(path, err)
				continue
			}
			var line []string
			for pos, m := range g.Moves() {
				if len(line) == 6 {
					break
				}
				line = append(line, iccs.Format(pos, m))
			}
			fmt.Println(filepath.Base(path), g.Index, g.Encoding, strings.Join(line, " "))
		}
	}
	// Output:
	// chinese-gbk.pgn 1 gb18030 G0-I2 I6-I5 C3-C4 I9-I6 H2-H3 C9-A7
	// chinese-big5-traditional.pgn 1 big5 B2-B6 D9-E8 E3-E4 A6-A5 I0-I1 G9-I7
	// chinese-utf16.pgn 1 utf-16le B2-B5 I6-I5 B5-A5 H7-D7 H2-G2 D7-D1
	// game-01.xqf 1 gb18030 H2-E2 F9-E8 I0-I1 A6-A5 F0-E1 C9-A7
}
