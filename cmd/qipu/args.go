package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// permuteArgs moves the flags of a subcommand in front of its paths, so that
// `qipu convert corpus/ --to iccs` works like `qipu convert --to iccs corpus/` (urfave/cli v2
// stops reading flags at the first positional argument). Arguments after "--" stay paths.
func permuteArgs(app *cli.App, args []string) []string {
	if len(args) < 3 {
		return args
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[1]) {
			cmd = c
		}
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	var flags, paths []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			paths = append(paths, rest[i+1:]...)
			i = len(rest)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		default:
			paths = append(paths, a)
		}
	}
	out := append([]string{args[0], args[1]}, flags...)
	for _, p := range paths {
		if len(p) > 1 && p[0] == '-' {
			out = append(out, "--")
			break
		}
	}
	return append(out, paths...)
}
