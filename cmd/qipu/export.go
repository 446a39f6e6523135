package main

import (
	"os"

	"github.com/qipu/qipu/pkg/export"
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/urfave/cli/v2"
)

func exportCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "format", Value: "parquet", Usage: "positions file format: parquet, csv or jsonl"},
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "the `DIR` that receives positions.<ext> (or one file per split) and manifest.json (required)"},
		&cli.StringFlag{Name: "split", Usage: "send each game to one split by a hash of its game_id: `NAME=FRACTION,…`, e.g. train=0.9,val=0.05,test=0.05"},
		&cli.BoolFlag{Name: "partial", Usage: "also export the games cut at an error, up to the error"},
		&cli.BoolFlag{Name: "mirror", Usage: "add the left–right mirror of each game as a game of its own"},
		&cli.BoolFlag{Name: "keep-result", Usage: "with --partial, keep the Result of a cut game (by default its result is unknown)"},
		&cli.BoolFlag{Name: "dedupe", Usage: "export only the most complete game of each group of the same game or of truncated copies (reads the inputs three times)"},
	}, append(engineFlags("evaluate the position of every row with the UCI (or UCCI) engine `PATH` (adds the columns score_cp, mate and best)", false), commonFlags()...)...)
	return &cli.Command{
		Name:      "export",
		Usage:     "write one row per position of each valid game's main line, for engines and models (Parquet, CSV or JSON Lines)",
		ArgsUsage: "PATH...",
		Description: "Columns: game_id (a hash of the start position and the main line: a game has one id\n" +
			"whatever file it came from), source, index, ply (0 for the first move), fen (before the\n" +
			"move), side (w or b), move (UCCI, e.g. h2e2), result, score (the result from the mover's\n" +
			"side: 1, 0.5, 0, or empty when unknown) and plies_left. With --engine, also score_cp and mate\n" +
			"(from Red's side; mate counts moves, + when Red mates) and best (the engine's move, UCCI), as\n" +
			"qipu analyze gives them; null where they do not apply. manifest.json counts the games and\n" +
			"rows of each split and lists the games skipped and why. Output is the same for every -j.\n" +
			"Exit status: 0 every game valid, 1 some game or file invalid (the valid ones are still\n" +
			"exported), 2 usage or output error, 130 interrupted.",
		Flags:        flags,
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			cfg, err := batchConfig(c, pipeline.Export)
			if err != nil {
				return err
			}
			o := cfg.Export
			if o.Format, err = export.ParseFormat(c.String("format")); err != nil {
				return usageErr("export: --format %q: want parquet, csv or jsonl", c.String("format"))
			}
			if v := c.String("split"); v != "" {
				if o.Splits, err = export.ParseSplits(v); err != nil {
					return usageErr("export: --split: %w", err)
				}
			}
			o.Partial, o.Mirror = c.Bool("partial"), c.Bool("mirror")
			o.Version, o.CommandLine = version(), os.Args
			o.KeepResult = c.Bool("keep-result")
			o.Dedupe = c.Bool("dedupe")
			cfg.Out = c.String("out")
			if c.String("engine") != "" {
				o.Evaluation = &pipeline.AnalysisOptions{}
				if err := engineConfig(c, o.Evaluation); err != nil {
					return err
				}
			} else {
				for _, f := range engineFlagNames() {
					if c.IsSet(f) {
						return usageErr("export: --%s: evaluating the positions needs --engine PATH", f)
					}
				}
			}
			return runPipeline(c, cfg)
		},
	}
}
