// Fuzzing: run the target for a minute at most on these shared machines, with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 60s -fuzzminimizetime 200x ./pkg/qp

package qp

import (
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
)

// FuzzDecode feeds arbitrary bytes to Decode and Sniff: no panic, file errors that are
// diagnostics, every diagnostic positioned, at most one game. Seeds: the QP files of the
// shared corpus (when present), the synthetic inputs of TestGolden and testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	readertest.SeedShared(f, MaxFileSize, ".qp")
	for _, data := range goldenInputs() {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Sniff(data)
		if games := readertest.Fuzz(t, dec, data); len(games) > 1 {
			t.Errorf("%d games", len(games))
		}
	})
}
