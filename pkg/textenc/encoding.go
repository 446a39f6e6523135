package textenc

import (
	"errors"
	"fmt"
	"strings"
)

// Encoding names a character encoding of game-record text.
//
// The zero value, Auto, asks for detection; it is never the result of a
// detection. UTF16 means "UTF-16, byte order from the byte order mark, else
// guessed from the NUL bytes, else little-endian"; detection reports UTF16LE
// or UTF16BE instead.
type Encoding int

// The encodings qipu reads and writes.
const (
	Auto    Encoding = iota // detect from the bytes
	UTF8                    // UTF-8 (pure ASCII is reported as UTF-8)
	UTF16                   // UTF-16 of either byte order (input only)
	UTF16LE                 // UTF-16, little-endian
	UTF16BE                 // UTF-16, big-endian
	GB18030                 // GB18030, a superset of GBK and GB2312
	Big5                    // Big5 as specified by WHATWG (CP950 plus HKSCS when decoding)
	// GBK is GB18030 limited to its one- and two-byte codes, what GBK (code page 936)
	// readers accept: an output encoding. Input named GBK is decoded as GB18030, its
	// superset, and detection never reports GBK.
	GBK
)

// ErrUnknownEncoding is wrapped by the error ParseEncoding returns for a name
// it does not know.
var ErrUnknownEncoding = errors.New("textenc: unknown encoding")

var encodingNames = [...]string{
	Auto:    "auto",
	UTF8:    "utf-8",
	UTF16:   "utf-16",
	UTF16LE: "utf-16le",
	UTF16BE: "utf-16be",
	GB18030: "gb18030",
	Big5:    "big5",
	GBK:     "gbk",
}

// String returns the name used on the command line and in JSON output:
// "auto", "utf-8", "utf-16", "utf-16le", "utf-16be", "gb18030", "big5" or "gbk".
func (e Encoding) String() string {
	if e >= 0 && int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return fmt.Sprintf("Encoding(%d)", int(e))
}

// valid reports whether e is one of the declared constants.
func (e Encoding) valid() bool { return e >= 0 && int(e) < len(encodingNames) }

// Valid reports whether e is one of the declared constants.
func (e Encoding) Valid() bool { return e.valid() }

// ForInput returns the encoding that decodes text named e: GB18030 for GBK (its superset:
// GBK text is GB18030 text), e itself otherwise.
func (e Encoding) ForInput() Encoding {
	if e == GBK {
		return GB18030
	}
	return e
}

// ParseEncoding converts a command-line name to an Encoding. Names are matched
// without regard to case or surrounding space. It accepts auto (or the empty
// string), utf-8, utf8, utf-16, utf16, utf-16le, utf16le, utf-16be, utf16be,
// gb18030, gbk, gb2312 and big5. GBK and GB2312 map to GB18030, which decodes
// both and, when writing, produces GBK bytes for every character GBK has (see
// EncodeString).
func ParseEncoding(name string) (Encoding, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto":
		return Auto, nil
	case "utf-8", "utf8":
		return UTF8, nil
	case "utf-16", "utf16":
		return UTF16, nil
	case "utf-16le", "utf16le":
		return UTF16LE, nil
	case "utf-16be", "utf16be":
		return UTF16BE, nil
	case "gb18030", "gbk", "gb2312":
		return GB18030, nil
	case "big5":
		return Big5, nil
	}
	return Auto, fmt.Errorf("%w: %q (want auto, utf-8, utf-16, utf-16le, utf-16be, gbk, gb2312, gb18030 or big5)", ErrUnknownEncoding, name)
}

// ParseOutputEncoding converts the command-line name of an output encoding to an Encoding:
// utf-8 (or utf8), gbk (also gb2312 and cp936: GBK's one- and two-byte codes only, which
// every GBK reader accepts), gb18030 (GBK plus four-byte codes for every other character),
// big5, utf-16le and utf-16be. Names are matched without regard to case or surrounding space.
func ParseOutputEncoding(name string) (Encoding, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "utf-8", "utf8":
		return UTF8, nil
	case "gbk", "gb2312", "cp936":
		return GBK, nil
	case "gb18030":
		return GB18030, nil
	case "big5":
		return Big5, nil
	case "utf-16le", "utf16le":
		return UTF16LE, nil
	case "utf-16be", "utf16be":
		return UTF16BE, nil
	}
	return UTF8, fmt.Errorf("%w: %q as output (want utf-8, gbk, gb18030, big5, utf-16le or utf-16be)", ErrUnknownEncoding, name)
}
