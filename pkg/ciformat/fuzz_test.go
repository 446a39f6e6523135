package ciformat

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzReadBaseline: a baseline file of any content is read, with a positive count for every
// fingerprint, or refused with ErrBaseline; never a panic.
//
//	go test -run XXX -fuzz FuzzReadBaseline -fuzztime 1m ./pkg/ciformat
func FuzzReadBaseline(f *testing.F) {
	f.Add([]byte(`{"tool":"qipu","fingerprint":"` + FingerprintVersion + `","entries":[{"fingerprint":"ab","count":2}]}`))
	f.Add([]byte(`{"tool":"qipu","fingerprint":"` + FingerprintVersion + `","entries":[]}`))
	f.Add([]byte(`{"tool":"other"}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadBaseline(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBaseline) {
				t.Fatalf("error %v is not ErrBaseline", err)
			}
			return
		}
		for fp, n := range b.counts {
			if n < 1 {
				t.Fatalf("fingerprint %q counted %d times", fp, n)
			}
		}
	})
}
