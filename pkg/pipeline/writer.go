package pipeline

import (
	"bufio"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/export"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/internal/tally"
)

// batch is a chunk of one file's batch, handed to the ordered writer.
type batch struct {
	out    []byte // converted output for standard output or the single output file
	diag   []byte // diagnostic lines for standard error
	report []byte // report lines
	// Under an output directory: the next bytes of the input's output file, and whether the
	// file is complete after them; dest is where it goes (set with its first bytes and its
	// end). The writer creates, writes and renames every output file, so that one goroutine
	// makes all the directory changes: workers creating files in the same directories made
	// the kernel spin on the directories' locks.
	file    []byte
	fileEnd bool
	dest    doneFile
	files   []doneFile // complete temporary files its worker wrote (XQF: one per game; spilled outputs), in order
	stats   tally.Counts
	rows    []export.Row       // export: the rows of the batch's games, in order
	skips   []exportSkip       // export: the games skipped, in order
	fatal   error              // an output cannot be written: the run stops with ExitUsage
	clean   *cleanNotes        // what the cleanup commands collect (cleanup.go)
	ci      *ciformat.FileData // the file's CI data, with its last batch (ci.go)
	split   splitData          // convert --split-by: the games for the writer to place (split.go)
	extra   map[stage]*any     // the data of stages that have no field here (stage.go)
}

func (p *batch) size() int {
	return len(p.out) + len(p.diag) + len(p.report) + len(p.file) + len(p.rows)*rowSize + len(p.split.data)
}

func (p *batch) empty() bool {
	return p.size() == 0 && len(p.files) == 0 && !p.fileEnd && p.stats == (tally.Counts{}) && p.fatal == nil && p.clean == nil && len(p.skips) == 0 && p.ci == nil && p.extra == nil
}

// doneFile is an output file and the name it should get: dir/base+ext, or dir/base-N+ext
// when that name is already taken in this run. In batch.files, temp is the complete
// temporary file that its worker wrote.
type doneFile struct {
	dir, base, ext string
	temp           string
}

// orderSlot carries one input file's batches to the writer, in order. A worker adds batches and
// closes it; the writer takes what has come, and waits on ready for more.
type orderSlot struct {
	seq     int // the file's place in the input order
	mu      sync.Mutex
	batches []*batch
	closed  bool
	ready   chan struct{} // holds a token when batches came or the slot closed since the last take
}

func newSlot(seq int) *orderSlot { return &orderSlot{seq: seq, ready: make(chan struct{}, 1)} }

// send hands a batch to the writer.
func (sl *orderSlot) send(p *batch) {
	sl.mu.Lock()
	sl.batches = append(sl.batches, p)
	sl.mu.Unlock()
	sl.notify()
}

// close says that no batch follows.
func (sl *orderSlot) close() {
	sl.mu.Lock()
	sl.closed = true
	sl.mu.Unlock()
	sl.notify()
}

func (sl *orderSlot) notify() {
	select {
	case sl.ready <- struct{}{}:
	default:
	}
}

// collect appends the batches that have come to buf and reports whether the slot was closed when
// they were taken (then nothing follows them).
func (sl *orderSlot) collect(buf []*batch) ([]*batch, bool) {
	sl.mu.Lock()
	buf = append(buf, sl.batches...)
	clear(sl.batches)
	sl.batches = sl.batches[:0]
	closed := sl.closed
	sl.mu.Unlock()
	return buf, closed
}

// writer is the ordered end of the pipeline: it takes the files' batches in input order and
// writes them to standard output (or the single output file), standard error and the report,
// and moves finished output files into place.
type writer struct {
	exp       *export.Writer // export: the positions files and manifest
	r         *runner
	stdout    *bufio.Writer // standard output
	stderr    io.Writer
	outFile   *fsio.Pending     // the single output file (outFile mode), created at the first output
	report    *fsio.Pending     // the report file
	reportBuf *bufio.Writer     // the report's: its file's, or standard output
	file      fsio.OutputFile   // the output file of the input at the head, while it is written
	creators  *fsio.Creators    // under an output directory: they create the complete files
	claimed   map[claimKey]bool // output names taken in this run (and the inputs'), resolved
	// topClaimed are the names of inputs and the report directly in the output directory,
	// resolved (--split-by writes there).
	topClaimed []string
	dirs       map[string]string // fsio.Resolve's cache of directories
	total      tally.Counts
	found      found // the arguments that yielded a game file
	ci         ciWriter
	err        error // first fatal error

	split *splitWriter // convert --split-by (split.go)
}

