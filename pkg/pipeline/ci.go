package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/record"
)

// CI formats, rule selection and baselines (check --output, --select, --ignore, --baseline,
// --write-baseline): the pipeline's side of package ciformat.

// CIOutput is one CI report of a check run: a format of package ciformat and where it goes
// ("-" for standard output). Files are written to a temporary file and renamed into place when
// the run ends.
type CIOutput struct {
	Format ciformat.Format
	Path   string
}

// ParseCIOutput reads the command line's --output value FORMAT=PATH, e.g. "sarif=qipu.sarif".
func ParseCIOutput(spec string) (CIOutput, error) {
	name, path, ok := strings.Cut(spec, "=")
	if !ok || path == "" {
		return CIOutput{}, fmt.Errorf("%w: --output %q: want FORMAT=PATH (formats: %s)", ErrUnknownName, spec, strings.Join(ciformat.Names(), ", "))
	}
	f, ok := ciformat.Lookup(name)
	if !ok {
		return CIOutput{}, unknown("output format", name, strings.Join(ciformat.Names(), ", "))
	}
	return CIOutput{Format: f, Path: path}, nil
}

// ciRun is what the workers of a run share for CI formats, selection and baselines.
type ciRun struct {
	filter ciformat.Filter // the selection, the baseline (read in openCI) and what to collect
	// outputs are the CI outputs: Config.Outputs, and for --format github the format
	// "github" on standard output.
	outputs []CIOutput
}

// validateCI checks the CI options of cfg; the baseline file is read in openCI.
func (s *settings) validateCI() error {
	cfg := &s.cfg
	ci := &ciRun{}
	s.ci = ci
	for _, k := range slices.Concat(cfg.Select, cfg.Ignore) {
		if _, ok := game.RuleFor(k); !ok {
			return usagef("%s: unknown code %q (see qipu rules)", s.command, k)
		}
	}
	ci.filter.Selected = ciformat.NewSelection(cfg.Select)
	ci.filter.Ignored = ciformat.NewSelection(cfg.Ignore)
	stdout, paths := 0, map[string]bool{}
	for _, o := range s.check.Outputs {
		if o.Format.New == nil {
			return usagef("check: an --output without a format")
		}
		if o.Path == "" {
			return usagef("check: --output %s= without a path", o.Format.Name)
		}
		ci.filter.Positions = ci.filter.Positions || o.Format.Positions
		if o.Path == "-" {
			stdout++
			continue
		}
		p := filepath.Clean(o.Path)
		if paths[p] {
			return usagef("check: %s is given to --output twice", o.Path)
		}
		paths[p] = true
	}
	ci.outputs = slices.Clone(s.check.Outputs)
	if s.check.Format == CheckGitHub {
		// --format github: the text output, and the CI output "github" on standard output.
		gh, _ := ciformat.Lookup("github")
		ci.outputs = append(ci.outputs, CIOutput{Format: gh, Path: "-"})
	}
	if s.check.Format != CheckText {
		stdout++
	}
	if cfg.Report == "-" {
		stdout++
	}
	if stdout > 1 {
		return usagef("check: only one of --format, --report - and --output FORMAT=- may write to standard output")
	}
	ci.filter.Collect = len(ci.outputs) > 0 || s.check.WriteBaseline != ""
	ci.filter.Record = s.check.WriteBaseline != ""
	return nil
}

// ciGame applies --select, --ignore and the baseline to the diagnostics of a game (it removes
// those dropped or suppressed from g) and collects what the CI outputs need.
func (f *fileRun) ciGame(g *game.Game) {
	if ci := f.w.s.ci; ci != nil {
		before := f.ci.Suppressed
		ci.filter.Game(&f.ci, f.in.Source, g)
		f.cur.stats.Suppressed += f.ci.Suppressed - before
	}
}

// ciFileDiag does for a diagnostic of the file itself what ciGame does for a game's; it
// reports whether the diagnostic is kept.
func (f *fileRun) ciFileDiag(d *game.Diagnostic) bool {
	ci := f.w.s.ci
	if ci == nil {
		return true
	}
	before := f.ci.Suppressed
	keep := ci.filter.FileDiagnostic(&f.ci, f.in.Source, d)
	f.cur.stats.Suppressed += f.ci.Suppressed - before
	return keep
}

