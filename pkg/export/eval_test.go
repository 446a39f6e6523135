package export

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// someEvals returns made-up evaluations for the first n positions of a line whose moves are
// given: a score at even plies, a mate at odd plies, the move played as the best move, and
// the last position left out (not evaluated).
func someEvals(t *testing.T, moves ...string) []Eval {
	t.Helper()
	var evals []Eval
	for i, s := range moves[:len(moves)-1] {
		from, ok1 := board.SquareFromICCS(s[0], s[1])
		to, ok2 := board.SquareFromICCS(s[2], s[3])
		if !ok1 || !ok2 {
			t.Fatalf("bad move %q", s)
		}
		m := board.NewMove(from, to)
		e := Eval{Known: true, Score: int32(30 - 25*i), Best: m}
		if i%2 == 1 {
			e.Mate, e.Score = true, int32(-i)
		}
		evals = append(evals, e)
	}
	return append(evals, Eval{})
}

const evalGame = `[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 1-0
`

// evalRows are the rows of evalGame and its mirror, with someEvals.
func evalRows(t *testing.T) []Row {
	t.Helper()
	g := readGames(t, "evals.pgn", evalGame)[0]
	rows, skip := AppendRows(nil, g, Options{Mirror: true, Evals: someEvals(t, "h2e2", "h9g7", "h0g2", "i9h9")})
	if skip.Reason != "" {
		t.Fatal(skip)
	}
	return rows
}

func TestAppendRowsEvals(t *testing.T) {
	t.Parallel()
	rows := evalRows(t)
	if len(rows) != 8 {
		t.Fatalf("%d rows, want 8", len(rows))
	}
	want := []string{"h2e2", "h9g7", "h0g2", ""}
	wantMirror := []string{"b2e2", "b9c7", "b0c2", ""}
	for i, r := range rows {
		best, w := "", want
		if i >= 4 {
			w = wantMirror
		}
		if r.Eval.Known {
			best = r.Eval.Best.String()
		}
		if best != w[i%4] {
			t.Errorf("row %d: best %q, want %q", i, best, w[i%4])
		}
		if r.Eval.Known != (i%4 != 3) || r.Eval.Mate != (i%2 == 1 && r.Eval.Known) {
			t.Errorf("row %d: eval %+v", i, r.Eval)
		}
	}
	if rows[0].Eval.Score != 30 || rows[4].Eval.Score != 30 || rows[1].Eval.Score != -1 {
		t.Errorf("scores %+v %+v %+v", rows[0].Eval, rows[4].Eval, rows[1].Eval)
	}
	// Without Evals, no row carries one.
	g := readGames(t, "evals.pgn", evalGame)[0]
	plain, _ := AppendRows(nil, g, Options{})
	for _, r := range plain {
		if r.Eval != (Eval{}) {
			t.Fatalf("an evaluation without Evals: %+v", r)
		}
	}
}

// evalFields are the three EvalColumns of a row as text ("" for null), the way every reader
// below returns them.
func evalFields(r *Row) [3]string {
	var f [3]string
	e := r.Eval
	if !e.Known {
		return f
	}
	n := strconv.Itoa(int(e.Score))
	if e.Mate {
		f[1] = n
	} else {
		f[0] = n
	}
	if e.Best != board.NoMove {
		f[2] = e.Best.String()
	}
	return f
}

// readEvalsCSV, readEvalsJSONL and readEvalsParquet read the EvalColumns of an export back,
// checking that the other columns come first, in their order.
func readEvalsCSV(t *testing.T, path string) [][3]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], append(slices.Clone(Columns), EvalColumns...)) {
		t.Fatalf("header %q", recs[0])
	}
	var out [][3]string
	for _, r := range recs[1:] {
		out = append(out, [3]string(r[len(Columns):]))
	}
	return out
}

