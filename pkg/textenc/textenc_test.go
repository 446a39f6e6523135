package textenc

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/internal/memtest"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"
)

// Byte strings used across the tests.
const (
	gbkMoves  = "\xb3\xb5\xbe\xc5\xbd\xf8\xd2\xbb \xc5\xda\xb0\xcb\xcd\xcb\xd2\xbb" // 车九进一 炮八退一 in GBK
	big5Moves = "\xa8\xae\xa4\x45\xb6\x69\xa4\x40 \xac\xb6\xa4\x4b\xb0\x68\xa4\x40" // 車九進一 炮八退一 in Big5
)

func TestParseEncoding(t *testing.T) {
	tests := []struct {
		name string
		want Encoding
	}{
		{"auto", Auto}, {"", Auto}, {"AUTO", Auto},
		{"utf-8", UTF8}, {"utf8", UTF8}, {" UTF-8 ", UTF8},
		{"utf-16", UTF16}, {"utf16", UTF16},
		{"utf-16le", UTF16LE}, {"UTF-16LE", UTF16LE}, {"utf16le", UTF16LE},
		{"utf-16be", UTF16BE}, {"utf16be", UTF16BE},
		{"gbk", GB18030}, {"GBK", GB18030}, {"gb2312", GB18030}, {"gb18030", GB18030},
		{"big5", Big5}, {"BIG5", Big5},
	}
	for _, tt := range tests {
		got, err := ParseEncoding(tt.name)
		if err != nil || got != tt.want {
			t.Errorf("ParseEncoding(%q) = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	for _, bad := range []string{"latin1", "hz-gb-2312", "big5-hkscs", "utf-32", "gb"} {
		if _, err := ParseEncoding(bad); !errors.Is(err, ErrUnknownEncoding) {
			t.Errorf("ParseEncoding(%q) error = %v, want ErrUnknownEncoding", bad, err)
		}
	}
}

func TestEncodingString(t *testing.T) {
	want := map[Encoding]string{
		Auto: "auto", UTF8: "utf-8", UTF16: "utf-16", UTF16LE: "utf-16le",
		UTF16BE: "utf-16be", GB18030: "gb18030", Big5: "big5", Encoding(99): "Encoding(99)",
	}
	for e, s := range want {
		if e.String() != s {
			t.Errorf("%d.String() = %q, want %q", int(e), e.String(), s)
		}
		if e.valid() {
			if back, err := ParseEncoding(s); err != nil || back != e {
				t.Errorf("ParseEncoding(%v.String()) = %v, %v", e, back, err)
			}
		}
	}
}

func utf16le(s string) []byte {
	var b []byte
	for _, r := range s { // BMP only in these tests
		b = append(b, byte(r), byte(r>>8))
	}
	return b
}

func utf16be(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r>>8), byte(r))
	}
	return b
}

func TestDetect(t *testing.T) {
	long := strings.Repeat("[Event \"x\"]\n", DetectLimit/12+10)
	tests := []struct {
		name    string
		in      []byte
		want    Encoding
		bom     int
		minConf float64
	}{
		{"empty", nil, UTF8, 0, 1},
		{"ascii", []byte("[Game \"Chinese Chess\"]\n1. h2e2 h9g7\n"), UTF8, 0, 1},
		{"utf-8 bom", []byte("\xef\xbb\xbf[Game]"), UTF8, 3, 1},
		{"utf-16le bom", append([]byte{0xff, 0xfe}, utf16le("车")...), UTF16LE, 2, 1},
		{"utf-16be bom", append([]byte{0xfe, 0xff}, utf16be("车")...), UTF16BE, 2, 1},
		{"gb18030 bom", []byte("\x84\x31\x95\x33" + gbkMoves), GB18030, 4, 1},
		{"utf-16le no bom", utf16le("[Red \"许银川\"]\n1. 炮二平五"), UTF16LE, 0, 0.6},
		{"utf-16be no bom", utf16be("[Red \"许银川\"]\n1. 炮二平五"), UTF16BE, 0, 0.6},
		{"utf-8", []byte("1. 炮二平五 马８进７"), UTF8, 0, 0.99},
		{"utf-8 cut mid-character", []byte("1. 炮二平五 马８进７")[:20], UTF8, 0, 0.9},
		{"utf-8 one damaged byte", []byte("炮二平五 马８进７ 车一平二 \xff 车九进一"), UTF8, 0, 0.5},
		{"gbk", []byte(gbkMoves), GB18030, 0, 0.9},
		{"big5", []byte(big5Moves), Big5, 0, 0.9},
		{"gbk cut mid-character", []byte(gbkMoves[:len(gbkMoves)-1]), GB18030, 0, 0.9},
		{"big5 cut mid-character", []byte(big5Moves[:len(big5Moves)-1]), Big5, 0, 0.9},
		{"big5 后 and full-width digits", []byte("\xa6\x5a\xb0\xa8\xa2\xb1\xb6\x69\xa2\xb3"), Big5, 0, 0.9}, // 后馬２進４
		{"ascii beyond the limit", []byte(long + gbkMoves), UTF8, 0, 1},
	}
	for _, tt := range tests {
		d := Detect(tt.in)
		if d.Encoding != tt.want || d.BOM != tt.bom || d.Confidence < tt.minConf || d.Confidence > 1 {
			t.Errorf("%s: Detect = %+v, want %v with BOM %d and confidence ≥ %.2f", tt.name, d, tt.want, tt.bom, tt.minConf)
		}
	}
}

