package platform

import (
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/notationtest"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in       string
		row, col int
		capture  bool
		canon    string
	}{
		{"炮二3-五3", 7, 4, false, "炮二3-五3"},
		{"砲２３五３", 7, 4, false, "炮二3-五3"},
		{"車九10-九1(吃)", 9, 0, true, "車九10-九1(吃)"},
		{"炮三7", 3, 6, false, "炮三7"},
		{"車五10(吃)", 0, 4, true, "車五10(吃)"},
		{"车五10（吃）", 0, 4, true, "車五10(吃)"},
		{"馬二5", 5, 7, false, "馬二5"},
		{"兵一1(吃)", 9, 8, true, "兵一1(吃)"},
		{"卒一1(吃)", 9, 8, true, "兵一1(吃)"},
		{"傌二５", 5, 7, false, "馬二5"},
		{"將五9", 1, 4, false, "帥五9"},
	} {
		s, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if s.To != board.NewSquare(c.row, c.col) || s.Capture != c.capture || s.String() != c.canon {
			t.Errorf("Parse(%q) = %+v (%s), want (%d,%d) %v %q", c.in, s, s.String(), c.row, c.col, c.capture, c.canon)
		}
	}
	for _, bad := range []string{"", "炮三", "炮三0", "炮三11", "炮十7", "炮三7(吃", "炮三7(吃)x", "炮三7吃", "C2.5", "炮二平五",
		"炮二3-", "炮二3-五", "炮二3--五3", "炮二3-五3-四3"} {
		if s, err := Parse(bad); !errors.Is(err, notation.ErrSyntax) {
			t.Errorf("Parse(%q) = %v, %v; want a syntax error", bad, s, err)
		}
	}
}

// FuzzParse: Parse never panics, and an accepted text's canonical form parses to the same
// value; resolving never panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"炮三7", "車五10(吃)", "馬二5", "兵一1(吃)", "车五10（吃）", "炮二3-五3", "馬二1三3"} {
		f.Add(s)
	}
	pos := board.StartPosition()
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := notationtest.CheckParse(t, text, Parse)
		if !ok {
			return
		}
		if m, err := s.Resolve(pos); err == nil {
			out := string(Notation{}.Append(nil, pos, m))
			if s3, err := Parse(out); err != nil || s3.To != s.To || s3.Role != s.Role {
				t.Fatalf("%q -> %s -> %q: %+v, %v", text, m, out, s3, err)
			} else if m3, err := s3.Resolve(pos); err != nil || m3 != m {
				t.Fatalf("%q -> %s -> %q -> %s, %v", text, m, out, m3, err)
			}
		}
	})
}

// BenchmarkResolveFormatPlatform measures parse + resolve + format of one move (the moves
// whose short-form text is ambiguous are skipped).
func BenchmarkResolveFormatPlatform(b *testing.B) {
	notationtest.BenchResolveFormat(b, Parse, Notation{}.Append)
}
