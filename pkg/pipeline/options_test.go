package pipeline

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"slices"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/shape"
	"github.com/qipu/qipu/pkg/textenc"
)

// options is a Config as the tests write it: one flat set of every command's options, the
// command named by Command, and the hooks of a run. config turns it into the Config a user
// writes (and hooks): the fields of the other commands are left out.
type options struct {
	Command Command
	// The shared options (Config's).
	Paths          []string
	Encoding       textenc.Encoding
	Repair         bool
	FilesFrom      string
	Shard          Shard
	Jobs           int
	MemoryLimit    int64
	AllowNoGames   bool
	Checks         CheckSettings // FixResults goes to ConvertOptions
	Where          *query.Expr
	Positions      *query.PositionMatcher
	Strict         bool
	Verbose        bool
	Select, Ignore []game.Kind
	Out, Report    string
	Quiet          bool
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Progress       Progress
	// Writing (convert, analyze; KeepResult also export).
	Output      Output
	Notation    notation.Notation
	Styles      Notations
	Script      Script
	OutEncoding textenc.Encoding
	KeepResult  bool
	// Convert (DedupeOutput also export).
	DedupeOutput bool
	ECCOTags     ECCOMode
	Shape        shape.Options
	SplitBy      shape.Split
	// Check.
	Format        CheckFormat
	Outputs       []CIOutput
	Tool          ciformat.Options
	Baseline      string
	WriteBaseline string
	DecodeOnly    bool
	// Stats.
	StatsFormat      StatsFormat
	StatsCheckReport string
	// Export (its Evaluation from Analysis when that names an engine) and Analyze.
	Export   ExportOptions
	Analysis AnalysisOptions
	// The hooks.
	budget int64
	stages []stage
}

// commandFields are the fields of options that belong to one command or a few; a test that
// sets one for another command is wrong (config panics), since a Config cannot say it.
var commandFields = map[string][]Command{
	"Output": {Convert, Analyze}, "Notation": {Convert, Analyze}, "Styles": {Convert, Analyze},
	"Script": {Convert, Analyze}, "OutEncoding": {Convert, Analyze}, "KeepResult": {Convert, Analyze, Export},
	"DedupeOutput": {Convert, Export}, "ECCOTags": {Convert}, "Shape": {Convert}, "SplitBy": {Convert},
	"Format": {Check}, "Outputs": {Check}, "Tool": {Check}, "Baseline": {Check}, "WriteBaseline": {Check},
	"DecodeOnly": {Check}, "StatsFormat": {Stats}, "StatsCheckReport": {Stats}, "Export": {Export},
	"Analysis": {Export, Analyze},
}

// config returns the Config and the hooks that o stands for.
func (o options) config() (Config, hooks) {
	v := reflect.ValueOf(o)
	for name, cmds := range commandFields {
		if !v.FieldByName(name).IsZero() && !slices.Contains(cmds, o.Command) {
			panic(fmt.Sprintf("test options: %s is not an option of %v", name, o.Command))
		}
	}
	if o.Checks.FixResults && o.Command != Convert {
		panic("test options: FixResults is convert's")
	}
	c := Config{
		Paths: o.Paths, Encoding: o.Encoding, Repair: o.Repair, FilesFrom: o.FilesFrom,
		Shard: o.Shard, Jobs: o.Jobs, MemoryLimit: o.MemoryLimit, AllowNoGames: o.AllowNoGames,
		Checks: o.Checks, Where: o.Where, Positions: o.Positions, Strict: o.Strict,
		Verbose: o.Verbose, Select: o.Select, Ignore: o.Ignore, Out: o.Out, Report: o.Report,
		Quiet: o.Quiet, Stdin: o.Stdin, Stdout: o.Stdout, Stderr: o.Stderr, Progress: o.Progress,
	}
	c.Checks.FixResults = false
	w := Writing{Output: o.Output, Notation: o.Notation, Styles: o.Styles, Script: o.Script,
		OutEncoding: o.OutEncoding, KeepResult: o.KeepResult}
	switch o.Command {
	case Convert:
		c.Convert = &ConvertOptions{Writing: w, Dedupe: o.DedupeOutput, FixResults: o.Checks.FixResults,
			ECCOTags: o.ECCOTags, Shape: o.Shape, SplitBy: o.SplitBy}
	case Check:
		c.Check = &CheckOptions{Format: o.Format, Outputs: o.Outputs, Tool: o.Tool, Baseline: o.Baseline,
			WriteBaseline: o.WriteBaseline, DecodeOnly: o.DecodeOnly}
	case Dedupe:
		c.Dedupe = &DedupeOptions{}
	case Stats:
		c.Stats = &StatsOptions{Format: o.StatsFormat, CheckReport: o.StatsCheckReport}
	case Export:
		e := o.Export
		e.KeepResult = e.KeepResult || o.KeepResult
		e.Dedupe = e.Dedupe || o.DedupeOutput
		if o.Analysis.Engine.Path != "" {
			a := o.Analysis
			e.Evaluation = &a
		}
		c.Export = &e
	case Analyze:
		c.Analyze = &AnalyzeOptions{Writing: w, AnalysisOptions: o.Analysis}
	}
	return c, hooks{budget: o.budget, stages: o.stages}
}

// settingsOf returns the settings of o with its command's options taken, not validated.
func settingsOf(o options) *settings {
	c, h := o.config()
	s := &settings{cfg: c, hooks: h}
	if err := s.takeCommand(); err != nil {
		panic(err)
	}
	s.cmd = s.command.def()
	return s
}

// runOpts runs o.
func runOpts(ctx context.Context, o options) (int, error) {
	c, h := o.config()
	return run(ctx, c, h)
}

// validate returns the settings of o.
func validate(o options) (*settings, error) {
	c, h := o.config()
	return newSettings(c, h)
}
