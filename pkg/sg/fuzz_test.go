// Fuzzing: run the target for a minute at most on these shared machines, with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 60s -fuzzminimizetime 200x ./pkg/sg

package sg

import (
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
)

// FuzzDecode feeds arbitrary bytes to Decode and Sniff: no panic, file errors that are
// diagnostics, every diagnostic positioned, one game per whole record. Seeds: the one-record
// SG files of the shared corpus (when present), the synthetic inputs of TestGolden and
// testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	readertest.SeedShared(f, 4*RecordSize, ".sg")
	for _, data := range goldenInputs() {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Sniff(data)
		if games := readertest.Fuzz(t, dec, data); len(games) != len(data)/RecordSize {
			t.Errorf("%d games from %d records", len(games), len(data)/RecordSize)
		}
	})
}
