package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/stats"
)

// StatsFormat is how Stats writes its report.
type StatsFormat int

// The formats of Stats.
const (
	StatsText StatsFormat = iota // aligned plain text
	StatsJSON                    // one JSON object (stats.Report)
	StatsHTML                    // one self-contained HTML page with inline SVG charts
)

var statsFormatNames = [...]string{StatsText: "text", StatsJSON: "json", StatsHTML: "html"}

// String returns "text", "json" or "html".
func (f StatsFormat) String() string {
	if f >= 0 && int(f) < len(statsFormatNames) {
		return statsFormatNames[f]
	}
	return fmt.Sprintf("StatsFormat(%d)", int(f))
}

// ParseStatsFormat reads "text" (or ""), "json" or "html", in any case.
func ParseStatsFormat(name string) (StatsFormat, error) {
	switch lower(name) {
	case "", "text":
		return StatsText, nil
	case "json":
		return StatsJSON, nil
	case "html":
		return StatsHTML, nil
	}
	return StatsText, unknown("stats format", name, "text, json or html")
}

// validateCleanup checks the options of dedupe and stats.
func (s *settings) validateCleanup() error {
	cfg := &s.cfg
	s.to = nil
	if cfg.Report != "" {
		return usagef("%s: --report is a convert and check option", s.command)
	}
	return nil
}

// validateDedupe checks dedupe's options: it writes its groups to standard output.
func (s *settings) validateDedupe() error {
	if s.cfg.Out != "" {
		return usagef("dedupe: writes its groups to standard output; --out is not allowed")
	}
	return s.validateCleanup()
}

// validateStats checks stats' options: a known report format.
func (s *settings) validateStats() error {
	if f := s.stats.Format; f < StatsText || f > StatsHTML {
		return usagef("stats: unknown format %v", f)
	}
	return s.validateCleanup()
}

// runStats is the stats command: one pass feeds the collector from every file and game, as
// check counts them; the report goes to Out (a file, written whole or not at all) or standard
// output. No diagnostic is printed (the report counts them; check lists them). The exit code
// follows check's rule.
func (r *runner) runStats(ctx context.Context, start time.Time) (int, error) {
	coll := stats.NewCollector()
	c := &cleanup{mode: cleanStats, coll: coll, noSummary: true, noDiag: true}
	p := r.forPass(r.s, c)
	code, err := p.runPass(ctx, start)
	if code != ExitOK && code != ExitInvalid {
		return code, err
	}
	rep := coll.Report()
	target := r.s.cfg.Out
	if target == "" || target == "-" {
		if err := writeStats(rep, r.s.stdout, r.s); err != nil {
			return ExitUsage, &UsageError{Err: fmt.Errorf("stats: writing standard output: %w", err)}
		}
		return code, nil
	}
	target = filepath.Clean(target)
	for _, in := range p.list.All() {
		if !in.Stdin && sameFile(in.Path, target) {
			return ExitUsage, usagef("stats: --out %s is an input file; inputs are never written", target)
		}
	}
	f, err := r.temps.Open(target, chunkSize)
	if err != nil {
		return ExitUsage, &UsageError{Err: fmt.Errorf("stats: --out: %w", err)}
	}
	if err := writeStats(rep, f, r.s); err != nil {
		f.Abort()
		return ExitUsage, &UsageError{Err: fmt.Errorf("stats: writing %s: %w", target, err)}
	}
	if err := f.Commit(); err != nil {
		return ExitUsage, &UsageError{Err: fmt.Errorf("stats: %w", err)}
	}
	return code, nil
}

// writeStats writes the report in the configured format.
func writeStats(rep *stats.Report, w io.Writer, s *settings) error {
	switch s.stats.Format {
	case StatsJSON:
		return rep.WriteJSON(w)
	case StatsHTML:
		return rep.WriteHTMLLinked(w, "qipu stats: "+strings.Join(s.cfg.Paths, " "), s.stats.CheckReport)
	}
	return rep.WriteText(w)
}

// sameFile reports whether two paths name the same existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
