// Fuzzing: one fuzz run at a time (a run takes every core), for example
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 60s -fuzzminimizetime 200x ./pkg/mxq

package mxq

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// FuzzDecode feeds arbitrary bytes to Decode: no panic, exactly one yield, either a game or a
// file-level *game.Diagnostic wrapping a sentinel, diagnostics positioned inside the file, a
// legal tree, and no "not MXQ" verdict on what Sniff claims. Seeds: testdata/fuzz/FuzzDecode
// (small synthetic files), the synthetic files of the tests and, when the shared corpus is
// there, its real MXQ files (read at run time, never copied).
func FuzzDecode(f *testing.F) {
	f.Add(mxqFile{header: stdHeader, moves: opening}.bytes(f))
	for _, in := range goldenInputs {
		f.Add(in.bytes(f))
	}
	if _, err := os.Stat(testutil.CorpusDir); err == nil {
		for _, p := range testutil.CorpusFiles(f, ".mxq") {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		for g, err := range Read(bytes.NewReader(data), Config{Path: "f"}) {
			n++
			if err != nil {
				var d *game.Diagnostic
				if g != nil || !errors.As(err, &d) || d.Path != "f" || d.Loc.Offset < 0 || d.Loc.Offset > int64(len(data)) {
					t.Fatalf("file error %v (game %v) not a positioned diagnostic", err, g)
				}
				if !errors.Is(err, ErrNotMXQ) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("file error wraps no sentinel: %v", err)
				}
				if errors.Is(err, ErrNotMXQ) && Sniff(data) {
					t.Fatalf("Sniff claims what Decode calls no MXQ file: %v", err)
				}
				continue
			}
			if g.Index != 1 || g.Format != FormatName {
				t.Fatalf("game index %d format %s", g.Index, g.Format)
			}
			for _, d := range g.Diagnostics {
				if d.Loc.Offset < 0 || d.Loc.Offset > int64(len(data)) || d.Path != "f" || d.Game != 1 {
					t.Fatalf("diagnostic not positioned in the file: %v", d)
				}
			}
			pos := *g.StartPosition()
			for _, nd := range g.MainLine() {
				if !pos.IsLegal(nd.Move) {
					t.Fatalf("illegal move %s in the main line", string(nd.Move.AppendICCS(nil, false)))
				}
				pos.Play(nd.Move)
			}
		}
		if n != 1 {
			t.Fatalf("yielded %d times", n)
		}
	})
}
