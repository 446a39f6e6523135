package main

import (
	"errors"
	"strings"

	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/urfave/cli/v2"
)

// Flags shared by convert and check.
func commonFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "encoding", Value: "auto", Usage: "input encoding: auto, utf-8, gbk, gb18030, big5 or utf-16"},
		&cli.StringFlag{Name: "report", Usage: "write one JSON object per game (and per unreadable file) to `FILE` (- for standard output)"},
		&cli.BoolFlag{Name: "strict", Usage: "treat warnings as errors"},
		repairFlag(),
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no summary"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "number of parallel workers, at least 1", DefaultText: "number of CPUs"},
		&cli.BoolFlag{Name: "memstats", Hidden: true, Usage: "benchmarks: print the peak Go memory to stderr at the end"},
	}, scaleFlags()...)
}

func convertCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "to", Value: "chinese", Usage: "output: iccs, wxf, chinese, platform (PGN), jsonl, xqf or dhtmlxq"},
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `PATH` instead of standard output (- for standard output): a file, or a directory (see below)"},
		&cli.StringFlag{Name: "wxf-style", Value: "xqbase", Usage: "WXF dialect: xqbase or fairy (Fairy-Stockfish)"},
		&cli.StringFlag{Name: "iccs-style", Value: "iccs", Usage: "ICCS form: iccs (H2-E2) or ucci (h2e2)"},
		&cli.BoolFlag{Name: "traditional", Usage: "write Chinese notation in traditional characters (車, 進, 後)"},
		&cli.StringFlag{Name: "script", Usage: "convert tag values and comments to simplified or traditional characters"},
		&cli.StringFlag{Name: "out-encoding", Value: "utf-8", Usage: "encoding of PGN output: utf-8, gbk or big5"},
		// Output of cut games (CLI and pipeline UX).
		&cli.BoolFlag{Name: "keep-result", Usage: "keep the Result tag of a game cut at its first error (by default it is written as *)"},
		dedupeFlag(),
		splitByFlag(), // split.go
	}, append(shapingFlags(), append(selectFlags(), commonFlags()...)...)...)
	return &cli.Command{
		Name:      "convert",
		Usage:     "replay every game and write it in another notation or format",
		ArgsUsage: "PATH...",
		Description: "PATH is a file, a directory (walked recursively; game files of every format qipu reads,\n" +
			"recognized by content, then by extension) or - for standard input. Flags may come\n" +
			"before or after the paths. --to dhtmlxq writes [DhtmlXQ] blocks (.txt files under -o).\n" +
			"--out is a directory when it is one, ends in /, an input is a directory, there are several\n" +
			"inputs, or --to is xqf. Below it a file argument is written under its base name and a\n" +
			"directory argument's tree is mirrored; with several arguments each directory's tree goes\n" +
			"below a folder of its name (NAME-2 … for a name given twice), and a name taken twice in one\n" +
			"folder gets -2, -3 ….\n" +
			"Exit status: 0 every game valid, 1 some game or file invalid, 2 usage or output error,\n" +
			"130 interrupted.",
		Flags:        flags,
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			cfg, err := batchConfig(c, pipeline.Convert)
			if err != nil {
				return err
			}
			to := c.String("to")
			output, name, err := pipeline.ParseOutput(to)
			if err != nil {
				return usageErr("convert: --to %q: want iccs, wxf, chinese, platform, jsonl, xqf or dhtmlxq", to)
			}
			o := cfg.Convert
			o.Output = output
			cfg.Out = c.String("out")
			o.KeepResult = c.Bool("keep-result")
			o.Dedupe = c.Bool("dedupe")
			if err := shapingConfig(c, o); err != nil {
				return err
			}
			if err := splitByConfig(c, o); err != nil { // split.go
				return err
			}
			if err := selectConfig(c, &cfg); err != nil { // ci.go
				return err
			}
			if o.Styles, err = notationStyles(c); err != nil {
				return err
			}
			o.Notation, _ = o.Styles.Lookup(name)
			if o.Script, err = pipeline.ParseScript(c.String("script")); err != nil {
				return usageErr("convert: --script %q: want simplified or traditional", c.String("script"))
			}
			if o.OutEncoding, err = pipeline.ParseOutEncoding(c.String("out-encoding")); err != nil {
				return usageErr("convert: --out-encoding %q: want utf-8, gbk or big5", c.String("out-encoding"))
			}
			return runPipeline(c, cfg)
		},
	}
}

func checkCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "format", Value: "text", Usage: "text (diagnostics and summary on stderr), json (summary as JSON on stdout), github (also GitHub Actions annotations on stdout), or sarif, junit, codeclimate or html (that report on stdout)"},
		&cli.BoolFlag{Name: "decode-only", Hidden: true, Usage: "benchmarks: only read and decode the files (the pipeline's floor)"},
	}, append(append(ciFlags(), selectFlags()...), commonFlags()...)...)
	return &cli.Command{
		Name:      "check",
		Usage:     "replay every game and report; writes no converted output",
		ArgsUsage: "PATH...",
		Description: "Diagnostics go to standard error, one line each, then a one-line summary.\n" +
			"Exit status: 0 every game valid, 1 some game or file invalid, 2 usage error,\n" +
			"130 interrupted.",
		Flags:        flags,
		OnUsageError: flagError,
		Action: func(c *cli.Context) error {
			cfg, err := batchConfig(c, pipeline.Check)
			if err != nil {
				return err
			}
			if err := checkFormat(c, &cfg); err != nil { // ci.go
				return err
			}
			cfg.Check.DecodeOnly = c.Bool("decode-only")
			return runPipeline(c, cfg)
		},
	}
}

// notationStyles reads --wxf-style, --iccs-style and --traditional: the styles of the
// notations, for PGN and JSON Lines output alike.
func notationStyles(c *cli.Context) (pipeline.Notations, error) {
	var n pipeline.Notations
	var err error
	// An empty value is the default, as the flags' own defaults say.
	if v := strings.TrimSpace(c.String("wxf-style")); v != "" {
		if n.WXF.Style, err = wxf.ParseStyle(v); err != nil {
			return n, usageErr("convert: --wxf-style %q: want xqbase or fairy", c.String("wxf-style"))
		}
	}
	if v := strings.TrimSpace(c.String("iccs-style")); v != "" {
		if n.ICCS.Style, err = iccs.ParseStyle(v); err != nil {
			return n, usageErr("convert: --iccs-style %q: want iccs or ucci", c.String("iccs-style"))
		}
	}
	n.Chinese.Traditional = c.Bool("traditional")
	return n, nil
}

// flagError reports a flag that does not parse as a usage error, without the help text.
func flagError(c *cli.Context, err error, _ bool) error {
	return usageErr("%s: %w (see qipu %s --help)", c.Command.Name, err, c.Command.Name)
}

// batchConfig parses the shared flags into a pipeline configuration for cmd, with cmd's
// options (empty) set for its action to fill in.
func batchConfig(c *cli.Context, cmd pipeline.Command) (pipeline.Config, error) {
	args := c.Args().Slice()
	if len(args) == 0 && c.String("files-from") == "" {
		return pipeline.Config{}, usageErr("%s: no PATH given (use - for standard input)", c.Command.Name)
	}
	enc, err := textenc.ParseEncoding(c.String("encoding"))
	if err != nil {
		return pipeline.Config{}, usageErr("%s: --encoding: %w", c.Command.Name, err)
	}
	// Unset, --jobs is 0: the library's number of CPUs. Given, it must be a worker count.
	if j := c.Int("jobs"); c.IsSet("jobs") && j < 1 {
		return pipeline.Config{}, usageErr("%s: --jobs %d: want at least 1 worker", c.Command.Name, j)
	}
	cfg := pipeline.Config{
		Paths:    args,
		Encoding: enc,
		Report:   c.String("report"),
		Strict:   c.Bool("strict"),
		Repair:   c.Bool("repair"),
		Quiet:    c.Bool("quiet"),
		Jobs:     c.Int("jobs"),
		Stdin:    c.App.Reader,
		Stdout:   c.App.Writer,
		Stderr:   c.App.ErrWriter,
	}
	switch cmd {
	case pipeline.Convert:
		cfg.Convert = &pipeline.ConvertOptions{}
	case pipeline.Check:
		cfg.Check = &pipeline.CheckOptions{}
	case pipeline.Dedupe:
		cfg.Dedupe = &pipeline.DedupeOptions{}
	case pipeline.Stats:
		cfg.Stats = &pipeline.StatsOptions{}
	case pipeline.Export:
		cfg.Export = &pipeline.ExportOptions{}
	case pipeline.Analyze:
		cfg.Analyze = &pipeline.AnalyzeOptions{}
	}
	if err := scaleConfig(c, &cfg); err != nil {
		return pipeline.Config{}, err
	}
	return cfg, nil
}

// runPipeline runs the library and turns its exit code into an exitError.
func runPipeline(c *cli.Context, cfg pipeline.Config) error {
	if !cfg.Quiet {
		if p := newProgress(cfg.Stderr); p != nil {
			cfg.Progress = p
			cfg.Stderr = p.stderrWriter()
		}
	}
	if c.Bool("memstats") {
		defer startMemStats(cfg.Stderr)()
	}
	defer setMemoryLimit(cfg.MemoryLimit)()
	code, err := pipeline.Run(c.Context, cfg)
	if code == exitOK {
		return nil
	}
	var ue *pipeline.UsageError
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if code == exitInterrupted {
		err = errors.New("interrupted") // not "interrupted: context canceled"
	}
	return &exitError{code: code, err: err}
}
