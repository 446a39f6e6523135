package pipeline

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/shape"
	"github.com/qipu/qipu/pkg/textenc"
)

// Config is everything Run needs: the options every command shares (what to read and how,
// which games and diagnostics count, where the output and the report go) and the options of
// exactly one command, which is the command Run runs:
//
//	pipeline.Config{Paths: paths, Check: &pipeline.CheckOptions{Format: pipeline.CheckJSON}}
//
// A command's options are a type of their own, so a Config cannot give one command another's.
// The options hold the lower packages' own types (notation values, textenc.Encoding) and the
// pipeline's (Output, CheckFormat, Script); the command line parses its flags with
// ParseOutput, ParseCheckFormat, ParseScript, ParseOutEncoding, textenc.ParseEncoding,
// iccs.ParseStyle and wxf.ParseStyle. Run reports a value out of range, or a combination that
// does not work, as a usage error (exit code 2). The zero value of each option is its default.
type Config struct {
	// Paths are the inputs: files, directories (walked recursively in sorted order) or "-"
	// for Stdin.
	Paths []string
	// Encoding is the input encoding: textenc.Auto (the default) detects it.
	Encoding textenc.Encoding
	// Repair lets the readers undo the known breakages of a start position
	// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
	Repair bool
	// FilesFrom, if set, names a file ("-" for Stdin) listing more PATHs, which follow Paths:
	// NUL-separated when the list holds a NUL byte (find -print0), else one per line. A
	// listed path that does not exist is reported as unreadable, not as a usage error.
	FilesFrom string
	// Shard, if its Count is set, keeps only the input files of one shard (see Shard).
	Shard Shard
	// Jobs is the number of workers; zero means runtime.NumCPU(), and a negative count is a
	// usage error.
	Jobs int
	// MemoryLimit is the memory the run aims to stay within, in bytes: it bounds the output
	// held for the ordered writer and how many large inputs are decoded at once. Zero means
	// DefaultMemoryLimit. The command line also sets it as the Go runtime's soft limit.
	MemoryLimit int64
	// AllowNoGames makes an argument in which no game file is found no failure (a
	// pre-commit hook is given every staged .txt and .html file, game record or not).
	AllowNoGames bool

	// Checks sets the per-game checks that run once a game is replayed (how it ends: the
	// occurrence that makes a repetition, the chase rules; the plies and the reading the
	// opening classification uses); zero settings take the checks' defaults. Its FixResults
	// is convert's: set ConvertOptions.FixResults instead.
	Checks CheckSettings
	// Where, if not nil, keeps only the games it matches (query.Parse); Positions, if not
	// nil, only the games whose main line reaches one of its positions. A game left out is
	// counted in the summary, and nothing else: no output, report entry or diagnostic.
	Where     *query.Expr
	Positions *query.PositionMatcher
	// Strict turns every warning (not the notes) into an error.
	Strict bool
	// Verbose makes the text output show the notes too (by default only errors and
	// warnings; notes always go to the report and the CI outputs).
	Verbose bool
	// Select, if not empty, keeps only the diagnostics of these codes; Ignore drops the
	// diagnostics of its codes. A dropped error does not make its game invalid. Every code
	// must be one of game.Rules (ParseCodes).
	Select, Ignore []game.Kind

	// Out is where the command writes: for convert and analyze "" or "-" for Stdout, a file
	// when there is a single input that is a file (or "-") and Out is not an existing
	// directory nor ends in a separator, otherwise a directory under which the input tree is
	// mirrored; export's directory; the file of stats' report. Check and dedupe take none.
	Out string
	// Report, if set, is a file ("-" for Stdout) that receives one JSON object per game (the
	// JSON Lines schema without "moves"), plus one object with "index":0 for each file that
	// yields no game or has an error of its own. Nothing else may then write to Stdout.
	Report string
	// Quiet turns off the summary of convert and check (diagnostics are still printed). The
	// progress display is the caller's: leave Progress nil.
	Quiet bool
	// Stdin is read for the path "-"; Stdout and Stderr receive output and diagnostics.
	// Nil readers and writers are treated as empty and as io.Discard.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Progress, if not nil, follows the run.
	Progress Progress

	// The command: exactly one of these is set.
	Convert *ConvertOptions
	Check   *CheckOptions
	Dedupe  *DedupeOptions
	Stats   *StatsOptions
	Export  *ExportOptions
	Analyze *AnalyzeOptions
}

// Writing is how convert and analyze write the games.
type Writing struct {
	// Output is what is written: PGN (the default), JSONL (one JSON object per game), XQF
	// (version-10 XQF, one file per game; needs Out) or DhtmlXQ (one [DhtmlXQ] block per
	// game).
	Output Output
	// Notation is the move notation of PGN output, in its style: iccs.Notation{Style:
	// iccs.UCCI}, wxf.Notation{Style: wxf.Fairy}, chinese.Notation{Traditional: true},
	// platform.Notation{}, ... Nil means chinese.Notation{}.
	Notation notation.Notation
	// Styles are the notations of the moves of JSON Lines output (its "iccs", "wxf",
	// "chinese" and "platform" fields), each in its style; the zero value writes the default
	// styles. The command line sets the PGN notation and these from the same flags.
	Styles Notations
	// Script converts tag values and comments: ScriptKeep (the default), ScriptSimplified or
	// ScriptTraditional.
	Script Script
	// OutEncoding is the encoding of PGN output: textenc.UTF8 (the default, also for
	// textenc.Auto), textenc.GB18030 (GBK) or textenc.Big5. JSON Lines, DhtmlXQ and the
	// report are always UTF-8.
	OutEncoding textenc.Encoding
	// KeepResult writes the Result tag of a game cut at its first error as it is; by default
	// the PGN and XQF writers write such a game with the result unknown ("*"), after a
	// comment at the cut.
	KeepResult bool
}

