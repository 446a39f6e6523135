package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/readertest"
	"github.com/qipu/qipu/pkg/xqf"
)

// benchGames builds n seeded random games of 60 to 120 plies, each with a variation every
// 20 plies and a comment every 15, as real annotated games have.
func benchGames(n int) []*game.Game {
	return readertest.RandomGames(n, readertest.Shape{
		Format:         "xqf",
		Tags:           []game.Tag{{Name: "Event", Value: "基准对局"}, {Name: "Red", Value: "红方"}, {Name: "Black", Value: "黑方"}},
		CommentEvery:   15,
		VariationEvery: 20,
	})
}

// writeBenchFiles writes each game in its own file under dir, encoded by enc.
func writeBenchFiles(b *testing.B, dir, ext string, games []*game.Game, enc func(*bytes.Buffer, *game.Game) error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	for i, g := range games {
		buf.Reset()
		if err := enc(&buf, g); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%05d%s", i, ext)), buf.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// checkBench runs check with one worker over paths and reports the games and plies per second.
func checkBench(b *testing.B, games, plies int, paths ...string) {
	b.Helper()
	if games == 0 {
		b.Skip("no games")
	}
	for b.Loop() {
		code, err := runOpts(context.Background(), options{Command: Check, Paths: paths, Quiet: true, Jobs: 1})
		if err != nil || code > ExitInvalid {
			b.Fatal(code, err)
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(sec*1e9/float64(games*b.N), "ns/game")
	b.ReportMetric(float64(plies*b.N)/sec, "plies/s")
}

// BenchmarkFormats measures what `qipu check -j 1` costs per game for each format, so that
// the new readers can be compared with XQF's in one run:
//
//   - xqf, dhtmlxq: the same 1,000 generated games (with variations and comments), one file
//     per game, as XQF and as DhtmlXQ; dhtmlxq-page holds them all as blocks of one page.
//   - shared-xqf, shared-cbl, shared-dhtmlxq, shared-mxq, shared-sg, shared-qp, shared-xqn: the
//     real files of the shared test corpus (the sub-benchmark is skipped without it), whose
//     games differ in length: compare plies/s.
//
// There is no CBR or CBL writer to generate libraries from, so the real libraries stand for
// them.
func BenchmarkFormats(b *testing.B) {
	games := benchGames(1000)
	plies := 0
	for _, g := range games {
		plies += g.Plies()
	}
	dir := b.TempDir()
	writeBenchFiles(b, filepath.Join(dir, "xqf"), ".xqf", games, func(w *bytes.Buffer, g *game.Game) error { return xqf.Encode(w, g) })
	writeBenchFiles(b, filepath.Join(dir, "dhtmlxq"), ".txt", games, func(w *bytes.Buffer, g *game.Game) error { return dhtmlxq.Encode(w, g) })
	var page bytes.Buffer
	page.WriteString("<html><body>\n")
	for _, g := range games {
		if err := dhtmlxq.Encode(&page, g); err != nil {
			b.Fatal(err)
		}
	}
	page.WriteString("</body></html>\n")
	pagePath := filepath.Join(dir, "page.html")
	if err := os.WriteFile(pagePath, page.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("xqf", func(b *testing.B) { checkBench(b, len(games), plies, filepath.Join(dir, "xqf")) })
	b.Run("dhtmlxq", func(b *testing.B) { checkBench(b, len(games), plies, filepath.Join(dir, "dhtmlxq")) })
	b.Run("dhtmlxq-page", func(b *testing.B) { checkBench(b, len(games), plies, pagePath) })

	for _, c := range []struct{ name, exts string }{
		{"shared-xqf", ".xqf"},
		{"shared-cbl", ".cbl"},
		{"shared-dhtmlxq", ".html .htm .ubb .txt"},
		{"shared-mxq", ".mxq"},
		{"shared-sg", ".sg"}, {"shared-qp", ".qp"}, {"shared-xqn", ".xqn"},
	} {
		b.Run(c.name, func(b *testing.B) {
			paths, games, plies := sharedFiles(b, c.exts)
			checkBench(b, games, plies, paths...)
		})
	}
}

// sharedFiles returns the files of the shared test corpus with one of the extensions (any
// case), and their games and plies as check counts them.
func sharedFiles(b *testing.B, exts string) (paths []string, games, plies int) {
	const dir = "../../../shared/corpus"
	if _, err := os.Stat(dir); err != nil {
		b.Skip("shared corpus not found")
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(" "+exts+" ", " "+strings.ToLower(filepath.Ext(p))+" ") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	report := filepath.Join(b.TempDir(), "r.jsonl")
	if _, err := runOpts(context.Background(), options{Command: Check, Paths: paths, Quiet: true, Report: report}); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, `"index":0,`) || l == "" {
			continue
		}
		games++
		if i := strings.Index(l, `"plies":`); i >= 0 {
			var n int
			fmt.Sscanf(l[i+len(`"plies":`):], "%d", &n)
			plies += n
		}
	}
	return paths, games, plies
}
