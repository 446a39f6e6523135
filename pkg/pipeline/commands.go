package pipeline

import (
	"context"
	"time"
)

// command is what Run does for one Command, said once: its name, how it
// reads its inputs and what it writes, and the check of its own options. The code elsewhere
// asks the command's value, never which command it is.
type command struct {
	name string
	// converts: the command writes the games it reads, converted (Out, or standard output).
	converts bool
	// showsOpenings: the command reports every game's opening classification (stats).
	showsOpenings bool
	// outDir: Out names a directory the command writes in (convert's, when it is one;
	// export's always), left out of the walk so that a run never reads its own output.
	outDir bool
	// passes: the command reads the inputs in passes of its own (cleanup.go): dedupe and
	// stats always, convert and export with --dedupe; runPasses runs them.
	passes    func(s *settings) bool
	runPasses func(r *runner, ctx context.Context, start time.Time) (int, error)
	// validate checks the command's own options and settles what they decide.
	validate func(s *settings) error
	// stages are the command's per-game features, in the order they see a game (stage.go).
	stages []stage
}

// commands are the commands, by Command.
var commands = [...]command{
	Convert: {name: "convert", converts: true, outDir: true, passes: dedupeFirst, runPasses: (*runner).runConvertDedupe,
		validate: (*settings).validateConvert, stages: []stage{cleanStage{}, splitStage{}}},
	Check: {name: "check", passes: never,
		validate: (*settings).validateCheck, stages: []stage{ciStage{}}},
	Dedupe: {name: "dedupe", passes: always, runPasses: (*runner).runDedupe,
		validate: (*settings).validateDedupe, stages: []stage{cleanStage{}}},
	Stats: {name: "stats", showsOpenings: true, passes: always, runPasses: (*runner).runStats,
		validate: (*settings).validateStats, stages: []stage{cleanStage{}}},
	Export: {name: "export", outDir: true, passes: dedupeFirst,
		runPasses: (*runner).runConvertDedupe, validate: (*settings).validateExport,
		stages: []stage{cleanStage{}, exportStage{}}},
	Analyze: {name: "analyze", converts: true, outDir: true, passes: never,
		validate: (*settings).validateAnalyze, stages: []stage{analyzeStage{}}},
}

func never(*settings) bool         { return false }
func always(*settings) bool        { return true }
func dedupeFirst(s *settings) bool { return s.dedupes() }

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
