package pipeline

import (
	"errors"
	"fmt"

	"github.com/qipu/qipu/pkg/analysis"
	"github.com/qipu/qipu/pkg/evalcache"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/uci"
)

// AnalysisOptions are the settings of the analyze command.
type AnalysisOptions struct {
	// Engine starts one engine process: its Path (required), Options, Dialect and Timeout
	// (per position; zero: uci.DefaultTimeout). Run starts at most Jobs of them, each when a
	// worker first needs it.
	Engine uci.Config
	// Limit is each position's search; the zero Limit is DefaultNodes nodes.
	Limit uci.Limit
	// Cache, if not "", is the SQLite file of evaluations (package evalcache) read before the
	// engine is asked and written with its answers.
	Cache string
	// Thresholds mark mistakes and blunders and judge results; zero fields take
	// analysis.DefaultThresholds'.
	Thresholds analysis.Thresholds
	// OneCore runs the program's Go code on one core while the engines search
	// (analysis.Config.OneCore).
	OneCore bool
}

// DefaultNodes is the node count of a search when AnalysisOptions.Limit is zero.
const DefaultNodes = 4000

// analyzeRun is a run's engines and cache.
type analyzeRun struct {
	an    *analysis.Analyzer
	cache *evalcache.Cache
	th    analysis.Thresholds
	json  bool // the output is JSON Lines: the analysis goes in the "analysis" member
}

// validateAnalyze checks convert's output options and the engine's.
func (s *settings) validateAnalyze() error {
	if s.analysis.Engine.Path == "" {
		return usagef("analyze: --engine PATH (or QIPU_ENGINE) is required")
	}
	if err := s.analysis.validate("analyze"); err != nil {
		return err
	}
	if s.cfg.Report == "-" && (s.cfg.Out == "" || s.cfg.Out == "-") {
		return usagef("analyze: --report - and the analyzed games cannot both go to standard output (give --out or a report file)")
	}
	return s.validateConvert()
}

// validate checks the limit and thresholds of a command's engine (analyze, or export with
// an engine) and fills in their defaults.
func (o *AnalysisOptions) validate(cmd string) error {
	if o.Limit.Nodes < 0 || o.Limit.Depth < 0 || o.Limit.MoveTime < 0 {
		return usagef("%s: a negative search limit", cmd)
	}
	if o.Limit == (uci.Limit{}) {
		o.Limit.Nodes = DefaultNodes
	}
	th := &o.Thresholds
	d := analysis.DefaultThresholds
	for _, v := range []*int{&th.Mistake, &th.Blunder, &th.Result} {
		if *v < 0 {
			return usagef("%s: --mistake and --blunder take a positive number of centipawns", cmd)
		}
	}
	if th.Mistake == 0 {
		th.Mistake = d.Mistake
	}
	if th.Blunder == 0 {
		th.Blunder = max(d.Blunder, th.Mistake)
	}
	if th.Result == 0 {
		th.Result = d.Result
	}
	return nil
}

// openAnalyzer opens the run's cache and its pool of engines (started when first needed):
// r.an, for the stage of analyze or export.
func (r *runner) openAnalyzer(cmd string) error {
	o := r.s.analysis
	ar := &analyzeRun{th: o.Thresholds, json: r.s.to == &targets[JSONL]}
	if o.Cache != "" {
		c, err := evalcache.Open(o.Cache)
		if err != nil {
			return &UsageError{Err: fmt.Errorf("%s: --cache: %w", cmd, err)}
		}
		ar.cache = c
	}
	// Export labels each position by its move: the end position is no row.
	cfg := analysis.Config{Engine: o.Engine, Limit: o.Limit, Processes: r.s.jobs, SkipEnd: cmd == "export", OneCore: o.OneCore}
	if ar.cache != nil {
		cfg.Cache = ar.cache
	}
	ar.an = analysis.New(cfg)
	r.an = ar
	return nil
}

// closeAnalyzer ends every engine process, interrupted or not, and closes the cache.
func (r *runner) closeAnalyzer(cmd string) error {
	ar := r.an
	if ar == nil {
		return nil
	}
	ar.an.Close()
	if ar.cache != nil {
		// What the engines answered is right even when the run failed: it is kept.
		if err := ar.cache.Close(); err != nil {
			return fmt.Errorf("%s: %w", cmd, err)
		}
	}
	return nil
}

// analyze evaluates the positions of g's main line; the positions the engine failed on are
// the failures, for addFailures. It returns false when the run was interrupted meanwhile.
func (f *fileRun) analyze(g *game.Game) ([]analysis.Eval, []analysis.Failure, bool) {
	evals, fails := f.w.r.an.an.Analyze(f.w.ctx, g)
	if f.w.ctx.Err() != nil {
		return nil, nil, false // interrupted: nothing of this run is written
	}
	return evals, fails, true
}

// addFailures gives g an engine error for each failure.
func (f *fileRun) addFailures(g *game.Game, fails []analysis.Failure) {
	for _, fl := range fails {
		g.Diagnostics = append(g.Diagnostics, engineDiag(f, g, fl))
	}
}

// analyzeStage: qipu analyze's evaluations, written into each valid game before it is
// written.
type analyzeStage struct{ noStage }

func (analyzeStage) name() string { return "analyze" }

func (analyzeStage) active(r *runner) bool { return r.s.analysis != nil }

func (analyzeStage) open(w *writer) error { return w.r.openAnalyzer("analyze") }

func (analyzeStage) game(f *fileRun, g *game.Game) {
	f.jsonTail = f.jsonTail[:0]
	ar := f.w.r.an
	if ar == nil || !g.Valid() || f.dup.dropped {
		return
	}
	evals, fails, ok := f.analyze(g)
	if !ok {
		return
	}
	f.addFailures(g, fails)
	var note *game.Diagnostic
	if ar.json {
		f.jsonTail = analysis.AppendJSON(f.jsonTail, evals)
		note = analysis.ResultNote(g, evals, ar.th.Result)
	} else {
		note = analysis.Annotate(g, evals, ar.th)
	}
	if note != nil {
		note.Path = f.in.Path
		g.Diagnostics = append(g.Diagnostics, note)
	}
}

// engineDiag is the engine error of a position, placed at the move that led to it.
func engineDiag(f *fileRun, g *game.Game, fl analysis.Failure) *game.Diagnostic {
	n := &g.Root
	for i := 0; i < fl.Ply && len(n.Children) > 0; i++ {
		n = n.Children[0]
	}
	d := &game.Diagnostic{Kind: game.KindEngine, Level: game.LevelError, Path: f.in.Path, Loc: n.Loc,
		Game: g.Index, Ply: fl.Ply, Token: n.Text, FEN: fl.FEN, Err: fl.Err}
	var ue *uci.Error
	if errors.As(fl.Err, &ue) {
		// The position is in the diagnostic's own field; the message says what failed.
		msg := fmt.Sprintf("%s: %v", ue.Engine, ue.Fault)
		if ue.Detail != "" {
			msg += ": " + ue.Detail
		}
		if ue.Err != nil {
			msg += ": " + ue.Err.Error()
		}
		d.Message = msg
	} else {
		d.Message = fl.Err.Error()
	}
	if fl.FEN != "" {
		d.Message += fmt.Sprintf(" (position after ply %d: %s)", fl.Ply, fl.FEN)
	}
	if n == &g.Root {
		d.Loc = game.NoLoc
	}
	return d
}

func (analyzeStage) close(w *writer, _ bool) error { return w.r.closeAnalyzer("analyze") }
