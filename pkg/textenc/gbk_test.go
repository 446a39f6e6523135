package textenc

import (
	"bytes"
	"io"
	"math/rand"
	"testing"
	"testing/iotest"
)

// decodeBoth decodes data as GB18030 with and without the fast way, one-shot and streaming.
func decodeBoth(t *testing.T, data []byte) {
	t.Helper()
	type result struct {
		text          string
		invalid       int
		streamText    string
		streamInvalid int
		streamFirst   int64
	}
	run := func() result {
		var r result
		r.text, _, r.invalid = DecodeBytes(data, GB18030)
		d, err := Open(iotest.HalfReader(bytes.NewReader(data)), GB18030)
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(d)
		if err != nil {
			t.Fatal(err)
		}
		r.streamText, r.streamInvalid, r.streamFirst = string(out), d.InvalidCount(), d.FirstInvalid()
		return r
	}
	fast := run()
	gbkFast = false
	slow := run()
	gbkFast = true
	if fast != slow {
		t.Fatalf("% x:\nfast %+v\nslow %+v", data, fast, slow)
	}
}

// TestDecodeGBKMatchesXText compares GB18030 decoding with the two-byte table against x/text
// alone on random mixes of ASCII, defined and undefined two-byte sequences, four-byte
// sequences, U+FFFD's encoding, invalid and cut sequences, and on every two-byte sequence.
func TestDecodeGBKMatchesXText(t *testing.T) {
	var all []byte
	for c0 := 0x80; c0 <= 0xFF; c0++ {
		for c1 := 0x00; c1 <= 0xFF; c1++ {
			all = append(all, byte(c0), byte(c1), ' ')
		}
	}
	decodeBoth(t, all)
	pieces := [][]byte{
		[]byte("1. "), []byte("\xc5\xda"), []byte("\xb6\xfe"), []byte("\xc6\xbd"), []byte("\xce\xe5"),
		[]byte("\xa3\xb8"), {0x84, 0x31, 0xa4, 0x37}, {0x81, 0x30, 0x81, 0x30}, {0x95, 0x32, 0x82, 0x36},
		{0x80}, {0xff}, {0x81}, {0x81, 0x30}, {0xa1, 0x7f}, {0xfe, 0xfe}, {0xa2, 0xe3}, []byte("\r\n"),
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var data []byte
		for n := rng.Intn(40); n > 0; n-- {
			data = append(data, pieces[rng.Intn(len(pieces))]...)
		}
		decodeBoth(t, data)
	}
	// Long texts cross the decoder's pieces and buffers.
	for i := 0; i < 20; i++ {
		var data []byte
		for len(data) < 200<<10 {
			data = append(data, pieces[rng.Intn(6)]...)
			if rng.Intn(5000) == 0 {
				data = append(data, pieces[6+rng.Intn(len(pieces)-6)]...)
			}
		}
		decodeBoth(t, data)
	}
}
