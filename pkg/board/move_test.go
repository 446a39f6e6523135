package board

import "testing"

func TestMoveICCS(t *testing.T) {
	for _, c := range []struct {
		m          Move
		dash, ucci string
	}{
		{NewMove(NewSquare(7, 7), NewSquare(7, 4)), "H2-E2", "h2e2"},
		{NewMove(NewSquare(0, 0), NewSquare(9, 8)), "A9-I0", "a9i0"},
		{NoMove, "A9-A9", "a9a9"},
		{NewMove(95, 3), "95-3", "95-3"},
		{NewMove(127, 127), "127-127", "127-127"},
	} {
		if got := string(c.m.AppendICCS(nil, false)); got != c.dash {
			t.Errorf("AppendICCS(%d→%d) = %q, want %q", c.m.From(), c.m.To(), got, c.dash)
		}
		if got := string(c.m.AppendICCS([]byte("x"), true)); got != "x"+c.ucci {
			t.Errorf("AppendICCS(%d→%d, ucci) = %q, want %q", c.m.From(), c.m.To(), got, "x"+c.ucci)
		}
	}
	if got := NoMove.String(); got != "0000" {
		t.Errorf("NoMove.String() = %q", got)
	}
	if got := NewMove(NewSquare(7, 7), NewSquare(7, 4)).String(); got != "h2e2" {
		t.Errorf("String() = %q", got)
	}
}