// ConvertOptions are the options of the convert command: it replays every game and writes it
// in another notation or format.
type ConvertOptions struct {
	Writing
	// Dedupe writes only the kept game of each group of the same game or of truncated copies
	// (a first pass finds the groups); the others get the report status "duplicate" and the
	// source of the game kept.
	Dedupe bool
	// FixResults corrects the Result tag of a game whose end the ending check proves
	// (game.CheckConfig.FixResults).
	FixResults bool
	// ECCOTags writes the [ECCO], [Opening] and [Variation] tags of each game's
	// classification: ECCOKeep (the default) writes none, ECCOAdd those missing or empty,
	// ECCOReplace all three. The names are in traditional characters with ScriptTraditional,
	// or with a traditional Chinese notation and no script conversion.
	ECCOTags ECCOMode
	// Shape strips comments, variations, NAGs or tags from the output and adds computed tags
	// (shape.Options).
	Shape shape.Options
	// SplitBy, if not zero (shape.ParseSplit), writes one file per group of games under Out,
	// which must then be a directory: Out/<group><ext> (shape.Split.Key, with -2, -3 … for a
	// name taken, in any case), the groups in the order of their first game, each group's
	// games in input order, instead of the mirrored tree. Not with XQF.
	SplitBy shape.Split
}

// CheckOptions are the options of the check command: it replays every game and reports; it
// writes no converted output.
type CheckOptions struct {
	// Format is how check prints: CheckText (the default: diagnostics and a summary on
	// Stderr), CheckJSON (the same diagnostics on Stderr, the summary as one JSON object on
	// Stdout) or CheckGitHub (also a GitHub Actions annotation per diagnostic on Stdout).
	Format CheckFormat
	// Outputs are CI reports: SARIF, JUnit XML, Code Climate, HTML or GitHub annotations,
	// each to a file or "-" for standard output (ci.go, package ciformat).
	Outputs []CIOutput
	// Tool names qipu's version in the CI outputs that carry it (SARIF).
	Tool ciformat.Options
	// Baseline, if set, is a baseline file written by WriteBaseline: the diagnostics it
	// records (by fingerprint, with counts) are neither reported nor counted as failures; the
	// summary says how many were suppressed and how many are no longer seen.
	Baseline string
	// WriteBaseline, if set, is where the run's diagnostics are recorded as a baseline file.
	WriteBaseline string
	// DecodeOnly only reads every recognized file and decodes its text to UTF-8, without
	// parsing or replaying: the floor a benchmark compares the real run against.
	DecodeOnly bool
}

// DedupeOptions are the options of the dedupe command, which groups the games that are the
// same game (JSON Lines on Stdout; see dedupe.go). It has none of its own yet.
type DedupeOptions struct{}

// StatsOptions are the options of the stats command, which reports what the inputs hold.
type StatsOptions struct {
	// Format is how the report is written: StatsText (the default), StatsJSON or StatsHTML;
	// to Out when set, else to Stdout.
	Format StatsFormat
	// CheckReport is where the HTML page of `check --output html=FILE` on the same inputs is
	// (a path relative to the stats page, or a URL): the HTML stats page links its counts of
	// invalid games there. "" links nothing.
	CheckReport string
}

// AnalyzeOptions are the options of the analyze command, which converts like convert with
// every position of each valid game's main line evaluated by an engine: how the games are
// written, and the engine, the limit, the cache and the thresholds (AnalysisOptions).
type AnalyzeOptions struct {
	Writing
	AnalysisOptions
}

// errCommands is the usage error of a Config that does not set exactly one command's options.
var errCommands = errors.New("pipeline: a Config sets the options of exactly one command (Convert, Check, Dedupe, Stats, Export or Analyze)")

// takeCommand finds the command whose options the Config sets (exactly one) and takes them:
// the code of each command reads its own struct from the settings.
func (s *settings) takeCommand() error {
	c := &s.cfg
	if c.Checks.FixResults {
		return &UsageError{Err: errors.New("pipeline: Checks.FixResults is convert's: set ConvertOptions.FixResults")}
	}
	var set []string
	if v := c.Convert; v != nil {
		set = append(set, "Convert")
		s.command, s.conv, s.write = Convert, *v, v.Writing
		c.Checks.FixResults = v.FixResults // the ending check's setting, which convert exposes
	}
	if v := c.Check; v != nil {
		set = append(set, "Check")
		s.command, s.check = Check, *v
	}
	if c.Dedupe != nil {
		set = append(set, "Dedupe")
		s.command = Dedupe
	}
	if v := c.Stats; v != nil {
		set = append(set, "Stats")
		s.command, s.stats = Stats, *v
	}
	if v := c.Export; v != nil {
		set = append(set, "Export")
		s.command, s.export = Export, *v
		if v.Evaluation != nil {
			a := *v.Evaluation
			s.analysis = &a
		}
	}
	if v := c.Analyze; v != nil {
		set = append(set, "Analyze")
		s.command, s.write = Analyze, v.Writing
		a := v.AnalysisOptions
		s.analysis = &a
	}
	if len(set) != 1 {
		return &UsageError{Err: wrapSet(set)}
	}
	return nil
}

// dedupes reports whether convert or export writes only the kept game of each group.
func (s *settings) dedupes() bool { return s.conv.Dedupe || s.export.Dedupe }

// wrapSet says which commands' options a Config sets, when it is not exactly one.
func wrapSet(set []string) error {
	if len(set) == 0 {
		return errCommands
	}
	return fmt.Errorf("%w; it sets %s", errCommands, strings.Join(set, " and "))
}
