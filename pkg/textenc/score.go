package textenc

import (
	"sync"

	"golang.org/x/text/transform"
)

// Detection scores GB18030 against Big5 (scoreGBBig5). Nearly every byte of real records is
// ASCII or the lead of a two-byte sequence, and both decoders are stateless and consume such
// a sequence as one unit whatever follows it, so the score of each two-byte sequence is
// looked up in a table built once from the decoders themselves; anything else (a four-byte
// GB18030 sequence, a lone lead byte, a trail byte out of range, a sequence cut at the end
// of the step) hands the rest of the step to the decoder, which scores it as before. The
// scores and the bytes consumed are those of decoding the whole step (a test compares them).

// pairScores are the scores of the two-byte sequences of one encoding, by lead byte
// 0x81–0xFE and trail index.
type pairScores struct {
	trails int    // trail indexes per lead byte
	score  []int8 // (lead-0x81)*trails + trail index
}

// gbTrail returns the index of GB18030's two-byte trail byte c, or -1.
func gbTrail(c byte) int {
	switch {
	case c >= 0x40 && c < 0x7F:
		return int(c - 0x40)
	case c >= 0x80 && c < 0xFF:
		return int(c - 0x41)
	}
	return -1
}

// big5Trail returns the index of Big5's trail byte c, or -1.
func big5Trail(c byte) int {
	switch {
	case c >= 0x40 && c < 0x7F:
		return int(c - 0x40)
	case c >= 0xA1 && c < 0xFF:
		return int(c - 0x62)
	}
	return -1
}

// newPairScores decodes every two-byte sequence alone with enc's decoder and scores it.
func newPairScores(enc Encoding, trails int, trail func(byte) int) *pairScores {
	s := &pairScores{trails: trails, score: make([]int8, 126*trails)}
	t := newDecodeTransformer(enc)
	var dst [16]byte
	for c0 := 0x81; c0 <= 0xFE; c0++ {
		for c1 := 0x40; c1 <= 0xFE; c1++ {
			j := trail(byte(c1))
			if j < 0 {
				continue
			}
			t.Reset()
			score, _ := scoreStepDecode(t, []byte{byte(c0), byte(c1)}, dst[:])
			s.score[(c0-0x81)*trails+j] = int8(score)
		}
	}
	return s
}

var (
	gbPairScores   = sync.OnceValue(func() *pairScores { return newPairScores(GB18030, 190, gbTrail) })
	big5PairScores = sync.OnceValue(func() *pairScores { return newPairScores(Big5, 157, big5Trail) })
)

// scoreStepGB is scoreStepDecode for t, a GB18030 decoder.
func scoreStepGB(t transform.Transformer, p, buf []byte) (score, n int) {
	return scoreStepPairs(gbPairScores(), gbTrail, t, p, buf)
}

// scoreStepBig5 is scoreStepDecode for t, a Big5 decoder.
func scoreStepBig5(t transform.Transformer, p, buf []byte) (score, n int) {
	return scoreStepPairs(big5PairScores(), big5Trail, t, p, buf)
}

// scoreStepPairs scores the ASCII and two-byte sequences at the start of p from tab and the
// rest of p with t.
func scoreStepPairs(tab *pairScores, trail func(byte) int, t transform.Transformer, p, buf []byte) (score, n int) {
	i := 0
	for i < len(p) {
		c0 := p[i]
		if c0 < 0x80 {
			i++
			continue
		}
		if c0 == 0x80 || c0 == 0xFF || i+1 == len(p) {
			break
		}
		j := trail(p[i+1])
		if j < 0 {
			break
		}
		score += int(tab.score[int(c0-0x81)*tab.trails+j])
		i += 2
	}
	if i == len(p) {
		return score, i
	}
	s, m := scoreStepDecode(t, p[i:], buf)
	return score + s, i + m
}
