package chinese

import (
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/notationtest"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in, canon string
	}{
		{"炮二平五", "炮二平五"}, {"砲二平五", "炮二平五"}, {"包２平５", "炮２平５"}, {"炮2平5", "炮2平5"},
		{"炮貳平伍", "炮二平五"}, {"馬８進７", "马８进７"}, {"傌二上三", "马二进三"}, {"车９平８", "车９平８"},
		{"車一下一", "车一退一"}, {"硨一進一", "车一进一"}, {"俥一进一", "车一进一"}, {"帥五進一", "帅五进一"},
		{"將５平４", "将５平４"}, {"士４进５", "士４进５"}, {"象３进５", "象３进５"}, {"卒３进１", "卒３进１"},
		{"前炮退二", "前炮退二"}, {"後炮進一", "后炮进一"}, {"前炮二退二", "前炮二退二"}, {"炮前退二", "前炮退二"},
		{"中兵进一", "中兵进一"}, {"一兵平五", "一兵平五"}, {"四卒平５", "四卒平５"}, {"前九平八", "前九平八"},
		{"前兵四平五", "前兵四平五"}, {"二兵四平五", "二兵四平五"},
	} {
		s, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := s.String(); got != c.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, got, c.canon)
		}
	}
	for _, c := range []struct {
		in   string
		want Digits
	}{{"炮二平五", DigitsRed}, {"马８进７", DigitsBlack}, {"炮2平5", DigitsUnknown}, {"前炮退二", DigitsRed}, {"一卒平５", DigitsBlack}} {
		if s, _ := Parse(c.in); s.Digits != c.want {
			t.Errorf("Parse(%q).Digits = %d, want %d", c.in, s.Digits, c.want)
		}
	}
	for _, bad := range []string{"", "炮二平", "炮二平五五", "炮二平十", "炮十平五", "六兵平五", "炮炮平五",
		"前后平五", "炮二平五 ", "C2.5", "前炮二退二一", "车五10", "马二进"} {
		if s, err := Parse(bad); !errors.Is(err, notation.ErrSyntax) {
			t.Errorf("Parse(%q) = %v, %v; want a syntax error", bad, s, err)
		}
	}
}

// FuzzParse: Parse never panics; an accepted text's canonical form parses to the same value;
// resolving never panics, and a resolved move formats to text that resolves to it again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"炮二平五", "马８进７", "前炮退二", "前炮二退二", "一兵平五", "前九平八", "車一進一", "炮前退二"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := notationtest.CheckParse(t, text, Parse)
		if !ok {
			return
		}
		for _, pos := range notationtest.FuzzPositions {
			m, ok := notationtest.CheckResolve(t, text, s, pos)
			if !ok {
				continue
			}
			for _, trad := range []bool{false, true} {
				out := string(Notation{trad}.Append(nil, pos, m))
				s3, err := Parse(out)
				if err != nil {
					t.Fatalf("%q: formatted %q: %v", text, out, err)
				}
				if m2, note, err := s3.ResolveNote(pos); err != nil || m2 != m || note != "" {
					t.Fatalf("%q -> %s -> %q -> %s %q, %v", text, m, out, m2, note, err)
				}
			}
		}
	})
}

// BenchmarkResolveFormatChinese measures parse + resolve + format (simplified) of one move.
func BenchmarkResolveFormatChinese(b *testing.B) {
	notationtest.BenchResolveFormat(b, Parse, func(dst []byte, pos *board.Position, m board.Move) []byte {
		return Notation{}.Append(dst, pos, m)
	})
}
