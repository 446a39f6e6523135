package textenc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// ErrUnencodable is wrapped by every *UnencodableError, so that
// errors.Is(err, ErrUnencodable) tells a character the target encoding cannot
// hold from other failures.
var ErrUnencodable = errors.New("textenc: character cannot be encoded")

// UnencodableError reports a character the target encoding has no code for,
// or input that is not valid UTF-8.
type UnencodableError struct {
	// Rune is the character, or -1 when the input is not valid UTF-8 there.
	Rune rune
	// Offset is the byte offset of the character in the UTF-8 input (for an
	// Encoder, counted over everything written to it).
	Offset int
	// Encoding is the target encoding.
	Encoding Encoding
}

// Error names the character, its code point, its offset and the target.
func (e *UnencodableError) Error() string {
	if e.Rune < 0 {
		return fmt.Sprintf("textenc: invalid UTF-8 at byte %d cannot be encoded in %v", e.Offset, e.Encoding)
	}
	return fmt.Sprintf("textenc: %q (U+%04X) at byte %d cannot be encoded in %v", e.Rune, e.Rune, e.Offset, e.Encoding)
}

// Unwrap returns ErrUnencodable.
func (e *UnencodableError) Unwrap() error { return ErrUnencodable }

// newEncodeTransformer returns an encoder from UTF-8 to enc, nil for UTF-8,
// or an error for an encoding that is not an output encoding.
func newEncodeTransformer(enc Encoding) (transform.Transformer, error) {
	switch enc {
	case UTF8:
		return nil, nil
	case GB18030:
		return gb18030Encoder{simplifiedchinese.GB18030.NewEncoder(), gb18030Garbled()}, nil
	case Big5:
		return big5Encoder(), nil
	case GBK:
		return gbkEncoder(), nil
	case UTF16LE:
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder(), nil
	case UTF16BE:
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewEncoder(), nil
	}
	return nil, fmt.Errorf("textenc: %v is not an output encoding (want utf-8, gbk, gb18030, big5, utf-16le or utf-16be): %w", enc, ErrUnknownEncoding)
}