// decodeAll decodes b through Open and io.ReadAll.
func decodeAll(t *testing.T, r io.Reader, enc Encoding) (string, *Decoder) {
	t.Helper()
	d, err := Open(r, enc)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	out, err := io.ReadAll(d)
	if err != nil {
		t.Fatalf("ReadAll: %v", err)
	}
	return string(out), d
}

func TestDecodeInvalid(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		enc     Encoding
		want    string
		invalid int
		first   int64
	}{
		{"gbk clean", gbkMoves, GB18030, "车九进一 炮八退一", 0, -1},
		{"gbk bad bytes", "ab\xff" + "\xb3\xb5" + "\x81 " + "\xb3", GB18030, "ab\uFFFD车\uFFFD \uFFFD", 3, 2},
		{"gb18030 four-byte", "\x81\x30\x81\x30\x90\x30\x81\x30", GB18030, "\u0080\U00010000", 0, -1},
		{"gb18030 encodes U+FFFD", "\x84\x31\xa4\x37", GB18030, "\uFFFD", 0, -1},
		{"gb18030 bad four-byte", "x\x81\x30\x20\x30", GB18030, "x\uFFFD0 0", 1, 1},
		{"big5 clean", big5Moves, Big5, "車九進一 炮八退一", 0, -1},
		{"big5 bad trail", "\xa8\xae\xa4\x20\xff", Big5, "車\uFFFD \uFFFD", 2, 2},
		{"big5 unmapped pair", "z\x80\x40", Big5, "z\uFFFD@", 1, 1},
		{"utf-8 with bom and bad bytes", "\xef\xbb\xbfab\xffc\xe8\xbd", UTF8, "ab\uFFFDc\uFFFD\uFFFD", 3, 5}, // like Go, one U+FFFD per byte of a cut sequence
		{"utf-8 legit U+FFFD", "a\uFFFDb", UTF8, "a\uFFFDb", 0, -1},
		{"utf-16le odd length", "\x66\x8f\x41", UTF16LE, "车\uFFFD", 1, 2},
		{"utf-16le lone surrogate", "\x00\xd8\x41\x00", UTF16LE, "\uFFFDA", 1, 0},
		{"utf-16 with be bom", "\xfe\xff\x8f\x66", UTF16, "车", 0, -1},
		{"utf-16 no bom", "\x41\x00\x42\x00", UTF16, "AB", 0, -1},
	}
	for _, tt := range tests {
		for _, rd := range []struct {
			name string
			r    func() io.Reader
		}{
			{"reader", func() io.Reader { return strings.NewReader(tt.in) }},
			{"one-byte reader", func() io.Reader { return iotest.OneByteReader(strings.NewReader(tt.in)) }},
		} {
			got, d := decodeAll(t, rd.r(), tt.enc)
			if got != tt.want || d.InvalidCount() != tt.invalid || d.FirstInvalid() != tt.first {
				t.Errorf("%s (%s): got %q, %d invalid, first %d; want %q, %d, %d",
					tt.name, rd.name, got, d.InvalidCount(), d.FirstInvalid(), tt.want, tt.invalid, tt.first)
			}
		}
		text, _, inv := DecodeBytes([]byte(tt.in), tt.enc)
		if text != tt.want || inv != tt.invalid {
			t.Errorf("%s: DecodeBytes = %q, %d; want %q, %d", tt.name, text, inv, tt.want, tt.invalid)
		}
	}
}

