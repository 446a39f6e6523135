package board

import "testing"

func TestResetMatchesNewPosition(t *testing.T) {
	for _, fen := range []string{StartFEN, "4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 3 20", "9/9/9/9/9/9/9/9/9/9 w"} {
		s, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := NewPosition(s, AllProblems)
		p := StartPosition()
		p.Play(NewMove(64, 67)) // b2e2: leave state behind that Reset must clear
		p.Reset(&s)
		if *p != *want {
			t.Errorf("%s: Reset gives %s, NewPosition %s", fen, p.FEN(), want.FEN())
		}
		if p.Key() != p.ComputeKey() {
			t.Errorf("%s: key %x, computed %x", fen, p.Key(), p.ComputeKey())
		}
	}
	s := StartSetup()
	var p Position
	if n := testing.AllocsPerRun(100, func() { p.Reset(&s) }); n != 0 {
		t.Errorf("Reset allocates %v times", n)
	}
}
