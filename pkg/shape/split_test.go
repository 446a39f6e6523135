package shape_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/shape"
)

func TestParseSplit(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"event", "event"}, {" Event ", "event"}, {"ECCO", "ecco"}, {"1000", "1000"}, {"1", "1"},
	} {
		s, err := shape.ParseSplit(tc.in)
		if err != nil || s.String() != tc.want {
			t.Errorf("ParseSplit(%q) = %v, %v; want %s", tc.in, s, err, tc.want)
		}
	}
	for _, in := range []string{"", "0", "-5", "events", "1e3", "2000000000", "10 games"} {
		if _, err := shape.ParseSplit(in); !errors.Is(err, shape.ErrSplit) {
			t.Errorf("ParseSplit(%q): %v, want ErrSplit", in, err)
		}
	}
	s, _ := shape.ParseSplit("ecco")
	e, _ := shape.ParseSplit("event")
	if !s.NeedsECCO() || e.NeedsECCO() {
		t.Error("NeedsECCO")
	}
}

func TestSplitKey(t *testing.T) {
	g := &game.Game{Tags: []game.Tag{{Name: "event", Value: "全国象棋个人赛 2023/决赛"}}}
	none := &game.Game{}
	split := func(s string) shape.Split {
		sp, err := shape.ParseSplit(s)
		if err != nil {
			t.Fatal(err)
		}
		return sp
	}
	for _, tc := range []struct {
		split string
		g     *game.Game
		seq   int
		ecco  string
		want  string
	}{
		{"event", g, 0, "", "全国象棋个人赛_2023_决赛"},
		{"event", none, 0, "", "no-event"},
		{"ecco", g, 0, "C45", "C45"},
		{"ecco", g, 0, "", "no-ecco"},
		{"1000", g, 0, "", "games-000001-001000"},
		{"1000", g, 999, "", "games-000001-001000"},
		{"1000", g, 1000, "", "games-001001-002000"},
		{"1", g, 41, "", "games-000042-000042"},
		{"3", g, 5_000_000, "", "games-4999999-5000001"},
	} {
		if got := split(tc.split).Key(tc.g, tc.seq, tc.ecco); got != tc.want {
			t.Errorf("%s: Key(seq %d) = %q, want %q", tc.split, tc.seq, got, tc.want)
		}
	}
	if got := (shape.Split{}).Key(g, 3, "C45"); got != "" {
		t.Errorf("zero Split: %q", got)
	}
}

func TestSafeName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Yinli Cup 1995", "Yinli_Cup_1995"},
		{"a/b\\c:d*e?f\"g<h>i|j", "a_b_c_d_e_f_g_h_i_j"},
		{"  ..hidden.. ", "hidden"},
		{"--rm -rf", "rm_-rf"},
		{"a\x00b\tc\nd", "a_b_c_d"},
		{"a   b", "a_b"},
		{"全角\u3000空格", "全角_空格"},
		{"bad\xffbyte", "bad_byte"},
		{"real\uFFFDchar", "real\uFFFDchar"},
		{"CON", "_CON"},
		{"nul.txt", "_nul.txt"},
		{"COM1", "_COM1"},
		{"COM0", "COM0"},
		{"CONSOLE", "CONSOLE"},
		{"", "empty"},
		{"///", "empty"},
		{"...", "empty"},
	} {
		if got := shape.SafeName(tc.in, "empty"); got != tc.want {
			t.Errorf("SafeName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	long := shape.SafeName(strings.Repeat("象", 200), "x")
	if len(long) > shape.MaxNameBytes || !utf8.ValidString(long) || len(long) < shape.MaxNameBytes-3 {
		t.Errorf("a long name gives %d bytes", len(long))
	}
}

func FuzzSafeName(f *testing.F) {
	for _, s := range []string{"Yinli Cup", "全国象棋个人赛", "CON.txt", "..", "a\xff/b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := shape.SafeName(s, "x")
		if out == "" || len(out) > shape.MaxNameBytes+1 || !utf8.ValidString(out) ||
			strings.ContainsAny(out, "/\\:*?\"<>|\x00 \t\n") || out == "." || out == ".." ||
			strings.HasPrefix(out, "-") || strings.HasSuffix(out, ".") {
			t.Fatalf("SafeName(%q) = %q", s, out)
		}
	})
}
