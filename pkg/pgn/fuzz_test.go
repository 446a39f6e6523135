// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/pgn
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package pgn

import (
	"bytes"
	"testing"

	"github.com/qipu/qipu/pkg/notation"
)

// FuzzDecode reads arbitrary text (seeds in testdata/fuzz/FuzzDecode): it never panics;
// every diagnostic lies inside the input, at a line and column that agree with its offset;
// visitors that skip the movetext, the rest of a game or every variation see the games begin
// and end where a full reader does; and every game written (ICCS and Chinese) reads back to
// the same game, whose writing is the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n1. h2e2 (1. c3c4 {c} $1) h9g7 *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		checkLocs(t, data, decodeUTF8(t, "fuzz", data))
		// The reader's input is UTF-8 text (textenc replaces what does not decode).
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
		games := decodeUTF8(t, "fuzz", data)
		checkLocs(t, data, games)
		checkBoundaries(t, "fuzz", string(data))
		for _, f := range []notation.ID{notation.ICCS, notation.Chinese} {
			checkRoundTrip(t, "fuzz", games, f)
		}
	})
}
