package textenc

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// TestEncodeLossy: a character the target cannot hold becomes '?' and is reported with its
// offset; GBK output has no GB18030 four-byte sequence; Big5 keeps the game over a U+FFFD.
func TestEncodeLossy(t *testing.T) {
	tests := []struct {
		in   string
		enc  Encoding
		want string
		reps []Replacement
	}{
		{"[Event \"😀\"]", GBK, "[Event \"?\"]", []Replacement{{'😀', 8}}},
		{"炮二平五 €", GBK, "\xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \x80", nil},
		{"𠀀车", GBK, "?\xb3\xb5", []Replacement{{0x20000, 0}}},
		{"\uFFFD後", Big5, "?\xab\xe1", []Replacement{{0xFFFD, 0}}},
		{"车馬", Big5, "?\xb0\xa8", []Replacement{{'车', 0}}},
		{"a\xffb", GB18030, "a?b", []Replacement{{-1, 1}}},
		{"😀", GB18030, "\x949\xfc6", nil},
	}
	for _, tt := range tests {
		got, rep, err := EncodeLossy(tt.in, tt.enc)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if string(got) != tt.want || rep.Count != len(tt.reps) || len(tt.reps) > 0 && !equalReps(rep.First, tt.reps) {
			t.Errorf("EncodeLossy(%q, %v) = %q, %+v; want %q, %+v", tt.in, tt.enc, got, rep, tt.want, tt.reps)
		}
	}
	many := strings.Repeat("😀x", 20)
	if _, rep, _ := EncodeLossy(many, GBK); rep.Count != 20 || len(rep.First) != MaxReplacements || rep.First[1].Offset != 5 {
		t.Errorf("20 emoji: %+v", rep)
	}
	if _, err := EncodeString("😀", GBK); !errors.Is(err, ErrUnencodable) {
		t.Errorf("EncodeString(😀, GBK) error %v, want ErrUnencodable", err)
	}
	if _, _, err := EncodeLossy("x", UTF16); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("EncodeLossy(UTF16) error %v", err)
	}
}

func equalReps(a, b []Replacement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestGBKAcceptedByIconv writes every character the GBK encoder knows and has iconv's GBK
// read it back (skipped without iconv).
func TestGBKAcceptedByIconv(t *testing.T) {
	if _, err := exec.LookPath("iconv"); err != nil {
		t.Skip("no iconv")
	}
	var all strings.Builder
	codes := gbkCodes()
	for r := range codes {
		if codes[r] != 0 {
			all.WriteRune(rune(r))
		}
	}
	all.WriteString("€[Event \"😀\"]\n")
	text := all.String()
	gbk, rep, err := EncodeLossy(text, GBK)
	if err != nil || rep.Count != 1 {
		t.Fatalf("EncodeLossy: %v, %+v", err, rep)
	}
	cmd := exec.Command("iconv", "-f", "gbk", "-t", "utf-8")
	cmd.Stdin = bytes.NewReader(gbk)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("iconv -f gbk rejects the output: %v", err)
	}
	if want := strings.Replace(text, "😀", "?", 1); string(out) != want {
		t.Errorf("iconv reads back %d bytes, want %d", len(out), len(want))
	}
	back, _, inv := DecodeBytes(gbk, GBK)
	if inv != 0 || back != strings.Replace(text, "😀", "?", 1) {
		t.Errorf("DecodeBytes(GBK) does not read the GBK output back (%d invalid)", inv)
	}
}

func TestParseOutputEncoding(t *testing.T) {
	for name, want := range map[string]Encoding{"gbk": GBK, " GB2312 ": GBK, "gb18030": GB18030,
		"": UTF8, "utf8": UTF8, "big5": Big5, "utf-16le": UTF16LE} {
		if got, err := ParseOutputEncoding(name); err != nil || got != want {
			t.Errorf("ParseOutputEncoding(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := ParseOutputEncoding("auto"); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("ParseOutputEncoding(auto) error %v", err)
	}
}

// TestFirstInvalidPos: the decoder places its first invalid sequence at the line and column
// of the decoded text, as the PGN reader counts them, also across reads and CRLF.
func TestFirstInvalidPos(t *testing.T) {
	long := strings.Repeat("\xd6\xd0\xce\xc4 abc\r\n", 5000) // 中文 in GBK, past the decoder's chunks
	tests := []struct {
		name      string
		in        string
		enc       Encoding
		line, col int
	}{
		{"none", "[Event \"x\"]\n", UTF8, 0, 0},
		{"first byte", "\xff", UTF8, 1, 1},
		{"utf8 line 3", "a\nb\r\n\xc3(\n\xff", UTF8, 3, 1},
		{"bare cr", "ab\rcd\xffe", UTF8, 2, 3},
		{"gbk", "[Event \"\xc5\xda\"]\r\n{\xc5\xda\x80\xff}", GB18030, 2, 4},
		{"big5", "後\n" + "\xab\xe1\xff", Big5, 2, 2},
		{"after chunks", long + "x\xff", GB18030, 5001, 2},
	}
	for _, tt := range tests {
		in := tt.in
		if tt.enc == Big5 {
			in = strings.Replace(in, "後", "\xab\xe1", 1)
		}
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(in)
			if oneByte {
				r = &oneByteReader{r}
			}
			d, err := Open(r, tt.enc)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, d); err != nil {
				t.Fatal(err)
			}
			if l, c := d.FirstInvalidPos(); l != tt.line || c != tt.col {
				t.Errorf("%s (one byte %v): FirstInvalidPos = %d:%d, want %d:%d", tt.name, oneByte, l, c, tt.line, tt.col)
			}
		}
	}
}

type oneByteReader struct{ r io.Reader }

func (o *oneByteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

// TestDetectPrior: with the GBK prior of XQF, a short GBK title stays GBK although Detect
// alone calls it Big5, while real Big5 text is still recognised.
func TestDetectPrior(t *testing.T) {
	gbk, _ := EncodeString("笙箫夹鼓", GBK)
	if d := Detect(gbk); d.Encoding != Big5 {
		t.Logf("Detect(笙箫夹鼓) = %+v (no longer the case this guards against)", d)
	}
	if d := DetectPrior(gbk, GBK); d.Encoding != GB18030 {
		t.Errorf("DetectPrior(笙箫夹鼓 in GBK) = %+v, want gb18030", d)
	}
	big5, err := EncodeString("第一屆全國象棋錦標賽 胡榮華 先勝 楊官璘 紅方開局 炮二平五 馬８進７", Big5)
	if err != nil {
		t.Fatal(err)
	}
	if d := DetectPrior(big5, GBK); d.Encoding != Big5 {
		t.Errorf("DetectPrior(Big5 text) = %+v, want big5", d)
	}
	for _, s := range []string{"胡荣华 杨官璘 全国象棋个人赛", "中炮对屏风马", "许银川"} {
		b, _ := EncodeString(s, GBK)
		if d := DetectPrior(b, GBK); d.Encoding != GB18030 {
			t.Errorf("DetectPrior(%s in GBK) = %+v, want gb18030", s, d)
		}
	}
}
