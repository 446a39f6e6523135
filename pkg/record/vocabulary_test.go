package record_test

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// TestErrorVocabulary: a file cut short is game.ErrTruncated for errors.Is in every binary
// format, and a file of no format is ErrUnknownFormat, whatever reader's own sentinel the
// diagnostic wraps.
func TestErrorVocabulary(t *testing.T) {
	t.Parallel()
	xqf, err := os.ReadFile("../../corpus/classic/xqf/zhao-guorong-xu-tianhong-1992.xqf")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"cut.xqf":     xqf[:600],
		"cut.cbl":     append([]byte("CCBridgeLibrary\x00"), make([]byte, 40)...),
		"cut-tree.xq": xqf[:1030],
	} {
		var got error
		for g, err := range record.Read(bytes.NewReader(data), name) {
			if err != nil && got == nil {
				got = err
			}
			if g != nil {
				for _, d := range g.Diagnostics {
					if d.IsError() && got == nil {
						got = d
					}
				}
			}
		}
		if !errors.Is(got, game.ErrTruncated) {
			t.Errorf("%s: %v is not game.ErrTruncated", name, got)
		}
	}
}
