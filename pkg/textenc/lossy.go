package textenc

import (
	"errors"
	"unicode/utf8"
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
