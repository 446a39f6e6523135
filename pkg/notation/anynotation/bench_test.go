package anynotation

import (
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/notationtest"
)

// benchResolveFormat measures Resolve (with or without the hint) + Append of one move in the
// style st, over moves of the oracle games.
func benchResolveFormat(b *testing.B, st style, hinted bool) {
	var cases []notationtest.Case
	var texts []string
	for _, c := range notationtest.Cases(2000) {
		text := string(st.n.Append(nil, c.Pos, c.Move))
		if _, err := Resolve(c.Pos, text, st.f); errors.Is(err, notation.ErrAmbiguous) {
			continue // platform texts shared by two moves
		}
		cases = append(cases, c)
		texts = append(texts, text)
	}
	hint := notation.Unknown
	if hinted {
		hint = st.f
	}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(cases)
		c := &cases[k]
		r, err := Resolve(c.Pos, texts[k], hint)
		if err != nil || r.Move != c.Move {
			b.Fatal(texts[k], err)
		}
		buf = st.n.Append(buf[:0], c.Pos, r.Move)
	}
}

// BenchmarkResolveFormatAny measures the dispatch layer: Resolve with the notation as hint,
// then Append, per notation and style; "detect" variants pass no hint.
func BenchmarkResolveFormatAny(b *testing.B) {
	for _, st := range styles {
		b.Run(st.name, func(b *testing.B) { benchResolveFormat(b, st, true) })
	}
	for _, st := range []style{styles[0], styles[2], styles[4], styles[6]} {
		b.Run(st.name+"-detect", func(b *testing.B) { benchResolveFormat(b, st, false) })
	}
}

// BenchmarkScanMove measures finding the end of a glued move.
func BenchmarkScanMove(b *testing.B) {
	texts := []string{"C2.5H8+7", "炮二平五马８进７", "前炮二退二车９平８", "車五10(吃)炮三7", "H2-E2H7-E7"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if ScanMove(texts[i%len(texts)]) == 0 {
			b.Fatal("no move")
		}
	}
}

// BenchmarkNotationValue measures the notation.Notation interface itself: a value's Resolve
// then Append, per notation and style, called through the interface.
func BenchmarkNotationValue(b *testing.B) {
	for _, st := range styles {
		b.Run(st.name, func(b *testing.B) {
			var cases []notationtest.Case
			var texts []string
			for _, c := range notationtest.Cases(2000) {
				text := string(st.n.Append(nil, c.Pos, c.Move))
				if m, _, err := st.n.Resolve(c.Pos, text); err == nil && m == c.Move {
					cases = append(cases, c)
					texts = append(texts, text)
				}
			}
			n := st.n
			buf := make([]byte, 0, 64)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % len(cases)
				c := &cases[k]
				m, _, err := n.Resolve(c.Pos, texts[k])
				if err != nil || m != c.Move {
					b.Fatal(texts[k], err)
				}
				buf = n.Append(buf[:0], c.Pos, m)
			}
		})
	}
}
