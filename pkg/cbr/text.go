package cbr

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Text decodes UTF-16LE text up to its first NUL (or the end of b; an odd last byte is
// dropped). It returns the text and the number of unpaired surrogates, which become U+FFFD.
func utf16Text(b []byte) (string, int) {
	var scratch [256]byte
	s, bad, _ := appendUTF16(scratch[:0], b)
	return s, bad
}

// appendUTF16 is utf16Text decoding through buf, which it returns for reuse.
func appendUTF16(buf, b []byte) (string, int, []byte) {
	n := len(b) &^ 1
	out := buf[:0]
	bad := 0
	for i := 0; i < n; i += 2 {
		r := rune(le16(b[i:]))
		switch {
		case r == 0:
			return string(out), bad, out
		case r < utf8.RuneSelf:
			out = append(out, byte(r))
			continue
		case utf16.IsSurrogate(r):
			r2 := utf8.RuneError
			if r < 0xDC00 && i+3 < n {
				r2 = utf16.DecodeRune(r, rune(le16(b[i+2:])))
			}
			if r2 == utf8.RuneError {
				bad++
			} else {
				i += 2
			}
			r = r2
		}
		out = utf8.AppendRune(out, r)
	}
	return string(out), bad, out
}

// cleanComment tidies a comment: CRLF and lone CR (and, with bars, the "||" line-break marker
// of compressed libraries) become "\n", NULs are dropped and trailing white space is trimmed.
func cleanComment(s string, bars bool) string {
	if strings.ContainsAny(s, "\r\x00") {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
		s = strings.ReplaceAll(s, "\x00", "")
	}
	if bars {
		s = strings.ReplaceAll(s, "||", "\n")
	}
	return strings.TrimRight(s, " \t\n")
}