func TestDecodeExplicitOverrides(t *testing.T) {
	got, d := decodeAll(t, strings.NewReader(gbkMoves), Big5)
	if d.Detection() != (Detection{Encoding: Big5, Confidence: 1}) {
		t.Errorf("Detection = %+v, want Big5 with confidence 1", d.Detection())
	}
	if got == "车九进一 炮八退一" {
		t.Error("explicit Big5 was ignored")
	}
	// A UTF-8 BOM is skipped under explicit UTF-8, kept under GB18030.
	if got, _ := decodeAll(t, strings.NewReader("\xef\xbb\xbfa"), UTF8); got != "a" {
		t.Errorf("utf-8 with BOM = %q", got)
	}
	if _, err := Open(strings.NewReader(""), Encoding(42)); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("Open with a bad encoding: %v", err)
	}
}

// TestDecodeDeferredDetection covers a file whose first DetectLimit bytes
// are ASCII (tags of many games) and whose Chinese text comes later.
func TestDecodeDeferredDetection(t *testing.T) {
	ascii := strings.Repeat("[Event \"Test\"]\n1. h2e2 h9g7 *\n\n", 2*DetectLimit/30)
	for _, tt := range []struct {
		tail string
		want Encoding
		text string
	}{
		{"{" + gbkMoves + "}", GB18030, "{车九进一 炮八退一}"},
		{"{" + big5Moves + "}", Big5, "{車九進一 炮八退一}"},
		{"{炮二平五}", UTF8, "{炮二平五}"},
	} {
		for _, r := range []io.Reader{
			strings.NewReader(ascii + tt.tail),
			iotest.OneByteReader(strings.NewReader(ascii + tt.tail)),
		} {
			d, err := Open(r, Auto)
			if err != nil {
				t.Fatal(err)
			}
			if d.Detection().Encoding != UTF8 || d.Detection().Confidence != 1 {
				t.Errorf("before reading: %+v", d.Detection())
			}
			out, err := io.ReadAll(d)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Detection().Encoding; got != tt.want {
				t.Errorf("%v tail: detected %v", tt.want, got)
			}
			if string(out) != ascii+tt.text || d.InvalidCount() != 0 {
				t.Errorf("%v tail: wrong text (%d invalid)", tt.want, d.InvalidCount())
			}
		}
		text, det, inv := DecodeBytes([]byte(ascii+tt.tail), Auto)
		if text != ascii+tt.text || det.Encoding != tt.want || inv != 0 {
			t.Errorf("DecodeBytes with %v tail: %+v, %d invalid", tt.want, det, inv)
		}
	}
}

// TestDecodeChunkBoundaries decodes text long enough to cross every internal
// buffer boundary, with characters of every length straddling them.
func TestDecodeChunkBoundaries(t *testing.T) {
	var sb strings.Builder
	for i := 0; sb.Len() < 5*decoderBuf; i++ {
		sb.WriteString("炮二平五 马８进７ ")
		sb.WriteString(strings.Repeat("x", i%7))
		sb.WriteString("\U0001F600")
	}
	text := sb.String()
	for _, enc := range []Encoding{UTF8, GB18030, UTF16LE, UTF16BE} {
		b, err := EncodeString(text, enc)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []io.Reader{bytes.NewReader(b), iotest.HalfReader(bytes.NewReader(b)), iotest.DataErrReader(bytes.NewReader(b))} {
			got, d := decodeAll(t, r, enc)
			if got != text || d.InvalidCount() != 0 {
				t.Errorf("%v: round trip through the decoder differs (%d invalid)", enc, d.InvalidCount())
			}
		}
	}
}

func TestDecodeReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader(gbkMoves+" "), iotest.ErrReader(boom))
	d, err := Open(r, Auto)
	if err == nil {
		t.Fatalf("Open succeeded on a failing reader: %+v", d.Detection())
	}
	if !errors.Is(err, boom) {
		t.Errorf("Open error %v does not wrap the reader's", err)
	}
	// Failing after the detection window: the text before it comes first.
	long := strings.Repeat("a", DetectLimit+100)
	d, err = Open(io.MultiReader(strings.NewReader(long), iotest.ErrReader(boom)), Auto)
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(d)
	if !errors.Is(err, boom) || string(out) != long {
		t.Errorf("ReadAll = %d bytes, %v; want %d bytes and the reader's error", len(out), err, len(long))
	}
	// A reader that never makes progress.
	_, err = Open(emptyReader{}, UTF8)
	if !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("Open(emptyReader) = %v, want io.ErrNoProgress", err)
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

