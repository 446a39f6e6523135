package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/dedupe"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/discover"
	"github.com/qipu/qipu/pkg/internal/tally"
	"github.com/qipu/qipu/pkg/jsonl"
)

// runDedupe is the dedupe command: two passes over the inputs (summaries, then prefixes),
// then one JSON object per group on standard output and a summary on standard error. Standard
// input is spooled to a temporary file for the second pass. The exit code follows check's
// rule: ExitInvalid when some game or input file is invalid (the groups are still written).
func (r *runner) runDedupe(ctx context.Context, start time.Time) (int, error) {
	sp, err := r.spoolStdin()
	if err != nil {
		return ExitUsage, err
	}
	if sp != nil {
		defer sp.Close()
	}
	ix, total, inputs, code, err := r.analyse(ctx, start, sp)
	if ix == nil {
		return code, err
	}
	groups := ix.Groups()
	out := bufio.NewWriterSize(r.s.stdout, chunkSize)
	var line []byte
	source := func(ref dedupe.Ref) string { return sourceOf(inputs, ref) }
	for i := range groups {
		line = groups[i].AppendJSON(line[:0], source)
		if _, err := out.Write(line); err != nil {
			return ExitUsage, &UsageError{Err: fmt.Errorf("writing standard output: %w", err)}
		}
	}
	if err := out.Flush(); err != nil {
		return ExitUsage, &UsageError{Err: fmt.Errorf("writing standard output: %w", err)}
	}
	if !r.s.cfg.Quiet {
		total.Seconds = time.Since(start).Seconds()
		if _, err := fmt.Fprintln(r.s.stderr, dedupeSummary(&total, groups)); err != nil {
			return ExitUsage, &UsageError{Err: err}
		}
	}
	return code, nil
}

// sourceOf returns the "source" of a game's file: its path as diagnostics print it.
func sourceOf(inputs []*discover.Input, ref dedupe.Ref) string {
	if int(ref.File) < len(inputs) {
		return inputs[ref.File].Source
	}
	return ""
}

// dedupeSummary is dedupe's line on standard error, e.g.
//
//	qipu dedupe: 120 files, 4508 games (3 invalid; 1 unreadable file); 57 groups: same 50, prefix 5, mirror 2; 61 games are duplicates; 1.23 s
func dedupeSummary(t *tally.Counts, groups []dedupe.Group) string {
	n := dedupe.CountGroups(groups)
	var b strings.Builder
	fmt.Fprintf(&b, "qipu dedupe: %d files, %d games (%d invalid", t.Files, t.Games, t.Invalid)
	if t.Unreadable > 0 {
		fmt.Fprintf(&b, "; %d unreadable file%s", t.Unreadable, plural(t.Unreadable))
	}
	fmt.Fprintf(&b, "); %d groups: same %d, prefix %d, mirror %d; %d games are duplicates (same game or truncated copy); %.2f s",
		len(groups), n.Same, n.Prefix, n.Mirror, n.Duplicates, t.Seconds)
	return b.String()
}

// runConvertDedupe is convert --dedupe: the dedupe analysis (two passes), then the convert
// pass, which writes only the kept game of each group of the same game or of truncated copies.
func (r *runner) runConvertDedupe(ctx context.Context, start time.Time) (int, error) {
	sp, err := r.spoolStdin()
	if err != nil {
		return ExitUsage, err
	}
	if sp != nil {
		defer sp.Close()
	}
	ix, _, inputs, code, err := r.analyse(ctx, start, sp)
	if ix == nil {
		return code, err
	}
	r.clean = &cleanup{mode: cleanVerdict, ix: ix, inputs: inputs}
	code, err = r.runPass(ctx, start)
	if (code == ExitOK || code == ExitInvalid) && !r.s.cfg.Quiet {
		fmt.Fprintf(r.s.stderr, "qipu %s: --dedupe: %d duplicate game%s left out (see --report)\n", r.s.command, r.clean.dropped, plural(r.clean.dropped))
	}
	return code, err
}

// appendDuplicateJSON appends the report entry of a game left out by convert --dedupe: the
// game's entry with status "duplicate" and "duplicate_of", the kept game's source and index.
func (f *fileRun) appendDuplicateJSON(dst []byte, g *game.Game, kept dedupe.Ref) []byte {
	start := len(dst)
	dst = jsonl.AppendGame(dst, f.in.Source, g, &f.w.s.reports)
	entry := dst[start:]
	// The status is the field before "errors": no string value holds an unescaped quote,
	// so the first `,"errors":[` is the field's.
	at := bytes.Index(entry, []byte(`,"errors":[`))
	st := bytes.LastIndex(entry[:max(at, 0)], []byte(`"status":`))
	if at < 0 || st < 0 {
		return dst // unreachable: appendGameJSON always writes both
	}
	var b []byte
	b = append(b, `"status":"duplicate","duplicate_of":{"source":`...)
	b = jsonl.AppendString(b, sourceOf(f.w.r.clean.inputs, kept))
	b = append(b, `,"index":`...)
	b = strconv.AppendInt(b, int64(kept.Index), 10)
	b = append(b, '}')
	tail := append(b, entry[at:]...)
	return append(dst[:start+st], tail...)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
