package platform_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation/platform"
)

// The platform display format names the target only; qipu adds the origin where two pieces
// of the kind can reach the target, and AppendShort writes the format's own short form.
func ExampleFormat() {
	pos := board.StartPosition()
	for _, text := range []string{"炮二3-五3", "砲八8-五8", "馬三3", "馬七8"} {
		m, _, err := platform.Notation{}.Resolve(pos, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(text, "→", platform.Format(pos, m), string(platform.AppendShort(nil, pos, m)))
		pos.Play(m)
	}
	// Output:
	// 炮二3-五3 → 炮二3-五3 炮五3
	// 砲八8-五8 → 炮八8-五8 炮五8
	// 馬三3 → 馬三3 馬三3
	// 馬七8 → 馬七8 馬七8
}
