package record

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/cbf"
	"github.com/qipu/qipu/pkg/cbr"
	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/mxq"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/qp"
	"github.com/qipu/qipu/pkg/sg"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/txtgame"
	"github.com/qipu/qipu/pkg/xqf"
	"github.com/qipu/qipu/pkg/xqn"
)

// table lists the readers, in the order content sniffing tries them: binary signatures
// first, then text (PGN, whose opening tag pair is unmistakable, before the DhtmlXQ marker
// that may stand anywhere in a page). Every reader package exports FormatName, a Sniff, and
// Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] with Config = game.ReadConfig,
// so that a new format is one package and one line here.
var table = []format{
	{name: xqf.FormatName, exts: []string{".xqf"}, sniff: bytesOnly(xqf.IsXQF), read: xqf.Read},
	// One reader for both: a record and a library name their games' format apart.
	{name: cbr.FormatName, exts: []string{".cbr"}, sniff: bytesOnly(cbr.SniffRecord), read: cbr.Read},
	{name: cbr.CBLFormatName, exts: []string{".cbl"}, sniff: bytesOnly(cbr.SniffLibrary), read: cbr.Read},
	{name: cbf.FormatName, exts: []string{".cbf"}, sniff: bytesOnly(cbf.Sniff), read: cbf.Read},
	{name: mxq.FormatName, exts: []string{".mxq"}, sniff: bytesOnly(mxq.Sniff), read: mxq.Read},
	// SG has no magic, only a fixed layout (a result code at 0x40, 32 three-digit numbers at
	// 0x52) that no text format has at those offsets; QP starts with "ccf0 ".
	{name: sg.FormatName, exts: []string{".sg"}, sniff: bytesOnly(sg.Sniff), read: sg.Read},
	{name: qp.FormatName, exts: []string{".qp"}, sniff: bytesOnly(qp.Sniff), read: qp.Read},
	// Before PGN: an .xqn text opens with a tag pair too, but its [Score "…"] before every
	// move would split it into dozens of broken PGN games.
	{name: xqn.FormatName, exts: []string{".xqn"}, sniff: bytesOnly(xqn.Sniff), read: xqn.Read},
	// Before DhtmlXQ: a PGN text opens with a tag pair, which no DhtmlXQ block does, and
	// its tags may be named like DhtmlXQ fields ([DhtmlXQ "0"]). Record decodes the whole
	// text to UTF-8 first (text).
	{name: pgn.FormatName, exts: []string{".pgn"}, sniff: looksLikePGN, text: true, read: pgn.Read,
		decode: pgn.Decode},
	// By name: web pages and .ubb files, and .txt, as the ccbridge.net export and vschess
	// save their blocks; the marker may come after the sniffed prefix. A page or a note
	// without a single "[DhtmlXQ" marker is no game file: ErrUnknownFormat (notThis).
	{name: dhtmlxq.FormatName, exts: []string{".html", ".htm", ".ubb", ".txt"}, sniff: bytesOnly(dhtmlxq.Sniff),
		notThis: dhtmlxq.ErrNoMarker, read: dhtmlxq.Read},
	// Last: plain-text games have no marker, only a shape (a header line or a FEN, then
	// moves), which Sniff checks strictly; every marked format is tried before. No extension:
	// a .txt the shape does not show goes to DhtmlXQ, whose "no marker" keeps a readme out.
	{name: txtgame.FormatName, sniff: bytesOnly(txtgame.Sniff), read: txtgame.Read},
}

// bytesOnly adapts a sniffer that needs no encoding.
func bytesOnly(sniff func(prefix []byte) bool) func([]byte, textenc.Encoding) bool {
	return func(prefix []byte, _ textenc.Encoding) bool { return sniff(prefix) }
}

// looksLikePGN reports whether text (in enc, or detected) starts like a PGN file: a tag pair
// such as [Game "..."] or [Event "..."], or the move number 1., after blanks and a byte order
// mark.
func looksLikePGN(prefix []byte, enc textenc.Encoding) bool {
	if len(prefix) == 0 {
		return false
	}
	if i, ok := asciiStart(prefix, enc); ok {
		// Every byte the test looks at is ASCII, which GBK, Big5 and UTF-8 decode to
		// itself: no need to decode the prefix (and detect its encoding) for every file.
		return pgnStart(prefix[i:min(len(prefix), i+pgnStartLen)])
	}
	text, _, _ := textenc.DecodeBytes(prefix, enc)
	return pgnStart(strings.TrimLeftFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }))
}

// pgnStartLen is more than pgnStart reads after the blanks: a tag name and its blanks.
const pgnStartLen = 512

// asciiStart reports whether prefix, in an encoding that keeps ASCII as it is (not UTF-16,
// and with no byte order mark or NUL byte that detection could take for one), is ASCII blanks
// and then an ASCII byte, at i: pgnStart then gives on the bytes what it gives on the text.
func asciiStart(prefix []byte, enc textenc.Encoding) (i int, ok bool) {
	switch enc {
	case textenc.UTF16, textenc.UTF16LE, textenc.UTF16BE:
		return 0, false
	case textenc.Auto:
		if bytes.IndexByte(prefix, 0) >= 0 {
			return 0, false
		}
	}
	for i, c := range prefix {
		switch c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			continue
		}
		return i, c < utf8.RuneSelf
	}
	return 0, false // blanks only: the decoded test says no as well
}

// pgnStart reports whether text (blanks skipped) starts with a tag pair or "1.". It reads
// bytes or a string alike, so that the common case reads the file's bytes without a copy.
func pgnStart[T string | []byte](text T) bool {
	k := 0
	for k < len(text) && isBlank(text[k]) {
		k++
	}
	text = text[k:]
	switch {
	case len(text) > 0 && text[0] == '[':
		// A tag pair: [Name "value"].
		i := 1
		for i < len(text) && isIdent(text[i]) {
			i++
		}
		if i == 1 {
			return false
		}
		j := i
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		return j > i && j < len(text) && text[j] == '"'
	case len(text) > 1 && text[0] == '1' && text[1] == '.':
		return true
	}
	return false
}

// isBlank reports whether c is one of the ASCII blanks pgnStart skips.
func isBlank(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
