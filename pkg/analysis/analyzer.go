package analysis

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

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
}

// Failure is a position the engine failed on (after one retry of a crash), or, at Ply 0 with
// FEN "", an engine that could not be started at all.
type Failure struct {
	Ply int
	FEN string
	Err error
}

// Analyzer searches the positions of games with a pool of engine processes. It is safe for
// concurrent use: each call of Analyze holds one process while it needs one.
type Analyzer struct {
	cfg      Config
	options  string
	idle     chan *uci.Client
	searches atomic.Int64

	mu       sync.Mutex
	made     int
	all      []*uci.Client
	name     string      // the engine's identity, once started
	startErr error       // the engine cannot be started: every game fails with it
	spare    *uci.Engine // the engine started for its identity, for the first client
}

// New returns an analyzer; no engine starts until a position needs one.
func New(cfg Config) *Analyzer {
	cfg.Processes = max(cfg.Processes, 1)
	return &Analyzer{cfg: cfg, options: OptionsKey(cfg.Engine.Options), idle: make(chan *uci.Client, cfg.Processes)}
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

// client returns an idle engine client, a new one while fewer than Processes exist, or waits.
func (a *Analyzer) client(ctx context.Context) (*uci.Client, error) {
	select {
	case c := <-a.idle:
		return c, nil
	default:
	}
	a.mu.Lock()
	if a.made < a.cfg.Processes {
		a.made++
		c := uci.NewClient(a.cfg.Engine, a.spare)
		a.spare = nil
		a.all = append(a.all, c)
		a.mu.Unlock()
		return c, nil
	}
	a.mu.Unlock()
	select {
	case c := <-a.idle:
		return c, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Analyze evaluates every position of g's main line, from ply 0 to the position after the
// last move, in ply order. The positions the engine failed on are left out of the evaluations
// and listed as failures; an engine that cannot start fails the game's first position only,
// and the rest is not searched. An interrupted analysis returns what it has.
func (a *Analyzer) Analyze(ctx context.Context, g *game.Game) ([]Eval, []Failure) {
	name, err := a.Engine(ctx)
	if err != nil {
		return nil, []Failure{{Err: err}}
	}
	var (
		evals []Eval
		fails []Failure
		c     *uci.Client
	)
	defer func() {
		if c != nil {
			a.idle <- c
		}
	}()
	pos := g.StartPosition()
	n := &g.Root
	for ply := 0; ctx.Err() == nil; ply++ {
		fen := pos.FEN()
		key := Key{FEN: fen, Engine: name, Options: a.options, Limit: a.cfg.Limit.String()}
		e, ok := Eval{}, false
		if a.cfg.Cache != nil {
			e, ok = a.cfg.Cache.Get(key)
		}
		if ok {
			e.Ply, e.FEN = ply, fen
			evals = append(evals, e)
		} else {
			if c == nil {
				if c, err = a.client(ctx); err != nil {
					break
				}
			}
			a.searches.Add(1)
			res, err := c.Search(ctx, pos, a.cfg.Limit)
			switch {
			case err != nil && ctx.Err() != nil:
				return evals, fails // interrupted: no failure to report
			case err != nil:
				fails = append(fails, Failure{Ply: ply, FEN: fen, Err: err})
				if errors.Is(err, uci.ErrMissing) || errors.Is(err, uci.ErrStart) {
					return evals, fails
				}
			default:
				e = FromResult(ply, pos, fen, res)
				evals = append(evals, e)
				if a.cfg.Cache != nil {
					a.cfg.Cache.Put(key, e)
				}
			}
		}
		if len(n.Children) == 0 {
			break
		}
		n = n.Children[0]
		pos.Play(n.Move)
	}
	return evals, fails
}

// Close ends every engine process. The analyzer must not be used afterwards.
func (a *Analyzer) Close() {
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
}
