package export

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/parquet-go/parquet-go"

	"github.com/qipu/qipu/pkg/board"
)

// Columns are the names of the export's columns, in their order in every format.
var Columns = []string{"game_id", "source", "index", "ply", "fen", "side", "move", "result", "score", "plies_left"}

// EvalColumns are the columns an export with an engine adds after Columns
// (WriterOptions.Evals), from Row.Eval: score_cp (centipawns from Red's side), mate (moves
// to mate, positive when Red mates) and best (the engine's best move, UCCI as move). Each is
// null (empty in CSV) when it does not apply: score_cp for a mate, mate for a score, all three
// for a position not evaluated; best also when the position has no legal move.
var EvalColumns = []string{"score_cp", "mate", "best"}

// columns returns the columns of an export, with EvalColumns or not.
func columns(evals bool) []string {
	if evals {
		return append(slices.Clone(Columns), EvalColumns...)
	}
	return Columns
}

// Format is an output format of the export: Parquet, CSV or JSONL. The zero Format is none.
type Format struct{ def *formatDef }

// formatDef is what a Format is: its name, its file extension and how to open a file of it.
type formatDef struct {
	name, ext string
	open      func(w io.Writer, cfg sinkConfig) sink
}

// The formats.
var (
	// Parquet: one file of row groups (WriterOptions.RowGroupRows rows each), snappy
	// compression, data pages of version 1; strings are UTF-8 byte arrays (dictionary-encoded
	// but for fen), index, ply and plies_left INT32, score an optional DOUBLE.
	Parquet = Format{&formatDef{"parquet", ".parquet", openParquet}}
	// CSV: a header line of the column names, then a line per row ended by LF (as
	// encoding/csv writes by default); a field is quoted as RFC 4180 says when it holds a
	// comma, a quote or a line break; score is empty when unknown.
	CSV = Format{&formatDef{"csv", ".csv", openCSV}}
	// JSONL: JSON Lines, one object per row with the columns as keys in their order; score is
	// null when unknown.
	JSONL = Format{&formatDef{"jsonl", ".jsonl", openJSONL}}
)

var formats = []Format{Parquet, CSV, JSONL}

// Formats returns the formats, Parquet (the default of the command line) first.
func Formats() []Format { return slices.Clone(formats) }

// ErrFormat is wrapped by the error of ParseFormat for a name it does not know.
var ErrFormat = errors.New("export: unknown format")

// ParseFormat returns the format with the name ("parquet", "csv" or "jsonl"; any case).
func ParseFormat(name string) (Format, error) {
	for _, f := range formats {
		if strings.EqualFold(name, f.def.name) {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("%w %q (want parquet, csv or jsonl)", ErrFormat, name)
}

// Name returns the format's name as ParseFormat takes it; "" for the zero Format.
func (f Format) Name() string {
	if f.def == nil {
		return ""
	}
	return f.def.name
}

// String returns Name.
func (f Format) String() string { return f.Name() }

// Ext returns the file extension of the format, with its dot: ".parquet".
func (f Format) Ext() string {
	if f.def == nil {
		return ""
	}
	return f.def.ext
}

// sink writes rows to one output file.
type sink interface {
	write(rows []Row) error
	// close writes what ends the file (the Parquet footer) and flushes; it does not close
	// the underlying writer.
	close() error
}

// sinkConfig is what a sink needs from the Writer's options.
type sinkConfig struct {
	rowGroupRows int
	createdBy    string
	evals        bool // the EvalColumns follow Columns
}

// textSink buffers the lines of a text format and writes them in large blocks.
type textSink struct {
	w   io.Writer
	buf []byte
	err error
	// The last source and its encoding: a game's rows share their source.
	lastSource, lastEncoded string
}

const textFlushAt = 64 << 10

func (t *textSink) flushIfFull() error {
	if len(t.buf) >= textFlushAt {
		return t.flush()
	}
	return nil
}

func (t *textSink) flush() error {
	if t.err == nil && len(t.buf) > 0 {
		_, t.err = t.w.Write(t.buf)
	}
	t.buf = t.buf[:0]
	return t.err
}

func (t *textSink) close() error { return t.flush() }

// encodedSource returns the source as enc encodes it, remembering the last one.
func (t *textSink) encodedSource(s string, enc func([]byte, string) []byte) string {
	if s != t.lastSource || t.lastEncoded == "" {
		t.lastSource, t.lastEncoded = s, string(enc(nil, s))
	}
	return t.lastEncoded
}

type csvSink struct {
	textSink
	evals bool
}

func openCSV(w io.Writer, cfg sinkConfig) sink {
	s := &csvSink{textSink{w: w, buf: make([]byte, 0, textFlushAt+4096)}, cfg.evals}
	s.buf = append(s.buf, strings.Join(columns(cfg.evals), ",")...)
	s.buf = append(s.buf, '\n')
	return s
}

func (s *csvSink) write(rows []Row) error {
	for i := range rows {
		r := &rows[i]
		b := s.buf
		b = appendCSVField(b, r.GameID)
		b = append(b, ',')
		b = append(b, s.encodedSource(r.Source, appendCSVField)...)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(r.Index), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(r.Ply), 10)
		b = append(b, ',')
		b = appendCSVField(b, r.FEN)
		b = append(b, ',')
		b = appendCSVField(b, r.Side)
		b = append(b, ',')
		b = appendCSVField(b, r.Move)
		b = append(b, ',')
		b = appendCSVField(b, r.Result)
		b = append(b, ',')
		b = r.Score.appendText(b, "")
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(r.PliesLeft), 10)
		if s.evals {
			b = append(b, ',')
			b = r.Eval.appendScores(b, ",", "")
			b = append(b, ',')
			b = r.Eval.appendBest(b, "", "")
		}
		b = append(b, '\n')
		s.buf = b
		if err := s.flushIfFull(); err != nil {
			return err
		}
	}
	return nil
}

