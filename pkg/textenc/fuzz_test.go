// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzDetectDecode$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/textenc
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package textenc

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// FuzzDetectDecode checks that detection and decoding never panic, always
// yield valid UTF-8, agree between the one-shot and the streaming decoder
// (also under one-byte reads), and that the decoded text survives a round
// trip through GB18030 (which holds every character but some private-use
// ones) and through Big5 when Big5 can hold it.
func FuzzDetectDecode(f *testing.F) {
	// Seeds are in testdata/fuzz/FuzzDetectDecode.
	f.Fuzz(checkDetectDecode)
}

// checkDetectDecode is the property FuzzDetectDecode checks on one input.
func checkDetectDecode(t *testing.T, data []byte) {
	d := Detect(data)
	if !d.Encoding.valid() || d.Encoding == Auto || d.Encoding == UTF16 ||
		d.Confidence < 0 || d.Confidence > 1 || d.BOM < 0 || d.BOM > len(data) {
		t.Fatalf("Detect = %+v", d)
	}
	for _, enc := range []Encoding{Auto, UTF8, UTF16, UTF16LE, UTF16BE, GB18030, Big5} {
		text, det, invalid := DecodeBytes(data, enc)
		if !utf8.ValidString(text) {
			t.Fatalf("%v: invalid UTF-8 output %q", enc, text)
		}
		if enc == Auto && len(data) <= DetectLimit && det != d {
			t.Fatalf("DecodeBytes detected %+v, Detect %+v", det, d)
		}
		dec, err := Open(iotest.OneByteReader(bytes.NewReader(data)), enc)
		if err != nil {
			t.Fatalf("%v: Open: %v", enc, err)
		}
		out, err := io.ReadAll(dec)
		if err != nil {
			t.Fatalf("%v: ReadAll: %v", enc, err)
		}
		if string(out) != text || dec.Detection() != det || dec.InvalidCount() != invalid {
			t.Fatalf("%v: stream (%q, %+v, %d) != DecodeBytes (%q, %+v, %d)",
				enc, out, dec.Detection(), dec.InvalidCount(), text, det, invalid)
		}
		if (invalid == 0) != (dec.FirstInvalid() == -1) || dec.FirstInvalid() >= int64(len(data)) {
			t.Fatalf("%v: %d invalid, first at %d of %d bytes", enc, invalid, dec.FirstInvalid(), len(data))
		}
		gb, err := EncodeString(text, GB18030)
		var ue *UnencodableError
		switch {
		case err == nil:
			// The GB18030 byte order mark keeps a leading U+FEFF of the
			// text from being taken for one.
			if back, _, inv := DecodeBytes(append([]byte{0x84, 0x31, 0x95, 0x33}, gb...), GB18030); back != text || inv != 0 {
				t.Fatalf("%v: gb18030 round trip %q → %q", enc, text, back)
			}
		case !errors.As(err, &ue) || ue.Rune < 0xE000 || ue.Rune > 0xF8FF:
			t.Fatalf("%v: to gb18030: %v", enc, err)
		}
		b5, err := EncodeString(text, Big5)
		switch {
		case err == nil:
			if back, _, inv := DecodeBytes(b5, Big5); back != text || inv != 0 {
				t.Fatalf("%v: big5 round trip %q → %q", enc, text, back)
			}
		case !errors.As(err, &ue) || ue.Offset < 0 || ue.Offset >= len(text):
			t.Fatalf("%v: to big5: %v", enc, err)
		}
		lossy, rep, err := EncodeLossy(text, GBK)
		if back, _, inv := DecodeBytes(lossy, GBK); err != nil || inv != 0 ||
			utf8.RuneCountInString(back) != utf8.RuneCountInString(text) || rep.Count > utf8.RuneCountInString(text) {
			t.Fatalf("%v: lossy GBK %q → %q (%d invalid, %+v, %v)", enc, text, back, inv, rep, err)
		}
		if n := NormalizeMoveText(nil, text); !utf8.Valid(n) {
			t.Fatalf("NormalizeMoveText output is not UTF-8")
		}
	}
}
