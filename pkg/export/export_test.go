package export_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/export"
	"github.com/qipu/qipu/pkg/record"
)

// Export the games of some files as CSV, split 80/20 by game, the way `qipu export` does:
// read each file with record.ReadFile, make each game's rows, write them in input order,
// and record what was skipped.
func Example() {
	tmp, _ := os.MkdirTemp("", "qipu-export-example")
	defer os.RemoveAll(tmp)
	in := filepath.Join(tmp, "games.pgn")
	os.WriteFile(in, []byte(`[Result "1-0"]

1. 炮二平五 马８进７ 2. 马二进三 1-0

[Result "0-1"]

1. 兵三进一 卒７进１ 0-1

[Result "1/2-1/2"]

1. 炮二平五 炮８进８ 1/2-1/2
`), 0o644)
	paths := []string{in, filepath.Join(tmp, "missing.xqf")}

	splits, err := export.ParseSplits("train=0.8,test=0.2")
	if err != nil {
		fmt.Println(err)
		return
	}
	out := filepath.Join(tmp, "out")
	w, err := export.NewWriter(out, export.CSV, splits, export.WriterOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var rows []export.Row
	for _, path := range paths {
		for g, err := range record.ReadFile(path) {
			if err != nil {
				w.Skip(path, 0, export.SkipOf(err)) // the file itself
				continue
			}
			var skip export.Skip
			rows, skip = export.AppendRows(rows[:0], g, export.Options{})
			if skip.Reason != "" {
				w.Skip(g.Source, g.Index, skip)
				continue
			}
			if err := w.Add(rows); err != nil {
				w.Abort()
				fmt.Println(err)
				return
			}
		}
	}
	if err := w.Close(export.ManifestInfo{Version: "v1.0.0", Command: []string{"qipu", "export", "-o", "out"}}); err != nil {
		fmt.Println(err)
		return
	}

	for _, s := range splits {
		f, _ := os.Open(filepath.Join(out, "positions-"+s.Name+".csv"))
		recs, _ := csv.NewReader(f).ReadAll()
		f.Close()
		fmt.Printf("%s: %d rows\n", s.Name, len(recs)-1)
		for _, r := range recs { // all but source
			fmt.Println(" ", strings.Join(append(r[:1:1], r[2:]...), " "))
		}
	}
	m, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	var manifest struct {
		Games   int
		Rows    int
		Skipped struct {
			ByReason map[string]int `json:"by_reason"`
		}
	}
	json.Unmarshal(m, &manifest)
	fmt.Println("games", manifest.Games, "rows", manifest.Rows, "skipped", manifest.Skipped.ByReason)
	// Output:
	// train: 3 rows
	//   game_id index ply fen side move result score plies_left
	//   4874952135e49e7c 1 0 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 w h2e2 1-0 1 3
	//   4874952135e49e7c 1 1 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1 b h9g7 1-0 0 2
	//   4874952135e49e7c 1 2 rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2 w h0g2 1-0 1 1
	// test: 2 rows
	//   game_id index ply fen side move result score plies_left
	//   150e543d48afb84b 2 0 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 w g3g4 0-1 0 2
	//   150e543d48afb84b 2 1 rnbakabnr/9/1c5c1/p1p1p1p1p/9/6P2/P1P1P3P/1C5C1/9/RNBAKABNR b - - 1 1 b g6g5 0-1 1 1
	// games 2 rows 5 skipped map[illegal:1 io:1]
}