// appendCSVField appends s as one CSV field: as it is, or in double quotes (inner quotes
// doubled) when it holds a comma, a quote or a line break, or starts with a space. The
// empty field is written "" so that it is never read as a missing line.
func appendCSVField(b []byte, s string) []byte {
	if s != "" && s[0] != ' ' && !csvSpecial(s) {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

type jsonlSink struct {
	textSink
	evals bool
}

func openJSONL(w io.Writer, cfg sinkConfig) sink {
	return &jsonlSink{textSink{w: w, buf: make([]byte, 0, textFlushAt+4096)}, cfg.evals}
}

func (s *jsonlSink) write(rows []Row) error {
	for i := range rows {
		r := &rows[i]
		b := s.buf
		b = append(b, `{"game_id":`...)
		b = appendJSONString(b, r.GameID)
		b = append(b, `,"source":`...)
		b = append(b, s.encodedSource(r.Source, appendJSONString)...)
		b = append(b, `,"index":`...)
		b = strconv.AppendInt(b, int64(r.Index), 10)
		b = append(b, `,"ply":`...)
		b = strconv.AppendInt(b, int64(r.Ply), 10)
		b = append(b, `,"fen":`...)
		b = appendJSONString(b, r.FEN)
		b = append(b, `,"side":`...)
		b = appendJSONString(b, r.Side)
		b = append(b, `,"move":`...)
		b = appendJSONString(b, r.Move)
		b = append(b, `,"result":`...)
		b = appendJSONString(b, r.Result)
		b = append(b, `,"score":`...)
		b = r.Score.appendText(b, "null")
		b = append(b, `,"plies_left":`...)
		b = strconv.AppendInt(b, int64(r.PliesLeft), 10)
		if s.evals {
			b = append(b, `,"score_cp":`...)
			b = r.Eval.appendScores(b, `,"mate":`, "null")
			b = append(b, `,"best":`...)
			b = r.Eval.appendBest(b, `"`, "null")
		}
		b = append(b, "}\n"...)
		s.buf = b
		if err := s.flushIfFull(); err != nil {
			return err
		}
	}
	return nil
}

// appendScores appends the score_cp and mate fields of e, sep between them, null for the
// one that does not apply.
func (e *Eval) appendScores(b []byte, sep, null string) []byte {
	if e.Known && !e.Mate {
		b = strconv.AppendInt(b, int64(e.Score), 10)
	} else {
		b = append(b, null...)
	}
	b = append(b, sep...)
	if e.Known && e.Mate {
		return strconv.AppendInt(b, int64(e.Score), 10)
	}
	return append(b, null...)
}

// appendBest appends the best move of e in UCCI form between quotes, or null.
func (e *Eval) appendBest(b []byte, quote, null string) []byte {
	if !e.Known || e.Best == board.NoMove {
		return append(b, null...)
	}
	b = append(b, quote...)
	b = e.Best.AppendICCS(b, true)
	return append(b, quote...)
}

// csvSpecial reports whether s holds a byte that makes a CSV field need quotes.
func csvSpecial(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '"', '\r', '\n':
			return true
		}
	}
	return false
}

