// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/cbf
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package cbf

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// FuzzDecode feeds arbitrary bytes to Decode: no panic, exactly one yield, a file error that
// is a *game.Diagnostic, and positioned diagnostics. Seeds: testdata/input and
// testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	entries, _ := os.ReadDir("testdata/input")
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join("testdata/input", e.Name())); err == nil && len(data) < 4096 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		for g, err := range Read(bytes.NewReader(data), Config{Path: "fuzz"}) {
			n++
			if err != nil {
				var d *game.Diagnostic
				if !errors.As(err, &d) || g != nil {
					t.Fatalf("file error %v with game %v", err, g)
				}
				continue
			}
			for _, d := range g.Diagnostics {
				if d.Loc.Line == 0 && d.Loc.Offset < 0 {
					t.Errorf("diagnostic without a position: %v", d)
				}
			}
		}
		if n != 1 {
			t.Fatalf("yielded %d times", n)
		}
	})
}
