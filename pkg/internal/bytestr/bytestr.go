// Package bytestr decodes the byte strings of the binary record formats (XQF, CBL, MXQ, SG):
// header fields and comments stored as bytes in a Windows code page, with no mark of which.
// It holds the rules those readers share: which configured encodings mean "detect", how a
// sample of a file's text settles the encoding, and where the first byte that does not
// decode is, for the diagnostic.
package bytestr

import (
	"fmt"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/textenc"
)

// Codec turns the byte strings of one file into UTF-8. The zero value is not ready; use New.
type Codec struct {
	enc  textenc.Encoding
	auto bool // Choose may still settle enc from the file's text
}

// New returns the codec for a configured encoding. textenc.Auto and the UTF-16 encodings
// (which no writer of these formats stores: their strings have byte lengths) mean "detect",
// GB18030 until Choose says otherwise; GBK is read as GB18030, its superset. New does not
// check that enc is valid (see textenc.Encoding.Valid); DecodeBytes detects for one it does
// not know.
func New(enc textenc.Encoding) Codec {
	switch enc {
	case textenc.Auto, textenc.UTF16, textenc.UTF16LE, textenc.UTF16BE:
		return Codec{enc: textenc.GB18030, auto: true}
	}
	return Codec{enc: enc.ForInput()}
}

// Encoding returns the encoding the codec decodes with.
func (c *Codec) Encoding() textenc.Encoding { return c.enc }

// Detecting reports whether the encoding is still to be chosen from the file's text: a
// reader collects a sample only then.
func (c *Codec) Detecting() bool { return c.auto }

// Choose settles a detecting codec from a sample of the file's text, all its strings together
// (a short field alone is weak evidence): UTF-8 when the sample has non-ASCII text that is
// valid UTF-8 (GBK text almost never is), Big5 when the evidence for it overcomes the GBK
// prior of these formats (textenc.DetectPrior), else GB18030. It does nothing to a codec
// with a configured encoding or one already chosen.
func (c *Codec) Choose(sample []byte) {
	if !c.auto {
		return
	}
	c.auto = false
	if IsASCII(sample) {
		return
	}
	if utf8.Valid(sample) {
		c.enc = textenc.UTF8
		return
	}
	if d := textenc.DetectPrior(sample, textenc.GBK); d.Encoding == textenc.Big5 {
		c.enc = textenc.Big5
	}
}

// Decode returns b as UTF-8 text, the index in b of the first byte that does not decode (-1
// if none) and how many invalid sequences became U+FFFD.
func (c *Codec) Decode(b []byte) (text string, firstBad, bad int) {
	if IsASCII(b) {
		return string(b), -1, 0
	}
	text, _, bad = textenc.DecodeBytes(b, c.enc)
	if bad == 0 {
		return text, -1, 0
	}
	return text, c.firstInvalid(b), bad
}

// Invalid returns the message of a string what in which bad sequences did not decode.
func (c *Codec) Invalid(what string, bad int) string {
	return fmt.Sprintf("%s: %d byte sequence(s) invalid in %s, replaced by U+FFFD", what, bad, c.enc)
}

// firstInvalid finds the first byte of b that starts no valid character: it steps over each
// character by decoding the shortest prefix (1 to 4 bytes) that gives one valid rune. It runs
// only for text that is known to have an invalid sequence.
func (c *Codec) firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		n := 0
		for k := 1; k <= 4 && i+k <= len(b); k++ {
			s, _, bad := textenc.DecodeBytes(b[i:i+k], c.enc)
			if bad == 0 && utf8.RuneCountInString(s) == 1 {
				n = k
				break
			}
		}
		if n == 0 {
			return i
		}
		i += n
	}
	return -1
}

// IsASCII reports whether b holds only ASCII bytes (the common case, decoded by a copy).
func IsASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