// jsonPlain reports whether s is printable ASCII with nothing to escape in JSON.
func jsonPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// appendJSONString appends s as a JSON string: quotes, backslashes and control characters
// escaped, bytes that are not UTF-8 written as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	if jsonPlain(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\ufffd"...)
		} else if r == '\u2028' || r == '\u2029' {
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// parquetRow is the Parquet schema of a row.
type parquetRow struct {
	GameID    string   `parquet:"game_id,dict"`
	Source    string   `parquet:"source,dict"`
	Index     int32    `parquet:"index"`
	Ply       int32    `parquet:"ply"`
	FEN       string   `parquet:"fen"`
	Side      string   `parquet:"side,dict"`
	Move      string   `parquet:"move,dict"`
	Result    string   `parquet:"result,dict"`
	Score     *float64 `parquet:"score,optional"`
	PliesLeft int32    `parquet:"plies_left"`
}

// parquetEvalRow is the Parquet schema of a row of an export with an engine.
type parquetEvalRow struct {
	parquetRow
	ScoreCP *int32  `parquet:"score_cp,optional"`
	Mate    *int32  `parquet:"mate,optional"`
	Best    *string `parquet:"best,optional,dict"`
}

// The values score points to: one each, never written.
var scoreValues = [...]float64{ScoreLoss: 0, ScoreDraw: 0.5, ScoreWin: 1}

// parquetSink writes rows as T, a batch at a time; fill sets the i-th row of the batch.
type parquetSink[T any] struct {
	w     *parquet.GenericWriter[T]
	batch []T
	fill  func(dst *T, r *Row, i int)
}

// parquetBatch is the number of rows a Parquet sink converts at a time.
const parquetBatch = 1024

func openParquet(w io.Writer, cfg sinkConfig) sink {
	if cfg.evals {
		// What the optional columns of a batch point to: no allocation per row.
		ints := make([]int32, parquetBatch)
		bests := make([]string, parquetBatch)
		return newParquetSink(w, cfg, func(dst *parquetEvalRow, r *Row, i int) {
			*dst = parquetEvalRow{parquetRow: baseParquetRow(r)}
			e := &r.Eval
			if !e.Known {
				return
			}
			ints[i] = e.Score
			if e.Mate {
				dst.Mate = &ints[i]
			} else {
				dst.ScoreCP = &ints[i]
			}
			if e.Best != board.NoMove {
				bests[i] = moveName(e.Best)
				dst.Best = &bests[i]
			}
		})
	}
	return newParquetSink(w, cfg, func(dst *parquetRow, r *Row, _ int) { *dst = baseParquetRow(r) })
}

func newParquetSink[T any](w io.Writer, cfg sinkConfig, fill func(dst *T, r *Row, i int)) sink {
	pw := parquet.NewGenericWriter[T](w,
		parquet.Compression(&parquet.Snappy),
		parquet.MaxRowsPerRowGroup(int64(cfg.rowGroupRows)),
		parquet.DataPageVersion(1),
		// As the format's convention says, "<application> version <version>";
		// parquet.CreatedBy would add a malformed "(build …)".
		&parquet.WriterConfig{CreatedBy: createdBy(cfg.createdBy)},
	)
	return &parquetSink[T]{w: pw, batch: make([]T, 0, parquetBatch), fill: fill}
}

// baseParquetRow returns the columns of r but for EvalColumns.
func baseParquetRow(r *Row) parquetRow {
	var score *float64
	if r.Score != ScoreUnknown {
		score = &scoreValues[r.Score]
	}
	return parquetRow{
		GameID: r.GameID, Source: r.Source, Index: int32(r.Index), Ply: int32(r.Ply),
		FEN: r.FEN, Side: r.Side, Move: r.Move, Result: r.Result, Score: score,
		PliesLeft: int32(r.PliesLeft),
	}
}

// moveNames holds the UCCI text of every move between two squares, made once.
var moveNames = sync.OnceValue(func() []string {
	names := make([]string, 1<<14)
	for from := board.Square(0); from < board.NumSquares; from++ {
		for to := board.Square(0); to < board.NumSquares; to++ {
			m := board.NewMove(from, to)
			names[m] = string(m.AppendICCS(nil, true))
		}
	}
	return names
})

// moveName returns m's UCCI text without allocating.
func moveName(m board.Move) string {
	if names := moveNames(); int(m) < len(names) && names[m] != "" {
		return names[m]
	}
	return m.String()
}

// createdBy returns the created_by of a Parquet file written by qipu of the version.
func createdBy(version string) string {
	if version == "" {
		return "qipu"
	}
	return "qipu version " + version
}

func (s *parquetSink[T]) write(rows []Row) error {
	for len(rows) > 0 {
		n := min(len(rows), cap(s.batch))
		b := s.batch[:n]
		for i := range b {
			s.fill(&b[i], &rows[i], i)
		}
		if _, err := s.w.Write(b); err != nil {
			return err
		}
		clear(b) // drop the references to the rows' strings
		rows = rows[n:]
	}
	return nil
}

func (s *parquetSink[T]) close() error { return s.w.Close() }
