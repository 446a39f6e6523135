package pipeline

import (
	"errors"
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

// ErrUnknownCode is wrapped by the error of ParseCodes for a code that game.Rules lacks.
var ErrUnknownCode = errors.New("unknown code")

// ParseCodes reads a comma-separated list of diagnostic codes (--select, --ignore); every
// code must be one of game.Rules.
func ParseCodes(list string) ([]game.Kind, error) {
	var out []game.Kind
	for _, c := range strings.Split(list, ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if _, ok := game.RuleFor(game.Kind(c)); !ok {
			return nil, fmt.Errorf("%w %q", ErrUnknownCode, c)
		}
		out = append(out, game.Kind(c))
	}
	return out, nil
}

// ciRun is what the workers of a run share for CI formats, selection and baselines.
type ciRun struct {
	selected map[game.Kind]bool // nil: every code
	ignored  map[game.Kind]bool
	baseline *ciformat.Baseline
	collect  bool // build the ciformat.File of each input (CI outputs, --write-baseline)
	record   bool // keep every diagnostic for --write-baseline
	boards   bool // an output draws the positions of diagnostics (ciformat.Format.Positions)
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
	if len(cfg.Select) > 0 {
		ci.selected = map[game.Kind]bool{}
		for _, k := range cfg.Select {
			ci.selected[k] = true
		}
	}
	if len(cfg.Ignore) > 0 {
		ci.ignored = map[game.Kind]bool{}
		for _, k := range cfg.Ignore {
			ci.ignored[k] = true
		}
	}
	stdout, paths := 0, map[string]bool{}
	for _, o := range s.check.Outputs {
		if o.Format.New == nil {
			return usagef("check: an --output without a format")
		}
		if o.Path == "" {
			return usagef("check: --output %s= without a path", o.Format.Name)
		}
		ci.boards = ci.boards || o.Format.Positions
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
	ci.collect = len(ci.outputs) > 0 || s.check.WriteBaseline != ""
	ci.record = s.check.WriteBaseline != ""
	return nil
}

// keep reports whether --select and --ignore keep a code.
func (ci *ciRun) keep(k game.Kind) bool {
	return (ci.selected == nil || ci.selected[k]) && !ci.ignored[k]
}

// fingerprints reports whether diagnostics need their fingerprints.
func (ci *ciRun) fingerprints() bool { return ci.collect || ci.baseline != nil }

// ciFile is what a worker collects of one input file for the CI outputs and the baseline.
type ciFile struct {
	file     ciformat.File
	recorded []ciformat.Diagnostic // every diagnostic, those the baseline suppressed too (--write-baseline)
}

// ciGame applies --select, --ignore and the baseline to the diagnostics of a game (it removes
// those dropped or suppressed from g) and collects what the CI outputs need.
func (f *fileRun) ciGame(g *game.Game) {
	ci := f.w.s.ci
	if ci == nil || !ci.collect && ci.baseline == nil && ci.selected == nil && ci.ignored == nil {
		return // nothing to do: the usual run costs nothing per game
	}
	var cg ciformat.Game
	if ci.collect {
		cg.Index = g.Index
	}
	g.Diagnostics = slices.DeleteFunc(g.Diagnostics, func(d *game.Diagnostic) bool {
		return !f.ciKeep(g, d, &cg.Diagnostics)
	})
	if ci.collect {
		f.ci.file.Games = append(f.ci.file.Games, cg)
	}
}

// ciFileDiag does for a diagnostic of the file itself what ciGame does for a game's; it
// reports whether the diagnostic is kept.
func (f *fileRun) ciFileDiag(d *game.Diagnostic) bool {
	ci := f.w.s.ci
	if ci == nil {
		return true
	}
	return f.ciKeep(nil, d, &f.ci.file.Diagnostics)
}

// ciKeep reports whether a diagnostic is reported (kept by the selection, not suppressed by
// the baseline); one that is gets appended to dst when the CI outputs collect.
func (f *fileRun) ciKeep(g *game.Game, d *game.Diagnostic, dst *[]ciformat.Diagnostic) bool {
	ci := f.w.s.ci
	if !ci.keep(d.Kind) {
		return false
	}
	if !ci.fingerprints() {
		return true
	}
	cd := ciformat.NewDiagnostic(f.in.Source, g, d)
	if ci.boards {
		ciformat.FillPosition(g, &cd.Diagnostic)
	}
	if ci.record {
		f.ci.recorded = append(f.ci.recorded, cd)
	}
	if ci.baseline.Take(cd.Fingerprint) {
		f.cur.stats.Suppressed++
		return false
	}
	if ci.collect {
		*dst = append(*dst, cd)
	}
	return true
}

// ciFinish hands the file's CI data to the writer with its last batch.
func (f *fileRun) ciFinish() {
	ci := f.w.s.ci
	if ci == nil || !ci.collect {
		return
	}
	if f.format == "" && len(f.ci.file.Diagnostics) == 0 && len(f.ci.recorded) == 0 {
		return // not a game file: skipped
	}
	c := f.ci
	f.ci = ciFile{}
	c.file.Source = f.in.Source
	if ft, ok := record.FormatByName(f.format); ok {
		c.file.Binary = !ft.Text()
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
		ci.baseline = b
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
func (w *writer) writeCI(c *ciFile) error {
	if c == nil {
		return nil
	}
	for _, o := range w.ci.outs {
		if err := o.printer.WriteFile(&c.file); err != nil {
			return fmt.Errorf("--output %s: %w", o.path, err)
		}
	}
	if w.ci.baseline != nil {
		for i := range c.recorded {
			w.ci.baseline.Add(c.file.Source, &c.recorded[i])
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
	if b := w.r.s.ci; b != nil && b.baseline != nil {
		w.total.Unseen = b.baseline.Unseen()
	}
	if first == nil {
		if err := w.stdout.Flush(); err != nil {
			first = fmt.Errorf("writing standard output: %w", err)
		}
	}
	return first
}
