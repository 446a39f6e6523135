package export

import (
	"io"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/record"
)

// corpusExts are the extensions of the corpus files the tests read.
var corpusExts = []string{".pgn", ".xqf", ".cbr", ".cbl", ".cbf", ".txt", ".html", ".dhtml"}

// corpusGames calls f with every game of the shared corpus (read with record.ReadFile); it
// skips tb when the corpus is absent.
func corpusGames(tb testing.TB, f func(g *game.Game)) {
	tb.Helper()
	for _, path := range testutil.CorpusFiles(tb, corpusExts...) {
		for g, err := range record.ReadFile(path) {
			if err == nil {
				f(g)
			}
		}
	}
}

// TestCorpusRowsReplay checks the rows of every game of the corpus (cut games included,
// with Partial) and of their mirrors: each row's FEN with its move played is the next
// row's FEN, the FENs are board's, and the mirror's rows are the game's rows mirrored.
func TestCorpusRowsReplay(t *testing.T) {
	t.Parallel()
	var games, positions, partial int
	var rows []Row
	corpusGames(t, func(g *game.Game) {
		var skip Skip
		rows, skip = AppendRows(rows[:0], g, Options{Partial: true, Mirror: true})
		if skip.Reason != "" {
			if g.Plies() > 0 {
				t.Errorf("%s #%d: %d plies skipped: %+v", g.Source, g.Index, g.Plies(), skip)
			}
			return
		}
		games++
		if !g.Valid() {
			partial++
		}
		n := g.Plies()
		if len(rows) != 2*n && len(rows) != n {
			t.Fatalf("%s #%d: %d rows for %d plies", g.Source, g.Index, len(rows), n)
		}
		orig := rows[:n]
		if id := GameID(g); orig[0].GameID != id {
			t.Errorf("%s #%d: game_id %s, GameID %s", g.Source, g.Index, orig[0].GameID, id)
		}
		ply := 0
		for pos, m := range g.Moves() {
			r := orig[ply]
			if r.FEN != pos.FEN() || r.Move != string(m.AppendICCS(nil, true)) || r.Ply != ply || r.PliesLeft != n-ply {
				t.Fatalf("%s #%d ply %d: row %+v, board %s %s", g.Source, g.Index, ply, r, pos.FEN(), m)
			}
			ply++
		}
		checkChain(t, g, orig)
		if len(rows) == 2*n {
			mirr := rows[n:]
			checkChain(t, g, mirr)
			for i := range mirr {
				if mirr[i].FEN != mirrorFEN(orig[i].FEN) || mirr[i].Move != mirrorUCCI(orig[i].Move) {
					t.Fatalf("%s #%d ply %d: mirror %s %s of %s %s", g.Source, g.Index, i,
						mirr[i].FEN, mirr[i].Move, orig[i].FEN, orig[i].Move)
				}
			}
		}
		positions += len(rows)
	})
	t.Logf("%d games (%d cut at an error), %d rows with their mirrors", games, partial, positions)
	if games < 1000 {
		t.Errorf("only %d games read from the corpus", games)
	}
}

// checkChain checks that each row's move, played on its FEN, gives the next row's FEN, and
// that side, result and score agree.
func checkChain(t *testing.T, g *game.Game, rows []Row) {
	t.Helper()
	for i, r := range rows {
		s, err := board.ParseFEN(r.FEN)
		if err != nil {
			t.Fatalf("%s #%d ply %d: %v", g.Source, g.Index, i, err)
		}
		pos, _ := board.NewPosition(s, board.AllProblems)
		from, ok1 := board.SquareFromICCS(r.Move[0], r.Move[1])
		to, ok2 := board.SquareFromICCS(r.Move[2], r.Move[3])
		m := board.NewMove(from, to)
		if !ok1 || !ok2 || !pos.IsLegal(m) {
			t.Fatalf("%s #%d ply %d: move %s not legal in %s", g.Source, g.Index, i, r.Move, r.FEN)
		}
		if want := map[board.Color]string{board.Red: "w", board.Black: "b"}[pos.Turn()]; r.Side != want {
			t.Fatalf("%s #%d ply %d: side %s, FEN says %s", g.Source, g.Index, i, r.Side, want)
		}
		wantScore := resultScores[r.Result].red
		if r.Side == "b" {
			wantScore = resultScores[r.Result].black
		}
		if r.Score != wantScore || r.GameID != rows[0].GameID {
			t.Fatalf("%s #%d ply %d: score %v for %s to move, result %s", g.Source, g.Index, i, r.Score, r.Side, r.Result)
		}
		pos.Play(m)
		if i+1 < len(rows) && pos.FEN() != rows[i+1].FEN {
			t.Fatalf("%s #%d ply %d: %s after %s is %s, next row has %s", g.Source, g.Index, i, r.FEN, r.Move, pos.FEN(), rows[i+1].FEN)
		}
	}
}

// mirrorUCCI mirrors a UCCI move's files (a ↔ i).
func mirrorUCCI(m string) string {
	b := []byte(m)
	b[0] = 'a' + 'i' - b[0]
	b[2] = 'a' + 'i' - b[2]
	return string(b)
}

// BenchmarkAppendRows makes the rows of the corpus's games (read beforehand), reporting
// positions (rows) per second on one core.
func BenchmarkAppendRows(b *testing.B) {
	var gs []*game.Game
	plies := 0
	corpusGames(b, func(g *game.Game) {
		if g.Valid() && g.Plies() > 0 {
			gs = append(gs, g)
			plies += g.Plies()
		}
	})
	b.ReportAllocs()
	rows := make([]Row, 0, 1024)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, g := range gs {
			rows, _ = AppendRows(rows[:0], g, Options{})
			n += len(rows)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/position")
}

// BenchmarkWriter writes the rows of the corpus's games (made beforehand) in each format,
// reporting rows per second of the one goroutine that writes.
func BenchmarkWriter(b *testing.B) {
	var rows []Row
	var starts []int // the first row of each game
	corpusGames(b, func(g *game.Game) {
		starts = append(starts, len(rows))
		rows, _ = AppendRows(rows, g, Options{})
	})
	starts = append(starts, len(rows))
	for _, f := range formats {
		b.Run(f.Name(), func(b *testing.B) {
			b.ReportAllocs()
			var size int64
			for b.Loop() {
				dir := b.TempDir()
				w, err := NewWriter(dir, f, nil, WriterOptions{})
				if err != nil {
					b.Fatal(err)
				}
				for i := 0; i+1 < len(starts); i++ {
					if err := w.Add(rows[starts[i]:starts[i+1]]); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Close(ManifestInfo{}); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				size = fileSize(b, dir+"/positions"+f.Ext())
				b.StartTimer()
			}
			b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			b.ReportMetric(float64(size)/float64(len(rows)), "bytes/row")
		})
	}
}

func fileSize(tb testing.TB, path string) int64 {
	tb.Helper()
	st, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return st.Size()
}

// BenchmarkEncode encodes the rows of the corpus's games in each format to io.Discard: the
// writer's CPU cost without the disk's.
func BenchmarkEncode(b *testing.B) {
	var rows []Row
	corpusGames(b, func(g *game.Game) {
		rows, _ = AppendRows(rows, g, Options{})
	})
	for _, f := range formats {
		b.Run(f.Name(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := f.def.open(io.Discard, sinkConfig{rowGroupRows: DefaultRowGroupRows})
				for i := 0; i < len(rows); i += 100 {
					if err := s.write(rows[i:min(i+100, len(rows))]); err != nil {
						b.Fatal(err)
					}
				}
				if err := s.close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
