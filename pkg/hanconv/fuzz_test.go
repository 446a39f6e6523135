// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzConvert$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/hanconv
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package hanconv

import (
	"testing"
	"unicode/utf8"
)

// FuzzConvert checks that both conversions take any bytes: valid UTF-8 out, ASCII text
// untouched, and a bounded number of characters out (at most twice the characters in;
// the dictionaries map an entry to a candidate of about its length).
func FuzzConvert(f *testing.F) {
	for _, s := range []string{"", "車九進一", "后来里面干净", "a\xffb後", "\xed\xa0\x80", "1. H2-E2 {好棋}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, conv := range []func(string) string{ToSimplified, ToTraditional} {
			out := conv(s)
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q: %q", s, out)
			}
			if isASCII(s) && out != s {
				t.Fatalf("ASCII %q changed to %q", s, out)
			}
			if n, m := utf8.RuneCountInString(out), utf8.RuneCountInString(s); n > 2*m {
				t.Fatalf("%q (%d characters) gave %q (%d)", s, m, out, n)
			}
		}
	})
}
