package record

import (
	"io"
	"iter"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// Format is a game-record format that record reads. The zero Format is no format.
type Format struct {
	f *format
}

// format is one entry of the table: what recognizes a format and what reads it.
type format struct {
	name game.Format
	// exts are the file extensions of the format, lower case with the dot.
	exts []string
	// sniff tests the first bytes of a file (up to SniffLen); enc is the caller's encoding
	// override (textenc.Auto to detect), for the text formats that need to decode to tell.
	sniff func(prefix []byte, enc textenc.Encoding) bool
	// text: record decodes the whole file to UTF-8 with textenc before read sees it, and
	// records the detected encoding on each game (PGN). Other readers take the raw bytes
	// and decide their encoding themselves.
	text bool
	// read reads every game of r: the reader package's Read.
	read func(r io.Reader, c game.ReadConfig) iter.Seq2[*game.Game, error]
	// decode, if set, is read with a callback (pgn.Decode): fn is called with each game, in
	// order, and an error of fn's stops it and is returned; the reader's own error comes
	// last. Read uses it instead of read, sparing the iterator's closures for every file.
	decode func(r io.Reader, c game.ReadConfig, fn func(*game.Game) error) error
	// notThis, if set, is the reader's error for an input that is not of the format at all
	// (no trace of it in the whole content, not merely no game): a file the extension alone
	// sent there. Read reports it as ErrUnknownFormat.
	notThis error
}

// Name returns the format's name as the JSON Lines "format" field and the command line say
// it: "pgn", "xqf". It is "" for the zero Format.
func (f Format) Name() string {
	if f.f == nil {
		return ""
	}
	return string(f.f.name)
}

// String returns Name.
func (f Format) String() string { return f.Name() }

// Extensions returns the file extensions of the format (lower case, with the dot), the first
// being the usual one.
func (f Format) Extensions() []string {
	if f.f == nil {
		return nil
	}
	return append([]string(nil), f.f.exts...)
}

// Text reports whether the format is plain text that record decodes to UTF-8 as a whole
// (PGN): its encoding is detected once, from the start of the file, and recorded on every
// game. The readers of the other formats take the raw bytes and decide the encoding of
// their strings themselves.
func (f Format) Text() bool { return f.f != nil && f.f.text }

// NameMeansGame reports whether a file's name alone says it is a game record: its extension
// is one of a format's, and not one of the containers (web pages, texts, forum posts: .html
// .htm .txt .ubb) that hold a game only when their content shows the format.
func NameMeansGame(name string) bool {
	f, ok := byExtension(name)
	return ok && f.f.notThis == nil
}

// IsZero reports whether f is the zero Format.
func (f Format) IsZero() bool { return f.f == nil }

// Formats returns the formats record reads, in the order content sniffing tries them.
func Formats() []Format {
	out := make([]Format, len(table))
	for i := range table {
		out[i] = Format{&table[i]}
	}
	return out
}

// FormatByName returns the format with the name (any case), e.g. "pgn".
func FormatByName(name string) (Format, bool) {
	for i := range table {
		if strings.EqualFold(string(table[i].name), name) {
			return Format{&table[i]}, true
		}
	}
	return Format{}, false
}

// SniffLen is the number of leading bytes content sniffing looks at.
const SniffLen = 4 << 10

// Detect recognizes a file from its first bytes (up to SniffLen of them) and its name: by
// content first, trying every format's signature (binary formats first, then text such as
// a PGN tag pair or the move number "1."), and by the extension of name (any case) only when
// the content says nothing. A misnamed file is read as what it holds. The options that
// matter are WithEncoding (the text of the prefix is decoded to tell PGN) and WithFormat
// (which Detect returns as it is).
func Detect(prefix []byte, name string, opts ...Option) (Format, bool) {
	var o options
	o.apply(opts)
	return o.detect(prefix, name)
}

// Recognition is what Recognize found about a file: its format, and whether its first bytes
// show that format (false: it was taken from the name, or given).
type Recognition struct {
	// Format is the format the file is read as.
	Format Format
	// ByContent reports that the file's first bytes are of Format; a file recognized by its
	// name only whose reader finds nothing of the format is then no game file.
	ByContent bool
}

// Recognize is Detect that also tells whether the content showed the format. Passed to Read
// with WithRecognition, the file is read without being sniffed again.
func Recognize(prefix []byte, name string, opts ...Option) (Recognition, bool) {
	var o options
	o.apply(opts)
	return o.recognize(prefix, name)
}

func (o *options) detect(prefix []byte, name string) (Format, bool) {
	if o.format.f != nil {
		return o.format, true
	}
	r, ok := o.recognize(prefix, name)
	return r.Format, ok
}

func (o *options) recognize(prefix []byte, name string) (Recognition, bool) {
	if len(prefix) > SniffLen {
		prefix = prefix[:SniffLen]
	}
	if o.format.f != nil {
		return Recognition{Format: o.format, ByContent: o.format.f.sniff(prefix, o.encoding)}, true
	}
	for i := range table {
		if table[i].sniff(prefix, o.encoding) {
			return Recognition{Format: Format{&table[i]}, ByContent: true}, true
		}
	}
	f, ok := byExtension(name)
	return Recognition{Format: f}, ok
}

// byExtension returns the format whose extension name has.
func byExtension(name string) (Format, bool) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext == "" {
		return Format{}, false
	}
	for i := range table {
		for _, e := range table[i].exts {
			if e == ext {
				return Format{&table[i]}, true
			}
		}
	}
	return Format{}, false
}
