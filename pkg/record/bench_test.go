package record

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReadPGN reads the repository corpus's PGN files with the default checks and game
// reuse, as the batch engine does; allocs/op is per game.
func BenchmarkReadPGN(b *testing.B) {
	var paths []string
	for _, dir := range []string{"pgn", "classic"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "corpus", dir, "*.pgn"))
		paths = append(paths, m...)
	}
	var files [][]byte
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			files = append(files, data)
		}
	}
	if len(files) == 0 {
		b.Skip("no corpus PGN files")
	}
	b.ReportAllocs()
	b.ResetTimer()
	var src bytes.Reader // the harness's own: one for every file
	for n := 0; n < b.N; {
		for _, data := range files {
			src.Reset(data)
			for g := range Read(&src, "x.pgn", WithReuse()) {
				if g != nil {
					n++
				}
			}
		}
	}
}
