package bytestr

import (
	"testing"

	"github.com/qipu/qipu/pkg/textenc"
)

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		in     textenc.Encoding
		want   textenc.Encoding
		detect bool
	}{
		{textenc.Auto, textenc.GB18030, true},
		{textenc.UTF16, textenc.GB18030, true},
		{textenc.UTF16LE, textenc.GB18030, true},
		{textenc.UTF16BE, textenc.GB18030, true},
		{textenc.GBK, textenc.GB18030, false},
		{textenc.Big5, textenc.Big5, false},
		{textenc.UTF8, textenc.UTF8, false},
	} {
		c := New(tc.in)
		if c.Encoding() != tc.want || c.Detecting() != tc.detect {
			t.Errorf("New(%v) = %v detecting %v, want %v detecting %v", tc.in, c.Encoding(), c.Detecting(), tc.want, tc.detect)
		}
	}
}

func TestChoose(t *testing.T) {
	gbk := []byte{0xBA, 0xEC, 0xB7, 0xBD, 0xCA, 0xA4}                                            // 红方胜
	big5 := []byte{0xAC, 0xF5, 0xA4, 0xE8, 0xB3, 0xD3, 0x20, 0xB6, 0xC2, 0xA4, 0xE8, 0xAD, 0x74} // 紅方勝 黑方負
	for _, tc := range []struct {
		name   string
		sample []byte
		want   textenc.Encoding
	}{
		{"ascii", []byte("Red wins"), textenc.GB18030},
		{"empty", nil, textenc.GB18030},
		{"gbk", gbk, textenc.GB18030},
		{"utf8", []byte("红方胜"), textenc.UTF8},
		{"big5", big5, textenc.Big5},
	} {
		c := New(textenc.Auto)
		c.Choose(tc.sample)
		if c.Encoding() != tc.want || c.Detecting() {
			t.Errorf("%s: chose %v (detecting %v), want %v", tc.name, c.Encoding(), c.Detecting(), tc.want)
		}
		c.Choose([]byte("红方胜")) // settled: a second sample changes nothing
		if c.Encoding() != tc.want {
			t.Errorf("%s: a second Choose changed the encoding to %v", tc.name, c.Encoding())
		}
	}
	c := New(textenc.Big5)
	c.Choose([]byte("红方胜"))
	if c.Encoding() != textenc.Big5 {
		t.Errorf("Choose changed a configured encoding to %v", c.Encoding())
	}
}

func TestDecode(t *testing.T) {
	c := New(textenc.GBK)
	for _, tc := range []struct {
		in          []byte
		text        string
		first, bads int
	}{
		{[]byte("abc"), "abc", -1, 0},
		{[]byte{0xBA, 0xEC, 'x'}, "红x", -1, 0},
		{[]byte{'a', 0xBA, 0xEC, 0xFF, 'b'}, "a红\uFFFDb", 3, 1},
		{[]byte{0xBA}, "\uFFFD", 0, 1}, // cut inside a character
	} {
		text, first, bad := c.Decode(tc.in)
		if text != tc.text || first != tc.first || bad != tc.bads {
			t.Errorf("Decode(% X) = %q, %d, %d; want %q, %d, %d", tc.in, text, first, bad, tc.text, tc.first, tc.bads)
		}
	}
	if got, want := c.Invalid("comment", 2), "comment: 2 byte sequence(s) invalid in gb18030, replaced by U+FFFD"; got != want {
		t.Errorf("Invalid = %q, want %q", got, want)
	}
}

func TestIsASCII(t *testing.T) {
	if !IsASCII(nil) || !IsASCII([]byte("a\x00\x7f")) || IsASCII([]byte{'a', 0x80}) {
		t.Error("IsASCII is wrong on nil, ASCII or a byte ≥ 0x80")
	}
}
