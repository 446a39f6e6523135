// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/dhtmlxq
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package dhtmlxq

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// FuzzDecode feeds arbitrary text to Decode: it must not panic, every game's diagnostics
// must carry a position, a file error must be a *game.Diagnostic, and every valid game must
// survive Encode → Decode (the round-trip property). Seeds: the small inputs of
// testdata/input and testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	entries, _ := os.ReadDir("testdata/input")
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join("testdata/input", e.Name())); err == nil && len(data) < 4096 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for g, err := range Read(bytes.NewReader(data), Config{Path: "fuzz"}) {
			if err != nil {
				var d *game.Diagnostic
				if !errors.As(err, &d) {
					t.Fatalf("file error is not a diagnostic: %v", err)
				}
				continue
			}
			for _, d := range g.Diagnostics {
				if d.Loc.Line == 0 && d.Loc.Offset < 0 {
					t.Errorf("diagnostic without a position: %v", d)
				}
			}
			if !g.Valid() {
				continue
			}
			var buf bytes.Buffer
			if err := Encode(&buf, g); err != nil {
				t.Fatalf("encode: %v", err)
			}
			var back []*game.Game
			for g2, err := range Read(bytes.NewReader(buf.Bytes()), Config{Path: "back"}) {
				if err != nil {
					t.Fatalf("read back: %v\n%s", err, buf.Bytes())
				}
				back = append(back, g2)
			}
			if len(back) != 1 {
				t.Fatalf("read back %d games\n%s", len(back), buf.Bytes())
			}
			if want, got := kept(g), kept(back[0]); want != got {
				t.Fatalf("round trip differs\nwant:\n%s\ngot:\n%s\nblock:\n%s", want, got, buf.Bytes())
			}
		}
	})
}
