package notationtest

import "testing"

func TestFallback(t *testing.T) {
	if n := len(Fallback()); n != 16 {
		t.Errorf("%d fallback cases, want 16 (a move failed to replay)", n)
	}
	if OracleDir() != "" {
		if n := len(Cases(100)); n != 100 {
			t.Errorf("%d oracle cases, want 100", n)
		}
	}
}
