package xqf

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/qipu/qipu/pkg/game"
)

// TestReadErrorPositioned: a read that fails is an io diagnostic at the offset where it
// failed, in the contract form path:@offset (it had no position).
func TestReadErrorPositioned(t *testing.T) {
	cause := errors.New("input/output error")
	r := io.MultiReader(bytes.NewReader(make([]byte, 700)), iotest.ErrReader(cause))
	g, err := Decode(r, Config{Path: "bad.xqf"})
	var d *game.Diagnostic
	if g != nil || !errors.As(err, &d) || !errors.Is(err, cause) {
		t.Fatalf("game %v, error %#v", g, err)
	}
	if d.Kind != game.KindIO || d.Loc.Offset != 700 || d.Error() != "bad.xqf:@700: io: read: input/output error" {
		t.Errorf("diagnostic %q (%+v)", d.Error(), d.Loc)
	}
}
