package pipeline

import (
	"context"
	"io"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/qipu/qipu/pkg/dedupe"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/discover"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/internal/tally"
	"github.com/qipu/qipu/pkg/stats"
)

// The cleanup commands (dedupe, stats) and convert --dedupe read the inputs through the same
// workers and ordered writer as convert and check. A cleanup is attached to the runner: the
// workers describe each game (a dedupe summary, a stats description) into the file's batches,
// and the writer hands them, in input order, to the index or the collector, so that the result
// is the same for every number of workers.

// cleanMode is what a run of the cleanup does with each game.
type cleanMode int

const (
	cleanSummaries cleanMode = iota // dedupe pass 1: a Summary per game into the index
	cleanPrefixes                   // dedupe pass 2: AddPrefixes for every game
	cleanStats                      // stats: a description per game and file
	cleanVerdict                    // convert --dedupe: drop the games the index replaces
)

// cleanup is the state a cleanup run shares between the workers and the writer.
type cleanup struct {
	mode      cleanMode
	ix        *dedupe.Index
	mu        sync.Mutex // cleanPrefixes: the workers take turns at the index
	coll      *stats.Collector
	noSummary bool              // the writer prints no summary (a pass of a larger run)
	noDiag    bool              // the writer prints no diagnostics (check lists them)
	total     tally.Counts      // the totals of the run, once done
	inputs    []*discover.Input // cleanVerdict: the inputs by file number (the sources of kept games)
	dropped   int               // cleanVerdict: games left out
}

// gameSum is one game's summary for the index.
type gameSum struct {
	index int
	sum   dedupe.Summary
}

// cleanNotes are what a batch carries to the writer for the cleanup.
type cleanNotes struct {
	sums  []gameSum
	infos []stats.GameInfo
	file  *stats.File
	// folder is the top-level folder of the file (stats).
	folder  string
	dropped int
}

// cleanupNotes returns the batch's cleanupNotes, created on demand.
func (f *fileRun) cleanupNotes() *cleanNotes {
	if f.cur.clean == nil {
		f.cur.clean = &cleanNotes{}
	}
	return f.cur.clean
}

// duplicate is what cleanGame says of a game for convert --dedupe.
type duplicate struct {
	dropped bool
	kept    dedupe.Ref
}

// cleanGame handles one game for the cleanup, in a worker.
func (f *fileRun) cleanGame(g *game.Game) duplicate {
	c := f.w.r.clean
	if c == nil {
		return duplicate{}
	}
	file := dedupe.FileID(f.sl.seq)
	switch c.mode {
	case cleanSummaries:
		n := f.cleanupNotes()
		n.sums = append(n.sums, gameSum{g.Index, dedupe.Summarize(g)})
	case cleanPrefixes:
		c.mu.Lock()
		_ = c.ix.AddPrefixes(file, g) // a game pass 1 did not see has nothing to relate
		c.mu.Unlock()
	case cleanStats:
		n := f.cleanupNotes()
		n.infos = append(n.infos, stats.Describe(g))
	case cleanVerdict:
		dropped, kept, err := c.ix.Verdict(file, g.Index)
		if err == nil && dropped {
			f.cleanupNotes().dropped++
			return duplicate{dropped: true, kept: kept}
		}
	}
	return duplicate{}
}

// cleanFile describes the file for stats once it is read, in a worker.
func (f *fileRun) cleanFile() {
	c := f.w.r.clean
	if c == nil || c.mode != cleanStats {
		return
	}
	n := f.cleanupNotes()
	sf := stats.DescribeFile(f.format, f.encoding, f.fileDiags, f.games)
	n.file = &sf
	n.folder = f.in.TopFolder(f.w.s.cfg.Paths)
}

// absorb hands a batch's notes to the index or the collector, in the writer (input order).
func (c *cleanup) absorb(seq int, n *cleanNotes) {
	switch c.mode {
	case cleanSummaries:
		for _, s := range n.sums {
			_ = c.ix.Add(dedupe.FileID(seq), s.index, s.sum) // never frozen during a pass
		}
	case cleanStats:
		for i := range n.infos {
			c.coll.AddInfo(n.folder, seq, n.infos[i])
		}
		if n.file != nil {
			n.file.Folder = n.folder
			c.coll.AddFile(*n.file)
		}
	case cleanVerdict:
		c.dropped += n.dropped
	}
}

