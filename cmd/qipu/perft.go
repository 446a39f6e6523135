package main

import (
	"fmt"
	"time"

	"github.com/qipu/qipu/pkg/board"
	"github.com/urfave/cli/v2"
)

func perftCommand() *cli.Command {
	return &cli.Command{
		Name:         "perft",
		Usage:        "count the leaf nodes of the legal move tree (engine self-test and benchmark)",
		ArgsUsage:    "DEPTH",
		OnUsageError: flagError,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "fen", Usage: "start from this FEN instead of the initial position"},
			&cli.BoolFlag{Name: "divide", Usage: "print the count below each root move"},
		},
		Action: func(c *cli.Context) error {
			depth, err := parseDepth(c)
			if err != nil {
				return err
			}
			fen := board.StartFEN
			if c.IsSet("fen") {
				fen = c.String("fen")
			}
			pos, err := board.FromFEN(fen)
			if err != nil {
				return usageErr("perft: %w", err)
			}
			out := c.App.Writer
			start := time.Now()
			var nodes uint64
			if c.Bool("divide") && depth > 0 {
				for _, e := range pos.Divide(depth) {
					fmt.Fprintf(out, "%s %d\n", e.Move, e.Nodes)
					nodes += e.Nodes
				}
			} else {
				nodes = pos.Perft(depth)
			}
			elapsed := time.Since(start)
			nps := float64(nodes) / max(elapsed.Seconds(), 1e-9)
			fmt.Fprintf(out, "nodes %d\ntime %.3fs\nnps %.0f\n", nodes, elapsed.Seconds(), nps)
			return nil
		},
	}
}
