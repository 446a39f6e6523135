package record

import (
	"bytes"
	"errors"
	"testing"
)

// TestRecognize: Recognize tells a format shown by the content from one taken from the name,
// and Read with WithRecognition reads as Read alone does.
func TestRecognize(t *testing.T) {
	pgnText := []byte("[Event \"x\"]\n\n1. h2e2 h9g7 *\n")
	r, ok := Recognize(pgnText, "a.bin")
	if !ok || r.Format.Name() != "pgn" || !r.ByContent {
		t.Fatalf("PGN content: %+v %v, want pgn by content", r, ok)
	}
	r, ok = Recognize([]byte("nothing here"), "a.pgn")
	if !ok || r.Format.Name() != "pgn" || r.ByContent {
		t.Fatalf("PGN name only: %+v %v, want pgn by name", r, ok)
	}
	if _, ok := Recognize([]byte("nothing here"), "a.bin"); ok {
		t.Fatal("unknown content and name recognized")
	}
	collect := func(data []byte, name string, opts ...Option) (games int, errs []error) {
		for g, err := range Read(bytes.NewReader(data), name, opts...) {
			if err != nil {
				errs = append(errs, err)
			} else if g != nil {
				games++
			}
		}
		return games, errs
	}
	for _, c := range []struct {
		data []byte
		name string
	}{{pgnText, "a.pgn"}, {[]byte("<html>no game</html>"), "a.html"}, {[]byte("nothing"), "a.pgn"}} {
		r, ok := Recognize(c.data, c.name)
		if !ok {
			t.Fatalf("%s: not recognized", c.name)
		}
		g1, e1 := collect(c.data, c.name)
		g2, e2 := collect(c.data, c.name, WithRecognition(r))
		if g1 != g2 || len(e1) != len(e2) {
			t.Fatalf("%s: Read %d games %v, with its recognition %d games %v", c.name, g1, e1, g2, e2)
		}
		for i := range e1 {
			if e1[i].Error() != e2[i].Error() || errors.Is(e1[i], ErrUnknownFormat) != errors.Is(e2[i], ErrUnknownFormat) {
				t.Fatalf("%s: error %d: %v, with its recognition %v", c.name, i, e1[i], e2[i])
			}
		}
	}
	// A name-only recognition of a web page without a game makes it no game file.
	r, _ = Recognize([]byte("<html>no game</html>"), "a.html")
	_, errs := collect([]byte("<html>no game</html>"), "a.html", WithRecognition(r))
	if len(errs) != 1 || !errors.Is(errs[0], ErrUnknownFormat) {
		t.Fatalf("page by name: %v, want one ErrUnknownFormat", errs)
	}
}
