// Fuzzing: run the target for a minute at most on these shared machines, with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 60s -fuzzminimizetime 200x ./pkg/xqn

package xqn

import (
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
)

// FuzzDecode feeds arbitrary bytes to Decode and Sniff: no panic or hang, file errors that are
// diagnostics, every diagnostic positioned. Seeds: the .xqn files of the shared corpus (when
// present), the synthetic inputs of TestGolden and testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	readertest.SeedShared(f, 64<<10, ".xqn")
	for _, data := range goldenInputs(&testing.T{}) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Sniff(data)
		readertest.Fuzz(t, dec, data)
	})
}
