package pipeline

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/qipu/qipu/pkg/textenc"
)

// chunkSize is the amount of output a worker collects before handing it to the writer.
const chunkSize = 64 << 10

// minBudget and jobBudget size the output budget: the bytes of output that files not yet at
// the head of the queue may hold while they wait for the writer (max(minBudget, jobs ×
// jobBudget)). The file at the head streams through without limit: the writer drains it.
// Config.budget replaces them in tests.
const (
	minBudget int64 = 32 << 20
	jobBudget int64 = 8 << 20
)

// budget bounds the output held by the files waiting behind the head of the queue. A worker
// of a waiting file blocks in acquire until enough is released or its file becomes the head,
// so memory stays bounded by the worker count while workers keep going ahead of a large file.
type budget struct {
	mu   sync.Mutex
	cond sync.Cond
	free int64
	head int // sequence number of the file the writer is draining
}

func newBudget(n int64) *budget {
	b := &budget{free: n}
	b.cond.L = &b.mu
	return b
}

// acquire takes n bytes for a piece of file seq, waiting while they are not there, unless
// seq is the head.
func (b *budget) acquire(seq int, n int64) {
	b.mu.Lock()
	for b.free < n && seq != b.head {
		b.cond.Wait()
	}
	b.free -= n
	b.mu.Unlock()
}

// release returns n bytes once a piece is written.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// setHead records the file the writer now drains.
func (b *budget) setHead(seq int) {
	b.mu.Lock()
	b.head = seq
	b.mu.Unlock()
	b.cond.Broadcast()
}

// piece is a chunk of one file's results, handed to the ordered writer.
type piece struct {
	out    []byte     // converted output for standard output or the single output file
	diag   []byte     // diagnostic lines for standard error
	annot  []byte     // GitHub annotations for standard output (check --format github)
	report []byte     // report lines
	files  []doneFile // finished temporary files to move into place, in order
	stats  stats
	fatal  error // the output cannot be written: the run stops with ExitUsage
}

func (p *piece) size() int { return len(p.out) + len(p.diag) + len(p.annot) + len(p.report) }

func (p *piece) empty() bool {
	return p.size() == 0 && len(p.files) == 0 && p.stats == (stats{}) && p.fatal == nil
}

// doneFile is a complete temporary output file and the name it should get: dir/base+ext, or
// dir/base-N+ext when that name is already taken in this run.
type doneFile struct {
	temp, dir, base, ext string
}

// slot carries one input file's pieces to the writer, in order.
type slot struct {
	seq int // the file's place in the input order
	ch  chan *piece
}

// job is one input file for a worker.
type job struct {
	in   *input
	slot *slot
}

// Run executes a convert or check run and returns the exit code: ExitOK when every game is
// valid, ExitInvalid when some game or input file is invalid (everything readable is still
// converted), ExitUsage for a usage error, a PATH that does not exist or output that cannot be
// written, and ExitInterrupted when ctx is cancelled. The error explains ExitUsage and
// ExitInterrupted (it wraps ErrInterrupted); it is nil otherwise, since the diagnostics and the
// summary have already been written to cfg.Stderr.
func Run(ctx context.Context, cfg Config) (code int, err error) {
	s, err := validate(cfg)
	if err != nil {
		return ExitUsage, err
	}
	if err := s.checkScript(); err != nil {
		return ExitUsage, err
	}
	start := time.Now()
	inputs, err := discover(cfg.Paths)
	if err != nil {
		return ExitUsage, err
	}
	temps := &tempSet{m: map[string]bool{}}
	defer func() { temps.cleanup(code == ExitOK || code == ExitInvalid) }()
	if err := s.decideOutput(inputs, temps); err != nil {
		return ExitUsage, err
	}
	r := &runner{s: s, inputs: inputs, temps: temps}
	return r.run(ctx, start)
}

