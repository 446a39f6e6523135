package textenc

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// DetectLimit is the number of leading bytes that detection looks at. Open
// reads this much before it decides; Detect ignores anything beyond it.
const DetectLimit = 8 << 10

// Detection is the result of guessing the encoding of a byte stream.
type Detection struct {
	// Encoding is the encoding the bytes are decoded with. It is never Auto
	// or UTF16.
	Encoding Encoding
	// Confidence, between 0 and 1, says how strongly the bytes favour
	// Encoding over the other candidates: 1 for a byte order mark, an
	// explicitly requested encoding, or bytes that decode identically in every
	// candidate (pure ASCII); about 0.5 when the evidence was even.
	Confidence float64
	// BOM is the length in bytes of the byte order mark at the start of the
	// input (0 if none). The decoder skips it.
	BOM int
}

// Byte order marks, longest first where one is a prefix of another.
var boms = [...]struct {
	b   []byte
	enc Encoding
}{
	{[]byte{0xEF, 0xBB, 0xBF}, UTF8},
	{[]byte{0x84, 0x31, 0x95, 0x33}, GB18030},
	{[]byte{0xFF, 0xFE}, UTF16LE},
	{[]byte{0xFE, 0xFF}, UTF16BE},
}

// bomOf returns the encoding and length of a byte order mark at the start of
// p, or Auto and 0.
func bomOf(p []byte) (Encoding, int) {
	for _, m := range boms {
		if bytes.HasPrefix(p, m.b) {
			return m.enc, len(m.b)
		}
	}
	return Auto, 0
}

// Detect guesses the encoding of text from its first bytes. Only the first
// DetectLimit bytes of prefix are examined, and prefix may be cut anywhere:
// an incomplete multibyte sequence at its end is ignored.
//
// The order of tests is: a byte order mark (UTF-8, UTF-16LE, UTF-16BE,
// GB18030); UTF-16 without a mark, recognised by NUL bytes on one side of
// each code unit; valid UTF-8 (pure ASCII included); and finally GB18030
// against Big5, decided by decoding the bytes both ways and scoring the
// characters typical of game records (piece names, 进/退/平, results,
// Chinese and full-width numerals, common punctuation) against decoding
// errors, private-use characters and characters unlikely in Chinese text.
func Detect(prefix []byte) Detection {
	if len(prefix) > DetectLimit {
		prefix = prefix[:DetectLimit]
	}
	if enc, n := bomOf(prefix); n > 0 {
		return Detection{Encoding: enc, Confidence: 1, BOM: n}
	}
	if d, ok := detectUTF16(prefix); ok {
		return d
	}
	return detectText(prefix)
}

// detectUTF16 recognises UTF-16 without a byte order mark by its NUL bytes:
// text with some ASCII in it has a zero high byte in many code units, while
// none of the other encodings produces NUL bytes in text.
func detectUTF16(p []byte) (Detection, bool) {
	pairs := len(p) / 2
	if pairs < 2 || bytes.IndexByte(p, 0) < 0 {
		return Detection{}, false // without a NUL byte neither side counts a zero
	}
	var zeroEven, zeroOdd int
	for i := 0; i+1 < len(p); i += 2 {
		if p[i] == 0 {
			zeroEven++
		}
		if p[i+1] == 0 {
			zeroOdd++
		}
	}
	switch {
	case zeroOdd*4 >= pairs && zeroEven*8 <= zeroOdd:
		return Detection{Encoding: UTF16LE, Confidence: utf16Confidence(zeroOdd, zeroEven, pairs)}, true
	case zeroEven*4 >= pairs && zeroOdd*8 <= zeroEven:
		return Detection{Encoding: UTF16BE, Confidence: utf16Confidence(zeroEven, zeroOdd, pairs)}, true
	}
	return Detection{}, false
}

func utf16Confidence(hits, misses, pairs int) float64 {
	c := 0.5 + 0.5*float64(hits-misses)/float64(pairs)
	return min(max(c, 0.5), 1)
}

