package anynotation

import (
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

func TestCodecs(t *testing.T) {
	pos := board.StartPosition()
	h2e2 := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	want := map[notation.Format]string{notation.ICCS: "H2-E2", notation.WXF: "C2.5", notation.Chinese: "炮二平五", notation.Platform: "炮二3-五3"} // both cannons reach e2: the origin is written
	codecs := Codecs(notation.Options{})
	if len(codecs) != 4 {
		t.Fatalf("%d codecs", len(codecs))
	}
	for _, c := range codecs {
		text := string(c.Encode(nil, pos, h2e2))
		if text != want[c.Format()] {
			t.Errorf("%v: encode %q, want %q", c.Format(), text, want[c.Format()])
		}
		if m, note, err := c.Decode(pos, text); m != h2e2 || note != "" || err != nil {
			t.Errorf("%v: decode %q = %v %q %v", c.Format(), text, m, note, err)
		}
	}
	c, err := Lookup("WXF", notation.Options{WXFStyle: notation.WXFFairy})
	if err != nil || string(c.Encode(nil, pos, h2e2)) != "C2=5" {
		t.Errorf("Lookup(WXF, fairy): %v", err)
	}
	if _, _, err := c.Decode(pos, "炮二平五"); !errors.Is(err, notation.ErrSyntax) {
		t.Errorf("WXF codec read Chinese: %v", err)
	}
	if _, _, err := c.Decode(pos, "C2+9"); !errors.Is(err, notation.ErrIllegal) {
		t.Errorf("illegal WXF: %v", err)
	}
	if _, err := Lookup("fen", notation.Options{}); err == nil {
		t.Error("Lookup(fen) succeeded")
	}
}
