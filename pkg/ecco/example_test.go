package ecco_test

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/ecco"
	"github.com/qipu/qipu/pkg/record"
)

// Classify a game at xqbase's 20 plies and at the 15 plies another tagger uses: Black's
// eighth move, 车１平２, turns C45 into C46.
func ExampleClassify() {
	const text = `[Game "Chinese Chess"]

1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 车二进六 马２进３
5. 兵七进一 炮８平９ 6. 车二平三 炮９退１ 7. 马八进七 士４进５ 8. 炮八平九 车１平２ *
`
	for g, err := range record.Read(strings.NewReader(text), "game.pgn") {
		if err != nil {
			fmt.Println(err)
			continue
		}
		for _, plies := range []int{ecco.DefaultPlies, 15} {
			r, ok := ecco.Classify(g, plies)
			fmt.Println(plies, ok, r.Code, r.Opening, r.Variation)
		}
	}
	// Output:
	// 20 true C46 中炮过河车互进七兵对屏风马平炮兑车 红左边炮对黑退边炮上右士右直车
	// 15 true C45 中炮过河车互进七兵对屏风马平炮兑车 红左边炮对黑退边炮上右士
}

// List the codes with their names, e.g. for a chart.
func ExampleCodes() {
	codes := ecco.Codes()
	fmt.Println(len(codes), codes[0], codes[len(codes)-1])
	op, va, _ := ecco.Name("E36")
	fmt.Println(op + "——" + va)
	// Output:
	// 260 A00 E48
	// 仙人指路转左中炮对卒底炮飞左象——红双直车右边马对黑连进７卒右横车
}
