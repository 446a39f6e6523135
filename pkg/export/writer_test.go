package export

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// sampleGames is a small archive: three games, one with a move the board refuses, read
// from a file whose name needs quoting in CSV and escaping in JSON.
const sampleGames = `[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0

[Result "1/2-1/2"]

1. c3c4 b9c7 2. b0c2 1/2-1/2

[Result "0-1"]

1. h2e2 h9g7 2. h0h9 0-1

[Result "*"]

1. b2e2 b9c7 *
`

const sampleSource = "dir,with \"quotes\"/games\x01.pgn"

// exportAll runs AppendRows over games and feeds a Writer, returning the rows it added.
func exportAll(t *testing.T, dir string, f Format, splits []Split, text string, opts Options, wopts WriterOptions) []Row {
	t.Helper()
	w, err := NewWriter(dir, f, splits, wopts)
	if err != nil {
		t.Fatal(err)
	}
	var all, rows []Row
	for _, g := range readGames(t, sampleSource, text) {
		var skip Skip
		rows, skip = AppendRows(rows[:0], g, opts)
		if skip.Reason != "" {
			w.Skip(g.Source, g.Index, skip)
			continue
		}
		if err := w.Add(rows); err != nil {
			t.Fatal(err)
		}
		all = append(all, rows...)
	}
	if err := w.Close(ManifestInfo{Version: "v0.0.0-test", Command: []string{"qipu", "export", "x"}}); err != nil {
		t.Fatal(err)
	}
	return all
}

