package textenc

import (
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// GB18030 text is mostly ASCII and two-byte GBK sequences. decodeGBK decodes those through a
// table of the UTF-8 form of every two-byte sequence, built once from x/text's decoder, and
// leaves the rest (four-byte sequences, invalid bytes, a sequence cut at the end of the
// input, 0x80) to x/text: the output is the same, several times faster.

// gbkFast enables decodeGBK; tests turn it off to compare with x/text alone.
var gbkFast = true

// gbkPairs is the number of two-byte sequences: lead byte 0x81–0xFE, trail byte 0x40–0x7E or
// 0x80–0xFE.
const gbkPairs = 126 * 190

// gbkTable returns, for each two-byte sequence, its character's UTF-8 bytes (little-endian)
// with their count in the top byte, or 0 when the sequence decodes to U+FFFD (undefined).
var gbkTable = sync.OnceValue(func() *[gbkPairs]uint32 {
	src := make([]byte, 0, 2*gbkPairs)
	for c0 := 0x81; c0 <= 0xFE; c0++ {
		for c1 := 0x40; c1 <= 0xFE; c1++ {
			if c1 != 0x7F {
				src = append(src, byte(c0), byte(c1))
			}
		}
	}
	out, err := simplifiedchinese.GB18030.NewDecoder().Bytes(src)
	t := new([gbkPairs]uint32)
	if err != nil {
		return t // unreachable; an empty table only disables the fast path
	}
	for i := 0; i < gbkPairs && len(out) > 0; i++ {
		r, size := utf8.DecodeRune(out)
		if r != utf8.RuneError && size <= 3 {
			var e uint32
			for j := size - 1; j >= 0; j-- {
				e = e<<8 | uint32(out[j])
			}
			t[i] = e | uint32(size)<<24
		}
		out = out[size:]
	}
	return t
})

// decodeGBK decodes the longest prefix of src made of ASCII and of two-byte sequences of
// defined characters, appending it to dst, which must have room for 3*len(src)/2+4 more
// bytes. It returns the extended dst and the bytes of src consumed.
func decodeGBK(dst, src []byte) ([]byte, int) {
	t := gbkTable()
	n := len(dst)
	buf := dst[:cap(dst)]
	i := 0
	for i < len(src) {
		c0 := src[i]
		if c0 < utf8.RuneSelf {
			buf[n] = c0
			n++
			i++
			continue
		}
		if c0 == 0x80 || c0 == 0xFF || i+1 == len(src) {
			break
		}
		var j int
		switch c1 := src[i+1]; {
		case c1 >= 0x40 && c1 < 0x7F:
			j = int(c1 - 0x40)
		case c1 >= 0x80 && c1 < 0xFF:
			j = int(c1 - 0x41)
		default:
			return buf[:n], i
		}
		e := t[int(c0-0x81)*190+j]
		if e == 0 {
			break
		}
		b := buf[n : n+3]
		b[0], b[1], b[2] = byte(e), byte(e>>8), byte(e>>16)
		n += int(e >> 24)
		i += 2
	}
	return buf[:n], i
}
