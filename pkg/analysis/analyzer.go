package analysis

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/uci"
)

// Key identifies one search: the position, the engine's "id name", its options (sorted
// NAME=VALUE, space-separated) and the limit ("nodes 4000", as uci.Limit writes it).
type Key struct {
	FEN, Engine, Options, Limit string
}

// Cache keeps evaluations by Key. Its methods are called from several goroutines at once.
// Get returns the evaluation stored (its Ply and FEN are the caller's to set); a cache that
// cannot be read answers false. Put stores one; its failures are the cache's to report when
// it is closed.
type Cache interface {
	Get(k Key) (Eval, bool)
	Put(k Key, e Eval)
}

// Config says how an Analyzer searches.
type Config struct {
	// Engine starts one engine process (uci.Start); its Timeout bounds each position.
	Engine uci.Config
	// Limit is each search's limit. With a node count the answers depend on the position
	// only: every search starts from a clean engine state (ucinewgame) with one thread.
	Limit uci.Limit
	// Processes is the most engine processes that run at once (at least 1); each is started
	// when first needed.
	Processes int
	// Cache, if not nil, answers the positions searched before and keeps the new ones.
	Cache Cache
	// SkipEnd leaves out the position after the last move of a game that has moves: a caller
	// that labels positions by the move played from them (qipu export) has no use for it.
	SkipEnd bool
	// OneCore runs the program's Go code on one core while the engines search: the pool sets
	// runtime.GOMAXPROCS(1) when it starts (a run the cache answers whole never starts it)
	// and Close restores the setting. Beside its engines a caller's own work is a few percent
	// of theirs, and on one core the runtime hands no goroutine from thread to thread, which
	// costs about a sixth of that work. For a program that does little else meanwhile: it is
	// the process's setting.
	OneCore bool
}

// Failure is a position the engine failed on (after one retry of a crash), or, at Ply 0 with
// FEN "", an engine that could not be started at all.
type Failure struct {
	Ply int
	FEN string
	Err error
}

// Analyzer searches the positions of games with a pool of engine processes. It is safe for
// concurrent use. Every position is one job on a queue that the pool's engines take from, so
// the engines stay busy while any call of Analyze has a position left: the positions of one
// game are searched side by side, and a long game does not keep the other engines idle.
// Each search starts from a clean engine state, so which engine takes a position does not
// change its answer.
type Analyzer struct {
	cfg      Config
	options  string
	jobs     chan job
	searches atomic.Int64
	serving  sync.Once
	served   sync.WaitGroup

	mu       sync.Mutex
	all      []*uci.Client
	name     string      // the engine's identity, once started
	startErr error       // the engine cannot be started: every game fails with it
	spare    *uci.Engine // the engine started for its identity, for the first client
	closed   bool
	procs    int // GOMAXPROCS before OneCore set it, or 0
}

// job is one position to search, and where its answer goes.
type job struct {
	ctx  context.Context
	pos  *board.Position
	at   int // the position's index in its call of Analyze
	done chan<- answer
}

// answer is an engine's answer to a job.
type answer struct {
	at  int
	res uci.Result
	err error
}

// New returns an analyzer; no engine starts until a position needs one.
func New(cfg Config) *Analyzer {
	cfg.Processes = max(cfg.Processes, 1)
	return &Analyzer{cfg: cfg, options: OptionsKey(cfg.Engine.Options), jobs: make(chan job)}
}

// OptionsKey returns the options as a Key holds them: NAME=VALUE, sorted, space-separated.
func OptionsKey(opts []uci.Option) string {
	s := make([]string, len(opts))
	for i, o := range opts {
		s[i] = o.Name + "=" + o.Value
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

// Searches returns the number of searches the engines were asked for so far.
func (a *Analyzer) Searches() int64 { return a.searches.Load() }

// Name returns the engine's "id name" once an engine has started, else "".
func (a *Analyzer) Name() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.name
}

// Engine returns the engine's "id name", starting it if need be.
func (a *Analyzer) Engine(ctx context.Context) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.name != "" || a.startErr != nil {
		return a.name, a.startErr
	}
	e, err := uci.Start(ctx, a.cfg.Engine)
	if err != nil {
		if ctx.Err() == nil {
			a.startErr = err // missing, or will not start: it will not do better later
		}
		return "", err
	}
	a.name, a.spare = e.Name(), e
	return a.name, nil
}

