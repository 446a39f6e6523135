package record

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/textenc"
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
	benchRead(b, files, "x.pgn")
}

// sharedFiles reads the shared corpus's files (next to the repository) whose extension is ext
// (any case) and that keep passes; nil when the corpus is absent.
func sharedFiles(ext string, keep func([]byte) bool) [][]byte {
	var files [][]byte
	root := filepath.Join("..", "..", "..", "shared", "corpus")
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ext) {
			return nil
		}
		if data, err := os.ReadFile(p); err == nil && (keep == nil || keep(data)) {
			files = append(files, data)
		}
		return nil
	})
	return files
}

// benchRead reads files as the batch engine does (default checks, reuse); allocs/op is per
// game.
func benchRead(b *testing.B, files [][]byte, name string) {
	if len(files) == 0 {
		b.Skip("no files to read (the shared corpus is absent?)")
	}
	b.ReportAllocs()
	b.ResetTimer()
	var src bytes.Reader // the harness's own: one for every file
	for n := 0; n < b.N; {
		for _, data := range files {
			src.Reset(data)
			for g := range Read(&src, name, WithReuse()) {
				if g != nil {
					n++
				}
			}
		}
	}
}

// BenchmarkReadXQF reads the shared corpus's XQF files.
func BenchmarkReadXQF(b *testing.B) {
	benchRead(b, sharedFiles(".xqf", nil), "x.xqf")
}

// BenchmarkReadBig5PGN reads the shared corpus's PGN files detected as Big5.
func BenchmarkReadBig5PGN(b *testing.B) {
	benchRead(b, sharedFiles(".pgn", func(data []byte) bool {
		return textenc.Detect(data[:min(len(data), textenc.DetectLimit)]).Encoding == textenc.Big5
	}), "x.pgn")
}
