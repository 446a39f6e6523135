package textenc

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// corpusRoot is the shared corpus of real game records, relative to this
// package's directory. It is read-only and not part of the repository.
const corpusRoot = "../../../shared/corpus"

func corpusDir(t testing.TB) string {
	t.Helper()
	if fi, err := os.Stat(corpusRoot); err != nil || !fi.IsDir() {
		t.Skipf("corpus not available at %s", corpusRoot)
	}
	return corpusRoot
}

// binaryExts are the corpus formats that are not text: SG records and QP positions are
// fixed binary layouts (SG's name fields are GBK, but a record is mostly digits and move
// bytes, no text to detect).
var binaryExts = map[string]bool{".xqf": true, ".cbr": true, ".cbl": true, ".mxq": true, ".bak": true,
	".sg": true, ".qp": true}

// corpusException lists files whose encoding differs from their folder's
// rule, each with the reason.
var corpusException = map[string]Encoding{
	// CBF is ChessBridge's XML format; cchess's test files are UTF-8 with a
	// byte order mark, unlike the GBK PGN files beside them.
	"walker8088__cchess/tests/data/test.cbf":  UTF8,
	"walker8088__cchess/tests/data/test2.cbf": UTF8,
	// The traditional-edition sample of XQWizard (Big5) sits
	// outside the 橘中秘(繁体) folder.
	"liangqi__xqwizard/XQWIZARD/EXAMPLES/SAMPLE_T.PGN": Big5,
	// cchess's one-move-per-line test vectors are UTF-8 (Chinese moves, no byte order
	// mark), unlike the GBK PGN files beside them.
	"walker8088__cchess/tests/data/test1_move.txt":      UTF8,
	"walker8088__cchess/tests/data/ucci_test1_move.txt": UTF8,
}

// expectedEncoding is the known encoding of a corpus text file, by folder:
// cchess's PGN files are GBK, Yvonne761's are Big5, xqwizard's are GB2312
// except the 橘中秘(繁体) edition in Big5, and wukong's and vschess's are
// UTF-8, and cchess_qt's texts (plain-text games, XQStudio's text export, .xqn) are GBK. A file
// that is pure ASCII is UTF-8 wherever it is.
func expectedEncoding(rel string, b []byte) (Encoding, bool) {
	if enc, ok := corpusException[rel]; ok {
		return enc, true
	}
	if isASCII(b) {
		return UTF8, true
	}
	top, _, _ := strings.Cut(rel, "/")
	switch top {
	case "walker8088__cchess", "hbsxcjp__cchess_qt":
		return GB18030, true
	case "Yvonne761__Chinese-Chess-Practical-Dataset":
		return Big5, true
	case "liangqi__xqwizard":
		if strings.Contains(rel, "(繁体)") {
			return Big5, true
		}
		return GB18030, true
	case "maksimKorzh__wukong-xiangqi", "FastLight126__vschess", "SOURCES.md":
		return UTF8, true
	}
	return Auto, false
}

type corpusFile struct {
	rel  string
	data []byte
	want Encoding
}