// checkScript loads the OpenCC dictionaries up front when --script asks for them, so that a
// failure is one usage error, not one per game.
func (s *settings) checkScript() error {
	var err error
	switch s.script {
	case scriptSimplified:
		_, err = textenc.ToSimplified("車")
	case scriptTraditional:
		_, err = textenc.ToTraditional("车")
	}
	if err != nil {
		return &UsageError{Err: fmt.Errorf("%s: --script: %w", s.cfg.Command, err)}
	}
	return nil
}

// decideOutput picks the output mode from Out and the inputs, and creates the output
// directory.
func (s *settings) decideOutput(inputs []input, temps *tempSet) error {
	if rep := s.cfg.Report; rep != "" {
		for _, in := range inputs {
			if !in.stdin && sameFile(in.path, rep) {
				return usagef("%s: --report %s is an input file; inputs are never written", s.cfg.Command, rep)
			}
		}
		if fi, err := os.Stat(rep); err == nil && !fi.Mode().IsRegular() {
			return usagef("%s: --report %s: not a regular file", s.cfg.Command, rep)
		}
	}
	if s.cfg.Command == Check {
		s.outMode = outNothing
		return nil
	}
	out := s.cfg.Out
	if out == "" {
		s.outMode = outStdout
		return nil
	}
	s.outPath = filepath.Clean(out)
	dir := s.to == toXQF || len(s.cfg.Paths) > 1 || strings.HasSuffix(out, "/") ||
		strings.HasSuffix(out, string(filepath.Separator))
	for _, p := range s.cfg.Paths {
		if p == "-" {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			dir = true
		}
	}
	fi, err := os.Stat(s.outPath)
	switch {
	case err == nil && fi.IsDir():
		dir = true
	case err == nil && dir:
		return usagef("convert: --out %s: not a directory", out)
	case err == nil && !fi.Mode().IsRegular():
		return usagef("convert: --out %s: not a regular file", out)
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
	}
	if dir {
		s.outMode = outDir
		if err := temps.mkdirAll(s.outPath); err != nil {
			return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
		}
		return nil
	}
	s.outMode = outFile
	if s.cfg.Report != "" && resolve(s.cfg.Report, nil) == resolve(s.outPath, nil) {
		return usagef("convert: --report and --out name the same file")
	}
	for _, in := range inputs {
		if !in.stdin && sameFile(in.path, s.outPath) {
			return usagef("convert: --out %s is an input file; inputs are never written", out)
		}
	}
	if err := temps.mkdirAll(filepath.Dir(s.outPath)); err != nil {
		return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
	}
	return nil
}

