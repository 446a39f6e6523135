package pipeline

import (
	"fmt"
	"os"
	"path/filepath"

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
	o := &s.cfg.Export
	x, err := export.NewWriter(dir, o.Format, o.Splits, export.WriterOptions{Version: o.Version})
	if err != nil {
		return &UsageError{Err: fmt.Errorf("export: %w", err)}
	}
	w.exp = x
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
	o := &w.r.s.cfg.Export
	return w.exp.Close(export.ManifestInfo{Version: o.Version, Command: o.CommandLine})
}

// exportGame turns a game into rows (or a skip) in the worker.
func (f *fileRun) exportGame(g *game.Game, dup duplicate) {
	s := f.w.s
	if dup.dropped {
		f.cur.skips = append(f.cur.skips, exportSkip{f.in.source, g.Index, export.Skip{Reason: "duplicate",
			Detail: fmt.Sprintf("the same game as %s game %d", sourceOf(f.w.r.clean.inputs, dup.kept), dup.kept.Index)}})
		return
	}
	src := g.Source
	g.Source = f.in.source // the rows name the file as the reports do
	o := &s.cfg.Export
	rows, skip := export.AppendRows(f.cur.rows, g, export.Options{Partial: o.Partial, Mirror: o.Mirror, KeepResult: s.cfg.KeepResult})
	g.Source = src
	f.cur.rows = rows
	if skip.Reason != "" {
		f.cur.skips = append(f.cur.skips, exportSkip{f.in.source, g.Index, skip})
	}
}
