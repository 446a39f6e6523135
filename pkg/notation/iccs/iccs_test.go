package iccs

import (
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/internal/notationtest"
)

func TestParse(t *testing.T) {
	for _, in := range []string{"H2-E2", "h2e2", "H2E2", "h2-e2", "Ｈ２－Ｅ２", "H2-E2+", "h2e2#"} {
		s, err := Parse(in)
		if err != nil || s.String() != "H2-E2" {
			t.Errorf("Parse(%q) = %v, %v", in, s, err)
		}
	}
	for _, bad := range []string{"", "H2", "H2-E", "J2-E2", "H2_E2", "H2--E2", "h2e2e", "炮二平五", "C2.5"} {
		if s, err := Parse(bad); !errors.Is(err, notation.ErrSyntax) {
			t.Errorf("Parse(%q) = %v, %v; want a syntax error", bad, s, err)
		}
	}
	pos := board.StartPosition()
	for _, c := range []struct{ in, reason string }{
		{"E5-E6", "no piece on the origin square"}, {"H7-E7", "the piece on the origin square is not the mover's"},
		{"H2-H2", "not a legal move"}, {"H2-E3", "not a legal move"},
	} {
		s, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Resolve(pos)
		var e *notation.Error
		if !errors.As(err, &e) || !errors.Is(err, notation.ErrIllegal) || e.Reason != c.reason {
			t.Errorf("Resolve(%q): %v", c.in, err)
		}
	}
	m := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	if got := string(Notation{UCCI}.Append(nil, pos, m)); got != "h2e2" {
		t.Errorf("UCCI %q", got)
	}
}

// FuzzParse: Parse never panics, and an accepted text's canonical form parses to the same
// value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"H2-E2", "h2e2", "Ｈ２－Ｅ２", "i9i0+"} {
		f.Add(s)
	}
	pos := board.StartPosition()
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := notationtest.CheckParse(t, text, Parse)
		if !ok {
			return
		}
		if m, err := s.Resolve(pos); err == nil && m != s.Move() {
			t.Fatalf("Resolve(%q) = %s", text, m)
		}
	})
}

// BenchmarkResolveFormatICCS measures parse + resolve + format (H2-E2) of one move.
func BenchmarkResolveFormatICCS(b *testing.B) {
	notationtest.BenchResolveFormat(b, Parse, func(dst []byte, pos *board.Position, m board.Move) []byte {
		return Notation{}.Append(dst, pos, m)
	})
}

func TestNotation(t *testing.T) {
	pos := board.StartPosition()
	h2e2 := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	for _, c := range []struct {
		name string
		want string
	}{{"iccs", "H2-E2"}, {"UCCI", "h2e2"}} {
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
	if got := Format(pos, h2e2); got != "H2-E2" {
		t.Errorf("Format = %q", got)
	}
	if _, err := ParseStyle("dash"); !errors.Is(err, notation.ErrUnknownName) || err.Error() != `unknown ICCS style "dash" (want iccs or ucci)` {
		t.Errorf("ParseStyle(dash): %v", err)
	}
	var e *notation.Error
	if _, _, err := (Notation{}).Resolve(pos, "e5e6"); !errors.As(err, &e) || !errors.Is(err, notation.ErrIllegal) || e.Text != "e5e6" {
		t.Errorf("Resolve(e5e6): %v", err)
	}
	if _, _, err := (Notation{}).Resolve(pos, "C2.5"); !errors.Is(err, notation.ErrSyntax) {
		t.Errorf("Resolve(C2.5): %v", err)
	}
}
