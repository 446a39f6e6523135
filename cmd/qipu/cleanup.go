package main

import (
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/urfave/cli/v2"
)

// The cleanup commands and flags: dedupe, stats, --repair (convert, check, dedupe, stats) and
// convert --dedupe.

func repairFlag() cli.Flag {
	return &cli.BoolFlag{Name: "repair", Usage: "undo known breakages of a start position (one side's pieces mirrored left–right, the board mirrored or rotated, the side to move) when that makes the whole main line legal; a repaired game gets a repaired warning"}
}

func dedupeFlag() cli.Flag {
	return &cli.BoolFlag{Name: "dedupe", Usage: "write only the most complete game of each group of the same game or of truncated copies (reads the inputs three times); the others are reported with status duplicate"}
}

// cleanupFlags are the reading flags of dedupe and stats.
func cleanupFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "encoding", Value: "auto", Usage: "input encoding: auto, utf-8, gbk, gb18030, big5 or utf-16"},
		repairFlag(),
		&cli.BoolFlag{Name: "strict", Usage: "treat warnings as errors"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no summary"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "number of parallel workers", DefaultText: "number of CPUs"},
		&cli.BoolFlag{Name: "memstats", Hidden: true, Usage: "benchmarks: print the peak Go memory to stderr at the end"},
	}, scaleFlags()...)
}

func dedupeCommand() *cli.Command {
	return &cli.Command{
		Name:      "dedupe",
		Usage:     "group the games that are the same game, in any format or encoding (JSON Lines on stdout)",
		ArgsUsage: "PATH...",
		Description: "Two games are the same when they start from the same position and their main lines\n" +
			"are the same moves: notation, encoding, script, tags and comments do not matter. A game\n" +
			"whose main line is a strict prefix of another's is a prefix (a truncated copy); a game that\n" +
			"is the left–right mirror of another is a mirror. One JSON object per group of two or more\n" +
			"goes to standard output, in input order; a summary goes to standard error. The inputs are\n" +
			"read twice (standard input is copied to a temporary file for the second reading).\n" +
			"No diagnostics are printed (qipu check lists them).\n" +
			"Exit status as check: 0 every game valid, 1 some game or file invalid (the groups are\n" +
			"still written), 2 usage error, 130 interrupted.",
		Flags:        cleanupFlags(),
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			cfg, err := batchConfig(c, pipeline.Dedupe)
			if err != nil {
				return err
			}
			return runPipeline(c, cfg)
		},
	}
}

func statsCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "format", Value: "text", Usage: "text, json, or html (one self-contained page with charts)"},
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the report to `FILE` instead of standard output"},
		&cli.StringFlag{Name: "check-report", Usage: "with --format html, link the counts of invalid games to the page of check --output html=`PAGE` (a path relative to the stats page, or a URL)"},
	}, cleanupFlags()...)
	return &cli.Command{
		Name:      "stats",
		Usage:     "tell what an archive holds: formats, encodings, validity, results, lengths, openings, players, duplicates",
		ArgsUsage: "PATH...",
		Description: "Counts every file and game as check does (the totals agree with check --format json).\n" +
			"No diagnostics are printed (qipu check lists them).\n" +
			"Exit status as check: 0 every game valid, 1 some game or file invalid (the report is still\n" +
			"written), 2 usage or output error, 130 interrupted.",
		Flags:        flags,
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			cfg, err := batchConfig(c, pipeline.Stats)
			if err != nil {
				return err
			}
			o := cfg.Stats
			if o.Format, err = pipeline.ParseStatsFormat(c.String("format")); err != nil {
				return usageErr("stats: --format %q: want text, json or html", c.String("format"))
			}
			cfg.Out = c.String("out")
			o.CheckReport = c.String("check-report")
			if o.CheckReport != "" && o.Format != pipeline.StatsHTML {
				return usageErr("stats: --check-report links the html page (--format html)")
			}
			return runPipeline(c, cfg)
		},
	}
}
