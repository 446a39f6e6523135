package cbf

import (
	"bytes"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
)

// BenchmarkDecode reads the real CBF files: compare its µs/game with XQF's
// BenchmarkDecodeCorpus.
func BenchmarkDecode(b *testing.B) {
	var files [][]byte
	var size int64
	for _, p := range testutil.CorpusFiles(b, ".cbf") {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
		size += int64(len(data))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			for _, err := range Read(bytes.NewReader(f), Config{Path: "bench"}) {
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*len(files))/sec, "games/s")
	b.ReportMetric(sec*1e6/float64(b.N*len(files)), "µs/game")
}
