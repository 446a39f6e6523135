package main

import (
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/qipu/qipu/pkg/shape"
	"github.com/urfave/cli/v2"
)

// splitByFlag is convert's --split-by.
func splitByFlag() cli.Flag {
	return &cli.StringFlag{Name: "split-by", Usage: "write one file per group of games under -o DIR instead of the mirrored tree: " +
		"`event` (the Event tag), ecco (the opening code) or N (runs of N games); DIR/<group>.pgn, .jsonl or .txt"}
}

// splitByConfig reads --split-by into cfg; the pipeline checks that it has -o DIR and is not
// given with --to xqf.
func splitByConfig(c *cli.Context, cfg *pipeline.ConvertOptions) error {
	if !c.IsSet("split-by") {
		return nil
	}
	sp, err := shape.ParseSplit(c.String("split-by"))
	if err != nil {
		return usageErr("convert: --split-by %q: want event, ecco or a number of games N ≥ 1", c.String("split-by"))
	}
	cfg.SplitBy = sp
	return nil
}
