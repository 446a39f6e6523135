package txtgame

import (
	"testing"
	"unicode/utf16"

	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/textenc"
)

// gbk encodes s as GBK for the inputs that real archives hold in it.
func gbk(t *testing.T, s string) []byte {
	t.Helper()
	b, err := textenc.EncodeString(s, textenc.GBK)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// goldenInputs are synthetic texts of each layout and of each problem the reader reports.
func goldenInputs(t *testing.T) map[string][]byte {
	return map[string][]byte{
		// Two games of the multi-game layout in GBK with CRLF: a section line, spacing that
		// varies, a tiebreak mark, a last pair with Red's move only, 前/后.
		"multi": gbk(t, "第一站（上午）\r\n\r\n甲队张三  红先胜  乙队李四  （加2）\r\n\r\n"+
			"  1. 炮二平五  马８进７    2. 马二进三  车９平８    3. 车一平二  马２进３\r\n"+
			"  4. 兵七进一\r\n \r\n丙王五红先和丁赵六\r\n  1. 兵三进一  卒７进１\r\n"),
		// XQStudio's text export.
		"xqstudio": gbk(t, "\r\n"+dashes+"\r\n标题: 顺手炮\r\n赛事: 测试\r\n日期: \r\n地点: \r\n红方: 红方\r\n"+
			"黑方: 黑方\r\n结果: 黑胜\r\n评论: \r\n作者: 某人\r\n"+dashes+"\r\n"+
			"  1. 炮二平五  炮８平５    2. 马二进三  马８进７\r\n  3. 车一平二\r\n"+dashes+
			"\r\n棋谱由XQStudio生成 (http://www.qipaile.net/xqstudio)\r\n"),
		// One move per line after a FEN (UTF-8, trailing blanks), and the one-line form.
		"fen-lines": []byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n炮二平五  \n马８进７\n红胜"),
		"fen-one":   []byte("9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w, g4g8 d8d9 e6c7 d9e9 g8g9, 1-0\n"),
		// An illegal move ends the line; a move number out of sequence; moves after a
		// section line belong to no header.
		"problems": []byte("甲  红先负  乙\n  1. 炮二平五  马８进７    3. 马二进三  车９进９\n" +
			"  3. 车一平二\n插入的说明\n  4. 兵七进一  卒７进１\n"),
		// Moves without any header: no start position.
		"no-header": []byte("说明\n  1. 炮一进六  马6进8\n"),
		// A readme.
		"readme": []byte("这是一个说明文件。\nNothing here.\n"),
		// XQStudio's header block with a line that is no field and a result it does not know.
		"xqstudio-odd": []byte(dashes + "\n标题: x\n奇怪的行\n结果: 未知\n" + dashes + "\n  1. 炮二平五\n" + dashes + "\n"),
		// Traditional glyphs in Big5.
		"big5": big5(t, "甲  紅先負  乙\r\n\r\n  1. 炮二平五  馬８進７\r\n"),
		// UTF-16 with a byte order mark.
		"utf16": utf16LE("\uFEFF甲  红先胜  乙\r\n  1. 炮二平五  马８进７\r\n"),
		// Bytes that are not GBK.
		"bad-bytes": append(gbk(t, "甲  红先胜  乙\n  1. 炮二平五  马８进７\n"), 0x81, '\n'),
	}
}

// big5 encodes s as Big5.
func big5(t *testing.T, s string) []byte {
	t.Helper()
	b, err := textenc.EncodeString(s, textenc.Big5)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// utf16LE encodes s as UTF-16, little-endian.
func utf16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

const dashes = "----------------------------------------------------"

// TestGolden compares the dump of every game and file error of each synthetic input with
// testdata/NAME.golden. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	readertest.Golden(t, dec, goldenInputs(t), *update)
}

// TestSniff: each layout is recognized from its start, and texts that only look alike are
// not.
func TestSniff(t *testing.T) {
	for name, data := range goldenInputs(t) {
		want := name != "no-header" && name != "readme"
		if got := Sniff(data); got != want {
			t.Errorf("Sniff(%s) = %v, want %v", name, got, want)
		}
	}
	if !Sniff([]byte("4k4/9/9/9/9/9/9/9/9/4K4 w\n1. 帅五平四\n")) {
		t.Error("a FEN then a numbered move is not recognized")
	}
	for _, s := range []string{
		"",
		"甲  红先胜  乙\n\n说明\n", // a header without moves
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n",    // a FEN alone
		"1步杀1,4k4/5P3/9/9/9/9/9/9/9/4K4 w\n2步杀1,4k4/9/9/9/9/9/9/9/9/4K4 w\n", // a list of positions
		"[Event \"x\"]\n1. 炮二平五 马８进７\n",
		dashes + "\n说明\n",
	} {
		if Sniff([]byte(s)) {
			t.Errorf("Sniff(%q) = true", s)
		}
	}
}