// validUTF8Prefix returns the length of the longest prefix of p that is
// valid UTF-8.
func validUTF8Prefix(p []byte) int {
	if utf8.Valid(p) {
		return len(p)
	}
	end := 0
	for end < len(p) {
		if p[end] < utf8.RuneSelf {
			end++
			continue
		}
		r, size := utf8.DecodeRune(p[end:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		end += size
	}
	return end
}

// encodeAppend encodes the UTF-8 text src as enc with t (nil for UTF-8),
// appending to dst. base is the offset of src[0] in the caller's input. It
// returns the bytes of src consumed, short of len(src) only with an
// *UnencodableError for the character (or invalid byte) found there.
func encodeAppend(dst, src []byte, enc Encoding, t transform.Transformer, base int) ([]byte, int, error) {
	limit := validUTF8Prefix(src)
	n := 0
	if t == nil {
		dst = append(dst, src[:limit]...)
		n = limit
	}
	for n < limit {
		if room := 2*(limit-n) + 8; cap(dst)-len(dst) < room {
			dst = append(dst[:cap(dst)], make([]byte, room)...)[:len(dst)]
		}
		free := dst[len(dst):cap(dst)]
		nd, ns, err := t.Transform(free, src[n:limit], true)
		dst = dst[:len(dst)+nd]
		n += ns
		if err == nil {
			break
		}
		if errors.Is(err, transform.ErrShortDst) && (nd > 0 || ns > 0) {
			continue
		}
		r, _ := utf8.DecodeRune(src[n:])
		return dst, n, &UnencodableError{Rune: r, Offset: base + n, Encoding: enc}
	}
	if n < len(src) {
		return dst, n, &UnencodableError{Rune: -1, Offset: base + n, Encoding: enc}
	}
	return dst, n, nil
}

// EncodeString encodes the UTF-8 text s as enc: UTF8, GBK, GB18030, Big5,
// UTF16LE or UTF16BE (no byte order mark is written).
//
// GBK writes only one- and two-byte codes, those GBK readers (code page 936,
// iconv's GBK) accept: the euro sign is 0x80 as in CP936, and characters
// outside GBK fail — CJK extensions, emoji, private-use characters, and the
// few that only GB18030-2005 gave two-byte codes (the ideographic description
// characters, U+01F9, the FE50–FEA0 radicals).
//
// GB18030: every character that GBK has gets its GBK two-byte code, identical
// in GB18030, except the euro sign, written A2 E3 as GB18030 prescribes;
// characters outside GBK become four-byte sequences, which GBK readers do not
// understand; the private-use characters x/text cannot encode faithfully
// (most of U+E000–U+E864) fail.
//
// Big5 is plain Big5 as code page 950 reads it (lead bytes A1–F9, no
// HKSCS): 后 is A6 5A, 後 AB E1, １ A2 B0, 包 A5 5D; most simplified
// characters (车, 马) fail, and so does 俥, which only HKSCS has.
//
// A character the target cannot hold, or invalid UTF-8, stops the encoding
// with an *UnencodableError that wraps ErrUnencodable; the bytes encoded
// before it are returned with the error.
func EncodeString(s string, enc Encoding) ([]byte, error) {
	t, err := newEncodeTransformer(enc)
	if err != nil {
		return nil, err
	}
	src := []byte(s)
	dst, _, err := encodeAppend(make([]byte, 0, len(src)+8), src, enc, t, 0)
	return dst, err
}

// Encoder is an io.WriteCloser that encodes the UTF-8 text written to it and
// writes the result to an underlying writer. A character may be split across
// Write calls. After an error every later call returns the same error.
type Encoder struct {
	w    io.Writer
	enc  Encoding
	t    transform.Transformer
	tail []byte // incomplete character left by the last Write
	off  int    // UTF-8 bytes accepted so far
	buf  []byte
	err  error
}

// encodeChunk is the most text an Encoder encodes before writing.
const encodeChunk = 16 << 10

// NewEncoder returns an Encoder writing enc to w. The encodings and their
// limits are those of EncodeString. Closing the Encoder does not close w.
func NewEncoder(w io.Writer, enc Encoding) (*Encoder, error) {
	t, err := newEncodeTransformer(enc)
	if err != nil {
		return nil, err
	}
	return &Encoder{w: w, enc: enc, t: t}, nil
}

// errClosed is returned by Write after Close.
var errClosed = errors.New("textenc: write to closed Encoder")

// Write encodes p and writes the result. It returns the number of bytes of p
// accepted. On an *UnencodableError the bytes before the offending character
// have been encoded and written, and the count says where it is in p.
func (e *Encoder) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n := 0
	if len(e.tail) > 0 {
		// Complete the character split by the last Write (rare).
		joined := append(e.tail[:len(e.tail):len(e.tail)], p[:min(len(p), utf8.UTFMax-len(e.tail))]...)
		if !utf8.FullRune(joined) {
			e.tail = joined
			return len(p), nil
		}
		_, size := utf8.DecodeRune(joined)
		if _, err := e.encode(joined[:size]); err != nil {
			return 0, err
		}
		n = size - len(e.tail)
		e.tail = nil
	}
	for n < len(p) {
		chunk := p[n:min(len(p), n+encodeChunk)]
		end := completeUTF8(chunk)
		k, err := e.encode(chunk[:end])
		n += k
		if err != nil {
			return n, err
		}
		if n+len(chunk)-end == len(p) && end < len(chunk) {
			e.tail = append([]byte(nil), chunk[end:]...)
			return len(p), nil
		}
	}
	return len(p), nil
}

// encode encodes src, which holds whole characters or invalid bytes, writes
// the result and returns the bytes of src consumed.
func (e *Encoder) encode(src []byte) (int, error) {
	var k int
	var err error
	e.buf, k, err = encodeAppend(e.buf[:0], src, e.enc, e.t, e.off)
	e.off += k
	if len(e.buf) > 0 {
		if _, werr := e.w.Write(e.buf); werr != nil {
			e.err = fmt.Errorf("textenc: write: %w", werr)
			return k, e.err
		}
	}
	if err != nil {
		e.err = err
	}
	return k, err
}

// Close reports a character left incomplete by the last Write as an
// *UnencodableError. It does not close the underlying writer. Writes after
// Close fail.
func (e *Encoder) Close() error {
	if e.err != nil {
		if e.err == errClosed {
			return nil
		}
		return e.err
	}
	if len(e.tail) > 0 {
		e.err = &UnencodableError{Rune: -1, Offset: e.off, Encoding: e.enc}
		return e.err
	}
	e.err = errClosed
	return nil
}

// gb18030Encoder is x/text's GB18030 encoder refusing the characters it
// would garble. x/text has no codes for most private-use characters U+E000–
// U+E864 (which GBK and GB18030 put in their user-defined areas) and writes
// four-byte codes for them that decode to other characters. gb18030Encoder
// reports those characters as unencodable instead, so what it writes always
// decodes back to the text it was given.
type gb18030Encoder struct {
	inner   transform.Transformer
	garbled *[privateUseLen]bool
}

const (
	privateUseFirst = 0xE000
	privateUseLen   = 0xF900 - privateUseFirst
)

// gb18030Garbled marks the private-use characters whose x/text encoding
// does not decode back to them. It is derived on first use.
var gb18030Garbled = sync.OnceValue(func() *[privateUseLen]bool {
	dec := simplifiedchinese.GB18030.NewDecoder()
	enc := simplifiedchinese.GB18030.NewEncoder()
	var bad [privateUseLen]bool
	var src [4]byte
	var ebuf, back [8]byte
	for i := range bad {
		n := utf8.EncodeRune(src[:], rune(privateUseFirst+i))
		ne, _, err := enc.Transform(ebuf[:], src[:n], true)
		if err != nil {
			bad[i] = true
			continue
		}
		nb, _, err := dec.Transform(back[:], ebuf[:ne], true)
		bad[i] = err != nil || !bytes.Equal(back[:nb], src[:n])
	}
	return &bad
})

// errNotInGB18030 stops gb18030Encoder at a character it refuses;
// encodeAppend turns it into an *UnencodableError.
var errNotInGB18030 = errors.New("textenc: garbled by the GB18030 encoder")

// Reset implements transform.Transformer.
func (e gb18030Encoder) Reset() { e.inner.Reset() }

// Transform implements transform.Transformer: it hands the text before the
// first refused character to x/text's encoder.
func (e gb18030Encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	end, refused := len(src), false
	for j := 0; j < len(src); {
		if src[j] < utf8.RuneSelf {
			j++
			continue
		}
		r, size := utf8.DecodeRune(src[j:])
		if r >= privateUseFirst && r < privateUseFirst+privateUseLen && e.garbled[r-privateUseFirst] {
			end, refused = j, true
			break
		}
		j += size
	}
	nDst, nSrc, err = e.inner.Transform(dst, src[:end], atEOF || refused)
	if err == nil && refused {
		err = errNotInGB18030
	}
	return nDst, nSrc, err
}
