package pipeline

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/qipu/qipu/pkg/textenc"
)

// chunkSize is the amount of output a worker collects before handing it to the writer.
const chunkSize = 64 << 10

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
	case ScriptSimplified:
		_, err = textenc.ToSimplified("車")
	case ScriptTraditional:
		_, err = textenc.ToTraditional("车")
	}
	if err != nil {
		return &UsageError{Err: fmt.Errorf("%s: --script: %w", s.cfg.Command, err)}
	}
	return nil
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
		if s.cfg.Report != "" && s.cfg.Report != "-" {
			w.claimed[resolve(s.cfg.Report, w.dirs)] = true
		}
	}
	w.stdout = bufio.NewWriterSize(s.stdout, chunkSize)
	switch s.cfg.Report {
	case "":
	case "-": // standard output, in order with nothing else (validate sees to that)
		w.reportBuf = w.stdout
	default:
		f, err := r.temps.create(filepath.Dir(filepath.Clean(s.cfg.Report)))
		if err != nil {
			return ExitUsage, &UsageError{Err: fmt.Errorf("--report: %w", err)}
		}
		w.report = f
		w.reportBuf = bufio.NewWriterSize(f, chunkSize)
	}
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