// pass runs the inputs once more with a cleanup, quietly: no diagnostics, no report, no
// summary, no converted output. It returns the run's exit code (ExitUsage or ExitInterrupted
// with their error).
func (r *runner) pass(ctx context.Context, c *cleanup) (int, error) {
	s := *r.s
	s.stderr = io.Discard
	s.cfg.Report = ""
	s.cfg.Progress = nil
	s.outMode = outNothing
	s.exporting = false
	c.noSummary = true
	return r.forPass(&s, c).runPass(ctx, time.Now())
}

// forPass returns a runner for another pass over the same inputs, with settings s.
func (r *runner) forPass(s *settings, c *cleanup) *runner {
	p := &runner{s: s, temps: r.temps, list: discover.NewList(), clean: c, disc: r.disc, listed: r.listed}
	return p
}

// runPass runs a pass: a discovery of its own finds the same inputs in the same order.
func (r *runner) runPass(ctx context.Context, start time.Time) (int, error) {
	d := r.disc
	return r.run(ctx, start, &d, r.listed)
}

// spoolStdin makes standard input readable more than once when an argument is standard
// input (fsio.Spool): the first pass reads it through a copy into a temporary file, which the
// later passes read; nil otherwise.
func (r *runner) spoolStdin() (*fsio.Spool, error) {
	if !slices.Contains(r.s.cfg.Paths, "-") {
		return nil, nil
	}
	sp, through, err := fsio.NewSpool(r.s.stdin)
	if err != nil {
		return nil, usagef("%s: standard input is read twice and needs a temporary file: %w", r.s.command, err)
	}
	r.s.stdin = through
	return sp, nil
}

// cleanupGCPercent is the GC percent of the cleanup runs.
const cleanupGCPercent = 50

// runCleanup runs dedupe, stats or convert --dedupe: d and listed are the discovery of the
// inputs, copied for each pass before it starts.
func (r *runner) runCleanup(ctx context.Context, start time.Time, d *discover.Discovery, listed []string) (int, error) {
	r.disc, r.listed = *d, listed
	// The index (about 40 bytes a game, some 100 once frozen) stays live for the whole run:
	// the command line's GC percent of 400, right for the small live heap of convert and
	// check, would let the heap grow to five times its size, and even the default of 100
	// takes a million games past 200 MB (250 MB measured; 190 MB at 50). The caller's
	// percent is restored after.
	if old := debug.SetGCPercent(cleanupGCPercent); old < cleanupGCPercent {
		debug.SetGCPercent(old)
	} else {
		defer debug.SetGCPercent(old)
	}
	return r.s.cmd.runPasses(r, ctx, start)
}

// analyse finds the groups of the inputs: pass 1 collects every game's summary, pass 2 the
// prefix relations. Pass 1 shows the progress (for dedupe) and gives the totals; no pass
// prints diagnostics (they are check's job). sp, if not nil, spools standard input; it is
// left at its start for a further pass.
func (r *runner) analyse(ctx context.Context, start time.Time, sp *fsio.Spool) (*dedupe.Index, tally.Counts, []*discover.Input, int, error) {
	ix := dedupe.NewIndex()
	c := &cleanup{mode: cleanSummaries, ix: ix, noSummary: true, noDiag: true}
	s1 := *r.s
	s1.cfg.Report = ""
	s1.outMode = outNothing
	s1.exporting = false
	if r.s.cmd.outDir {
		s1.cfg.Progress = nil // the convert or export pass shows the progress and says what it found
		s1.stderr = io.Discard
	}
	p1 := r.forPass(&s1, c)
	code, err := p1.runPass(ctx, start)
	if code != ExitOK && code != ExitInvalid {
		return nil, tally.Counts{}, nil, code, err
	}
	if sp != nil {
		again, err := sp.Rewind(p1.s.stdin)
		if err != nil {
			return nil, tally.Counts{}, nil, ExitUsage, &UsageError{Err: err}
		}
		p1.s.stdin, r.s.stdin = again, again
	}
	ix.Freeze()
	if pcode, err := r.pass(ctx, &cleanup{mode: cleanPrefixes, ix: ix}); pcode != ExitOK && pcode != ExitInvalid {
		return nil, tally.Counts{}, nil, pcode, err
	}
	if sp != nil {
		again, err := sp.Again()
		if err != nil {
			return nil, tally.Counts{}, nil, ExitUsage, &UsageError{Err: err}
		}
		r.s.stdin = again
	}
	return ix, c.total, p1.list.All(), code, nil
}
