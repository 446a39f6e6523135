package textenc

import (
	"errors"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// Replacement is one character that EncodeLossy could not encode and replaced.
type Replacement struct {
	// Rune is the character, or -1 for a byte of invalid UTF-8.
	Rune rune
	// Offset is its byte offset in the UTF-8 input.
	Offset int
}

// MaxReplacements is the most replacements EncodeLossy lists; it counts all of them.
const MaxReplacements = 8

// Replacements reports what EncodeLossy replaced: how many characters, and the first
// MaxReplacements of them in input order.
type Replacements struct {
	Count int
	First []Replacement
}

func (r *Replacements) add(c rune, off int) {
	if len(r.First) < MaxReplacements {
		r.First = append(r.First, Replacement{Rune: c, Offset: off})
	}
	r.Count++
}

// EncodeLossy encodes the UTF-8 text s as enc like EncodeString, but never stops at a
// character enc cannot hold: it writes '?' in its place and goes on. Each invalid UTF-8
// byte becomes '?' too. The Replacements say what was replaced, so that the caller can
// warn (an "encoding" warning naming the first character). The error is non-nil only for
// an encoding that is not an output encoding.
func EncodeLossy(s string, enc Encoding) ([]byte, Replacements, error) {
	var rep Replacements
	t, err := newEncodeTransformer(enc)
	if err != nil {
		return nil, rep, err
	}
	dst := make([]byte, 0, len(s)+8)
	src := []byte(s)
	base := 0
	for len(src) > 0 {
		var n int
		dst, n, err = encodeAppend(dst, src, enc, t, base)
		if err == nil {
			break
		}
		var ue *UnencodableError
		if !errors.As(err, &ue) {
			return dst, rep, err // unreachable: encodeAppend fails only with *UnencodableError
		}
		if t != nil {
			t.Reset()
		}
		size := 1
		if ue.Rune >= 0 {
			_, size = utf8.DecodeRune(src[n:])
		}
		rep.add(ue.Rune, ue.Offset)
		dst = append(dst, '?')
		n += size
		src, base = src[n:], base+n
	}
	return dst, rep, nil
}

// gbkEncoder writes GBK as code page 936 and iconv read it: one byte for ASCII and for the
// euro sign (0x80), two bytes for the rest of GBK, and errNotInGBK for everything else.
type gbkEncoder struct {
	codes *[0x10000]uint16
}

// gbkCodes maps each BMP character GBK can write to its two-byte code (0 when it has none).
// It is derived on first use from the two-byte table of the GB18030 decoder, without the
// codes GBK readers reject: the user-defined areas (private-use characters), the euro sign's
// A2 E3 (GBK writes 0x80), and the codes GB18030-2005 added or moved (A6 D9–FE, A8 BC, A8
// BF, A9 89–95, FE 40–A0).
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

// errNotInGBK stops gbkEncoder at a character it cannot write; encodeAppend turns it into
// an *UnencodableError.
var errNotInGBK = errors.New("textenc: not in GBK")

// Reset implements transform.Transformer.
func (gbkEncoder) Reset() {}

// Transform implements transform.Transformer.
func (e gbkEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
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
		if r == '€' {
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = 0x80
			nDst++
			nSrc += size
			continue
		}
		if r >= 0x10000 || e.codes[r] == 0 {
			return nDst, nSrc, errNotInGBK
		}
		if nDst+2 > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		code := e.codes[r]
		dst[nDst], dst[nDst+1] = byte(code>>8), byte(code)
		nDst += 2
		nSrc += size
	}
	return nDst, nSrc, nil
}