func (w *writer) drain(ctx context.Context, order <-chan *orderSlot, cancel context.CancelFunc) {
	fail := func(err error) {
		if w.err == nil {
			w.err = err
			cancel()
		}
	}
	if err := w.discoveryDone(); err != nil {
		fail(err)
	}
	if w.r.s.outMode == outDir {
		w.creators = fsio.NewCreators(ctx, cancel, w.r.temps, w.r.s.jobs)
	}
	var buf []*batch
	for sl := range order {
		w.r.budget.SetHead(sl.seq)
		w.r.large.SetHead(sl.seq)
		games := 0
		for {
			var closed bool
			buf, closed = sl.collect(buf[:0])
			for i, p := range buf {
				buf[i] = nil
				w.r.budget.Release(int64(p.size()))
				games += p.stats.Games
				w.total.Add(&p.stats)
				w.found.note(w.r, sl.seq, &p.stats)
				for _, st := range w.r.stages {
					st.note(w, sl.seq, p)
				}
				if p.fatal != nil {
					fail(p.fatal)
				}
				if w.err != nil || ctx.Err() != nil {
					for _, d := range p.files {
						w.r.temps.Remove(d.temp)
					}
					continue
				}
				if err := w.write(p); err != nil {
					fail(err)
				}
			}
			if closed {
				break
			}
			<-sl.ready
		}
		w.dropFile() // an output file the worker did not complete (cancelled, or a failed write)
		w.r.forget(sl.seq)
		if pr := w.r.s.cfg.Progress; pr != nil {
			pr.Advance(games)
		}
	}
	if w.creators != nil {
		if err := w.creators.Wait(); err != nil {
			fail(err)
		}
	}
	if err := w.stdout.Flush(); err != nil {
		fail(fmt.Errorf("writing standard output: %w", err))
	}
}

func (w *writer) write(p *batch) error {
	if len(p.diag) > 0 && (w.r.clean == nil || !w.r.clean.noDiag) {
		if _, err := w.stderr.Write(p.diag); err != nil {
			return fmt.Errorf("writing standard error: %w", err)
		}
	}
	if len(p.out) > 0 {
		if w.r.s.outMode == outFile {
			if w.outFile == nil {
				f, err := w.r.temps.Open(w.r.s.outPath, chunkSize)
				if err != nil {
					return err
				}
				w.outFile = f
			}
			if _, err := w.outFile.Write(p.out); err != nil {
				return fmt.Errorf("writing %s: %w", w.r.s.outPath, err)
			}
		} else if _, err := w.stdout.Write(p.out); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
	}
	if len(p.report) > 0 {
		if _, err := w.reportBuf.Write(p.report); err != nil {
			return fmt.Errorf("writing report %s: %w", w.r.s.cfg.Report, err)
		}
	}
	for _, st := range w.r.stages {
		if err := st.write(w, p); err != nil {
			return err
		}
	}
	return w.writeFiles(p)
}