func TestEncodeString(t *testing.T) {
	tests := []struct {
		in   string
		enc  Encoding
		want string
	}{
		{"车九进一 炮八退一", GB18030, gbkMoves},
		{"車九進一 炮八退一", Big5, big5Moves},
		{"後", Big5, "\xab\xe1"},
		{"后", Big5, "\xa6\x5a"},
		{"後", GB18030, "\xe1\xe1"},
		{"后", GB18030, "\xba\xf3"},
		{"１", Big5, "\xa2\xb0"},
		{"１", GB18030, "\xa3\xb1"},
		{"包", Big5, "\xa5\x5d"}, // x/text alone writes the HKSCS code FA BD
		{"港", Big5, "\xb4\xe4"},
		{"\U0002008A", Big5, "\xc8\x7c"}, // a CP950-range code for a character beyond the BMP
		{"€", GBK, "\x80"},
		{"a車€", GBK, "a" + mustGBK("車") + "\x80"},
		{"砲傌俥", GB18030, mustGBK("砲傌俥")}, // not in GB2312, but in GBK
		{"a车", UTF8, "a车"},
		{"车", UTF16LE, "\x66\x8f"},
		{"车", UTF16BE, "\x8f\x66"},
	}
	for _, tt := range tests {
		got, err := EncodeString(tt.in, tt.enc)
		if err != nil || string(got) != tt.want {
			t.Errorf("EncodeString(%q, %v) = % x, %v; want % x", tt.in, tt.enc, got, err, tt.want)
		}
	}
}

// mustGBK encodes s with the GB18030 encoder and checks that every
// character took two bytes (a GBK code).
func mustGBK(s string) string {
	b, err := EncodeString(s, GB18030)
	if err != nil || len(b) != 2*utf8.RuneCountInString(s) {
		panic("not GBK: " + s)
	}
	return string(b)
}

func TestEncodeUnencodable(t *testing.T) {
	tests := []struct {
		in     string
		enc    Encoding
		rune   rune
		offset int
		prefix string
	}{
		{"車九進一 车", Big5, '车', 13, "\xa8\xae\xa4\x45\xb6\x69\xa4\x40 "},
		{"俥", Big5, '俥', 0, ""},
		{"ab\xffc", GB18030, -1, 2, "ab"},
		{"ab\xe8\xbd", UTF8, -1, 2, "ab"},
		{"ab\xe8\xbd", Big5, -1, 2, "ab"},
	}
	for _, tt := range tests {
		got, err := EncodeString(tt.in, tt.enc)
		var ue *UnencodableError
		if !errors.As(err, &ue) || !errors.Is(err, ErrUnencodable) {
			t.Errorf("EncodeString(%q, %v) error = %v, want *UnencodableError", tt.in, tt.enc, err)
			continue
		}
		if ue.Rune != tt.rune || ue.Offset != tt.offset || ue.Encoding != tt.enc || string(got) != tt.prefix {
			t.Errorf("EncodeString(%q, %v) = % x, %+v; want rune %q at %d after % x", tt.in, tt.enc, got, ue, tt.rune, tt.offset, tt.prefix)
		}
		if msg := err.Error(); !strings.Contains(msg, tt.enc.String()) {
			t.Errorf("message %q does not name the encoding", msg)
		}
	}
	for _, enc := range []Encoding{Auto, UTF16, Encoding(-1)} {
		if _, err := EncodeString("x", enc); !errors.Is(err, ErrUnknownEncoding) {
			t.Errorf("EncodeString to %v: %v", enc, err)
		}
	}
}

// TestGB18030WritesGBK checks, over the whole BMP, that every character GBK
// has gets the same bytes from the GB18030 encoder as from x/text's GBK
// encoder (the euro sign excepted).
func TestGB18030WritesGBK(t *testing.T) {
	n := 0
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if r == '€' || (r >= 0xD800 && r <= 0xDFFF) {
			continue
		}
		gbk, err := encodeGBKStrict(string(r))
		if err != nil {
			continue // not in GBK
		}
		got, err := EncodeString(string(r), GB18030)
		if err != nil || !bytes.Equal(got, gbk) {
			t.Fatalf("%U: gb18030 % x, gbk % x", r, got, gbk)
		}
		n++
	}
	if n < 21000 {
		t.Errorf("only %d GBK characters", n)
	}
}

