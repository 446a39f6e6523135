package pipeline

import (
	"context"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/shape"
)

// command is what Run does for one Command, said once: its name, the options it takes, how it
// reads its inputs and what it writes, and the check of its own options. The code elsewhere
// asks the command's value, never which command it is.
type command struct {
	name string
	// takes are the options of Config that only some commands accept.
	takes option
	// converts: the command writes the games it reads, converted (Out, or standard output).
	converts bool
	// showsOpenings: the command reports every game's opening classification (stats).
	showsOpenings bool
	// outDir: Out names a directory the command writes in (convert's, when it is one;
	// export's always), left out of the walk so that a run never reads its own output.
	outDir bool
	// passes: the command reads the inputs in passes of its own (cleanup.go): dedupe and
	// stats always, convert and export with --dedupe; runPasses runs them.
	passes    func(cfg *Config) bool
	runPasses func(r *runner, ctx context.Context, start time.Time) (int, error)
	// validate checks the command's own options and settles what they decide.
	validate func(s *settings) error
	// stages are the command's per-game features, in the order they see a game (stage.go).
	stages []stage
}

// option is a bit set of the options of Config that only some commands take.
type option uint16

const (
	optDecodeOnly option = 1 << iota // DecodeOnly
	optDedupe                        // DedupeOutput
	optFixResults                    // Checks.FixResults
	optECCOTags                      // ECCOTags
	optShape                         // Shape
	optSplit                         // SplitBy
	optCIOutputs                     // Outputs, Baseline, WriteBaseline
)

// options names each option for the usage error of a command that does not take it, and tells
// whether a Config gives it.
var options = []struct {
	opt   option
	flag  string
	given func(cfg *Config) bool
}{
	{optDecodeOnly, "decode-only", func(c *Config) bool { return c.DecodeOnly }},
	{optDedupe, "--dedupe", func(c *Config) bool { return c.DedupeOutput }},
	{optFixResults, "--fix-results", func(c *Config) bool { return c.Checks.FixResults }},
	{optECCOTags, "--ecco", func(c *Config) bool { return c.ECCOTags != ECCOKeep }},
	{optShape, "--no-comments, --no-variations, --no-nags, --strip-tags and --add-tags", func(c *Config) bool { return !c.Shape.IsZero() }},
	{optSplit, "--split-by", func(c *Config) bool { return c.SplitBy != (shape.Split{}) }},
	{optCIOutputs, "--output, --baseline and --write-baseline", func(c *Config) bool {
		return len(c.Outputs) > 0 || c.Baseline != "" || c.WriteBaseline != ""
	}},
}

// commands are the commands, by Command.
var commands = [...]command{
	Convert: {name: "convert", takes: optDedupe | optFixResults | optECCOTags | optShape | optSplit,
		converts: true, outDir: true, passes: dedupeFirst, runPasses: (*runner).runConvertDedupe,
		validate: (*settings).validateConvert, stages: []stage{cleanStage{}, splitStage{}}},
	Check: {name: "check", takes: optDecodeOnly | optCIOutputs, passes: never,
		validate: (*settings).validateCheck, stages: []stage{ciStage{}}},
	Dedupe: {name: "dedupe", passes: always, runPasses: (*runner).runDedupe,
		validate: (*settings).validateDedupe, stages: []stage{cleanStage{}}},
	Stats: {name: "stats", showsOpenings: true, passes: always, runPasses: (*runner).runStats,
		validate: (*settings).validateStats, stages: []stage{cleanStage{}}},
	Export: {name: "export", takes: optDedupe, outDir: true, passes: dedupeFirst,
		runPasses: (*runner).runConvertDedupe, validate: (*settings).validateExport,
		stages: []stage{cleanStage{}, exportStage{}}},
	Analyze: {name: "analyze", converts: true, outDir: true, passes: never,
		validate: (*settings).validateAnalyze, stages: []stage{analyzeStage{}}},
}

func never(*Config) bool         { return false }
func always(*Config) bool        { return true }
func dedupeFirst(c *Config) bool { return c.DedupeOutput }

// def returns the command's value, nil for a Command out of range.
func (c Command) def() *command {
	if c < 0 || int(c) >= len(commands) {
		return nil
	}
	return &commands[c]
}

// String returns "convert", "check", "dedupe", "stats", "export" or "analyze".
func (c Command) String() string {
	if d := c.def(); d != nil {
		return d.name
	}
	return "convert"
}

// checkOptions reports an option given to a command that does not take it.
func (c *command) checkOptions(cfg *Config) error {
	for _, o := range options {
		if c.takes&o.opt == 0 && o.given(cfg) {
			var takers []string
			for i := range commands {
				if commands[i].takes&o.opt != 0 {
					takers = append(takers, commands[i].name)
				}
			}
			return usagef("%s: %s: for %s only", c.name, o.flag, strings.Join(takers, " and "))
		}
	}
	return nil
}