// corpusTextFiles returns every text file of the corpus with its expected
// encoding.
func corpusTextFiles(t *testing.T) []corpusFile {
	root := corpusDir(t)
	var files []corpusFile
	err := filepath.WalkDir(root, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || binaryExts[strings.ToLower(filepath.Ext(path))] {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		want, ok := expectedEncoding(rel, b)
		if !ok {
			t.Errorf("%s: no expected encoding for this folder; add a rule", rel)
			return nil
		}
		files = append(files, corpusFile{rel, b, want})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// referenceDecode decodes b (after a byte order mark of n bytes) with x/text
// alone.
func referenceDecode(t *testing.T, b []byte, enc Encoding, bom int) string {
	t.Helper()
	tr := newDecodeTransformer(enc)
	if tr == nil {
		return string(b[bom:])
	}
	out, _, err := transform.Bytes(tr, b[bom:])
	if err != nil {
		t.Fatalf("reference decode: %v", err)
	}
	return string(out)
}

func TestCorpusDetectDecode(t *testing.T) {
	files := corpusTextFiles(t)
	counts := map[Encoding]int{}
	minConf := map[Encoding]float64{}
	for _, f := range files {
		d, err := Open(bytes.NewReader(f.data), Auto)
		if err != nil {
			t.Fatalf("%s: %v", f.rel, err)
		}
		out, err := io.ReadAll(d)
		if err != nil {
			t.Fatalf("%s: %v", f.rel, err)
		}
		det := d.Detection()
		if det.Encoding != f.want {
			t.Errorf("%s: detected %v (confidence %.2f), want %v", f.rel, det.Encoding, det.Confidence, f.want)
			continue
		}
		counts[det.Encoding]++
		if c, ok := minConf[det.Encoding]; !ok || det.Confidence < c {
			minConf[det.Encoding] = det.Confidence
		}
		if n := d.InvalidCount(); n != 0 {
			t.Errorf("%s: %d invalid sequences, first at %d", f.rel, n, d.FirstInvalid())
		}
		if i := bytes.Index(out, fffdUTF8); i >= 0 {
			t.Errorf("%s: replacement character in the decoded text at %d", f.rel, i)
		}
		if !utf8.Valid(out) {
			t.Errorf("%s: decoded text is not valid UTF-8", f.rel)
		}
		if ref := referenceDecode(t, f.data, det.Encoding, det.BOM); string(out) != ref {
			t.Errorf("%s: decoder output differs from x/text's", f.rel)
		}
		text, det2, inv := DecodeBytes(f.data, Auto)
		if text != string(out) || det2 != det || inv != 0 {
			t.Errorf("%s: DecodeBytes = (%d bytes, %+v, %d), stream gave (%d bytes, %+v)", f.rel, len(text), det2, inv, len(out), det)
		}
		if len(f.data) < 32<<10 {
			d, err := Open(iotest.OneByteReader(bytes.NewReader(f.data)), Auto)
			if err != nil {
				t.Fatal(err)
			}
			if out1, err := io.ReadAll(d); err != nil || string(out1) != string(out) || d.Detection() != det {
				t.Errorf("%s: one-byte reads differ: %v", f.rel, err)
			}
		}
	}
	t.Logf("%d text files: %d utf-8, %d gb18030, %d big5; lowest confidence %v", len(files), counts[UTF8], counts[GB18030], counts[Big5], minConf)
	if counts[GB18030] == 0 || counts[Big5] == 0 || counts[UTF8] == 0 {
		t.Errorf("corpus lacks an encoding: %v", counts)
	}
}

// TestCorpusShortPrefix checks that detection needs only a few characters:
// from the first non-ASCII byte of each GBK or Big5 PGN file, 16 bytes
// (about 8 characters) decide correctly.
func TestCorpusShortPrefix(t *testing.T) {
	n := 0
	for _, f := range corpusTextFiles(t) {
		if f.want != GB18030 && f.want != Big5 {
			continue
		}
		i := slices.IndexFunc(f.data, func(b byte) bool { return b >= 0x80 })
		j, count := i, 0
		for j < len(f.data) && count < 16 {
			if f.data[j] >= 0x80 {
				count++
			}
			j++
		}
		if d := Detect(f.data[i:j]); d.Encoding != f.want {
			t.Errorf("%s: 16 bytes from offset %d detected as %v, want %v", f.rel, i, d.Encoding, f.want)
		}
		n++
	}
	t.Logf("%d GBK/Big5 files detected from 16 non-ASCII bytes", n)
}

// TestCorpusRoundTrip encodes the decoded text of every file back to GBK
// (GB18030) and Big5 and decodes it again. GB18030 holds every character,
// so that round trip must be lossless everywhere and byte-exact for the GBK
// files; Big5 cannot hold simplified characters, so for text it cannot hold
// the error must name a character Big5 really lacks.
func TestCorpusRoundTrip(t *testing.T) {
	var gbExact, big5Exact, big5OK, big5Refused int
	for _, f := range corpusTextFiles(t) {
		text, det, _ := DecodeBytes(f.data, Auto)
		src := f.data[det.BOM:]

		gb, err := EncodeString(text, GB18030)
		if err != nil {
			t.Errorf("%s: to gbk: %v", f.rel, err)
			continue
		}
		if back, _, inv := DecodeBytes(gb, GB18030); back != text || inv != 0 {
			t.Errorf("%s: utf-8 → gbk → utf-8 is lossy", f.rel)
		}
		if f.want == GB18030 {
			if !bytes.Equal(gb, src) {
				t.Errorf("%s: re-encoding to gbk does not give the original bytes", f.rel)
			}
			gbExact++
		}

		b5, err := EncodeString(text, Big5)
		var ue *UnencodableError
		switch {
		case err == nil:
			if back, _, inv := DecodeBytes(b5, Big5); back != text || inv != 0 {
				t.Errorf("%s: utf-8 → big5 → utf-8 is lossy", f.rel)
			}
			big5OK++
			if f.want == Big5 {
				if !bytes.Equal(b5, src) {
					t.Errorf("%s: re-encoding to big5 does not give the original bytes", f.rel)
				}
				big5Exact++
			}
		case errors.As(err, &ue) && errors.Is(err, ErrUnencodable):
			r, _ := utf8.DecodeRuneInString(text[ue.Offset:])
			if r != ue.Rune {
				t.Errorf("%s: error names %q at %d, text has %q there", f.rel, ue.Rune, ue.Offset, r)
			}
			if _, err := EncodeString(string(ue.Rune), Big5); err == nil {
				t.Errorf("%s: %q refused in context but encodable alone", f.rel, ue.Rune)
			}
			if f.want == Big5 {
				t.Errorf("%s: Big5 original cannot be re-encoded: %v", f.rel, err)
			}
			big5Refused++
		default:
			t.Errorf("%s: to big5: unexpected error %v", f.rel, err)
		}
	}
	t.Logf("gbk: all lossless, %d GBK files byte-exact; big5: %d lossless (%d Big5 files byte-exact), %d refused (simplified characters)", gbExact, big5OK, big5Exact, big5Refused)
}

// moveTokens extracts the main-line move tokens of an ElephantEye PGN:
// tags, comments, move numbers and everything from the result on are
// dropped, and each token is normalised with Glyph.
func moveTokens(text string) []string {
	var tokens []string
	depth := 0
	for line := range strings.Lines(text) {
		if depth == 0 && strings.HasPrefix(strings.TrimSpace(line), "[") {
			continue
		}
		var sb strings.Builder
		for _, r := range line {
			switch {
			case r == '{':
				depth++
			case r == '}':
				depth--
			case depth == 0:
				sb.WriteRune(r)
			}
		}
		for _, tok := range strings.Fields(sb.String()) {
			switch {
			case tok == "*" || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2":
				return tokens
			case strings.HasSuffix(tok, "."):
				continue // move number
			}
			tokens = append(tokens, string(NormalizeMoveText(nil, tok)))
		}
	}
	return tokens
}

// TestCorpusGB2312Big5Editions decodes the GB2312 and the Big5 edition of
// each 橘中秘 game and checks that the normalised move tokens are identical.
func TestCorpusGB2312Big5Editions(t *testing.T) {
	root := corpusDir(t)
	simp := filepath.Join(root, "liangqi__xqwizard/XQWIZARD/橘中秘")
	trad := filepath.Join(root, "liangqi__xqwizard/XQWIZARD/橘中秘(繁体)")
	pairs, plies := 0, 0
	err := filepath.WalkDir(simp, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(simp, path)
		decode := func(p string, want Encoding) []string {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			text, det, inv := DecodeBytes(b, Auto)
			if det.Encoding != want || inv != 0 {
				t.Errorf("%s: detected %v with %d invalid sequences, want %v", p, det.Encoding, inv, want)
			}
			return moveTokens(text)
		}
		gb := decode(path, GB18030)
		b5 := decode(filepath.Join(trad, rel), Big5)
		if len(gb) == 0 {
			t.Errorf("%s: no moves found", rel)
		}
		if !slices.Equal(gb, b5) {
			t.Errorf("%s: moves differ:\n gb2312: %q\n big5:   %q", rel, gb, b5)
		}
		pairs++
		plies += len(gb)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pairs == 0 {
		t.Fatal("no 橘中秘 games found")
	}
	t.Logf("%d game pairs, %d plies, identical after Glyph normalisation", pairs, plies)
}

// TestCorpusScriptConversion converts each Big5 橘中秘 file to simplified
// script and compares the whole text, comments included, with the GB2312
// edition, and converts the GB2312 edition to traditional script and checks
// that Big5 can hold it. The editions differ in one known place: the
// annotator 李氵更 is written with 氵, which Big5 lacks, and the Big5
// edition puts an ideographic space in its place.
func TestCorpusScriptConversion(t *testing.T) {
	root := corpusDir(t)
	simp := filepath.Join(root, "liangqi__xqwizard/XQWIZARD/橘中秘")
	trad := filepath.Join(root, "liangqi__xqwizard/XQWIZARD/橘中秘(繁体)")
	files := 0
	err := filepath.WalkDir(simp, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(simp, path)
		gbBytes, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b5Bytes, err := os.ReadFile(filepath.Join(trad, rel))
		if err != nil {
			return err
		}
		gb, _, _ := DecodeBytes(gbBytes, GB18030)
		b5, _, _ := DecodeBytes(b5Bytes, Big5)
		got, err := ToSimplified(b5)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(gb, "李氵更", "李\u3000更")
		if got != want {
			t.Errorf("%s: ToSimplified(big5 edition) differs from the gb2312 edition", rel)
		}
		tr, err := ToTraditional(want)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := EncodeString(tr, Big5); err != nil {
			t.Errorf("%s: ToTraditional(gb2312 edition) is not Big5: %v", rel, err)
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files: simplified Big5 edition equals the GB2312 edition", files)
}