// writeFiles writes a batch's output files under the output directory.
func (w *writer) writeFiles(p *batch) error {
	if c := w.creators; c != nil && w.file == nil && len(p.file) > 0 && p.fileEnd {
		// A whole output in one batch: a creator writes it (the common case).
		c.Send(fsio.CreateTask{Dir: p.dest.dir, Target: w.claim(p.dest), Data: p.file})
		for _, d := range p.files {
			c.Send(fsio.CreateTask{Dir: d.dir, Target: w.claim(d), Temp: d.temp})
		}
		return nil
	}
	if len(p.file) > 0 {
		if w.file == nil {
			f, err := w.r.temps.CreateTemp(p.dest.dir)
			if err != nil {
				return err
			}
			w.file = f
		}
		if _, err := w.file.Write(p.file); err != nil {
			return fmt.Errorf("writing under %s: %w", p.dest.dir, err)
		}
	}
	if p.fileEnd && w.file != nil {
		f := w.file
		w.file = nil
		if err := w.place(f, p.dest); err != nil {
			return err
		}
	}
	for _, d := range p.files {
		if w.creators != nil {
			w.creators.Send(fsio.CreateTask{Dir: d.dir, Target: w.claim(d), Temp: d.temp})
		} else if err := w.r.temps.Rename(d.temp, w.claim(d)); err != nil {
			return err
		}
	}
	return nil
}

// place closes a complete temporary output file and moves it to the first free name for d.
func (w *writer) place(f fsio.OutputFile, d doneFile) error {
	if err := f.Close(); err != nil {
		w.r.temps.Remove(f.Name())
		return fmt.Errorf("writing under %s: %w", d.dir, err)
	}
	return w.r.temps.Rename(f.Name(), w.claim(d))
}

// dropFile removes the output file being written, if any.
func (w *writer) dropFile() {
	if w.file != nil {
		w.file.Close()
		w.r.temps.Remove(w.file.Name())
		w.file = nil
	}
}

// claim returns the first free name for a finished output file and takes it.
func (w *writer) claim(f doneFile) string {
	for n := 1; ; n++ {
		name := f.base + f.ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", f.base, n, f.ext)
		}
		p := filepath.Join(f.dir, name)
		key := claimOf(fsio.Resolve(p, w.dirs))
		if !w.claimed[key] {
			w.claimed[key] = true
			return p
		}
	}
}

// claimKey stands for a resolved name in writer.claimed: the first 128 bits of its SHA-256.
// The set holds every input's name and every output's for the whole run; as strings it was
// the largest part of convert's live heap (22 MB of 47 MB for 59,484 files: two absolute
// paths a file), which made the collector run more often the larger the archive. Two names
// share a key with a probability of about n²/2¹²⁹, nil in practice.
type claimKey [16]byte

func claimOf(resolved string) claimKey {
	sum := sha256.Sum256([]byte(resolved))
	return claimKey(sum[:16])
}

// finish completes the outputs (or removes them), prints the summary and computes the exit
// code.
func (w *writer) finish(parent context.Context, elapsed time.Duration) (int, error) {
	s := w.r.s
	w.total.Seconds = elapsed.Seconds()
	interrupted := w.err == nil && parent.Err() != nil
	ok := w.err == nil && !interrupted
	if w.outFile != nil {
		if ok {
			w.err = w.outFile.Commit()
		} else {
			w.outFile.Abort()
		}
	}
	if w.report != nil {
		if ok && w.err == nil {
			if err := w.report.Commit(); err != nil {
				w.err = fmt.Errorf("--report: %w", err)
			}
		} else {
			w.report.Abort()
		}
	}
	for _, st := range w.r.stages {
		if err := st.close(w, ok && w.err == nil); err != nil && w.err == nil {
			w.err = err
		}
	}
	if w.err != nil {
		return ExitUsage, &UsageError{Err: w.err}
	}
	if interrupted {
		return ExitInterrupted, fmt.Errorf("%w: %w", ErrInterrupted, parent.Err())
	}
	none, err := w.found.report(w)
	if err != nil {
		return ExitUsage, &UsageError{Err: err}
	}
	if c := w.r.clean; c != nil {
		c.total = w.total
	}
	if (!s.cfg.Quiet || s.format == CheckJSON) && (w.r.clean == nil || !w.r.clean.noSummary) {
		if err := w.summary(); err != nil {
			return ExitUsage, &UsageError{Err: err}
		}
	}
	if w.total.Failed() || none {
		return ExitInvalid, nil
	}
	return ExitOK, nil
}
