package textpos

import (
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

func TestAt(t *testing.T) {
	const text = "ab\r\ncd\rе\nf\n\ng" // CRLF, CR, a two-byte letter, LF, an empty line
	c := New(text)
	for _, tt := range []struct {
		off  int
		want game.Loc
	}{
		{-1, game.Loc{Line: 1, Col: 1, Offset: 0}},
		{0, game.Loc{Line: 1, Col: 1, Offset: 0}},
		{1, game.Loc{Line: 1, Col: 2, Offset: 1}},
		{3, game.Loc{Line: 2, Col: 1, Offset: 3}}, // between \r and \n
		{4, game.Loc{Line: 2, Col: 1, Offset: 4}},
		{2, game.Loc{Line: 2, Col: 1, Offset: 4}}, // behind the cursor: it stays
		{7, game.Loc{Line: 3, Col: 1, Offset: 7}},
		{9, game.Loc{Line: 3, Col: 2, Offset: 9}},
		{10, game.Loc{Line: 4, Col: 1, Offset: 10}},
		{12, game.Loc{Line: 5, Col: 1, Offset: 12}},
		{99, game.Loc{Line: 6, Col: 2, Offset: 14}},
	} {
		if got := c.At(tt.off); got != tt.want {
			t.Errorf("At(%d) = %+v, want %+v", tt.off, got, tt.want)
		}
	}
}
