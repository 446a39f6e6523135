package fields

import "testing"

func TestClean(t *testing.T) {
	for in, want := range map[string]string{"  胡荣华\x00\x00": "胡荣华", "a\x01b\x7f ": "ab", "": "", "ok": "ok"} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}
