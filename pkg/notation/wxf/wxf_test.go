package wxf

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
		{"C2.5", "C2.5"}, {"C2=5", "C2.5"}, {"c2=5", "C2.5"}, {"62.5", "C2.5"}, {"Ｃ２．５", "C2.5"},
		{"H8+7", "H8+7"}, {"N8+7", "H8+7"}, {"h8+7", "H8+7"}, {"B3+5", "E3+5"}, {"E3+5", "E3+5"},
		{"C+-2", "C+-2"}, {"+C-2", "C+-2"}, {"+6-2", "C+-2"}, {"P..5", "P..5"}, {".P.5", "P..5"},
		{"P-+1", "P-+1"}, {"Pa.5", "Pa.5"}, {"PA.5", "Pa.5"}, {"pe+1", "Pe+1"}, {"15=6", "15.6"},
		{"47=6", "47.6"}, {"75+1", "P5+1"}, {"K5+1", "K5+1"}, {"C2.5+", "C2.5"}, {"R1-4#", "R1-4"},
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
	for _, bad := range []string{"", "C2.", "C2.55", "C0.5", "C2.0", "X2.5", "C2*5", "82.5", "C=.5", "Cf.5",
		"++.4", "C2.5++", "炮二平五", "H2-E2", "C 2.5"} {
		if s, err := Parse(bad); !errors.Is(err, notation.ErrSyntax) {
			t.Errorf("Parse(%q) = %v, %v; want a syntax error", bad, s, err)
		}
	}
}

func TestAppendStyles(t *testing.T) {
	pos := board.StartPosition()
	m := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	if got := string(Notation{Xqbase}.Append(nil, pos, m)); got != "C2.5" {
		t.Errorf("xqbase %q", got)
	}
	if got := string(Notation{Fairy}.Append(nil, pos, m)); got != "C2=5" {
		t.Errorf("fairy %q", got)
	}
}

// FuzzParse: Parse never panics; an accepted text's canonical form parses to the same value;
// resolving never panics, and a resolved move formats to text that resolves to it again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"C2.5", "c2=5", "+C-2", "Pa.5", "15=6", "62.5", "Ｃ２．５", "P.+1", "K5+1"} {
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
			for _, st := range []Style{Xqbase, Fairy} {
				out := string(Notation{st}.Append(nil, pos, m))
				s3, err := Parse(out)
				if err != nil {
					t.Fatalf("%q: formatted %q: %v", text, out, err)
				}
				if m2, err := s3.Resolve(pos); err != nil || m2 != m {
					t.Fatalf("%q -> %s -> %q -> %s, %v", text, m, out, m2, err)
				}
			}
		}
	})
}

// BenchmarkResolveFormatWXF measures parse + resolve + format (xqbase) of one move.
func BenchmarkResolveFormatWXF(b *testing.B) {
	notationtest.BenchResolveFormat(b, Parse, func(dst []byte, pos *board.Position, m board.Move) []byte {
		return Notation{}.Append(dst, pos, m)
	})
}

func TestNotation(t *testing.T) {
	pos := board.StartPosition()
	h2e2 := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	for _, c := range []struct{ name, want string }{{"xqbase", "C2.5"}, {"Fairy", "C2=5"}} {
		st, err := ParseStyle(c.name)
		if err != nil {
			t.Fatal(err)
		}
		n := Notation{st}
		if got := string(n.Append(nil, pos, h2e2)); got != c.want {
			t.Errorf("%v: %q, want %q", st, got, c.want)
		}
		if m, note, err := n.Resolve(pos, c.want); m != h2e2 || note != "" || err != nil {
			t.Errorf("%v: Resolve(%q) = %v %q %v", st, c.want, m, note, err)
		}
	}
	if got := Format(pos, h2e2); got != "C2.5" {
		t.Errorf("Format = %q", got)
	}
	if _, err := ParseStyle("ucci"); !errors.Is(err, notation.ErrUnknownName) {
		t.Errorf("ParseStyle(ucci): %v", err)
	}
	var e *notation.Error
	if _, _, err := (Notation{}).Resolve(pos, "c2+9"); !errors.As(err, &e) || !errors.Is(err, notation.ErrIllegal) || e.Text != "c2+9" {
		t.Errorf("Resolve(c2+9): %v", err)
	}
}
