package mxq

import (
	"bytes"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/xqf"
)

// benchFiles returns the real MXQ files of the shared corpus, or without it one synthetic
// game, and the same games written as XQF (xqf.Encode of what Decode read).
func benchFiles(b *testing.B) (mxqs, xqfs [][]byte) {
	if _, err := os.Stat(testutil.CorpusDir); err == nil {
		for _, p := range testutil.CorpusFiles(b, ".mxq") {
			mxqs = append(mxqs, testutil.ReadFile(b, p))
		}
	}
	if len(mxqs) == 0 {
		mxqs = append(mxqs, mxqFile{header: stdHeader, moves: opening}.bytes(b))
	}
	for _, data := range mxqs {
		g, err := decodeAll(b, "bench", data)
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		if err := xqf.Encode(&buf, g); err != nil {
			b.Fatal(err)
		}
		xqfs = append(xqfs, buf.Bytes())
	}
	return mxqs, xqfs
}

// BenchmarkVersusXQF decodes the same games as MXQ and as XQF (the real MXQ files, written
// as XQF by xqf.Encode): compare the two sub-benchmarks' ns/game. New readers must cost at
// most about twice XQF's time per game.
func BenchmarkVersusXQF(b *testing.B) {
	mxqs, xqfs := benchFiles(b)
	b.Run("mxq", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range mxqs {
				for _, err := range Read(bytes.NewReader(data), Config{Path: "bench"}) {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*len(mxqs)), "ns/game")
	})
	b.Run("xqf", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range xqfs {
				if _, err := xqf.Decode(bytes.NewReader(data), xqf.Config{Path: "bench"}); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*len(xqfs)), "ns/game")
	})
}
