package main

import (
	"os"
	"slices"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/qipu/qipu/pkg/uci"
	"github.com/urfave/cli/v2"
)

// engineFlags are the flags of the engine, its limit and its cache; engineUsage says what
// --engine does for the command, and env lets QIPU_ENGINE give it.
func engineFlags(engineUsage string, env bool) []cli.Flag {
	engine := &cli.StringFlag{Name: "engine", Usage: engineUsage}
	if env {
		engine.EnvVars = []string{"QIPU_ENGINE"}
	}
	return []cli.Flag{
		engine,
		&cli.StringSliceFlag{Name: "engine-option", Usage: "set an engine option `NAME=VALUE` (repeatable), e.g. UCI_Variant=xiangqi for Fairy-Stockfish, EvalFile=… for Pikafish"},
		&cli.StringFlag{Name: "engine-dialect", Value: "auto", Usage: "the engine's squares and protocol: auto (from its id name), pikafish (ranks 0-9), fairy (ranks 1-10) or ucci"},
		&cli.Int64Flag{Name: "nodes", Usage: "search each position for `N` nodes (reproducible: the output is the same for every -j)", DefaultText: "4000 when no limit is given"},
		&cli.IntFlag{Name: "depth", Usage: "search each position to depth `D`"},
		&cli.IntFlag{Name: "movetime", Usage: "search each position for `MS` milliseconds (not reproducible)"},
		&cli.DurationFlag{Name: "engine-timeout", Value: uci.DefaultTimeout, Usage: "give up on a position, and restart the engine, when it has not answered within `DURATION` (beyond --movetime)"},
		&cli.StringFlag{Name: "cache", Usage: "keep evaluations in the SQLite `FILE` and answer from it the positions searched before with the same engine, options and limit"},
	}
}

// engineFlagNames returns the names of engineFlags but --engine: the flags that need an
// engine.
func engineFlagNames() []string {
	var names []string
	for _, f := range engineFlags("", false) {
		if n := f.Names()[0]; n != "engine" {
			names = append(names, n)
		}
	}
	return names
}

// annotateFlags are analyze's thresholds of a mistake and a blunder.
func annotateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "mistake", Value: 100, Usage: "mark a move $2 (?) when it loses more than `CP` centipawns for its mover"},
		&cli.IntFlag{Name: "blunder", Value: 300, Usage: "mark a move $4 (??) when it loses more than `CP` centipawns for its mover"},
	}
}

// engineConfig reads the engine flags (--engine, its options, the limit, the cache) into o.
func engineConfig(c *cli.Context, o *pipeline.AnalysisOptions) error {
	name := c.Command.Name
	// qipu's own work beside its engines is a few percent of theirs: it runs on one core while
	// they search, unless GOMAXPROCS says otherwise.
	o.OneCore = os.Getenv("GOMAXPROCS") == ""
	o.Engine.Path = c.String("engine")
	if o.Engine.Path == "" {
		return usageErr("%s: --engine PATH (or QIPU_ENGINE) is required", name)
	}
	for _, kv := range c.StringSlice("engine-option") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return usageErr("%s: --engine-option %q: want NAME=VALUE", name, kv)
		}
		o.Engine.Options = append(o.Engine.Options, uci.Option{Name: strings.TrimSpace(k), Value: v})
	}
	d, err := uci.ParseDialect(c.String("engine-dialect"))
	if err != nil {
		return usageErr("%s: --engine-dialect: %w", name, err)
	}
	o.Engine.Dialect = d
	limits := 0
	for _, f := range []string{"nodes", "depth", "movetime"} {
		if c.IsSet(f) {
			limits++
		}
	}
	if limits > 1 {
		return usageErr("%s: give one of --nodes, --depth and --movetime", name)
	}
	o.Limit = uci.Limit{Nodes: c.Int64("nodes"), Depth: c.Int("depth"), MoveTime: time.Duration(c.Int("movetime")) * time.Millisecond}
	if o.Limit.Nodes < 0 || o.Limit.Depth < 0 || o.Limit.MoveTime < 0 || c.IsSet("nodes") && o.Limit.Nodes == 0 ||
		c.IsSet("depth") && o.Limit.Depth == 0 || c.IsSet("movetime") && o.Limit.MoveTime == 0 {
		return usageErr("%s: --nodes, --depth and --movetime take a positive number", name)
	}
	if t := c.Duration("engine-timeout"); t <= 0 {
		return usageErr("%s: --engine-timeout %v: want a positive duration such as 30s", name, t)
	} else {
		o.Engine.Timeout = t
	}
	o.Cache = c.String("cache")
	return nil
}

func analyzeCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "to", Value: "chinese", Usage: "output: iccs, wxf, chinese, platform (PGN with [%eval] comments), jsonl (an \"analysis\" array per game), xqf or dhtmlxq"},
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `PATH` instead of standard output (- for standard output): a file, or a directory (as convert)"},
		&cli.StringFlag{Name: "wxf-style", Value: "xqbase", Usage: "WXF dialect: xqbase or fairy (Fairy-Stockfish)"},
		&cli.StringFlag{Name: "iccs-style", Value: "iccs", Usage: "ICCS form: iccs (H2-E2) or ucci (h2e2)"},
		&cli.BoolFlag{Name: "traditional", Usage: "write Chinese notation in traditional characters (車, 進, 後)"},
		&cli.StringFlag{Name: "out-encoding", Value: "utf-8", Usage: "encoding of PGN output: utf-8, gbk or big5"},
	}, slices.Concat(engineFlags("the UCI (or UCCI) engine `PATH`, e.g. Fairy-Stockfish or Pikafish", true),
		annotateFlags(), selectFlags(), commonFlags())...)
	return &cli.Command{
		Name:      "analyze",
		Usage:     "evaluate every position of each valid game with a UCI engine and write the games with the evaluations",
		ArgsUsage: "PATH...",
		Description: "Each position of a valid game's main line, from ply 0 to the position after the last move,\n" +
			"is searched by a pool of engine processes (one per -j). PGN targets get {[%eval 0.28,9]}\n" +
			"comments (pawns from Red's side, #3 / #-3 for mate, depth) and $2 / $4 for mistakes and\n" +
			"blunders; jsonl gets an \"analysis\" array. With --nodes (the default) the output is the same\n" +
			"for every -j. An engine that fails on a position gives an engine error there; the run goes on.\n" +
			"Exit status: 0 every game valid, 1 some game or file invalid (engine errors included),\n" +
			"2 usage or output error, 130 interrupted.",
		Flags:        flags,
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			cfg, err := batchConfig(c, pipeline.Analyze)
			if err != nil {
				return err
			}
			to := c.String("to")
			output, name, err := pipeline.ParseOutput(to)
			if err != nil {
				return usageErr("analyze: --to %q: want iccs, wxf, chinese, platform, jsonl, xqf or dhtmlxq", to)
			}
			cfg.Analyze.Output = output
			cfg.Out = c.String("out")
			if err := engineConfig(c, &cfg.Analyze.AnalysisOptions); err != nil {
				return err
			}
			th := &cfg.Analyze.Thresholds
			if th.Mistake, th.Blunder = c.Int("mistake"), c.Int("blunder"); th.Mistake <= 0 || th.Blunder <= 0 {
				return usageErr("analyze: --mistake and --blunder take a positive number of centipawns")
			}
			if err := selectConfig(c, &cfg); err != nil {
				return err
			}
			if cfg.Analyze.Styles, err = notationStyles(c); err != nil {
				return err
			}
			cfg.Analyze.Notation, _ = cfg.Analyze.Styles.Lookup(name)
			if cfg.Analyze.OutEncoding, err = pipeline.ParseOutEncoding(c.String("out-encoding")); err != nil {
				return usageErr("analyze: --out-encoding %q: want utf-8, gbk or big5", c.String("out-encoding"))
			}
			return runPipeline(c, cfg)
		},
	}
}
