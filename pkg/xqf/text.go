package xqf

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/textenc"
)

// codec turns the bytes of header strings and comments into UTF-8. It is the one place that
// knows about text encodings; everything else calls decode.
type codec struct {
	enc  textenc.Encoding
	auto bool // choose enc from the text of the file (see chooseEncoding)
}

// newCodec reads Config.Encoding: textenc.Auto detects (GBK unless the file's text is clearly
// UTF-8 or Big5); UTF-16, which no XQF writer stores (the header strings have byte lengths),
// is taken as Auto; GBK is read as GB18030, its superset.
func newCodec(enc textenc.Encoding) (codec, error) {
	switch enc {
	case textenc.Auto, textenc.UTF16, textenc.UTF16LE, textenc.UTF16BE:
		return codec{enc: textenc.GB18030, auto: true}, nil
	}
	if !enc.Valid() {
		return codec{}, fmt.Errorf("xqf: %w: %v", textenc.ErrUnknownEncoding, enc)
	}
	return codec{enc: enc.ForInput()}, nil
}

// chooseEncoding settles "auto" from a sample of the file's text, all its header strings and
// comments together (a short field alone is weak evidence): UTF-8 when the sample has
// non-ASCII text that is valid UTF-8 (GBK text almost never is), Big5 when the evidence for
// it overcomes the GBK prior of XQF (textenc.DetectPrior), else GBK.
func (c *codec) chooseEncoding(sample []byte) {
	if !c.auto {
		return
	}
	c.auto = false
	if isASCII(sample) {
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

// decode returns b as UTF-8 text, the index in b of the first byte that does not decode (-1
// if none) and how many invalid sequences became U+FFFD.
func (c *codec) decode(b []byte) (text string, firstBad, bad int) {
	if isASCII(b) {
		return string(b), -1, 0
	}
	text, _, bad = textenc.DecodeBytes(b, c.enc)
	if bad == 0 {
		return text, -1, 0
	}
	return text, c.firstInvalid(b), bad
}

// firstInvalid finds the first byte of b that starts no valid character: it steps over each
// character by decoding the shortest prefix (1 to 4 bytes) that gives one valid rune. It runs
// only for text that is known to have an invalid sequence.
func (c *codec) firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
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

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// cleanField tidies a header string: NULs and surrounding white space are dropped.
func cleanField(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "\x00", ""))
}

// cleanComment tidies a comment: CRLF and lone CR become "\n", NULs are dropped, and trailing
// white space (the final CRLF a Delphi TStringList always writes) is removed.
func cleanComment(s string) string {
	if strings.ContainsAny(s, "\r\x00") {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return strings.TrimRight(s, " \t\n")
}
