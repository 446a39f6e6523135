// Package hanconv converts Chinese text between simplified and traditional
// characters with the dictionaries of OpenCC (Open Chinese Convert), which are
// embedded in the package.
//
// Two conversions are offered, the two that game archives need:
// ToSimplified reads Taiwan-standard traditional text (what Big5 archives
// hold) and writes simplified text, as OpenCC's tw2s configuration does;
// ToTraditional writes Taiwan-standard traditional text, whose characters
// (為, 裡, 著) are the ones Big5 has, as OpenCC's s2tw configuration does.
//
// Each conversion is a chain of stages. A stage walks the text from left to
// right; at each position it asks its dictionaries in order for the longest
// entry (at most MaxMatch characters) that starts there, takes the first
// dictionary that has one, writes that entry's first candidate and moves past
// it; a character no dictionary knows is copied. Phrase dictionaries come
// before character dictionaries, so 後來 and 乾淨 are decided by the phrase,
// not by the characters one at a time. The output of one stage is the input
// of the next.
//
// The dictionaries are parsed on first use (tens of milliseconds, once per
// process); conversions are then safe for concurrent use and allocate only
// their result. Invalid UTF-8 bytes become U+FFFD, one per byte.
//
// The dictionary files are OpenCC's, unchanged, under the Apache License 2.0
// (see the NOTICE file at the root of the module).
package hanconv

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxMatch is the longest dictionary entry, in characters, that a stage
// matches; longer entries are never used. OpenCC's Go port matches within the
// same window, and keeping it keeps the results identical.
const MaxMatch = 10

// A stage is one pass over the text with a group of dictionaries asked in
// order.
type stage []*dict

// A converter is a chain of stages, loaded once.
type converter struct {
	files [][]string // dictionary file names, per stage
	once  sync.Once
	chain []stage
}

var (
	// tw2s: Taiwan variants back to OpenCC's standard forms, then
	// traditional to simplified.
	tw2s = &converter{files: [][]string{
		{"TWVariantsRevPhrases.txt", "TWVariantsRev.txt"},
		{"TSPhrases.txt", "TSCharacters.txt"},
	}}
	// s2tw: simplified to OpenCC's standard traditional, then to the
	// Taiwan variants.
	s2tw = &converter{files: [][]string{
		{"STPhrases.txt", "STCharacters.txt"},
		{"TWVariants.txt"},
	}}
)

// ToSimplified converts traditional Chinese text (Taiwan standard or OpenCC
// standard) to simplified, e.g. 車九進一 → 车九进一, 下著 → 下着,
// 許銀川 → 许银川. Other characters are copied.
func ToSimplified(s string) string { return tw2s.convert(s) }

// ToTraditional converts simplified Chinese text to Taiwan-standard
// traditional, e.g. 红胜 → 紅勝, 后马 → 後馬, 里面 → 裡面. Other characters are
// copied.
func ToTraditional(s string) string { return s2tw.convert(s) }

func (c *converter) load() {
	c.chain = make([]stage, len(c.files))
	for i, names := range c.files {
		for _, name := range names {
			c.chain[i] = append(c.chain[i], loadDict(name))
		}
	}
}

func (c *converter) convert(s string) string {
	if isASCII(s) {
		return s
	}
	c.once.Do(c.load)
	if !utf8.ValidString(s) {
		s = replaceInvalid(s)
	}
	for _, st := range c.chain {
		s = st.apply(s)
	}
	return s
}

// apply runs one stage over valid UTF-8 text.
func (st stage) apply(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			// No dictionary entry starts with an ASCII character: copy
			// the run.
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf {
				j++
			}
			b.WriteString(s[i:j])
			i = j
			continue
		}
		n := 0
		var value string
		for _, d := range st {
			if n, value = d.match(s[i:]); n > 0 {
				break
			}
		}
		if n > 0 {
			b.WriteString(value)
			i += n
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// replaceInvalid replaces each byte of an invalid UTF-8 sequence with U+FFFD,
// as a conversion to []rune does.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, r := range s {
		b.WriteRune(r)
	}
	return b.String()
}
