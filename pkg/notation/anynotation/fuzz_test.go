// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzResolve$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/notation/anynotation
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package anynotation

import (
	"errors"
	"reflect"
	"testing"

	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/notationtest"
)

// FuzzResolve: every registered notation value reads a text exactly as the dispatch does
// when hinted with that notation (same move, note and error), and a text that does not
// read in it fails with ErrSyntax.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"H2-E2", "h2e2", "C2.5", "15=6", "+C-2", "炮二平五", "前炮退二", "一兵平五", "炮二3-五3", "車五10(吃)", "P+.1", "兵一1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, pos := range notationtest.FuzzPositions {
			for _, n := range All() {
				f := IDOf(n)
				m, note, err := n.Resolve(pos, text)
				if _, ok := ParseIn(text, f); !ok {
					if !errors.Is(err, notation.ErrSyntax) {
						t.Fatalf("%s: %q does not parse, but Resolve gives %v %q %v", n.Name(), text, m, note, err)
					}
					continue
				}
				r, werr := Resolve(pos, text, f)
				if werr != nil {
					if !reflect.DeepEqual(err, werr) {
						t.Fatalf("%s: %q: error %v, the dispatch's %v", n.Name(), text, err, werr)
					}
					continue
				}
				if err != nil || m != r.Move || note != r.Note || r.Format != f {
					t.Fatalf("%s: %q: %v %q %v, the dispatch's %+v", n.Name(), text, m, note, err, r)
				}
			}
		}
	})
}
