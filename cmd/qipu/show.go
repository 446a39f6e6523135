package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/diagram"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
	"github.com/urfave/cli/v2"
)

// showCommand is `qipu show FILE [--game N] [--ply K]` and `qipu show --fen FEN`: one
// position drawn as text or SVG (package diagram).
func showCommand() *cli.Command {
	return &cli.Command{
		Name:         "show",
		Usage:        "draw the board of a position: a game's after K plies, or a FEN (text or SVG)",
		ArgsUsage:    "FILE | --fen FEN",
		OnUsageError: flagError,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "fen", Usage: "draw this `FEN` instead of a game's position"},
			&cli.IntFlag{Name: "game", Value: 1, Usage: "the game `N` of the file (from 1)"},
			&cli.IntFlag{Name: "ply", Value: -1, Usage: "the position after `K` plies of the main line (default: its end)"},
			&cli.BoolFlag{Name: "flip", Usage: "Black's view: Black's back rank at the bottom"},
			&cli.StringFlag{Name: "glyphs", Value: "chinese", Usage: "piece names: `chinese` (帅仕相马车炮兵, 将士象马车炮卒) or letters (WXF: K A E H R C P)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`text` or svg (one self-contained SVG)"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "ANSI colours in text: `auto` (when standard output is a terminal), always or never"},
		},
		Action: showAction,
	}
}

func showAction(c *cli.Context) error {
	var o diagram.Options
	var ok bool
	if o.Glyphs, ok = diagram.ParseGlyphs(strings.ToLower(c.String("glyphs"))); !ok {
		return usageErr("show: --glyphs %q: want chinese or letters", c.String("glyphs"))
	}
	o.Flip = c.Bool("flip")
	format := strings.ToLower(c.String("format"))
	if format != "text" && format != "svg" {
		return usageErr("show: --format %q: want text or svg", c.String("format"))
	}
	switch strings.ToLower(c.String("color")) {
	case "auto":
		o.Color = isTerminal(c.App.Writer)
	case "always":
		o.Color = true
	case "never":
	default:
		return usageErr("show: --color %q: want auto, always or never", c.String("color"))
	}
	var pos *board.Position
	if c.IsSet("fen") {
		if c.NArg() > 0 || c.IsSet("game") || c.IsSet("ply") {
			return usageErr("show: --fen takes no FILE, --game or --ply")
		}
		s, err := board.ParseFEN(c.String("fen"))
		if err != nil {
			return usageErr("show: --fen: %w", err)
		}
		if pos, err = board.NewPosition(s, board.AllProblems); err != nil {
			return usageErr("show: --fen: %w", err)
		}
	} else {
		if c.NArg() != 1 {
			return usageErr("show: want one FILE (or --fen FEN)")
		}
		if c.Int("game") < 1 {
			return usageErr("show: --game %d: games count from 1", c.Int("game"))
		}
		if c.IsSet("ply") && c.Int("ply") < 0 {
			return usageErr("show: --ply %d: want 0 or more", c.Int("ply"))
		}
		var err error
		if pos, o.LastMove, err = gamePosition(c.Args().First(), c.Int("game"), c.Int("ply")); err != nil {
			return err
		}
	}
	out := c.App.Writer
	var err error
	if format == "svg" {
		err = diagram.SVG(out, pos, &o)
		if err == nil {
			_, err = fmt.Fprintln(out)
		}
	} else {
		err = diagram.Text(out, pos, &o)
	}
	if err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("show: writing standard output: %w", err)}
	}
	return nil
}

// errShow is wrapped by the errors of show about a game or ply the file does not have.
var errShow = errors.New("no such position")

// gamePosition reads the file through package record, as a library user does, and returns
// the position after ply plies of game n's main line (its end for a negative ply) and the
// move that led there. An unreadable file is its positioned diagnostic (exit 1).
func gamePosition(path string, n, ply int) (*board.Position, board.Move, error) {
	games := 0
	for g, err := range record.ReadFile(path) {
		if err != nil {
			if record.IsWarning(err) {
				continue
			}
			return nil, board.NoMove, &exitError{code: exitInvalid, err: err}
		}
		games++
		if g.Index != n {
			continue
		}
		return replayTo(g, ply)
	}
	return nil, board.NoMove, &exitError{code: exitInvalid, err: fmt.Errorf("%s: game %d: %w: the file holds %d games", path, n, errShow, games)}
}

// replayTo plays ply moves of g's main line (all of them for a negative ply).
func replayTo(g *game.Game, ply int) (*board.Position, board.Move, error) {
	plies := g.Plies()
	if ply > plies {
		return nil, board.NoMove, &exitError{code: exitInvalid, err: fmt.Errorf("%s: game %d: ply %d: %w: the main line has %d plies", g.Source, g.Index, ply, errShow, plies)}
	}
	if ply < 0 {
		ply = plies
	}
	pos := g.StartPosition()
	last := board.NoMove
	i := 0
	for n := &g.Root; i < ply; i++ {
		n = n.Children[0]
		pos.Play(n.Move)
		last = n.Move
	}
	return pos, last, nil
}
