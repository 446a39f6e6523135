package board

import (
	"errors"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, c := range readPerft(t, "testdata/perft.epd") {
		s, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.FEN(); got != c.fen {
			t.Errorf("FEN round trip: %q → %q", c.fen, got)
		}
	}
}

func TestFENVariants(t *testing.T) {
	tests := []struct{ in, want string }{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 0", StartFEN},
		{"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7"},
		{"  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 1", StartFEN},
	}
	for _, tt := range tests {
		s, err := ParseFEN(tt.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tt.in, err)
			continue
		}
		if got := s.FEN(); got != tt.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		in    string
		field string
		index int
	}{
		{"", "placement", 0},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w", "placement", 49},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "placement", 59},
		{"rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "placement", 8},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side", 60},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - a 1", "counters", 66},
		{"rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "placement", 11},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.in)
		var fe *FENError
		if !errors.As(err, &fe) || !errors.Is(err, ErrFEN) {
			t.Errorf("ParseFEN(%q) = %v, want a FENError", tt.in, err)
			continue
		}
		if fe.Field != tt.field || fe.Index != tt.index {
			t.Errorf("ParseFEN(%q): field %s at %d, want %s at %d (%v)", tt.in, fe.Field, fe.Index, tt.field, tt.index, err)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		fen  string
		want Problem
	}{
		{StartFEN, 0},
		{"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ProblemNoGeneral},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", ProblemTooManyGenerals},
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", ProblemGeneralsFacing},
		{"3k5/9/9/9/9/9/9/9/P8/4K4 w", ProblemBadSquare},
		{"3k5/9/9/9/9/9/9/9/9/1B2K4 w", ProblemBadSquare},
		{"3k5/9/9/9/9/9/9/9/3A5/4K4 w", ProblemBadSquare},
		{"3k5/9/9/9/9/9/9/9/9/RRR1K4 w", ProblemTooManyPieces},
		{"3k5/9/9/9/9/9/9/9/9/3RK4 w", ProblemOpponentInCheck},
	}
	for _, tt := range tests {
		s, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, details := s.Validate()
		if got != tt.want {
			t.Errorf("Validate(%s) = %v %q, want %v", tt.fen, got, details, tt.want)
		}
		_, err = NewPosition(s, 0)
		var se *SetupError
		if (err != nil) != (tt.want != 0) || err != nil && (!errors.As(err, &se) || se.Problems != tt.want || !errors.Is(err, ErrInvalidSetup)) {
			t.Errorf("NewPosition(%s) = %v", tt.fen, err)
		}
		if _, err := NewPosition(s, tt.want); err != nil {
			t.Errorf("NewPosition(%s) ignoring %v: %v", tt.fen, tt.want, err)
		}
	}
}

func TestNoGeneralPositionReplays(t *testing.T) {
	s, _ := ParseFEN("3a5/9/9/9/9/9/9/9/9/4K4 w")
	p, err := NewPosition(s, AllProblems)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.CountLegal(); n != 3 {
		t.Errorf("legal moves without a black general: %d, want 3", n)
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
	f.Add("4k4/9/9/9/9/9/9/9/9/4K4 b - - 99 120")
	f.Fuzz(func(t *testing.T, fen string) {
		s, err := ParseFEN(fen)
		if err != nil {
			return
		}
		again, err := ParseFEN(s.FEN())
		if err != nil {
			t.Fatalf("canonical FEN %q of %q does not parse: %v", s.FEN(), fen, err)
		}
		if again != s {
			t.Fatalf("FEN round trip changed the setup: %q → %q", fen, s.FEN())
		}
		// Every setup must be safe to replay when all problems are ignored.
		p, err := NewPosition(s, AllProblems)
		if err != nil {
			t.Fatal(err)
		}
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			if !p.IsLegal(m) {
				t.Fatalf("generated move %v is not IsLegal in %s", m, s.FEN())
			}
		}
		p.Perft(2)
	})
}

// TestAppendFEN: AppendFEN of a Setup and of its Position appends the FEN to what the buffer
// holds, without allocating when the buffer has room.
func TestAppendFEN(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, c := range readPerft(t, "testdata/perft.epd") {
		s, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(s.AppendFEN(append(buf[:0], "fen "...))); got != "fen "+c.fen {
			t.Errorf("Setup.AppendFEN: %q, want %q", got, "fen "+c.fen)
		}
		p, err := NewPosition(s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(p.AppendFEN(buf[:0])); got != c.fen || p.FEN() != c.fen {
			t.Errorf("Position.AppendFEN: %q, FEN %q, want %q", got, p.FEN(), c.fen)
		}
		if n := testing.AllocsPerRun(10, func() { buf = p.AppendFEN(buf[:0]) }); n != 0 {
			t.Errorf("%v allocations, want 0", n)
		}
	}
}
