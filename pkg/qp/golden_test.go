package qp

import (
	"testing"

	"github.com/qipu/qipu/pkg/internal/readertest"
)

// goldenInputs are synthetic QP files, one per case the reader handles.
func goldenInputs() map[string][]byte {
	// A mate puzzle: pieces as code, x (file from Red's left), y (rank from Black's side).
	puzzle := file([3]byte{0, 4, 9}, [3]byte{3, 0, 1}, [3]byte{7, 3, 0}, [3]byte{13, 4, 7}, [3]byte{5, 8, 5})
	return map[string][]byte{
		"puzzle":        puzzle,
		"trailing":      append(append([]byte{}, puzzle...), 0xAA, 0xBB),
		"truncated":     puzzle[:len(puzzle)-2],
		"no-count":      []byte(Magic),
		"not-qp":        []byte("ccf1 \x00"),
		"bad-piece":     file([3]byte{0, 4, 9}, [3]byte{14, 0, 0}, [3]byte{7, 3, 0}, [3]byte{3, 9, 1}),
		"same-square":   file([3]byte{0, 4, 9}, [3]byte{7, 3, 0}, [3]byte{3, 0, 1}, [3]byte{4, 0, 1}),
		"black-checked": file([3]byte{0, 3, 9}, [3]byte{7, 4, 0}, [3]byte{3, 4, 4}), // Black's general in check, Red to move
		"no-general":    file([3]byte{7, 4, 0}, [3]byte{3, 0, 1}),
	}
}

// TestGolden compares the dump of the game or file error of each synthetic input with
// testdata/NAME.golden. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	readertest.Golden(t, dec, goldenInputs(), *update)
}

// TestSniff: the signature with pieces in range; not other signatures, counts or codes.
func TestSniff(t *testing.T) {
	in := goldenInputs()
	for name, want := range map[string]bool{
		"puzzle": true, "trailing": true, "truncated": true, "no-count": false, "not-qp": false,
		"bad-piece": false, "same-square": true,
	} {
		if got := Sniff(in[name]); got != want {
			t.Errorf("Sniff(%s) = %v, want %v", name, got, want)
		}
	}
	if Sniff(nil) || Sniff([]byte("ccf0 \x00")) || Sniff([]byte("ccf0 \x5B")) {
		t.Error("empty, zero or 91 pieces recognized")
	}
}
