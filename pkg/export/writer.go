package export

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// DefaultRowGroupRows is the number of rows of a Parquet row group unless
// WriterOptions.RowGroupRows says otherwise: what the writer holds in memory per file.
const DefaultRowGroupRows = 128 << 10

// DefaultMaxListedSkips is how many skipped games the manifest lists one by one unless
// WriterOptions.MaxListedSkips says otherwise; every skip is counted by reason.
const DefaultMaxListedSkips = 1000

// ManifestName is the name of the manifest file in the output directory.
const ManifestName = "manifest.json"

// WriterOptions tune a Writer. The zero value is the defaults.
type WriterOptions struct {
	// RowGroupRows is the number of rows per Parquet row group; 0 means DefaultRowGroupRows.
	RowGroupRows int
	// MaxListedSkips is how many skipped games the manifest lists; 0 means
	// DefaultMaxListedSkips, a negative number none.
	MaxListedSkips int
	// Version is qipu's version, written in the Parquet files' created_by ("qipu version
	// V"; "qipu" when empty).
	Version string
	// Evals adds the EvalColumns, from each Row's Eval.
	Evals bool
}

// ManifestInfo is what the caller adds to the manifest.
type ManifestInfo struct {
	Version string   // qipu's version; "" for WriterOptions.Version
	Command []string // the command line, program name first
	// Engine, if not nil, says which engine filled the EvalColumns.
	Engine *EngineInfo
}

// EngineInfo names the engine of an export with evaluations, for the manifest.
type EngineInfo struct {
	Name    string `json:"name"`    // the engine's "id name"
	Options string `json:"options"` // the options set, NAME=VALUE sorted, space-separated
	Limit   string `json:"limit"`   // each position's search, as "nodes 4000"
}

// ErrClosed is returned by the Writer's methods after Close or Abort.
var ErrClosed = errors.New("export: writer closed")

// Writer writes the rows of an export to DIR/positions.<ext>, or with splits to one file per
// split, DIR/positions-<name>.<ext>, and DIR/manifest.json. Each file is written to a
// temporary file in DIR and renamed into place by Close; Abort, or a failed Close, removes
// the temporary files, so that no partial output is ever left under its final name.
//
// Give it games in the order they should appear (the input order, for output that is the
// same for every number of workers): Add the rows of each game, Skip each game that gave
// none. A Writer is not safe for concurrent use. Memory is bounded: text formats are
// written in 64 KiB blocks, Parquet one row group at a time.
type Writer struct {
	dir     string
	format  Format
	splits  []Split
	outs    []*output
	skips   skipLog
	maxList int
	version string
	evals   bool
	err     error // the first write error: Close fails with it
	done    bool
}

// output is one data file being written.
type output struct {
	split       string
	file        string // its final name in dir
	tmp         *os.File
	bw          *bufio.Writer
	sink        sink
	games, rows int64
	fraction    float64
}

// NewWriter creates dir if needed and opens the temporary files of the export: one per
// split, or positions.<ext> when splits is empty.
func NewWriter(dir string, format Format, splits []Split, opts WriterOptions) (*Writer, error) {
	if format.def == nil {
		return nil, fmt.Errorf("%w: no format given", ErrFormat)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export: creating the output directory: %w", err)
	}
	w := &Writer{dir: dir, format: format, splits: splits, maxList: opts.MaxListedSkips, version: opts.Version, evals: opts.Evals}
	if w.maxList == 0 {
		w.maxList = DefaultMaxListedSkips
	}
	cfg := sinkConfig{rowGroupRows: opts.RowGroupRows, createdBy: opts.Version, evals: opts.Evals}
	if cfg.rowGroupRows <= 0 {
		cfg.rowGroupRows = DefaultRowGroupRows
	}
	parts := splits
	if len(parts) == 0 {
		parts = []Split{{Name: "", Fraction: 1}}
	}
	for _, s := range parts {
		name := "positions" + format.Ext()
		if s.Name != "" {
			name = "positions-" + s.Name + format.Ext()
		}
		tmp, err := createTemp(dir, name)
		if err != nil {
			w.Abort()
			return nil, fmt.Errorf("export: %w", err)
		}
		bw := bufio.NewWriterSize(tmp, 256<<10)
		w.outs = append(w.outs, &output{split: s.Name, file: name, tmp: tmp, bw: bw,
			sink: format.def.open(bw, cfg), fraction: s.Fraction})
	}
	return w, nil
}

// Add writes the rows of one or more games, in order: a game's rows are a run of rows with
// the same GameID starting at ply 0 (as AppendRows makes them: a game, then its mirror), and
// they all go to the file of the game's split (SplitOf its GameID).
func (w *Writer) Add(rows []Row) error {
	if w.done {
		return ErrClosed
	}
	if w.err != nil {
		return w.err
	}
	for len(rows) > 0 {
		n := 1
		for n < len(rows) && rows[n].GameID == rows[0].GameID && rows[n].Ply != 0 {
			n++
		}
		out := w.outs[SplitOf(rows[0].GameID, w.splits)]
		if err := out.sink.write(rows[:n]); err != nil {
			w.err = fmt.Errorf("export: writing %s: %w", out.file, err)
			return w.err
		}
		out.games++
		out.rows += int64(n)
		rows = rows[n:]
	}
	return nil
}

// Skip records a game that gave no rows, for the manifest: its source and index (0 for a
// whole file that could not be read) and why (see AppendRows and SkipOf).
func (w *Writer) Skip(source string, index int, s Skip) {
	w.skips.add(source, index, s, w.maxList)
}

