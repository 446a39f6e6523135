package anynotation

import (
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
)

// prefix is the start of glued movetext: the first runes after textenc.Glyph normalization,
// each with its ASCII byte (0 when it has none) and the byte offset after it in the original.
type prefix struct {
	ends  [6]int
	ascii [6]byte
	n     int
}

// read fills p from the start of s.
func (p *prefix) read(s string) {
	for i := 0; i < len(s) && p.n < len(p.ends); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
			r = textenc.Glyph(r)
		}
		i += size
		if r < utf8.RuneSelf {
			p.ascii[p.n] = byte(r)
		}
		p.ends[p.n] = i
		p.n++
	}
}

// ascii reports whether the first k runes are all ASCII.
func (p *prefix) asciiRunes(k int) bool {
	if k > p.n {
		return false
	}
	for _, c := range p.ascii[:k] {
		if c == 0 {
			return false
		}
	}
	return true
}

// ScanMove returns the byte length of the single move token at the start of s, for movetext
// whose moves are glued together without separators ("C2.5H8+7", "Ｃ２．５Ｈ８＋７",
// "炮二平五马８进７", "炮三7車五10(吃)", "炮二3-五3马８进７"), or 0 when no move starts there. The
// registered notations are tried in the order of All. Characters are compared after
// textenc.Glyph normalization; the length counts the original bytes. A check mark after a
// move is not part of it.
func ScanMove(s string) int {
	var p prefix
	if p.read(s); p.n == 0 {
		return 0
	}
	for _, f := range order {
		if k := scanIn(f, s, &p); k > 0 {
			return k
		}
	}
	return 0
}

// scanIn returns the length of the move of notation f at the start of s, or 0: ICCS is five
// ASCII runes with a dash or four without, WXF four ASCII runes, Chinese five runes or four,
// and the platform format says itself where its moves end.
func scanIn(f notation.ID, s string, p *prefix) int {
	switch f {
	case notation.ICCS:
		if p.asciiRunes(5) && p.ascii[2] == '-' && iccsReads(s[:p.ends[4]]) {
			return p.ends[4]
		}
		if p.asciiRunes(4) && iccsReads(s[:p.ends[3]]) {
			return p.ends[3]
		}
	case notation.WXF:
		if p.asciiRunes(4) {
			if _, ok := wxf.TryParse(s[:p.ends[3]]); ok {
				return p.ends[3]
			}
		}
	case notation.Chinese:
		if p.ascii[0] != 0 {
			return 0
		}
		for _, k := range [...]int{5, 4} {
			if k <= p.n {
				if _, ok := chinese.TryParse(s[:p.ends[k-1]]); ok {
					return p.ends[k-1]
				}
			}
		}
	case notation.Platform:
		if p.ascii[0] == 0 {
			return platform.Scan(s)
		}
	}
	return 0
}

func iccsReads(text string) bool {
	_, ok := iccs.TryParse(text)
	return ok
}