// ciFinish hands the file's CI data to the writer with its last batch.
func (f *fileRun) ciFinish() {
	ci := f.w.s.ci
	if ci == nil || !ci.filter.Collect {
		return
	}
	if f.format == "" && len(f.ci.File.Diagnostics) == 0 && len(f.ci.Recorded) == 0 {
		return // not a game file: skipped
	}
	c := f.ci
	f.ci = ciformat.FileData{}
	c.File.Source = f.in.Source
	if ft, ok := record.FormatByName(f.format); ok {
		c.File.Binary = !ft.Text()
	}
	f.cur.ci = &c
}

// ciWriter is the writer's side: the printers of the CI outputs and the baseline to write.
type ciWriter struct {
	outs     []ciOut
	baseline *ciformat.BaselineWriter
}

type ciOut struct {
	printer ciformat.Printer
	file    *fsio.Pending // nil for standard output
	path    string
}

// openCI reads the baseline and starts the CI outputs; it runs before the workers start.
func (w *writer) openCI() error {
	s := w.r.s
	ci := s.ci
	if ci == nil {
		return nil
	}
	if s.check.Baseline != "" {
		fh, err := os.Open(s.check.Baseline)
		if err != nil {
			return &UsageError{Err: fmt.Errorf("--baseline: %w", err)}
		}
		b, err := ciformat.ReadBaseline(fh)
		fh.Close()
		if err != nil {
			return &UsageError{Err: fmt.Errorf("--baseline %s: %w", s.check.Baseline, err)}
		}
		ci.filter.Baseline = b
		w.total.Baseline = true
	}
	if s.check.WriteBaseline != "" {
		w.ci.baseline = ciformat.NewBaselineWriter()
	}
	for _, o := range ci.outputs {
		out := ciOut{path: o.Path}
		if o.Path == "-" {
			out.printer = o.Format.New(w.stdout, s.check.Tool)
		} else {
			f, err := w.r.temps.Open(o.Path, chunkSize)
			if err != nil {
				return &UsageError{Err: fmt.Errorf("--output %s=%s: %w", o.Format.Name, o.Path, err)}
			}
			out.file = f
			out.printer = o.Format.New(f, s.check.Tool)
		}
		w.ci.outs = append(w.ci.outs, out)
	}
	return nil
}

// writeCI passes a file's CI data to the outputs.
func (w *writer) writeCI(c *ciformat.FileData) error {
	if c == nil {
		return nil
	}
	for _, o := range w.ci.outs {
		if err := o.printer.WriteFile(&c.File); err != nil {
			return fmt.Errorf("--output %s: %w", o.path, err)
		}
	}
	if w.ci.baseline != nil {
		for i := range c.Recorded {
			w.ci.baseline.Add(c.File.Source, &c.Recorded[i])
		}
	}
	return nil
}

// closeCI completes the CI outputs and the baseline file when ok, and drops them otherwise.
func (w *writer) closeCI(ok bool) error {
	var first error
	for _, o := range w.ci.outs {
		err := o.printer.Close()
		if o.file == nil {
			if err != nil && first == nil {
				first = fmt.Errorf("writing standard output: %w", err)
			}
			continue
		}
		if !ok || err != nil {
			o.file.Abort()
			if err != nil && first == nil {
				first = fmt.Errorf("--output %s: %w", o.path, err)
			}
			continue
		}
		if err := o.file.Commit(); err != nil && first == nil {
			first = fmt.Errorf("--output: %w", err)
		}
	}
	if ok && w.ci.baseline != nil && first == nil {
		path := w.r.s.check.WriteBaseline
		f, err := w.r.temps.Open(path, chunkSize)
		if err != nil {
			return fmt.Errorf("--write-baseline: %w", err)
		}
		if _, err := w.ci.baseline.WriteTo(f); err != nil {
			f.Abort()
			return fmt.Errorf("--write-baseline: %w", err)
		}
		if err := f.Commit(); err != nil {
			return fmt.Errorf("--write-baseline: %w", err)
		}
	}
	if b := w.r.s.ci; b != nil && b.filter.Baseline != nil {
		w.total.Unseen = b.filter.Baseline.Unseen()
	}
	if first == nil {
		if err := w.stdout.Flush(); err != nil {
			first = fmt.Errorf("writing standard output: %w", err)
		}
	}
	return first
}