// readCSV reads an exported CSV file back into rows.
func readCSV(t *testing.T, path string) []Row {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], Columns) {
		t.Fatalf("header %q", recs[0])
	}
	var out []Row
	for _, r := range recs[1:] {
		out = append(out, Row{GameID: r[0], Source: r[1], Index: atoi(t, r[2]), Ply: atoi(t, r[3]),
			FEN: r[4], Side: r[5], Move: r[6], Result: r[7], Score: scoreOf(t, r[8], r[8] != ""), PliesLeft: atoi(t, r[9])})
	}
	return out
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func scoreOf(t *testing.T, s string, ok bool) Score {
	t.Helper()
	if !ok {
		return ScoreUnknown
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return floatScore(t, v)
}

func floatScore(t *testing.T, v float64) Score {
	t.Helper()
	switch v {
	case 1:
		return ScoreWin
	case 0.5:
		return ScoreDraw
	case 0:
		return ScoreLoss
	}
	t.Fatalf("score %v", v)
	return ScoreUnknown
}

// readJSONL reads an exported JSON Lines file back into rows, checking the keys' order.
func readJSONL(t *testing.T, path string) []Row {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []Row
	for line := range strings.Lines(string(data)) {
		var m struct {
			GameID    string   `json:"game_id"`
			Source    string   `json:"source"`
			Index     int      `json:"index"`
			Ply       int      `json:"ply"`
			FEN       string   `json:"fen"`
			Side      string   `json:"side"`
			Move      string   `json:"move"`
			Result    string   `json:"result"`
			Score     *float64 `json:"score"`
			PliesLeft int      `json:"plies_left"`
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		keys := jsonKeys(t, line)
		if !slices.Equal(keys, Columns) {
			t.Fatalf("keys %q", keys)
		}
		r := Row{GameID: m.GameID, Source: m.Source, Index: m.Index, Ply: m.Ply, FEN: m.FEN, Side: m.Side,
			Move: m.Move, Result: m.Result, PliesLeft: m.PliesLeft}
		if m.Score != nil {
			r.Score = floatScore(t, *m.Score)
		}
		out = append(out, r)
	}
	return out
}

// jsonKeys lists the keys of a JSON object in their order.
func jsonKeys(t *testing.T, obj string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(obj))
	var keys []string
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// readParquetRows reads every row of a Parquet file as T, a few at a time (a count that does
// not divide the row groups).
func readParquetRows[T any](t *testing.T, f *os.File) []T {
	t.Helper()
	r := parquet.NewGenericReader[T](f)
	defer r.Close()
	var out []T
	buf := make([]T, 7)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// readParquet reads an exported Parquet file back with parquet-go's reader.
func readParquet(t *testing.T, path string) []Row {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Row
	for _, p := range readParquetRows[parquetRow](t, f) {
		row := Row{GameID: p.GameID, Source: p.Source, Index: int(p.Index), Ply: int(p.Ply), FEN: p.FEN,
			Side: p.Side, Move: p.Move, Result: p.Result, PliesLeft: int(p.PliesLeft)}
		if p.Score != nil {
			row.Score = floatScore(t, *p.Score)
		}
		out = append(out, row)
	}
	return out
}

var readers = map[string]func(*testing.T, string) []Row{
	"parquet": readParquet, "csv": readCSV, "jsonl": readJSONL,
}

func TestFormatsHoldTheSameRows(t *testing.T) {
	t.Parallel()
	for _, f := range formats {
		t.Run(f.Name(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			want := exportAll(t, dir, f, nil, sampleGames, Options{Mirror: true}, WriterOptions{RowGroupRows: 5})
			if len(want) != (6+3+2)*2 {
				t.Fatalf("%d rows exported, want 22", len(want))
			}
			if want[0].Source != strings.ToValidUTF8(sampleSource, "\uFFFD") {
				t.Fatalf("source %q", want[0].Source)
			}
			got := readers[f.Name()](t, filepath.Join(dir, "positions"+f.Ext()))
			if !slices.Equal(got, want) {
				t.Errorf("read back %d rows, wrote %d:\n got %+v\nwant %+v", len(got), len(want), got, want)
			}
			checkDir(t, dir, "positions"+f.Ext(), ManifestName)
			m := readManifest(t, dir)
			if m.Games != 6 || m.Rows != 22 || m.Skipped.Games != 1 || m.Skipped.ByReason["illegal"] != 1 ||
				len(m.Skipped.Listed) != 1 || m.Skipped.Listed[0].Index != 3 || m.Format != f.Name() ||
				m.Version != "v0.0.0-test" || len(m.Command) != 3 {
				t.Errorf("manifest %+v", m)
			}
		})
	}
}

// TestParquetSchema checks the column types of the Parquet file.
func TestParquetSchema(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	exportAll(t, dir, Parquet, nil, sampleGames, Options{}, WriterOptions{Version: "v0.0.0-test"})
	f, err := os.Open(filepath.Join(dir, "positions.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if got := pf.Metadata().CreatedBy; got != "qipu version v0.0.0-test" {
		t.Errorf("created_by %q", got)
	}
	var names []string
	for _, field := range pf.Schema().Fields() {
		names = append(names, field.Name())
		typ := field.Type()
		switch field.Name() {
		case "index", "ply", "plies_left":
			if typ.Kind() != parquet.Int32 || field.Optional() {
				t.Errorf("%s: %v optional=%v, want required INT32", field.Name(), typ, field.Optional())
			}
		case "score":
			if typ.Kind() != parquet.Double || !field.Optional() {
				t.Errorf("score: %v optional=%v, want optional DOUBLE", typ, field.Optional())
			}
		default:
			if typ.Kind() != parquet.ByteArray || typ.LogicalType() == nil || typ.LogicalType().String() != "STRING" {
				t.Errorf("%s: %v, want a UTF-8 byte array", field.Name(), typ)
			}
		}
	}
	if !slices.Equal(names, Columns) {
		t.Errorf("columns %q, want %q", names, Columns)
	}
	for _, rg := range pf.Metadata().RowGroups {
		for _, c := range rg.Columns {
			if c.MetaData.Codec.String() != "SNAPPY" {
				t.Errorf("column %v: codec %v", c.MetaData.PathInSchema, c.MetaData.Codec)
			}
		}
	}
}

// checkDir fails t unless dir holds exactly the files named (no temporary file left).
func checkDir(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(got)
	slices.Sort(names)
	if !slices.Equal(got, names) {
		t.Errorf("directory holds %q, want %q", got, names)
	}
}

func readManifest(t *testing.T, dir string) manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParseSplits(t *testing.T) {
	t.Parallel()
	good := map[string][]Split{
		"train=0.9,val=0.05,test=0.05": {{"train", 0.9}, {"val", 0.05}, {"test", 0.05}},
		"all=1":                        {{"all", 1}},
		" a = 0.5 , b_2-x = 0.5 ":      {{"a", 0.5}, {"b_2-x", 0.5}},
		"x=0.1,y=0.2,z=0.7":            {{"x", 0.1}, {"y", 0.2}, {"z", 0.7}},
	}
	for spec, want := range good {
		got, err := ParseSplits(spec)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseSplits(%q) = %v, %v; want %v", spec, got, err, want)
		}
	}
	for _, spec := range []string{
		"", "train", "train=0.9", "train=0.9,val=0.2", "a=0.5,a=0.5", "../x=1", "a b=1",
		"a=NaN,b=1", "a=-0.5,b=1.5", "a=0,b=1", "=1", "a=1,", "a=0x1", "a=1e-8,b=1",
		strings.Repeat("n", 65) + "=1",
	} {
		if got, err := ParseSplits(spec); !errors.Is(err, ErrSplit) {
			t.Errorf("ParseSplits(%q) = %v, %v; want an ErrSplit", spec, got, err)
		}
	}
}

func TestSplitOf(t *testing.T) {
	t.Parallel()
	splits := []Split{{"train", 0.9}, {"val", 0.05}, {"test", 0.05}}
	counts := make([]int, 3)
	const n = 100000
	var id [16]byte
	for i := range n {
		s := string(appendHex(id[:0], uint64(i)*0x9e3779b97f4a7c15))
		k := SplitOf(s, splits)
		if k != SplitOf(s, splits) {
			t.Fatal("not deterministic")
		}
		counts[k]++
	}
	for i, s := range splits {
		if got := float64(counts[i]) / n; math.Abs(got-s.Fraction) > 0.005 {
			t.Errorf("split %s: %.4f of the ids, want %.2f", s.Name, got, s.Fraction)
		}
	}
	// Pinned: a change of the function would move games between splits of existing data.
	if got := SplitOf("0123456789abcdef", splits); got != SplitOf("0123456789abcdef", slices.Clone(splits)) {
		t.Error("depends on the slice")
	}
	if SplitOf("x", nil) != 0 || SplitOf("x", splits[:1]) != 0 {
		t.Error("fewer than two splits: want 0")
	}
}

func TestWriterSplits(t *testing.T) {
	t.Parallel()
	splits, err := ParseSplits("train=0.5,val=0.25,test=0.25")
	if err != nil {
		t.Fatal(err)
	}
	// Many games: every first move of the start position, then every reply.
	text := manyGames(t)
	dir := t.TempDir()
	all := exportAll(t, dir, JSONL, splits, text, Options{Mirror: true}, WriterOptions{})
	checkDir(t, dir, ManifestName, "positions-train.jsonl", "positions-val.jsonl", "positions-test.jsonl")
	seen := map[string]string{} // game id → split
	total := 0
	m := readManifest(t, dir)
	for i, s := range splits {
		rows := readJSONL(t, filepath.Join(dir, "positions-"+s.Name+".jsonl"))
		total += len(rows)
		games := 0 // runs of rows of one id: a game and its mirror may be the same as another game
		for j, r := range rows {
			if j == 0 || r.GameID != rows[j-1].GameID || r.Ply == 0 {
				games++
			}
			if prev, ok := seen[r.GameID]; ok && prev != s.Name {
				t.Fatalf("game %s in %s and %s", r.GameID, prev, s.Name)
			}
			seen[r.GameID] = s.Name
			if SplitOf(r.GameID, splits) != i {
				t.Errorf("game %s in %s, SplitOf says %d", r.GameID, s.Name, SplitOf(r.GameID, splits))
			}
		}
		if len(rows) == 0 {
			t.Errorf("split %s is empty", s.Name)
		}
		ms := m.Splits[i]
		if ms.Name != s.Name || ms.File != "positions-"+s.Name+".jsonl" || ms.Rows != int64(len(rows)) || ms.Games != int64(games) {
			t.Errorf("manifest split %+v; file has %d games, %d rows", ms, games, len(rows))
		}
	}
	if total != len(all) || m.Rows != int64(total) {
		t.Errorf("%d rows in the files, %d exported, manifest says %d", total, len(all), m.Rows)
	}
	// Deterministic: a second run writes the same bytes.
	dir2 := t.TempDir()
	exportAll(t, dir2, JSONL, splits, text, Options{Mirror: true}, WriterOptions{})
	for _, name := range []string{ManifestName, "positions-train.jsonl", "positions-val.jsonl", "positions-test.jsonl"} {
		a, _ := os.ReadFile(filepath.Join(dir, name))
		b, _ := os.ReadFile(filepath.Join(dir2, name))
		if string(a) != string(b) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// manyGames returns a PGN text of the two-ply games from the start position.
func manyGames(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	start := readGame(t, "*\n").StartPosition()
	for _, m := range start.LegalMoves(nil) {
		p := *start
		p.Play(m)
		for _, r := range p.LegalMoves(nil)[:5] {
			b.WriteString("[Result \"1-0\"]\n\n1. ")
			b.Write(m.AppendICCS(nil, true))
			b.WriteByte(' ')
			b.Write(r.AppendICCS(nil, true))
			b.WriteString(" 1-0\n\n")
		}
	}
	return b.String()
}

func TestWriterAtomic(t *testing.T) {
	t.Parallel()
	for _, f := range formats {
		dir := filepath.Join(t.TempDir(), "new", "out")
		w, err := NewWriter(dir, f, []Split{{"a", 0.5}, {"b", 0.5}}, WriterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := AppendRows(nil, readGame(t, "1. h2e2 h9g7 *\n"), Options{})
		if err := w.Add(rows); err != nil {
			t.Fatal(err)
		}
		// Before Close, nothing is under its final name.
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") || !strings.Contains(e.Name(), ".tmp-") {
				t.Errorf("%s: %s before Close", f, e.Name())
			}
		}
		w.Abort()
		checkDir(t, dir)
		if err := w.Add(rows); !errors.Is(err, ErrClosed) {
			t.Errorf("Add after Abort: %v", err)
		}
		if err := w.Close(ManifestInfo{}); !errors.Is(err, ErrClosed) {
			t.Errorf("Close after Abort: %v", err)
		}
	}
}

// failingWriter fails every write.
type failingWriter struct{}

var errDisk = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errDisk }

func TestWriterWriteErrorRemovesTemps(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := NewWriter(dir, CSV, nil, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Make the sink's writes fail, as a full disk would.
	w.outs[0].sink.(*csvSink).w = failingWriter{}
	rows, _ := AppendRows(nil, readGame(t, "1. h2e2 h9g7 *\n"), Options{})
	for range 2000 { // more than a block
		if err = w.Add(rows); err != nil {
			break
		}
	}
	if !errors.Is(err, errDisk) {
		t.Fatalf("Add: %v, want the write error", err)
	}
	if err := w.Close(ManifestInfo{}); !errors.Is(err, errDisk) {
		t.Errorf("Close: %v, want the write error", err)
	}
	checkDir(t, dir)
}

func TestManifestListsSkipsUpToLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := NewWriter(dir, CSV, nil, WriterOptions{MaxListedSkips: 2})
	if err != nil {
		t.Fatal(err)
	}
	w.Skip("a.pgn", 1, Skip{Reason: "illegal", Detail: "x"})
	w.Skip("a.pgn", 2, Skip{Reason: "empty"})
	w.Skip("b.xqf", 0, SkipOf(errors.New("plain error")))
	if err := w.Close(ManifestInfo{}); err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, dir)
	if m.Skipped.Games != 3 || len(m.Skipped.Listed) != 2 || m.Skipped.Unlisted != 1 ||
		m.Skipped.ByReason["illegal"] != 1 || m.Skipped.ByReason["empty"] != 1 || m.Skipped.ByReason["io"] != 1 {
		t.Errorf("skipped: %+v", m.Skipped)
	}
	if m.Games != 0 || len(m.Splits) != 1 || m.Splits[0].File != "positions.csv" || m.Splits[0].Name != "all" {
		t.Errorf("manifest: %+v", m)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "positions.csv"))
	if string(data) != strings.Join(Columns, ",")+"\n" {
		t.Errorf("empty CSV: %q", data)
	}
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for _, f := range formats {
		got, err := ParseFormat(strings.ToUpper(f.Name()))
		if err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.Name(), got, err)
		}
	}
	if _, err := ParseFormat("xlsx"); !errors.Is(err, ErrFormat) {
		t.Errorf("xlsx: %v", err)
	}
	if _, err := NewWriter(t.TempDir(), Format{}, nil, WriterOptions{}); !errors.Is(err, ErrFormat) {
		t.Errorf("zero format: %v", err)
	}
}

