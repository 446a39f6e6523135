package pipeline

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/qipu/qipu/pkg/internal/discover"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/internal/headsem"
	"github.com/qipu/qipu/pkg/textenc"
)

// chunkSize is the amount of output a worker collects before handing it to the writer.
const chunkSize = 64 << 10

// job is one input file for a worker.
type job struct {
	in   *discover.Input
	slot *orderSlot
}

// Run executes a convert or check run and returns the exit code: ExitOK when every game is
// valid, ExitInvalid when some game or input file is invalid (everything readable is still
// converted), ExitUsage for a usage error, a PATH that does not exist or output that cannot be
// written, and ExitInterrupted when ctx is cancelled. The error explains ExitUsage and
// ExitInterrupted (it wraps ErrInterrupted); it is nil otherwise, since the diagnostics and the
// summary have already been written to cfg.Stderr.
func Run(ctx context.Context, cfg Config) (code int, err error) {
	return run(ctx, cfg, hooks{})
}

// run is Run with a test's hooks.
func run(ctx context.Context, cfg Config, h hooks) (code int, err error) {
	s, err := newSettings(cfg, h)
	if err != nil {
		return ExitUsage, err
	}
	if err := s.checkScript(); err != nil {
		return ExitUsage, err
	}
	start := time.Now()
	d, listed, err := s.prepareDiscovery()
	if err != nil {
		return ExitUsage, err
	}
	temps := fsio.NewTempSet()
	defer func() { temps.Cleanup(code == ExitOK || code == ExitInvalid) }()
	if err := s.decideOutput(temps); err != nil {
		return ExitUsage, err
	}
	r := &runner{s: s, temps: temps, list: discover.NewList()}
	if s.cmd.passes(s) {
		// convert --dedupe and export --dedupe: the last pass converts or exports
		return r.runCleanup(ctx, start, d, listed) // cleanup.go
	}
	return r.run(ctx, start, d, listed)
}

// checkScript loads the OpenCC dictionaries up front when --script asks for them, so that a
// failure is one usage error, not one per game.
func (s *settings) checkScript() error {
	var err error
	switch s.script {
	case ScriptSimplified:
		_, err = textenc.ToSimplified("車")
	case ScriptTraditional:
		_, err = textenc.ToTraditional("车")
	}
	if err != nil {
		return &UsageError{Err: fmt.Errorf("%s: --script: %w", s.command, err)}
	}
	return nil
}

// runner is the state of one run.
type runner struct {
	s      *settings
	temps  *fsio.TempSet
	budget *headsem.Sem // the output held by the files behind the head of the queue (memlimit.go)
	large  *headsem.Sem // the decoding of large inputs; nil without a memory limit

	// list is the inputs, appended by the discovery while the workers already convert the
	// first ones.
	list   *discover.List
	clean  *cleanup           // dedupe, stats, convert --dedupe (cleanup.go); nil otherwise
	stages []stage            // the command's stages this run uses (stage.go)
	disc   discover.Discovery // cleanup: the discovery, copied for each pass
	listed []string

	splitPace *headsem.Pacer // convert --split-by: the head file's games not yet written (split.go)
	an        *analyzeRun    // analyze: the engines and the cache (analyze.go)
}

// discover walks the inputs into the run's list; it stops early when ctx is done.
func (r *runner) discover(ctx context.Context, d *discover.Discovery, listed []string) {
	r.list.Fill(ctx, d, r.s.cfg.Paths, listed)
	for _, dir := range d.Skipped {
		fmt.Fprintf(r.s.stderr, "qipu %s: not reading %s: it is the output directory\n", r.s.command, dir)
	}
}

// forget drops input i once the writer is past it (discover.List.Forget); the cleanup
// commands keep the list: their later passes and verdicts name the inputs.
func (r *runner) forget(i int) {
	if r.clean == nil {
		r.list.Forget(i)
	}
}

// discoveryDone waits for the complete list of inputs, then checks that no output is an input
// and takes the inputs' names in the output directory, and starts the progress display. The
// writer calls it before it writes anything.
func (w *writer) discoveryDone() error {
	r, s := w.r, w.r.s
	inputs := r.list.All()
	if p := s.cfg.Progress; p != nil {
		p.Start(len(inputs))
	}
	if err := s.checkInputs(inputs); err != nil {
		return err
	}
	if s.outMode == outDir {
		// Inputs are never written: an output may not take an input's name, nor the
		// report's. Names are compared with their directories' links resolved, so that an
		// output directory that reaches the inputs through a link cannot replace them.
		// The names in the output directory itself are kept too: --split-by writes there and
		// must not take one of them in another case.
		top := filepath.Dir(fsio.Resolve(filepath.Join(s.outPath, "x"), w.dirs))
		claim := func(path string) {
			r := fsio.Resolve(path, w.dirs)
			w.claimed[claimOf(r)] = true
			if filepath.Dir(r) == top {
				w.topClaimed = append(w.topClaimed, r)
			}
		}
		for _, in := range inputs {
			if !in.Stdin {
				claim(in.Path)
			}
		}
		if s.cfg.Report != "" && s.cfg.Report != "-" {
			claim(s.cfg.Report)
		}
	}
	return nil
}

func (r *runner) run(parent context.Context, start time.Time, d *discover.Discovery, listed []string) (int, error) {
	s := r.s
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	go r.discover(ctx, d, listed)
	defer func() { cancel(); <-r.list.Found() }() // the walk has stopped when Run returns

	w := &writer{r: r, claimed: map[claimKey]bool{}, dirs: map[string]string{}}
	w.stdout = bufio.NewWriterSize(s.stdout, chunkSize)
	switch s.cfg.Report {
	case "":
	case "-": // standard output, in order with nothing else (validate sees to that)
		w.reportBuf = w.stdout
	default:
		f, err := r.temps.Open(s.cfg.Report, chunkSize)
		if err != nil {
			return ExitUsage, &UsageError{Err: fmt.Errorf("--report: %w", err)}
		}
		w.report, w.reportBuf = f, f.Writer
	}
	w.stderr = s.stderr
	r.stages = r.activeStages()
	for _, st := range r.stages { // before the workers: they use the baseline
		if err := st.open(w); err != nil {
			return ExitUsage, err
		}
	}

	// The reorder window: at most this many files are in flight (read, waiting or being
	// written), so memory does not grow with the archive. It is wide, so that the workers
	// keep going while a large file at the head is converted: a file that waits holds only
	// its results, whose bytes the budget bounds.
	order := make(chan *orderSlot, window(s.jobs))
	r.budget = headsem.New(context.Background(), s.outputBudget()) // a worker waits for the writer, which drains
	if l := s.memoryLimit(); l > 0 {
		r.large = headsem.New(ctx, l/2)
	}
	jobs := make(chan job, 64*s.jobs) // a worker done with a file finds the next one waiting
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
		for i := 0; ; i++ {
			in := r.list.Get(i)
			if in == nil {
				return
			}
			sl := newSlot(i)
			select {
			case order <- sl:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- job{in: in, slot: sl}:
			case <-ctx.Done():
				sl.close()
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
