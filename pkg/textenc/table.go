package textenc

import (
	"errors"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// tableEncoder writes the double-byte encodings the old tools read (GBK as code page 936 and
// iconv read it, plain Big5 as code page 950 reads it) from a table of codes: ASCII as
// itself, each character of codes as its one- or two-byte code, and err for everything else
// (encodeAppend turns it into an *UnencodableError).
type tableEncoder struct {
	codes  *[0x10000]uint16 // a BMP character's code: 0 none, below 0x100 one byte, else two
	astral map[rune]uint16  // the codes of characters beyond the BMP (three in Big5)
	err    error
}

// Reset implements transform.Transformer.
func (*tableEncoder) Reset() {}

// Transform implements transform.Transformer.
func (e *tableEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < utf8.RuneSelf {
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		r, size := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && size == 1 && !atEOF && !utf8.FullRune(src[nSrc:]) {
			return nDst, nSrc, transform.ErrShortSrc
		}
		var code uint16
		if r < 0x10000 {
			code = e.codes[r] // 0 for U+FFFD, so invalid UTF-8 fails too
		} else {
			code = e.astral[r]
		}
		switch {
		case code == 0:
			return nDst, nSrc, e.err
		case code < 0x100:
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = byte(code)
			nDst++
		default:
			if nDst+2 > len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst], dst[nDst+1] = byte(code>>8), byte(code)
			nDst += 2
		}
		nSrc += size
	}
	return nDst, nSrc, nil
}

// errNotInGBK and errNotInBig5 stop a tableEncoder at a character it cannot write.
var (
	errNotInGBK  = errors.New("textenc: not in GBK")
	errNotInBig5 = errors.New("textenc: not in Big5")
)

// gbkEncoder and big5Encoder are the shared encoders (a tableEncoder keeps no state).
var (
	gbkEncoder = sync.OnceValue(func() *tableEncoder {
		return &tableEncoder{codes: gbkCodes(), err: errNotInGBK}
	})
	big5Encoder = sync.OnceValue(newBig5Encoder)
)

// gbkCodes maps each BMP character GBK can write to its code: 0x80 for the euro sign, as in
// code page 936, and two bytes for the rest. It is derived on first use from the two-byte
// table of the GB18030 decoder, without the codes GBK readers reject: the user-defined areas
// (private-use characters), the euro sign's A2 E3, and the codes GB18030-2005 added or moved
// (A6 D9–FE, A8 BC, A8 BF, A9 89–95, FE 40–A0).
var gbkCodes = sync.OnceValue(func() *[0x10000]uint16 {
	t := gbkTable()
	codes := new([0x10000]uint16)
	for c0 := 0x81; c0 <= 0xFE; c0++ {
		for c1 := 0x40; c1 <= 0xFE; c1++ {
			if c1 == 0x7F {
				continue
			}
			j := c1 - 0x40
			if c1 > 0x7F {
				j--
			}
			e := t[(c0-0x81)*190+j]
			if e == 0 || gbkRejects(c0, c1) {
				continue
			}
			b := [3]byte{byte(e), byte(e >> 8), byte(e >> 16)}
			r, _ := utf8.DecodeRune(b[:e>>24])
			if r >= 0xE000 && r <= 0xF8FF || r == utf8.RuneError || r >= 0x10000 || codes[r] != 0 {
				continue
			}
			codes[r] = uint16(c0)<<8 | uint16(c1)
		}
	}
	codes['€'] = 0x80
	return codes
})

// gbkRejects reports the two-byte GB18030 codes that GBK readers do not accept (see gbkCodes).
func gbkRejects(c0, c1 int) bool {
	code := c0<<8 | c1
	switch {
	case code == 0xA2E3, code == 0xA8BC, code == 0xA8BF,
		c0 == 0xA6 && c1 >= 0xD9,
		c0 == 0xA9 && c1 >= 0x89 && c1 <= 0x95,
		c0 == 0xFE && c1 < 0xA1:
		return true
	}
	return false
}

// newBig5Encoder builds the Big5 encoder of code page 950: every character that has a code
// with lead byte A1–F9 gets that code. x/text's Big5 encoder follows the WHATWG tables, which
// include HKSCS: it writes 车 as 89 7C and 俥 as 92 AC, codes CP950 and the old Taiwanese
// tools cannot read, and for 29 characters that have both a standard and an HKSCS code it
// picks the HKSCS one, among them 包 (A5 5D → FA BD), 港 and 撐. So the table holds x/text's
// code when it lies in the CP950 range, else the first in-range code that decodes to the
// character; characters with neither have none (车, 俥). It derives the codes from x/text's
// decoder and encoder.
func newBig5Encoder() *tableEncoder {
	dec := traditionalchinese.Big5.NewDecoder()
	enc := traditionalchinese.Big5.NewEncoder()
	t := &tableEncoder{codes: new([0x10000]uint16), astral: make(map[rune]uint16), err: errNotInBig5}
	var dbuf [8]byte
	var ebuf [4]byte
	for lead := 0xA1; lead <= 0xF9; lead++ {
		for trail := 0x40; trail <= 0xFE; trail++ {
			if trail > 0x7E && trail < 0xA1 {
				continue
			}
			code := [2]byte{byte(lead), byte(trail)}
			nd, _, err := dec.Transform(dbuf[:], code[:], true)
			if err != nil {
				continue
			}
			r, size := utf8.DecodeRune(dbuf[:nd])
			if r == utf8.RuneError || size != nd || r < 0x10000 && t.codes[r] != 0 || t.astral[r] != 0 {
				continue
			}
			if ne, _, err := enc.Transform(ebuf[:], dbuf[:nd], true); err == nil && ne == 2 && ebuf[0] >= 0xA1 && ebuf[0] <= 0xF9 {
				code = [2]byte{ebuf[0], ebuf[1]}
			}
			if r < 0x10000 {
				t.codes[r] = uint16(code[0])<<8 | uint16(code[1])
			} else {
				t.astral[r] = uint16(code[0])<<8 | uint16(code[1])
			}
		}
	}
	return t
}