func TestAppendCSVAndJSON(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"a/b.pgn": "a/b.pgn", "a,b": `"a,b"`, `say "hi"`: `"say ""hi"""`, "x\ny": "\"x\ny\"", " lead": `" lead"`, "": `""`,
	} {
		if got := string(appendCSVField(nil, in)); got != want {
			t.Errorf("CSV %q = %s, want %s", in, got, want)
		}
	}
	for _, in := range []string{"a/b.pgn", "q\"b\\", "\x00\x1f\x7f", "棋谱/\u2028x", "bad\xff"} {
		var back string
		if err := json.Unmarshal(appendJSONString(nil, in), &back); err != nil {
			t.Errorf("JSON %q: %v", in, err)
		}
		if back != strings.ToValidUTF8(in, "\uFFFD") {
			t.Errorf("JSON %q read back %q", in, back)
		}
	}
}

func TestWriterFileMode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	exportAll(t, dir, CSV, nil, sampleGames, Options{}, WriterOptions{})
	// The mode a file created with 0644 gets under the current umask.
	ref := filepath.Join(t.TempDir(), "ref")
	if err := os.WriteFile(ref, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(ref)
	if err != nil {
		t.Fatal(err)
	}
	want := st.Mode().Perm()
	for _, name := range []string{"positions.csv", ManifestName} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if m := st.Mode().Perm(); m != want {
			t.Errorf("%s: mode %v, want %v (0644 less the umask)", name, m, want)
		}
	}
}