// Close finishes the files (the Parquet footers), writes the manifest and renames every file
// into place, the manifest last: a directory with a manifest.json holds a complete export.
// On any error, it removes the temporary files and returns the error (a write error of Add
// included). A second Close returns ErrClosed; Abort after Close does nothing.
func (w *Writer) Close(info ManifestInfo) error {
	if w.done {
		return ErrClosed
	}
	if w.err != nil {
		w.Abort()
		return w.err
	}
	for _, o := range w.outs {
		if err := o.finish(); err != nil {
			w.Abort()
			return fmt.Errorf("export: writing %s: %w", o.file, err)
		}
	}
	data, err := json.MarshalIndent(w.manifest(info), "", "  ")
	if err != nil {
		w.Abort()
		return fmt.Errorf("export: manifest: %w", err)
	}
	mtmp, err := createTemp(w.dir, ManifestName)
	if err != nil {
		w.Abort()
		return fmt.Errorf("export: %w", err)
	}
	_, err = mtmp.Write(append(data, '\n'))
	if cerr := mtmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(mtmp.Name())
		w.Abort()
		return fmt.Errorf("export: writing %s: %w", ManifestName, err)
	}
	for i, o := range w.outs {
		if err := os.Rename(o.tmp.Name(), filepath.Join(w.dir, o.file)); err != nil {
			for _, rest := range w.outs[i:] {
				os.Remove(rest.tmp.Name())
			}
			os.Remove(mtmp.Name())
			w.done = true
			return fmt.Errorf("export: %w", err)
		}
	}
	w.done = true
	if err := os.Rename(mtmp.Name(), filepath.Join(w.dir, ManifestName)); err != nil {
		os.Remove(mtmp.Name())
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// createTemp creates a new temporary file for the file name in dir: ".NAME.tmp-RANDOM", with
// the final file's mode from the start (0644 less the umask), so that renaming it is all
// that remains.
func createTemp(dir, name string) (*os.File, error) {
	var err error
	for range 1000 {
		var f *os.File
		f, err = os.OpenFile(filepath.Join(dir, "."+name+".tmp-"+strconv.FormatUint(uint64(rand.Uint32()), 10)),
			os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	return nil, err
}

// finish ends the file and closes it.
func (o *output) finish() error {
	err := o.sink.close()
	if err == nil {
		err = o.bw.Flush()
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	return err
}

// Abort gives up the export: it closes and removes the temporary files. Use it when the run
// fails or is interrupted before Close.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	w.done = true
	for _, o := range w.outs {
		o.tmp.Close() // may be closed already; the error says nothing new
		os.Remove(o.tmp.Name())
	}
}

// skipLog counts skipped games by reason and lists the first few.
type skipLog struct {
	total    int64
	byReason map[string]int64
	listed   []skippedGame
}

type skippedGame struct {
	Source string `json:"source"`
	Index  int    `json:"index"`
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

func (l *skipLog) add(source string, index int, s Skip, limit int) {
	if l.byReason == nil {
		l.byReason = map[string]int64{}
	}
	l.total++
	l.byReason[s.Reason]++
	if len(l.listed) < limit {
		l.listed = append(l.listed, skippedGame{source, index, s.Reason, s.Detail})
	}
}

// manifest is the content of manifest.json.
type manifest struct {
	Version string          `json:"qipu_version"`
	Command []string        `json:"command_line"`
	Format  string          `json:"format"`
	Columns []string        `json:"columns"`
	Engine  *EngineInfo     `json:"engine,omitempty"`
	GameID  string          `json:"game_id"`
	Games   int64           `json:"games"`
	Rows    int64           `json:"rows"`
	Splits  []manifestSplit `json:"splits"`
	Skipped manifestSkipped `json:"skipped"`
}

type manifestSplit struct {
	Name     string  `json:"name"`
	Fraction float64 `json:"fraction"`
	File     string  `json:"file"`
	Games    int64   `json:"games"`
	Rows     int64   `json:"rows"`
}

type manifestSkipped struct {
	Games    int64            `json:"games"`
	ByReason map[string]int64 `json:"by_reason"`
	Listed   []skippedGame    `json:"listed"`
	// Unlisted counts the skipped games left out of Listed.
	Unlisted int64 `json:"unlisted"`
}

// gameIDDoc tells manifest readers how game_id is made (see GameID).
const gameIDDoc = "FNV-1a 64-bit hash, 16 hex digits, of the start FEN's placement and side fields, then a space and the UCCI text of each main-line move"

func (w *Writer) manifest(info ManifestInfo) manifest {
	m := manifest{
		Version: info.Version, Command: info.Command, Format: w.format.Name(),
		Columns: columns(w.evals), GameID: gameIDDoc, Engine: info.Engine,
		Skipped: manifestSkipped{
			Games: w.skips.total, ByReason: w.skips.byReason, Listed: w.skips.listed,
			Unlisted: w.skips.total - int64(len(w.skips.listed)),
		},
	}
	if m.Version == "" {
		m.Version = w.version
	}
	if m.Command == nil {
		m.Command = []string{}
	}
	if m.Skipped.ByReason == nil {
		m.Skipped.ByReason = map[string]int64{}
	}
	if m.Skipped.Listed == nil {
		m.Skipped.Listed = []skippedGame{}
	}
	for _, o := range w.outs {
		name := o.split
		if name == "" {
			name = "all"
		}
		m.Splits = append(m.Splits, manifestSplit{name, o.fraction, o.file, o.games, o.rows})
		m.Games += o.games
		m.Rows += o.rows
	}
	return m
}