// resolve returns the absolute form of path with the symbolic links of its directory
// resolved (as far as the directory exists; the last element is kept as it is): two names
// of one directory entry resolve alike. cache, if not nil, keeps the directories resolved.
func resolve(path string, cache map[string]string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, base := filepath.Dir(abs), filepath.Base(abs)
	if r, ok := cache[dir]; ok {
		return filepath.Join(r, base)
	}
	// The deepest directory that exists, resolved, and the rest as it is.
	rest := ""
	d := dir
	for {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			r = filepath.Join(r, rest)
			if cache != nil {
				cache[dir] = r
			}
			return filepath.Join(r, base)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}

// runner is the state of one run.
type runner struct {
	s      *settings
	inputs []input
	temps  *tempSet
	budget *budget
}

func (r *runner) run(parent context.Context, start time.Time) (int, error) {
	s := r.s
	ctx, cancel := context.WithCancel(parent)
	defer cancel()

	w := &writer{r: r, claimed: map[string]bool{}, dirs: map[string]string{}}
	if s.outMode == outDir {
		// Inputs are never written: an output may not take an input's name, nor the
		// report's. Names are compared with their directories' links resolved, so that an
		// output directory that reaches the inputs through a link cannot replace them.
		for _, in := range r.inputs {
			if !in.stdin {
				w.claimed[resolve(in.path, w.dirs)] = true
			}
		}
		if s.cfg.Report != "" {
			w.claimed[resolve(s.cfg.Report, w.dirs)] = true
		}
	}
	if s.cfg.Report != "" {
		f, err := r.temps.create(filepath.Dir(filepath.Clean(s.cfg.Report)))
		if err != nil {
			return ExitUsage, &UsageError{Err: fmt.Errorf("--report: %w", err)}
		}
		w.report = f
		w.reportBuf = bufio.NewWriterSize(f, chunkSize)
	}
	w.stdout = bufio.NewWriterSize(s.stdout, chunkSize)
	w.stderr = s.stderr

	if p := s.cfg.Progress; p != nil {
		p.Start(len(r.inputs))
	}

	// The reorder window: at most this many files are in flight (read, waiting or being
	// written), so memory does not grow with the archive.
	order := make(chan *slot, 2*s.jobs+2)
	total := max(minBudget, int64(s.jobs)*jobBudget)
	if s.cfg.budget > 0 {
		total = s.cfg.budget
	}
	r.budget = newBudget(total)
	// Pieces are at least chunkSize but the last of a file, so this many always fit.
	depth := int(total/chunkSize) + 2
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range s.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := newWorker(r, ctx)
			for j := range jobs {
				wk.process(j)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(jobs)
		for i := range r.inputs {
			sl := &slot{seq: i, ch: make(chan *piece, depth)}
			select {
			case order <- sl:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- job{in: &r.inputs[i], slot: sl}:
			case <-ctx.Done():
				close(sl.ch)
				return
			}
		}
	}()
	w.drain(ctx, order, cancel)
	wg.Wait()
	if p := s.cfg.Progress; p != nil {
		p.Finish()
	}
	return w.finish(parent, time.Since(start))
}

// tempSet tracks the temporary files of a run so that none survives it, and the directories
// it created so that a failed or interrupted run leaves no empty ones behind.
type tempSet struct {
	mu   sync.Mutex
	m    map[string]bool
	dirs []string
}

// mkdirAll creates dir and its missing parents, and records the ones it created.
func (t *tempSet) mkdirAll(dir string) error {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating output directory: %w", err)
	}
	t.mu.Lock()
	t.dirs = append(t.dirs, missing...)
	t.mu.Unlock()
	return nil
}

// create makes a temporary file in dir (created if needed) and records it.
func (t *tempSet) create(dir string) (*os.File, error) {
	if err := t.mkdirAll(dir); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, tempPrefix+"*.tmp")
	if err != nil {
		return nil, fmt.Errorf("creating output file: %w", err)
	}
	t.mu.Lock()
	t.m[f.Name()] = true
	t.mu.Unlock()
	return f, nil
}

// remove deletes a temporary file.
func (t *tempSet) remove(name string) {
	os.Remove(name)
	t.mu.Lock()
	delete(t.m, name)
	t.mu.Unlock()
}

