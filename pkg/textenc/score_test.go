package textenc

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// refUTF8Stats is utf8Stats without its early stop: the counts over the whole prefix.
func refUTF8Stats(p []byte) (valid, invalid int) {
	for i := 0; i < len(p); {
		if p[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			if !utf8.FullRune(p[i:]) {
				break
			}
			invalid++
		} else {
			valid++
		}
		i += n
	}
	return valid, invalid
}

// refScoreGBBig5 is scoreGBBig5 with every step decoded by the decoders alone.
func refScoreGBBig5(p []byte) (gb, big5 int) {
	tg, tb := newDecodeTransformer(GB18030), newDecodeTransformer(Big5)
	buf := make([]byte, 3*scoreStep+16)
	pg, pb := 0, 0
	for {
		sg, ng := scoreStepDecode(tg, p[pg:min(len(p), pg+scoreStep)], buf)
		sb, nb := scoreStepDecode(tb, p[pb:min(len(p), pb+scoreStep)], buf)
		gb, big5, pg, pb = gb+sg, big5+sb, pg+ng, pb+nb
		if ng == 0 && nb == 0 || abs(gb-big5) >= scoreDecisive {
			return gb, big5
		}
	}
}

// refDetectText is detectText from the reference counts and scores.
func refDetectText(p []byte) Detection {
	valid, invalid := refUTF8Stats(p)
	if invalid == 0 {
		if valid == 0 {
			return Detection{Encoding: UTF8, Confidence: 1}
		}
		c := 1.0
		for i := 0; i <= valid && i < 16; i++ {
			c /= 2
		}
		return Detection{Encoding: UTF8, Confidence: 1 - c}
	}
	if valid >= 4 && valid >= 8*invalid {
		return Detection{Encoding: UTF8, Confidence: float64(valid) / float64(valid+2*invalid)}
	}
	sg, sb := refScoreGBBig5(p)
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

// checkSameDetection fails when the fast scoring or the early stop of utf8Stats changes a
// verdict, a score or the counts that decide one.
func checkSameDetection(t *testing.T, name string, p []byte) {
	t.Helper()
	p = p[:min(len(p), DetectLimit)]
	if g, b := scoreGBBig5(p); true {
		if rg, rb := refScoreGBBig5(p); g != rg || b != rb {
			t.Errorf("%s: scores GB18030 %d, Big5 %d; decoders alone give %d, %d", name, g, b, rg, rb)
		}
	}
	v, i := utf8Stats(p)
	if rv, ri := refUTF8Stats(p); (v != rv || i != ri) && (ri == 0 || rv >= 8*ri) {
		t.Errorf("%s: utf8Stats stopped at %d valid, %d invalid (whole prefix %d, %d) where the counts decide", name, v, i, rv, ri)
	}
	if got, want := detectText(p), refDetectText(p); got != want {
		t.Errorf("%s: detectText = %+v, want %+v", name, got, want)
	}
}

// scoreTexts are the benchmark record in GB18030 and UTF-8 and a traditional one in Big5.
func scoreTexts(t testing.TB) [][]byte {
	var out [][]byte
	for _, c := range []struct {
		text string
		enc  Encoding
	}{{benchGame, GB18030}, {benchGame, UTF8}, {"[Event \"全國象棋個人賽\"]\r\n 1. 炮二平五 馬８進７\r\n 2. 馬二進三 車９平８ 1-0\r\n", Big5}} {
		data, err := EncodeString(c.text, c.enc)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	// UTF-8 whose damaged bytes come first: the two-byte sequences after them just keep
	// valid >= 8*invalid, so utf8Stats must not stop at the third bad byte.
	out = append(out, []byte("\xff\xff\xff"+strings.Repeat("д", 24)), []byte("\xff\xff\xff"+strings.Repeat("д", 23)))
	return out
}

// TestFastScoringSameAsDecoders compares detection with the decoders alone on the shared
// corpus's text files, on the benchmark record in every encoding and on random mixes of
// ASCII, lead, trail and four-byte GB18030 bytes.
func TestFastScoringSameAsDecoders(t *testing.T) {
	for i, data := range scoreTexts(t) {
		checkSameDetection(t, "text "+string(rune('0'+i)), data)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 2000 {
		p := make([]byte, rng.IntN(3000))
		for i := range p {
			switch rng.IntN(6) {
			case 0:
				p[i] = byte(rng.IntN(0x80))
			case 1:
				p[i] = byte(0x30 + rng.IntN(10)) // four-byte GB18030 digits
			case 2:
				p[i] = byte(0x80 + rng.IntN(0x80))
			default:
				p[i] = byte(0xA1 + rng.IntN(0x5E))
			}
		}
		checkSameDetection(t, "random "+string(rune('0'+k%10)), p)
	}
	if _, err := os.Stat(corpusRoot); err != nil {
		t.Log("corpus not available: random and benchmark texts only")
		return
	}
	err := filepath.WalkDir(corpusRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checkSameDetection(t, path, b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// FuzzFastScoring checks that fast scoring and the early stop of utf8Stats keep every
// detection of arbitrary bytes.
func FuzzFastScoring(f *testing.F) {
	for _, data := range scoreTexts(f) {
		f.Add(data)
	}
	f.Add([]byte{0x81, 0x30, 0x81, 0x30, 0xB0, 0xA1, 0xFF, 0x80, 0xA4, 0x40})
	f.Fuzz(func(t *testing.T, p []byte) {
		checkSameDetection(t, "fuzz", p)
	})
}
