package pgn

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// TestDecodeReuse checks that Config.Reuse changes nothing a callback can see: every game of
// the test files and corpus golden files, rendered during the callback (written in Chinese
// and in ICCS, with its diagnostics), is what Decode gives without it.
func TestDecodeReuse(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.pgn")
	if _, err := os.Stat(corpusDir); err == nil {
		for _, c := range corpusGolden {
			files = append(files, filepath.Join(corpusDir, c.path))
		}
	}
	render := func(g *game.Game) string {
		one := []*game.Game{g}
		return string(encodeAll(t, one, notation.Chinese)) + string(encodeAll(t, one, notation.ICCS)) + diagLines(one)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var runs [2][]string
		for i, reuse := range []bool{false, true} {
			d, err := textenc.Open(bytes.NewReader(data), textenc.Auto)
			if err != nil {
				t.Fatal(err)
			}
			err = Decode(d, Config{Path: path, Reuse: reuse}, func(g *game.Game) error {
				runs[i] = append(runs[i], render(g))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if len(runs[0]) != len(runs[1]) {
			t.Fatalf("%s: %d games with Reuse, %d without", path, len(runs[1]), len(runs[0]))
		}
		for i := range runs[0] {
			if runs[0][i] != runs[1][i] {
				t.Fatalf("%s: game %d differs with Reuse:\n%s\nwithout:\n%s", path, i+1, runs[1][i], runs[0][i])
			}
		}
	}
}

// TestPackKey checks packKey against the bytes it packs, for every length.
func TestPackKey(t *testing.T) {
	b := []byte("0123456789abcdefghij")
	for n := 0; n <= len(b); n++ {
		lo, hi := packKey(b[:n])
		var want [16]byte
		if n <= 16 {
			copy(want[:], b[:n])
		}
		if lo != binary.LittleEndian.Uint64(want[:8]) || hi != binary.LittleEndian.Uint64(want[8:]) {
			t.Errorf("packKey(%q) = %x %x", b[:n], lo, hi)
		}
	}
}