// rename moves a complete temporary file into place.
func (t *tempSet) rename(name, target string) error {
	if err := os.Chmod(name, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	if err := os.Rename(name, target); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	t.mu.Lock()
	delete(t.m, name)
	t.mu.Unlock()
	return nil
}

// cleanup removes the temporary files left, and after a failed run the directories the run
// created that are still empty.
func (t *tempSet) cleanup(succeeded bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for name := range t.m {
		os.Remove(name)
	}
	clear(t.m)
	if !succeeded {
		// Deepest first; a directory that holds a complete output stays.
		slices.SortFunc(t.dirs, func(a, b string) int { return len(b) - len(a) })
		for _, d := range t.dirs {
			os.Remove(d)
		}
	}
	t.dirs = nil
}

// writer is the ordered end of the pipeline: it takes the files' pieces in input order and
// writes them to standard output (or the single output file), standard error and the report,
// and moves finished output files into place.
type writer struct {
	r         *runner
	stdout    *bufio.Writer // standard output
	stderr    io.Writer
	outFile   *os.File // the single output file (outFile mode), created at the first output
	outBuf    *bufio.Writer
	report    *os.File
	reportBuf *bufio.Writer
	claimed   map[string]bool   // output names taken in this run (and the inputs'), resolved
	dirs      map[string]string // resolve's cache of directories
	total     stats
	err       error // first fatal error
}

func (w *writer) drain(ctx context.Context, order <-chan *slot, cancel context.CancelFunc) {
	fail := func(err error) {
		if w.err == nil {
			w.err = err
			cancel()
		}
	}
	for sl := range order {
		w.r.budget.setHead(sl.seq)
		games := 0
		for p := range sl.ch {
			w.r.budget.release(int64(p.size()))
			games += p.stats.games
			w.total.add(&p.stats)
			if p.fatal != nil {
				fail(p.fatal)
			}
			if w.err != nil || ctx.Err() != nil {
				for _, f := range p.files {
					w.r.temps.remove(f.temp)
				}
				continue
			}
			if err := w.write(p); err != nil {
				fail(err)
			}
		}
		if pr := w.r.s.cfg.Progress; pr != nil {
			pr.Advance(games)
		}
	}
	if err := w.stdout.Flush(); err != nil {
		fail(fmt.Errorf("writing standard output: %w", err))
	}
}

func (w *writer) write(p *piece) error {
	if len(p.diag) > 0 {
		if _, err := w.stderr.Write(p.diag); err != nil {
			return fmt.Errorf("writing standard error: %w", err)
		}
	}
	if len(p.out) > 0 {
		if w.r.s.outMode == outFile {
			if w.outFile == nil {
				f, err := w.r.temps.create(filepath.Dir(w.r.s.outPath))
				if err != nil {
					return err
				}
				w.outFile = f
				w.outBuf = bufio.NewWriterSize(f, chunkSize)
			}
			if _, err := w.outBuf.Write(p.out); err != nil {
				return fmt.Errorf("writing %s: %w", w.r.s.outPath, err)
			}
		} else if _, err := w.stdout.Write(p.out); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
	}
	if len(p.annot) > 0 {
		if _, err := w.stdout.Write(p.annot); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
	}
	if len(p.report) > 0 {
		if _, err := w.reportBuf.Write(p.report); err != nil {
			return fmt.Errorf("writing report %s: %w", w.r.s.cfg.Report, err)
		}
	}
	for _, f := range p.files {
		target := w.claim(f)
		if err := w.r.temps.rename(f.temp, target); err != nil {
			return err
		}
	}
	return nil
}

// claim returns the first free name for a finished output file and takes it.
func (w *writer) claim(f doneFile) string {
	for n := 1; ; n++ {
		name := f.base + f.ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", f.base, n, f.ext)
		}
		p := filepath.Join(f.dir, name)
		key := resolve(p, w.dirs)
		if !w.claimed[key] {
			w.claimed[key] = true
			return p
		}
	}
}

// closeTemp flushes and closes a temporary file and moves it to target.
func (w *writer) closeTemp(f *os.File, buf *bufio.Writer, target string) error {
	err := buf.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	return w.r.temps.rename(f.Name(), target)
}

// finish completes the outputs (or removes them), prints the summary and computes the exit
// code.
func (w *writer) finish(parent context.Context, elapsed time.Duration) (int, error) {
	s := w.r.s
	w.total.seconds = elapsed.Seconds()
	interrupted := w.err == nil && parent.Err() != nil
	ok := w.err == nil && !interrupted
	if w.outFile != nil {
		if ok {
			if err := w.closeTemp(w.outFile, w.outBuf, s.outPath); err != nil {
				w.err = err
			}
		} else {
			w.outFile.Close()
		}
	}
	if w.report != nil {
		if ok && w.err == nil {
			if err := w.closeTemp(w.report, w.reportBuf, s.cfg.Report); err != nil {
				w.err = fmt.Errorf("--report: %w", err)
			}
		} else {
			w.report.Close()
		}
	}
	if w.err != nil {
		return ExitUsage, &UsageError{Err: w.err}
	}
	if interrupted {
		return ExitInterrupted, fmt.Errorf("%w: %w", ErrInterrupted, parent.Err())
	}
	if !s.cfg.Quiet || s.format == formatJSON {
		if err := w.summary(); err != nil {
			return ExitUsage, &UsageError{Err: err}
		}
	}
	if w.total.failed() {
		return ExitInvalid, nil
	}
	return ExitOK, nil
}