// serve starts the pool: Processes goroutines, each with its engine client (the engine is
// started at its first search), taking jobs until Close.
func (a *Analyzer) serve() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cfg.OneCore {
		a.procs = runtime.GOMAXPROCS(1)
	}
	for range a.cfg.Processes {
		c := uci.NewClient(a.cfg.Engine, a.spare)
		a.spare = nil
		a.all = append(a.all, c)
		a.served.Add(1)
		go func() {
			defer a.served.Done()
			// The job after the one searched, when one is waiting, goes to the engine with it
			// (SearchThen), so that the engine does not wait for this goroutine between the
			// two.
			j, ok := <-a.jobs
			for ok {
				var next job
				var queued bool
				select {
				case next, queued = <-a.jobs:
				default:
				}
				if err := j.ctx.Err(); err != nil {
					j.done <- answer{at: j.at, err: err}
				} else {
					var then *board.Position
					if queued && next.ctx.Err() == nil {
						then = next.pos
					}
					a.searches.Add(1)
					res, err := c.SearchThen(j.ctx, j.pos, then, a.cfg.Limit)
					j.done <- answer{at: j.at, res: res, err: err}
				}
				if !queued {
					j, ok = <-a.jobs
				} else {
					j = next
				}
			}
		}()
	}
}

// Analyze evaluates every position of g's main line, from ply 0 to the position after the
// last move, and returns the evaluations in ply order. The positions the engine failed on are
// left out of the evaluations and listed as failures, in ply order; an engine that cannot be
// started fails the game once, at the first position it was asked. An interrupted analysis
// returns what it has.
func (a *Analyzer) Analyze(ctx context.Context, g *game.Game) ([]Eval, []Failure) {
	name, err := a.Engine(ctx)
	if err != nil {
		return nil, []Failure{{Err: err}}
	}
	// The positions, and the answers the cache has.
	var positions []board.Position
	pos := g.StartPosition()
	for n := &g.Root; ; {
		if len(n.Children) == 0 {
			if !a.cfg.SkipEnd || n == &g.Root {
				positions = append(positions, *pos)
			}
			break
		}
		positions = append(positions, *pos)
		n = n.Children[0]
		pos.Play(n.Move)
	}
	evals := make([]Eval, len(positions))
	known := make([]bool, len(positions))
	fens := make([]string, len(positions))
	limit := a.cfg.Limit.String()
	var asked []int
	for i := range positions {
		fens[i] = positions[i].FEN()
		if a.cfg.Cache != nil {
			if e, ok := a.cfg.Cache.Get(Key{FEN: fens[i], Engine: name, Options: a.options, Limit: limit}); ok {
				e.Ply, e.FEN = i, fens[i]
				evals[i], known[i] = e, true
				continue
			}
		}
		asked = append(asked, i)
	}
	// The rest, to the pool; the answers come back in any order.
	var fails []Failure
	if len(asked) > 0 {
		a.serving.Do(a.serve)
		done := make(chan answer, len(asked))
		sent := 0
	send:
		for _, i := range asked {
			select {
			case a.jobs <- job{ctx: ctx, pos: &positions[i], at: i, done: done}:
				sent++
			case <-ctx.Done():
				break send
			}
		}
		for range sent {
			ans := <-done
			i := ans.at
			switch {
			case ans.err != nil && ctx.Err() != nil:
				// interrupted: no failure to report
			case ans.err != nil:
				fails = append(fails, Failure{Ply: i, FEN: fens[i], Err: ans.err})
			default:
				evals[i], known[i] = FromResult(i, &positions[i], fens[i], ans.res), true
				if a.cfg.Cache != nil {
					a.cfg.Cache.Put(Key{FEN: fens[i], Engine: name, Options: a.options, Limit: limit}, evals[i])
				}
			}
		}
	}
	slices.SortFunc(fails, func(x, y Failure) int { return x.Ply - y.Ply })
	// An engine that went missing or will not start again fails the game once.
	for k, f := range fails {
		if errors.Is(f.Err, uci.ErrMissing) || errors.Is(f.Err, uci.ErrStart) {
			fails = fails[:k+1]
			break
		}
	}
	out := evals[:0]
	for i := range evals {
		if known[i] {
			out = append(out, evals[i])
		}
	}
	return out, fails
}

// Close ends every engine process. The analyzer must not be used afterwards.
func (a *Analyzer) Close() {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return
	}
	a.closed = true
	a.mu.Unlock()
	a.serving.Do(func() {}) // no pool starts after Close
	close(a.jobs)
	a.served.Wait()
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, c := range a.all {
		c.Close()
	}
	a.all = nil
	if a.spare != nil {
		a.spare.Close()
		a.spare = nil
	}
	if a.procs > 0 {
		runtime.GOMAXPROCS(a.procs)
		a.procs = 0
	}
}
