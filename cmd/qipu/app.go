package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/urfave/cli/v2"
)

// Exit codes of the command-line contract, defined by the pipeline.
const (
	exitOK          = pipeline.ExitOK
	exitInvalid     = pipeline.ExitInvalid
	exitUsage       = pipeline.ExitUsage
	exitInterrupted = pipeline.ExitInterrupted
)

// run executes the command line args and returns the process exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, permuteArgs(app, args))
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "qipu:", ee.err)
		}
		return ee.code
	}
	// urfave/cli's own errors (an unknown flag before the command) are usage errors too.
	fmt.Fprintln(stderr, "qipu:", err)
	return exitUsage
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "qipu",
		Usage: "convert and validate Xiangqi (Chinese chess) game records",
		Description: "qipu reads PGN (GB2312/GBK, Big5, UTF-8; Chinese, WXF or ICCS moves), XQF, 象棋桥 CBR/CBL/CBF,\n" +
			"东萍 DhtmlXQ, 弈天 MXQ, SG, QP, .xqn and plain-text game files, replays every move on a bitboard\n" +
			"engine and writes them in the notation or format you ask for; it judges how games end\n" +
			"(repetition, perpetual check) and classifies openings (ECCO), finds duplicate games, repairs\n" +
			"broken start positions, tells what an archive holds, selects games and exports training data.",
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		Version:         version(),
		HideHelpCommand: true, // helpCommand instead: its errors are usage lines
		Commands:        []*cli.Command{convertCommand(), checkCommand(), dedupeCommand(), statsCommand(), exportCommand(), analyzeCommand(), perftCommand(), showCommand(), rulesCommand(), helpCommand()},
		Action:          appAction,
		Flags:           []cli.Flag{cli.HelpFlag}, // urfave/cli adds it only with its own help command
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return &exitError{code: exitUsage, err: err}
		},
	}
	for _, cmd := range app.Commands {
		if cmd.Name != "help" {
			cmd.Subcommands = append(cmd.Subcommands, commandHelp())
		}
	}
	return app
}

// commandHelp is `qipu COMMAND help`: the command's usage, as --help prints it. urfave/cli
// would add its own help subcommand, one value shared by every command of every app, which
// it writes to while it sets an app up; each command gets its own instead, so that apps can
// run side by side (the command tests do).
func commandHelp() *cli.Command {
	return &cli.Command{
		Name:     "help",
		Aliases:  []string{"h"},
		Usage:    "show the flags of this command",
		HideHelp: true,
		Hidden:   true,
		Action: func(c *cli.Context) error {
			lineage := c.Lineage()
			if len(lineage) < 2 || lineage[1].Command == nil {
				return cli.ShowAppHelp(c)
			}
			parent := lineage[1]
			tmpl := parent.Command.CustomHelpTemplate
			if tmpl == "" {
				tmpl = cli.CommandHelpTemplate
			}
			cli.HelpPrinter(c.App.Writer, tmpl, parent.Command)
			return nil
		},
	}
}

// usageErr wraps a usage problem so that run exits with code 2.
func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

func parseDepth(c *cli.Context) (int, error) {
	if c.NArg() != 1 {
		return 0, usageErr("%s: want exactly one DEPTH argument", c.Command.Name)
	}
	d, err := strconv.Atoi(c.Args().First())
	if err != nil || d < 0 || d > 12 {
		return 0, usageErr("%s: DEPTH must be a number from 0 to 12, not %q", c.Command.Name, c.Args().First())
	}
	return d, nil
}
