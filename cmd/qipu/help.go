package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// helpCommand replaces urfave/cli's help command: `qipu help` and `qipu help COMMAND` print
// usage on standard output (exit 0); a COMMAND qipu does not have is one usage line.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show the commands, or the flags of one command",
		ArgsUsage: "[COMMAND]",
		Action: func(c *cli.Context) error {
			switch c.NArg() {
			case 0:
				return cli.ShowAppHelp(c)
			case 1:
				name := c.Args().First()
				if name == "rules" { // `qipu help rules` lists them, as `qipu rules` does
					return printRules(c)
				}
				if c.App.Command(name) == nil {
					return unknownCommand(c, name)
				}
				// From the app's context: the help command's own lists no commands.
				return cli.ShowCommandHelp(c.Lineage()[1], name)
			}
			return usageErr("help: want at most one COMMAND")
		},
	}
}

// appAction runs for `qipu` with no command (usage, exit 0) or with a word that is no
// command (one usage line, exit 2).
func appAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return unknownCommand(c, c.Args().First())
	}
	return cli.ShowAppHelp(c)
}

func unknownCommand(c *cli.Context, name string) error {
	var names []string
	for _, cmd := range c.App.VisibleCommands() {
		if cmd.Name != "help" {
			names = append(names, cmd.Name)
		}
	}
	return usageErr("unknown command %q (commands: %s; see qipu --help)", name, strings.Join(names, ", "))
}

// sharedBoolFlag is a boolean flag that urfave/cli keeps in a package variable (--help,
// --version) and adds to every app and command. BoolFlag.Apply records its default value in the
// flag itself, so two apps parsing at once (the command tests run in parallel) would write the
// same variable; sharedBoolFlag applies a copy instead and leaves the shared value untouched.
type sharedBoolFlag struct{ *cli.BoolFlag }

// Apply adds a copy of the flag to set.
func (f sharedBoolFlag) Apply(set *flag.FlagSet) error {
	c := *f.BoolFlag
	return c.Apply(set)
}

func init() {
	if h, ok := cli.HelpFlag.(*cli.BoolFlag); ok {
		cli.HelpFlag = sharedBoolFlag{h}
	}
	// --version only (urfave/cli's default also takes -v).
	cli.VersionFlag = sharedBoolFlag{&cli.BoolFlag{Name: "version", Usage: "print the version and exit"}}
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "qipu %s\n", c.App.Version)
	}
}
