package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/urfave/cli/v2"
)

// CI formats, rule selection, baselines and `qipu rules` on the command line (see
// pipeline/ci.go and package ciformat).

// multiValue is a repeatable string flag whose values are kept whole (urfave/cli's slice
// flags split them at commas, and a path may hold one).
type multiValue struct{ values []string }

func (m *multiValue) Set(v string) error { m.values = append(m.values, v); return nil }
func (m *multiValue) String() string     { return strings.Join(m.values, " ") }

// selectFlags are the flags of every command that reports diagnostics.
func selectFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "select", Usage: "report only the diagnostics of these `CODES` (comma-separated; see qipu rules)"},
		&cli.StringFlag{Name: "ignore", Usage: "drop the diagnostics of these `CODES` (comma-separated; see qipu rules)"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also show the notes (information that never changes the exit status)"},
	}
}

// ciFlags are check's CI flags.
func ciFlags() []cli.Flag {
	return []cli.Flag{
		&cli.GenericFlag{Name: "output", Value: &multiValue{}, Usage: "also write the report in `FORMAT=PATH` (sarif, junit, codeclimate, github or html; - for standard output); repeatable"},
		&cli.StringFlag{Name: "baseline", Usage: "report and fail only on the diagnostics not recorded in the baseline `FILE`"},
		&cli.StringFlag{Name: "write-baseline", Usage: "record the run's diagnostics in the baseline `FILE`"},
		&cli.BoolFlag{Name: "allow-no-games", Usage: "an argument that holds no game file is no failure (for hooks given every .txt and .html file)"},
	}
}

// selectConfig reads --select, --ignore and --verbose.
func selectConfig(c *cli.Context, cfg *pipeline.Config) error {
	var err error
	name := c.Command.Name
	if cfg.Select, err = game.ParseCodes(c.String("select")); err != nil {
		return usageErr("%s: --select: %w (see qipu rules)", name, err)
	}
	if cfg.Ignore, err = game.ParseCodes(c.String("ignore")); err != nil {
		return usageErr("%s: --ignore: %w (see qipu rules)", name, err)
	}
	cfg.Verbose = c.Bool("verbose")
	return nil
}

// checkFormat reads check's --format, --output, --baseline and --write-baseline.
func checkFormat(c *cli.Context, cfg *pipeline.Config) error {
	if err := selectConfig(c, cfg); err != nil {
		return err
	}
	o := cfg.Check
	name := strings.ToLower(strings.TrimSpace(c.String("format")))
	var err error
	if f, ok := ciformat.Lookup(name); ok && name != "github" {
		// A document format: to standard output, the diagnostics and summary on stderr.
		o.Outputs = append(o.Outputs, pipeline.CIOutput{Format: f, Path: "-"})
	} else if o.Format, err = pipeline.ParseCheckFormat(name); err != nil {
		return usageErr("check: --format %q: want text, json, github, sarif, junit, codeclimate or html", c.String("format"))
	}
	if m, ok := c.Generic("output").(*multiValue); ok {
		for _, spec := range m.values {
			out, err := pipeline.ParseCIOutput(spec)
			if err != nil {
				return usageErr("check: %w", err)
			}
			o.Outputs = append(o.Outputs, out)
		}
	}
	o.Baseline = c.String("baseline")
	o.WriteBaseline = c.String("write-baseline")
	cfg.AllowNoGames = c.Bool("allow-no-games")
	o.Tool = ciformat.Options{Version: version(), SemanticVersion: semanticVersion()}
	return nil
}

// rulesCommand is `qipu rules`: every diagnostic code with its level and documentation.
func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "list every diagnostic code with its level and what it means",
		Description: "The codes are what --select and --ignore take and what the SARIF, JUnit and Code\n" +
			"Climate reports name. Notes never change the exit status; --strict makes warnings errors.",
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageErr("rules: takes no arguments")
			}
			return printRules(c)
		},
	}
}

func printRules(c *cli.Context) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s %-8s %s\n", "CODE", "LEVEL", "MEANING")
	for _, r := range game.Rules() {
		fmt.Fprintf(&b, "%-16s %-8s %s\n", r.Code, r.Level, r.Doc)
	}
	_, err := fmt.Fprint(c.App.Writer, b.String())
	return err
}

// buildVersion returns the module version and the VCS settings of the build.
func buildVersion() (v, rev, date string, modified bool) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)", "", "", false
	}
	v = info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			date = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return v, rev, date, modified
}

// version is what `qipu --version` prints after "qipu ": the module version from the build
// information, and for a build from a checkout ("(devel)") the VCS revision, its date and
// "+modified" for a tree with uncommitted changes, e.g.
// "(devel) (revision 0123456789ab+modified, 2026-12-03T09:00:00Z)".
func version() string {
	return formatVersion(buildVersion())
}

// formatVersion writes a version with the VCS settings of its build (see version).
func formatVersion(v, rev, date string, modified bool) string {
	if rev == "" {
		return v
	}
	v += " (revision " + fmt.Sprintf("%.12s", rev)
	if modified {
		v += "+modified"
	}
	if date != "" {
		v += ", " + date
	}
	return v + ")"
}

// semanticVersion is the version in Semantic Versioning form for SARIF: the module version
// without its "v", or for a checkout "0.0.0-devel" with the revision as build metadata.
func semanticVersion() string {
	v, rev, _, _ := buildVersion()
	if strings.HasPrefix(v, "v") && len(v) > 1 && v[1] >= '0' && v[1] <= '9' {
		return v[1:]
	}
	if rev != "" {
		return fmt.Sprintf("0.0.0-devel+%.12s", rev)
	}
	return "0.0.0-devel"
}
