package textenc

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"
)

// benchGame is a game record in the ElephantEye layout, with tags, moves and
// a comment.
const benchGame = "[Game \"Chinese Chess\"]\r\n[Event \"全国象棋个人赛\"]\r\n[Round \"3\"]\r\n" +
	"[Red \"许银川\"]\r\n[Black \"吕钦\"]\r\n[Result \"1-0\"]\r\n[ECCO \"C45\"]\r\n" +
	"  1. 炮二平五 马８进７\r\n  2. 马二进三 车９平８\r\n{红方先手，黑方应以屏风马。}\r\n" +
	"  3. 车一平二 卒７进１\r\n  4. 车二进六 马２进３\r\n  5. 马八进七 象３进５\r\n" +
	"  6. 兵五进一 士４进５\r\n  7. 兵五进一 卒５进１\r\n  8. 马三进五 炮８进２\r\n" +
	"  9. 前车退二 后炮平７\r\n 10. 车九进一 车１平２ 1-0\r\n\r\n"

// benchText returns about 1 MiB of game records encoded as enc.
func benchText(b *testing.B, enc Encoding) []byte {
	b.Helper()
	text := strings.Repeat(benchGame, (1<<20)/len(benchGame)+1)
	data, err := EncodeString(text, enc)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func benchDecoder(b *testing.B, data []byte, enc Encoding) {
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		d, err := Open(bytes.NewReader(data), enc)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeGB18030 decodes GBK text with Decoder; compare with
// BenchmarkDecodeGB18030Baseline, x/text's transform.Reader on the same
// bytes, which neither detects nor tracks invalid input.
func BenchmarkDecodeGB18030(b *testing.B) {
	benchDecoder(b, benchText(b, GB18030), GB18030)
}

// BenchmarkDecodeGB18030Baseline is the bare x/text decoder.
func BenchmarkDecodeGB18030Baseline(b *testing.B) {
	data := benchText(b, GB18030)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := transform.NewReader(bytes.NewReader(data), simplifiedchinese.GB18030.NewDecoder())
		if _, err := io.Copy(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeAuto decodes the same GBK text with detection.
func BenchmarkDecodeAuto(b *testing.B) {
	benchDecoder(b, benchText(b, GB18030), Auto)
}

// BenchmarkDecodeBig5 decodes Big5 text.
func BenchmarkDecodeBig5(b *testing.B) {
	text, err := ToTraditional(benchGame)
	if err != nil {
		b.Fatal(err)
	}
	data, err := EncodeString(strings.Repeat(text, (1<<20)/len(text)+1), Big5)
	if err != nil {
		b.Fatal(err)
	}
	benchDecoder(b, data, Big5)
}

// BenchmarkDecodeUTF8 validates and copies UTF-8 text.
func BenchmarkDecodeUTF8(b *testing.B) {
	benchDecoder(b, benchText(b, UTF8), UTF8)
}

// BenchmarkDetect detects the encoding of a DetectLimit prefix.
func BenchmarkDetect(b *testing.B) {
	data := benchText(b, GB18030)[:DetectLimit]
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if Detect(data).Encoding != GB18030 {
			b.Fatal("wrong detection")
		}
	}
}

var glyphSink rune

// BenchmarkGlyph maps every character of traditional move text; one op is
// one character.
func BenchmarkGlyph(b *testing.B) {
	runes := []rune("車九進一後馬進六帥五平四炮８平５傌二上三俥一下一兵五進一將５平４象３進５")
	var s rune
	for i := 0; b.Loop(); i++ {
		s += Glyph(runes[i%len(runes)])
	}
	glyphSink = s
}

// BenchmarkNormalizeMoveText normalises one move token per op.
func BenchmarkNormalizeMoveText(b *testing.B) {
	buf := make([]byte, 0, 32)
	for b.Loop() {
		buf = NormalizeMoveText(buf[:0], "後馬進六")
	}
}

// benchEncode encodes about 1 MiB of game records as enc (Big5 without the simplified
// characters it lacks).
func benchEncode(b *testing.B, enc Encoding) {
	text := strings.Repeat(benchGame, (1<<20)/len(benchGame)+1)
	if enc == Big5 {
		text = strings.NewReplacer("许银川", "許銀川", "吕钦", "呂欽", "红方先手，黑方应以屏风马", "紅方先手，黑方應以屏風馬",
			"马", "馬", "车", "車", "进", "進", "后", "後", "全国象棋个人赛", "全國象棋個人賽").Replace(text)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := EncodeString(text, enc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeGBK(b *testing.B)  { benchEncode(b, GBK) }
func BenchmarkEncodeBig5(b *testing.B) { benchEncode(b, Big5) }
