package textenc

// DetectPrior guesses the encoding of text whose usual encoding is prior, for formats that
// store no encoding mark but whose writers nearly always use one code page (XQF: GBK). It
// answers as Detect does, except that it leaves prior for Big5 (or GB18030, when prior is
// Big5) only when the evidence is strong: Detect must be confident (at least 0.75) and the
// characters must also be common ones in the other encoding's layout, by a margin of two
// characters.
//
// Detect alone weighs the characters that decoding yields; a short GBK string such as
// 笙箫夹鼓 (C9FA CFF4 BCD0 B9C4) decodes in Big5 to valid characters, one of them typical
// of game records (鯔鵿標嘆), and wins. Frequency settles it: GBK codes B0A1–D7FE hold the
// 3,755 most common characters (GB2312 level 1) and Big5 codes A440–C67E its 5,401 common
// ones; text in one encoding read as the other falls on rare or user-defined codes.
func DetectPrior(p []byte, prior Encoding) Detection {
	d := Detect(p)
	if prior == GBK {
		prior = GB18030
	}
	if prior != GB18030 && prior != Big5 || d.BOM > 0 ||
		d.Encoding != GB18030 && d.Encoding != Big5 || d.Encoding == prior {
		return d
	}
	gb, big5 := frequencyScores(p[:min(len(p), DetectLimit)])
	margin := big5 - gb
	if prior == Big5 {
		margin = gb - big5
	}
	if d.Confidence >= 0.75 && margin >= 2*freqCommon {
		return d
	}
	return Detection{Encoding: prior, Confidence: 1 - d.Confidence/2}
}

// Weights of frequencyScores, per two-byte character.
const (
	freqCommon = 2  // among the most common characters of the encoding
	freqRare   = -2 // a rare, user-defined or invalid code
)

// frequencyScores scores p read as GBK and as Big5 by where each two-byte code falls:
// common characters score freqCommon, punctuation and less common characters 0, rare and
// user-defined codes freqRare.
func frequencyScores(p []byte) (gb, big5 int) {
	for i := 0; i < len(p); {
		c0 := p[i]
		if c0 < 0x80 {
			i++
			continue
		}
		if i+1 == len(p) {
			break
		}
		c1 := p[i+1]
		switch {
		case c1 >= 0x30 && c1 <= 0x39: // a GB18030 four-byte sequence: a rare character
			gb += freqRare
			i += 4
			continue
		case c1 < 0xA1 || c1 == 0xFF: // GBK's extension rows: rare characters
			gb += freqRare
		case c0 >= 0xB0 && c0 <= 0xD7: // GB2312 level 1
			gb += freqCommon
		case c0 >= 0xA1 && c0 <= 0xA3, c0 >= 0xD8 && c0 <= 0xF7: // punctuation, level 2
		default: // kana, Greek, box drawing, user-defined areas
			gb += freqRare
		}
		switch {
		case c1 < 0x40 || c1 > 0x7E && c1 < 0xA1 || c1 == 0xFF:
			big5 += freqRare
		case c0 >= 0xA4 && c0 < 0xC6 || c0 == 0xC6 && c1 <= 0x7E:
			big5 += freqCommon
		case c0 >= 0xA1 && c0 <= 0xA3:
		default:
			big5 += freqRare
		}
		i += 2
	}
	return gb, big5
}
