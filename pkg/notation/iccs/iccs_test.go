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
	if got := string(Append(nil, pos, m, notation.ICCSUCCI)); got != "h2e2" {
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
		return Append(dst, pos, m, notation.ICCSDash)
	})
}