func readEvalsJSONL(t *testing.T, path string) [][3]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][3]string
	for line := range strings.Lines(string(data)) {
		if keys := jsonKeys(t, line); !slices.Equal(keys, append(slices.Clone(Columns), EvalColumns...)) {
			t.Fatalf("keys %q", keys)
		}
		var m struct {
			ScoreCP *int    `json:"score_cp"`
			Mate    *int    `json:"mate"`
			Best    *string `json:"best"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		var f [3]string
		if m.ScoreCP != nil {
			f[0] = strconv.Itoa(*m.ScoreCP)
		}
		if m.Mate != nil {
			f[1] = strconv.Itoa(*m.Mate)
		}
		if m.Best != nil {
			f[2] = *m.Best
		}
		out = append(out, f)
	}
	return out
}

func readEvalsParquet(t *testing.T, path string) [][3]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, field := range pf.Schema().Fields() {
		names = append(names, field.Name())
		switch field.Name() {
		case "score_cp", "mate":
			if field.Type().Kind() != parquet.Int32 || !field.Optional() {
				t.Errorf("%s: %v optional=%v, want optional INT32", field.Name(), field.Type(), field.Optional())
			}
		case "best":
			if field.Type().Kind() != parquet.ByteArray || !field.Optional() {
				t.Errorf("best: %v optional=%v, want an optional string", field.Type(), field.Optional())
			}
		}
	}
	if !slices.Equal(names, append(slices.Clone(Columns), EvalColumns...)) {
		t.Fatalf("columns %q", names)
	}
	var out [][3]string
	for _, p := range readParquetRows[parquetEvalRow](t, f) {
		var f [3]string
		if p.ScoreCP != nil {
			f[0] = strconv.Itoa(int(*p.ScoreCP))
		}
		if p.Mate != nil {
			f[1] = strconv.Itoa(int(*p.Mate))
		}
		if p.Best != nil {
			f[2] = *p.Best
		}
		out = append(out, f)
	}
	return out
}

// TestFormatsHoldTheEvals writes rows with evaluations in every format and reads the three
// columns back; the other columns read back as without evaluations.
func TestFormatsHoldTheEvals(t *testing.T) {
	t.Parallel()
	rows := evalRows(t)
	var want [][3]string
	for i := range rows {
		want = append(want, evalFields(&rows[i]))
	}
	read := map[string]func(*testing.T, string) [][3]string{
		"csv": readEvalsCSV, "jsonl": readEvalsJSONL, "parquet": readEvalsParquet,
	}
	for _, f := range formats {
		t.Run(f.Name(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			w, err := NewWriter(dir, f, nil, WriterOptions{Evals: true, RowGroupRows: 3})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Add(rows); err != nil {
				t.Fatal(err)
			}
			engine := &EngineInfo{Name: "Fake 1", Options: "UCI_Variant=xiangqi", Limit: "nodes 4000"}
			if err := w.Close(ManifestInfo{Engine: engine}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "positions"+f.Ext())
			if got := read[f.Name()](t, path); !slices.Equal(got, want) {
				t.Errorf("evaluations read back\n got %q\nwant %q", got, want)
			}
			m := readManifest(t, dir)
			if !slices.Equal(m.Columns, append(slices.Clone(Columns), EvalColumns...)) || m.Engine == nil || *m.Engine != *engine {
				t.Errorf("manifest columns %q engine %+v", m.Columns, m.Engine)
			}
			if f == Parquet {
				return
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, filepath.Join("testdata", "evals."+f.Name()+".golden"), string(data), *update)
		})
	}
}

// TestParquetEvalsAllocs: the Parquet rows of an export with evaluations cost no allocation
// per row for their optional columns.
func TestParquetEvalsAllocs(t *testing.T) {
	rows := evalRows(t)
	for len(rows) < 4096 {
		rows = append(rows, rows...)
	}
	var e parquetEvalRow
	fill := openParquet(io.Discard, sinkConfig{rowGroupRows: 1 << 20, evals: true}).(*parquetSink[parquetEvalRow]).fill
	allocs := testing.AllocsPerRun(10, func() {
		for i := range rows {
			fill(&e, &rows[i], i%parquetBatch)
		}
	})
	if allocs > 0 {
		t.Errorf("%v allocations for %d rows", allocs, len(rows))
	}
}