// TestWorkersWriteTheSameBytes makes the rows with several goroutines, as a worker pool
// does, and writes them in input order: the files are those of one goroutine.
func TestWorkersWriteTheSameBytes(t *testing.T) {
	t.Parallel()
	games := readGames(t, sampleSource, manyGames(t)+sampleGames)
	splits := []Split{{"train", 0.8}, {"test", 0.2}}
	opts := Options{Partial: true, Mirror: true}
	write := func(dir string, workers int) {
		type result struct {
			rows []Row
			skip Skip
		}
		results := make([]chan result, len(games))
		for i := range results {
			results[i] = make(chan result, 1)
		}
		next := make(chan int)
		for range workers {
			go func() {
				for i := range next {
					rows, skip := AppendRows(nil, games[i], opts)
					results[i] <- result{rows, skip}
				}
			}()
		}
		go func() {
			for i := range games {
				next <- i
			}
			close(next)
		}()
		w, err := NewWriter(dir, Parquet, splits, WriterOptions{RowGroupRows: 100})
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range games {
			r := <-results[i]
			if r.skip.Reason != "" {
				w.Skip(g.Source, g.Index, r.skip)
			} else if err := w.Add(r.rows); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(ManifestInfo{}); err != nil {
			t.Fatal(err)
		}
	}
	one, four := t.TempDir(), t.TempDir()
	write(one, 1)
	write(four, 4)
	for _, name := range []string{ManifestName, "positions-train.parquet", "positions-test.parquet"} {
		a, err := os.ReadFile(filepath.Join(one, name))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(filepath.Join(four, name))
		if string(a) != string(b) {
			t.Errorf("%s differs between 1 and 4 workers", name)
		}
	}
}