// detectText decides between UTF-8, GB18030 and Big5 for text without a byte
// order mark. p may end in the middle of a multibyte sequence.
func detectText(p []byte) Detection {
	valid, invalid := utf8Stats(p)
	if invalid == 0 {
		if valid == 0 {
			return Detection{Encoding: UTF8, Confidence: 1} // ASCII: the same in every candidate
		}
		// The more multibyte sequences validate, the less likely the bytes
		// are GB18030 or Big5 that merely look like UTF-8.
		c := 1.0
		for i := 0; i <= valid && i < 16; i++ {
			c /= 2
		}
		return Detection{Encoding: UTF8, Confidence: 1 - c}
	}
	if valid >= 4 && valid >= 8*invalid {
		// UTF-8 with a few damaged bytes: GB18030 and Big5 text fails UTF-8
		// validation on nearly every non-ASCII byte.
		return Detection{Encoding: UTF8, Confidence: float64(valid) / float64(valid+2*invalid)}
	}
	sg, sb := scoreGBBig5(p)
	enc, win, lose := GB18030, sg, sb
	if sb > sg {
		enc, win, lose = Big5, sb, sg
	}
	conf := 0.5
	if d := abs(win) + abs(lose); d > 0 {
		conf = 0.5 + 0.5*float64(win-lose)/float64(d)
	}
	return Detection{Encoding: enc, Confidence: conf}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// utf8Stats counts the valid multibyte sequences and the invalid bytes of p,
// ignoring an incomplete sequence at its end. It stops early, with the counts
// so far, once the bytes left cannot bring valid up to 8*invalid: detectText
// then scores the bytes whatever the final counts.
func utf8Stats(p []byte) (valid, invalid int) {
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			if !utf8.FullRune(p[i:]) {
				break // cut at the end of the prefix
			}
			invalid++
			// Each valid sequence to come takes at least two bytes.
			if valid+(len(p)-i-1)/2 < 8*invalid {
				return valid, invalid
			}
		} else {
			valid++
		}
		i += n
	}
	return valid, invalid
}

// Weights of the detection score.
const (
	scoreTypical = 4  // a character typical of game records
	scoreOdd     = -2 // kana, Greek, Cyrillic, box drawing, rare ideographs
	scorePrivate = -4 // private-use area
	scoreError   = -8 // undecodable sequence
)

// Scoring decodes the prefix in steps of scoreStep bytes and stops early
// once the scores differ by scoreDecisive, which real records reach within
// their first few lines of Chinese text.
const (
	scoreStep     = 1 << 10
	scoreDecisive = 16 * scoreTypical
)

// scoreBufs holds the output buffers of scoreGBBig5: it runs for every file and XQF string.
var scoreBufs = sync.Pool{New: func() any { return new([3*scoreStep + 16]byte) }}

// scoreGBBig5 decodes p as GB18030 and as Big5 and scores both results.
func scoreGBBig5(p []byte) (gb, big5 int) {
	tg, tb := newDecodeTransformer(GB18030), newDecodeTransformer(Big5)
	buf := scoreBufs.Get().(*[3*scoreStep + 16]byte) // it escapes to the transformers
	defer scoreBufs.Put(buf)
	pg, pb := 0, 0
	for {
		sg, ng := scoreStepGB(tg, p[pg:min(len(p), pg+scoreStep)], buf[:])
		sb, nb := scoreStepBig5(tb, p[pb:min(len(p), pb+scoreStep)], buf[:])
		gb, big5, pg, pb = gb+sg, big5+sb, pg+ng, pb+nb
		if ng == 0 && nb == 0 || abs(gb-big5) >= scoreDecisive {
			return gb, big5
		}
	}
}

// scoreStepDecode decodes a prefix of p with t into buf and returns its
// score and the bytes consumed; an incomplete sequence at the end of p (the
// cut of the prefix) is left unconsumed.
func scoreStepDecode(t transform.Transformer, p, buf []byte) (score, n int) {
	nDst, n, _ := t.Transform(buf, p, false)
	for s := buf[:nDst]; len(s) > 0; {
		if s[0] < utf8.RuneSelf {
			s = s[1:]
			continue
		}
		r, size := utf8.DecodeRune(s)
		s = s[size:]
		score += runeScore(r)
	}
	return score, n
}

// runeScore weighs one decoded rune.
func runeScore(r rune) int {
	switch {
	case r < utf8.RuneSelf:
		return 0
	case r == utf8.RuneError:
		return scoreError
	case isTypical(r):
		return scoreTypical
	case 0x4E00 <= r && r <= 0x9FA5, // CJK unified ideographs in GBK and Big5
		0x3000 <= r && r <= 0x303F, // CJK punctuation
		0xFF01 <= r && r <= 0xFF5E: // full-width forms
		return 0
	case 0xE000 <= r && r <= 0xF8FF:
		return scorePrivate
	}
	return scoreOdd
}

// typicalRunes lists characters common in Xiangqi game records, in both
// scripts: pieces, move words, results, numerals, tag words, punctuation.
const typicalRunes = "" +
	"车車俥硨马馬傌炮砲包兵卒帅帥将將仕士相象" +
	"进進退平后後前中" +
	"红紅黑胜勝负負和先局棋" +
	"一二三四五六七八九十" +
	"０１２３４５６７８９" +
	"，。：；（）！？、「」" +
	"年月日赛賽对對着著变變方第步走吃杀殺军軍届屆全国國个個人的了是在不" +
	"为為这這以手得子兑兌攻守势勢优優劣布开開谱譜名杯队隊锦錦标標"

// typicalBits is typicalRunes as a bit set over the BMP.
var typicalBits = func() *[0x10000 / 64]uint64 {
	var bits [0x10000 / 64]uint64
	for _, r := range typicalRunes {
		bits[r/64] |= 1 << (r % 64)
	}
	return &bits
}()

func isTypical(r rune) bool {
	return r < 0x10000 && typicalBits[r/64]&(1<<(r%64)) != 0
}
