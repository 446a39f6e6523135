package notationtest

import (
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Syntax is what every notation's Parse returns: a comparable value with a canonical text
// that resolves against a position.
type Syntax interface {
	comparable
	String() string
	Resolve(pos *board.Position) (board.Move, error)
}

// CheckParse checks the property every notation's fuzz target starts with: Parse fails only
// with ErrSyntax, and the canonical text of an accepted value parses to the same value. It
// returns the value and whether text was accepted.
func CheckParse[S Syntax](t *testing.T, text string, parse func(string) (S, error)) (S, bool) {
	t.Helper()
	s, err := parse(text)
	if err != nil {
		if !errors.Is(err, notation.ErrSyntax) {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		return s, false
	}
	s2, err := parse(s.String())
	if err != nil || s2 != s {
		t.Fatalf("Parse(%q) = %+v; its String %q parses to %+v, %v", text, s, s.String(), s2, err)
	}
	return s, true
}

// CheckResolve resolves s in pos, failing the test on any error but ErrIllegal and
// ErrAmbiguous; it returns the move and whether s resolved.
func CheckResolve[S Syntax](t *testing.T, text string, s S, pos *board.Position) (board.Move, bool) {
	t.Helper()
	m, err := s.Resolve(pos)
	if err != nil {
		if !errors.Is(err, notation.ErrIllegal) && !errors.Is(err, notation.ErrAmbiguous) {
			t.Fatalf("Resolve(%q): %v", text, err)
		}
		return board.NoMove, false
	}
	return m, true
}

// BenchResolveFormat measures parse + resolve + format of one move over Cases: format writes
// each case's text once, then the loop reads it back and formats the move again. Cases whose
// text does not resolve back to their move (the platform format's ambiguous ones) are left out.
func BenchResolveFormat[S Syntax](b *testing.B, parse func(string) (S, error), format func([]byte, *board.Position, board.Move) []byte) {
	var cases []Case
	var texts []string
	for _, c := range Cases(2000) {
		text := string(format(nil, c.Pos, c.Move))
		if s, err := parse(text); err == nil {
			if m, err := s.Resolve(c.Pos); err == nil && m == c.Move {
				cases = append(cases, c)
				texts = append(texts, text)
			}
		}
	}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(cases)
		c := &cases[k]
		s, err := parse(texts[k])
		if err != nil {
			b.Fatal(err)
		}
		m, err := s.Resolve(c.Pos)
		if err != nil || m != c.Move {
			b.Fatal(texts[k], err)
		}
		buf = format(buf[:0], c.Pos, m)
	}
}

// FuzzPositions are the positions the notations' fuzz targets resolve texts in: the start,
// four and five soldiers in tandem, pawns doubled on two files, and two chariots on a file.
var FuzzPositions = func() []*board.Position {
	var out []*board.Position
	for _, fen := range []string{board.StartFEN,
		"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1",
		"P1bk1P1nr/9/9/5P3/2c2P3/9/9/1C7/4K4/3p1AR2 w - - 4 33",
		"rnba1a2P/4k4/5c1c1/9/2p6/2p3C1p/2p6/4B1C1p/9/RNBAKA1N1 b - - 1 25",
		"3k5/9/7P1/9/7R1/9/9/9/9/4K2R1 w - - 0 1"} {
		p, err := board.FromFEN(fen)
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}()
