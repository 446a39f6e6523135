package query_test

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/record"
)

const examplePGN = `[Event "Cup A"]
[Red "胡荣华"]
[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 1-0

[Event "Cup B"]
[Red "柳大华"]
[Result "0-1"]

1. b2e2 b9c7 0-1
`

func Example() {
	e, err := query.Parse(`Red ~ "胡" && plies >= 4 || result == "0-1" && !(Event =~ "A$")`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e)
	env := new(query.GameEnv) // one per worker, Reset per game
	for g, err := range record.Read(strings.NewReader(examplePGN), "example.pgn") {
		if err != nil {
			fmt.Println(err)
			return
		}
		env.Reset(g, "", "", "")
		fmt.Println(g.Index, e.Match(env))
	}
	// Output:
	// Red ~ "胡" && plies >= 4 || result == "0-1" && !(Event =~ "A$")
	// 1 true
	// 2 true
}

func ExampleParse_error() {
	_, err := query.Parse(`Red ~ "胡" && plies >=`)
	fmt.Println(err)
	_, err = query.Parse(`(Red ~ "胡" || Black ~ "胡"`)
	fmt.Println(err)
	// Output:
	// col 22: expected a value after '>='
	// col 26: expected ')' to close the '(' at col 1, found the end
}

func ExampleNewPositionMatcher() {
	// The position after 1. h2e2 (the central cannon); with mirror, also that after 1. b2e2.
	m, err := query.NewPositionMatcher([]string{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"}, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	mirror, _ := query.NewPositionMatcher([]string{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"}, true)
	for g := range record.Read(strings.NewReader(examplePGN), "example.pgn") {
		fmt.Println(g.Tags[0].Value, m.Match(g), mirror.Match(g))
	}
	// Output:
	// Cup A true true
	// Cup B false true
}
