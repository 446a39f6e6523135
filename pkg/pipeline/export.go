package pipeline

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/qipu/qipu/pkg/analysis"
	"github.com/qipu/qipu/pkg/export"
	"github.com/qipu/qipu/pkg/game"
)

// ExportOptions are the settings of the export command.
type ExportOptions struct {
	// Format of the positions files: export.Parquet (the zero value), export.CSV or
	// export.JSONL.
	Format export.Format
	// Splits, if any, send each game to one split by its game_id (export.ParseSplits); none
	// writes one positions file.
	Splits []export.Split
	// Partial also exports the games cut at an error, up to the error; Mirror adds the
	// left–right mirror of each game as a game of its own.
	Partial, Mirror bool
	// KeepResult writes the Result tag of a game cut at its first error as it is (Writing).
	KeepResult bool
	// Dedupe exports only the kept game of each group of the same game (ConvertOptions).
	Dedupe bool
	// Version is qipu's version and CommandLine the command line, for the manifest.
	Version     string
	CommandLine []string
	// Evaluation, if not nil, is the engine (its Engine, Limit and Cache; its Thresholds are
	// not used) that evaluates the position of every row: the export gains the columns
	// score_cp, mate and best (export.EvalColumns). A position the engine fails on keeps them
	// null and gives its game an engine error; the game's rows are still written.
	Evaluation *AnalysisOptions
}

// rowSize is what a row is taken to cost in the writer's budget: its strings are slices of
// one string per game (FENs, moves), about 90 bytes a ply, and the Row itself.
const rowSize = 200

// exportSkip is a game left out of an export, and why.
type exportSkip struct {
	source string
	index  int
	skip   export.Skip
}

// validateExport checks the export options: an output directory, a known format.
func (s *settings) validateExport() error {
	cfg := &s.cfg
	s.to = nil
	if cfg.Out == "" || cfg.Out == "-" {
		return usagef("export: --out DIR is required (it receives the positions files and manifest.json)")
	}
	if fi, err := os.Stat(cfg.Out); err == nil && !fi.IsDir() {
		return usagef("export: --out %s: not a directory", cfg.Out)
	}
	if cfg.Report == "-" {
		return usagef("export: --report - is not allowed; name a file")
	}
	if s.analysis != nil {
		if s.analysis.Engine.Path == "" {
			return usagef("export: evaluating the positions needs an engine (--engine PATH)")
		}
		if err := s.analysis.validate("export"); err != nil {
			return err
		}
	}
	s.exporting = true
	return nil
}

// openExport creates the export's writer under the output directory, for the pass that
// exports.
func (w *writer) openExport() error {
	s := w.r.s
	if !s.exporting {
		return nil
	}
	dir := filepath.Clean(s.cfg.Out)
	if err := w.r.temps.MkdirAll(dir); err != nil {
		return &UsageError{Err: fmt.Errorf("export: --out: %w", err)}
	}
	o := &s.export
	x, err := export.NewWriter(dir, o.Format, o.Splits, export.WriterOptions{Version: o.Version, Evals: o.Evaluation != nil})
	if err != nil {
		return &UsageError{Err: fmt.Errorf("export: %w", err)}
	}
	w.exp = x
	if o.Evaluation != nil {
		if err := w.r.openAnalyzer("export"); err != nil {
			x.Abort()
			w.exp = nil
			return err
		}
	}
	return nil
}

// writeExport hands a batch's rows and skipped games to the export's writer, in input order.
func (w *writer) writeExport(p *batch) error {
	if w.exp == nil {
		return nil
	}
	if len(p.rows) > 0 {
		if err := w.exp.Add(p.rows); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		clear(p.rows) // the strings of the games: garbage now
	}
	for _, k := range p.skips {
		w.exp.Skip(k.source, k.index, k.skip)
	}
	return nil
}

// closeExport completes the export (ok) or removes what it wrote.
func (w *writer) closeExport(ok bool) error {
	if w.exp == nil {
		return nil
	}
	if !ok {
		w.exp.Abort()
		return nil
	}
	o := &w.r.s.export
	info := export.ManifestInfo{Version: o.Version, Command: o.CommandLine}
	if ar := w.r.an; ar != nil {
		a := w.r.s.analysis
		info.Engine = &export.EngineInfo{Name: ar.an.Name(), Options: analysis.OptionsKey(a.Engine.Options), Limit: a.Limit.String()}
	}
	return w.exp.Close(info)
}

// rowEvals returns the evaluations as the rows take them: by ply, the zero Eval where the
// engine gave none.
func rowEvals(evals []analysis.Eval) []export.Eval {
	if len(evals) == 0 {
		return nil
	}
	byPly := make([]export.Eval, evals[len(evals)-1].Ply+1)
	for i := range evals {
		e := &evals[i]
		byPly[e.Ply] = export.Eval{Known: true, Mate: e.Mate, Score: int32(e.Score), Best: e.Best}
	}
	return byPly
}

// exportGame turns a game into rows (or a skip) in the worker.
func (f *fileRun) exportGame(g *game.Game, dup duplicate) {
	s := f.w.s
	if dup.dropped {
		f.cur.skips = append(f.cur.skips, exportSkip{f.in.Source, g.Index, export.Skip{Reason: "duplicate",
			Detail: fmt.Sprintf("the same game as %s game %d", sourceOf(f.w.r.clean.inputs, dup.kept), dup.kept.Index)}})
		return
	}
	o := &s.export
	opts := export.Options{Partial: o.Partial, Mirror: o.Mirror, KeepResult: s.export.KeepResult}
	if f.w.r.an != nil && (g.Valid() || o.Partial) {
		evals, fails, ok := f.analyze(g)
		if !ok {
			return
		}
		opts.Evals = rowEvals(evals)
		// The engine's errors come after the rows are made, which are written with null
		// evaluations where it failed.
		defer f.addFailures(g, fails)
	}
	src := g.Source
	g.Source = f.in.Source // the rows name the file as the reports do
	rows, skip := export.AppendRows(f.cur.rows, g, opts)
	g.Source = src
	f.cur.rows = rows
	if skip.Reason != "" {
		f.cur.skips = append(f.cur.skips, exportSkip{f.in.Source, g.Index, skip})
	}
}
