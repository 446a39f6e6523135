package hanconv

import (
	"strings"
	"testing"
)

// benchText is a comment of the kind archives hold, simplified.
var benchText = strings.Repeat("红方以中炮开局，黑方还以屏风马。第十回合红车过河捉卒，黑方马后藏车，局面复杂。"+
	"最后红方弃子抢攻，黑方应对失误，红胜。着法：车一平二 马８进７；后炮进二，黑方只能退士。"+
	"后来他发表了一篇关于象棋理论的文章，里面说干净利落的着法最难。", 4)

func BenchmarkToTraditional(b *testing.B) {
	ToTraditional("车") // load the dictionaries outside the loop
	b.SetBytes(int64(len(benchText)))
	b.ReportAllocs()
	for b.Loop() {
		ToTraditional(benchText)
	}
}

func BenchmarkToSimplified(b *testing.B) {
	text := ToTraditional(benchText)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		ToSimplified(text)
	}
}

// BenchmarkLoad parses the dictionaries of both conversions, the cost paid
// once per process on first use.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range []*converter{tw2s, s2tw} {
			for _, names := range c.files {
				for _, name := range names {
					loadDict(name)
				}
			}
		}
	}
}