// encodeGBKStrict encodes s with x/text's GBK encoder, which fails for
// characters outside GBK.
func encodeGBKStrict(s string) ([]byte, error) {
	b, _, err := transform.Bytes(simplifiedchinese.GBK.NewEncoder(), []byte(s))
	return b, err
}

// TestGB18030RoundTripAll encodes every Unicode scalar value to GB18030 and
// decodes it back: all must survive except the private-use characters the
// encoder refuses.
func TestGB18030RoundTripAll(t *testing.T) {
	bom := []byte{0x84, 0x31, 0x95, 0x33} // keeps a U+FEFF that follows from being taken for a BOM
	refused := 0
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		b, err := EncodeString(string(r), GB18030)
		if err != nil {
			var ue *UnencodableError
			if !errors.As(err, &ue) || ue.Rune != r || r < 0xE000 || r > 0xF8FF {
				t.Fatalf("%U: %v", r, err)
			}
			refused++
			continue
		}
		if back, _, inv := DecodeBytes(append(bom, b...), GB18030); back != string(r) || inv != 0 {
			t.Fatalf("%U → % x → %q", r, b, back)
		}
	}
	t.Logf("%d private-use characters refused", refused)
}

func TestEncoder(t *testing.T) {
	text := "[Event \"象棋\"]\n1. 炮二平五 马８进７\n"
	want, _ := EncodeString(text, GB18030)
	var buf bytes.Buffer
	e, err := NewEncoder(&buf, GB18030)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(text); i++ { // split every character
		if n, err := e.Write([]byte{text[i]}); n != 1 || err != nil {
			t.Fatalf("Write byte %d: %d, %v", i, n, err)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("streamed % x, want % x", buf.Bytes(), want)
	}
	if _, err := e.Write([]byte("x")); err == nil {
		t.Error("Write after Close succeeded")
	}

	// An unencodable character: position counted over all writes.
	buf.Reset()
	e, _ = NewEncoder(&buf, Big5)
	e.Write([]byte("車九進"))
	n, err := e.Write([]byte("一车"))
	var ue *UnencodableError
	if !errors.As(err, &ue) || ue.Rune != '车' || ue.Offset != 12 || n != 3 {
		t.Errorf("Write = %d, %v; want 3 and 车 at 12", n, err)
	}
	if got, _ := EncodeString("車九進一", Big5); !bytes.Equal(buf.Bytes(), got) {
		t.Errorf("written before the error: % x", buf.Bytes())
	}
	if _, err2 := e.Write([]byte("a")); err2 != err {
		t.Errorf("error not sticky: %v", err2)
	}

	// A character cut at the end.
	e, _ = NewEncoder(io.Discard, UTF8)
	e.Write([]byte("车")[:2])
	if err := e.Close(); !errors.Is(err, ErrUnencodable) {
		t.Errorf("Close with a cut character: %v", err)
	}

	// A failing writer.
	boom := errors.New("full")
	e, _ = NewEncoder(failWriter{boom}, UTF8)
	if _, err := e.Write([]byte("abc")); !errors.Is(err, boom) {
		t.Errorf("Write to a failing writer: %v", err)
	}
	if _, err := NewEncoder(io.Discard, Auto); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("NewEncoder(Auto): %v", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestGlyph(t *testing.T) {
	tests := []struct {
		in   string
		want rune
	}{
		{"车車俥硨伡砗", '车'},
		{"马馬傌㐷", '马'},
		{"炮砲包", '炮'},
		{"帅帥", '帅'},
		{"将將", '将'},
		{"进進上", '进'},
		{"退下", '退'},
		{"后後", '后'},
		{"一壹", '一'}, {"二贰貳", '二'}, {"三叁參叄参", '三'}, {"四肆", '四'}, {"五伍", '五'},
		{"六陆陸", '六'}, {"七柒", '七'}, {"八捌", '八'}, {"九玖", '九'},
		{"0０", '0'}, {"1１", '1'}, {"5５", '5'}, {"9９", '9'},
		{"AＡ", 'A'}, {"ZＺ", 'Z'}, {"aａ", 'a'}, {"zｚ", 'z'}, {"hｈ", 'h'},
		{"+＋", '+'}, {"-－\u2212", '-'}, {".．", '.'}, {"=＝", '='},
		{" \u3000\u00a0", ' '},
	}
	for _, tt := range tests {
		for _, r := range tt.in {
			if got := Glyph(r); got != tt.want {
				t.Errorf("Glyph(%q) = %q, want %q", r, got, tt.want)
			}
		}
	}
	for _, r := range "仕士相象兵卒平前中一二三四五六七八九帅将进退后马车炮红黑象棋（）：，。！@#ＸＹ" {
		want := r
		if r == 'Ｘ' || r == 'Ｙ' {
			want = r - 'Ｘ' + 'X'
		}
		if got := Glyph(r); got != want {
			t.Errorf("Glyph(%q) = %q, want it unchanged", r, got)
		}
	}
	// Canonical forms are fixed points.
	for r := rune(0); r < 0x10000; r++ {
		if g := Glyph(r); Glyph(g) != g {
			t.Errorf("Glyph(Glyph(%U)) = %U, not %U", r, Glyph(g), g)
		}
	}
}

func TestNormalizeMoveText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"車九進一", "车九进一"},
		{"後馬進六", "后马进六"},
		{"砲８平５", "炮8平5"},
		{"傌二上三", "马二进三"},
		{"俥一下一", "车一退一"},
		{"帥五平四", "帅五平四"},
		{"將５平４", "将5平4"},
		{"炮贰平伍", "炮二平五"},
		{"Ｃ２．５", "C2.5"},
		{"Ｈ２＋３", "H2+3"},
		{"h2e2", "h2e2"},
		{"前\u3000炮", "前 炮"},
		{"bad\xff", "bad\uFFFD"},
	}
	for _, tt := range tests {
		if got := string(NormalizeMoveText([]byte("»"), tt.in)); got != "»"+tt.want {
			t.Errorf("NormalizeMoveText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = NormalizeMoveText(buf[:0], "後馬進六") }); n != 0 {
		t.Errorf("NormalizeMoveText allocates %v times", n)
	}
}

func TestScript(t *testing.T) {
	tests := []struct {
		f    func(string) (string, error)
		in   string
		want string
	}{
		{ToSimplified, "車九進一 後馬進六 帥五平四 紅勝", "车九进一 后马进六 帅五平四 红胜"},
		{ToSimplified, "許銀川 先勝 呂欽", "许银川 先胜 吕钦"},
		{ToSimplified, "下著變二", "下着变二"},
		{ToSimplified, "Hu Ronghua", "Hu Ronghua"},
		{ToTraditional, "车九进一 后马进六 帅五平四 红胜", "車九進一 後馬進六 帥五平四 紅勝"},
		{ToTraditional, "为了说明", "為了說明"},
		{ToTraditional, "", ""},
	}
	for _, tt := range tests {
		got, err := tt.f(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("convert(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// Concurrent use (run with -race).
	done := make(chan string)
	for range 8 {
		go func() {
			s, _ := ToTraditional("胡荣华 后胜 柳大华")
			done <- s
		}()
	}
	for range 8 {
		if s := <-done; s != "胡榮華 後勝 柳大華" {
			t.Errorf("concurrent ToTraditional = %q", s)
		}
	}
}

// TestDecoderReusesBuffers: a Decoder that reached the end of a small input gives its buffers
// back, so that reading many small files does not clear a fresh 64 KiB buffer for each.
func TestDecoderReusesBuffers(t *testing.T) {
	src := []byte("[Event \"\xcf\xf3\xc6\xe5\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *\n") // GBK
	read := func() {
		d, err := Open(bytes.NewReader(src), Auto)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, d); err != nil {
			t.Fatal(err)
		}
		if n, err := d.Read(make([]byte, 8)); n != 0 || err != io.EOF {
			t.Fatalf("Read after the end = %d, %v; want 0, EOF", n, err)
		}
	}
	if per := memtest.BytesPerRun(200, read); per > decoderBuf/4 {
		t.Errorf("decoding %d bytes allocates %d bytes a time; want the buffers reused", len(src), per)
	}
}

// TestDecodeBytesAllocations: DecodeBytes (every string of an XQF file) copies the text out of
// a reused buffer instead of growing a fresh one each time, and detection scores into a reused
// buffer. (Before: 5, 4 and 8 allocations.)
func TestDecodeBytesAllocations(t *testing.T) {
	src := []byte(gbkMoves)
	for _, c := range []struct {
		enc  Encoding
		most float64
	}{{GBK, 3}, {Big5, 2}, {Auto, 5}} {
		if n := testing.AllocsPerRun(100, func() { DecodeBytes(src, c.enc) }); n > c.most {
			t.Errorf("DecodeBytes(%d bytes, %v) allocates %.0f times; want at most %.0f", len(src), c.enc, n, c.most)
		}
	}
}
