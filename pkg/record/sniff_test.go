package record

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/qipu/qipu/pkg/textenc"
)

// looksLikePGNDecoded is looksLikePGN without its ASCII shortcut: the whole prefix decoded.
func looksLikePGNDecoded(prefix []byte, enc textenc.Encoding) bool {
	if len(prefix) == 0 {
		return false
	}
	text, _, _ := textenc.DecodeBytes(prefix, enc)
	return pgnStart(strings.TrimLeftFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }))
}

// sniffEncodings are the encodings looksLikePGN is asked with.
var sniffEncodings = []textenc.Encoding{textenc.Auto, textenc.UTF8, textenc.GBK, textenc.GB18030,
	textenc.Big5, textenc.UTF16, textenc.UTF16LE, textenc.UTF16BE}

// sniffCases are prefixes at the edges of the ASCII shortcut.
var sniffCases = []string{
	"", " ", "[Event \"x\"]", "\n\t [Event\t\"x\"]", "[Event]", "[ Event \"x\"]", "[1 \"", "1. h2e2",
	"1.", "1 .", "{c} [Event \"x\"]", strings.Repeat(" ", 600) + "[Event \"x\"]",
	strings.Repeat("\n", 9000) + "[Event \"x\"]", "\uFEFF[Event \"x\"]", "\xef\xbb\xbf[Event \"x\"]",
	"\u3000[Event \"x\"]", "\xa1\xa1[Event \"x\"]", "\x85[Event \"x\"]", "\xa0[Event \"x\"]",
	"[赛事 \"x\"]", "[Event \xa1\xa1\"x\"]", "[Ev\x81[ \"x\"]", "\x00[\x00E\x00v\x00 \x00\"\x00",
	"[\x00E\x00v\x00 \x00\"\x00", "\xff\xfe[\x00E\x00 \x00\"\x00", "\xfe\xff\x00[\x00E\x00 \x00\"",
	"1\x00.\x00", "[Event \"", "[Event ", "\r\n1. 炮二平五",
}

// TestLooksLikePGNShortcut: the ASCII shortcut gives what decoding the prefix gives, on the
// edge cases, on every corpus file's prefix, in every encoding.
func TestLooksLikePGNShortcut(t *testing.T) {
	check := func(name string, p []byte) {
		for _, enc := range sniffEncodings {
			if got, want := looksLikePGN(p, enc), looksLikePGNDecoded(p, enc); got != want {
				t.Errorf("%s as %v: looksLikePGN = %v, decoded %v", name, enc, got, want)
			}
		}
	}
	for _, c := range sniffCases {
		check(strings.ToValidUTF8(c[:min(len(c), 40)], "?"), []byte(c))
	}
	root := filepath.Join("..", "..", "..", "shared", "corpus")
	n := 0
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || n >= 2000 {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return nil
		}
		defer f.Close()
		buf := make([]byte, SniffLen)
		k, _ := f.Read(buf)
		check(path, buf[:k])
		n++
		return nil
	})
	t.Logf("%d corpus prefixes", n)
}

// FuzzLooksLikePGN: the ASCII shortcut agrees with the decoded test on any prefix. Seeds:
// sniffCases and testdata/fuzz/FuzzLooksLikePGN; three minutes with
//
//	go test -run XXX -fuzz '^FuzzLooksLikePGN$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/record
func FuzzLooksLikePGN(f *testing.F) {
	for _, c := range sniffCases {
		f.Add([]byte(c), uint8(0))
	}
	f.Fuzz(func(t *testing.T, p []byte, e uint8) {
		enc := sniffEncodings[int(e)%len(sniffEncodings)]
		if got, want := looksLikePGN(p, enc), looksLikePGNDecoded(p, enc); got != want {
			t.Errorf("%q as %v: looksLikePGN = %v, decoded %v", p, enc, got, want)
		}
	})
}
