// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzRead$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/record
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package record_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// FuzzRead reads any bytes under each name: it never panics; every error is a positioned
// *game.Diagnostic of the file (Game 0, the path set); a failure comes once and last (only a
// warning may follow games); each game carries the name and a format record knows.
//
// Seeds: the bundled corpus's edge cases and testdata/fuzz/FuzzRead.
func FuzzRead(f *testing.F) {
	entries, _ := os.ReadDir("../../corpus/edge")
	for _, e := range entries {
		if data, err := os.ReadFile(filepath.Join("../../corpus/edge", e.Name())); err == nil && len(data) <= 8<<10 {
			f.Add(data, uint8(0))
		}
	}
	f.Add([]byte("1. h2e2 h9g7 *"), uint8(1))
	f.Add([]byte("XQ\x0a"), uint8(2))
	f.Add([]byte("CCBridge Record\x00"), uint8(3))
	names := [...]string{"in.pgn", "in.txt", "in.xqf", "in.cbr", "-", ""}
	f.Fuzz(func(t *testing.T, data []byte, opts uint8) {
		name := names[int(opts)%len(names)]
		var o []record.Option
		if opts&0x10 != 0 {
			o = append(o, record.WithStrict())
		}
		if opts&0x20 != 0 {
			o = append(o, record.WithReuse())
		}
		failed := false
		for g, err := range record.Read(bytes.NewReader(data), name, o...) {
			if failed {
				t.Fatalf("something after a failure: %v, %v", g, err)
			}
			if err != nil {
				var d *game.Diagnostic
				if g != nil || !errors.As(err, &d) || d.Game != 0 || d.Path != name {
					t.Fatalf("file error %v (%T) with game %v", err, err, g)
				}
				if d.Loc.Line == 0 && d.Loc.Offset < 0 {
					t.Fatalf("unpositioned: %v", d)
				}
				failed = d.IsError()
				continue
			}
			if _, ok := record.FormatByName(string(g.Format)); g.Source != name || (!ok && g.Format != "cbl") {
				t.Fatalf("game of %q, format %q", g.Source, g.Format)
			}
		}
	})
}
