package pipeline

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/shape"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/jsonl"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
	gamewriter "github.com/qipu/qipu/pkg/writer"
)

// Exit codes of qipu's command-line contract, which scripts and CI jobs rely on.
const (
	ExitOK          = 0   // every game valid
	ExitInvalid     = 1   // some game or input file invalid; everything readable was converted
	ExitUsage       = 2   // usage error, a PATH that does not exist, output that cannot be written
	ExitInterrupted = 130 // interrupted (the context was cancelled)
)

// Command selects what Run does.
type Command int

const (
	// Convert replays every game and writes it in another notation or format.
	Convert Command = iota
	// Check replays every game and reports; it writes no converted output.
	Check
	// Dedupe groups the games that are the same game (JSON Lines on Stdout; see dedupe.go).
	Dedupe
	// Stats reports what the inputs hold (text, JSON or HTML; see stats.go).
	Stats
	// Export writes one row per ply of each valid game's main line under Out: positions in
	// Parquet, CSV or JSON Lines, and a manifest (see export.go and package export).
	Export
	// Analyze converts like Convert, with every position of each valid game's main line
	// evaluated by an engine (see analyze.go and package analysis).
	Analyze
)

// Progress receives the progress of a run; the command line draws a progress bar with it.
// Run calls Start once, after discovery, then Advance from a single goroutine, and Finish once
// at the end.
type Progress interface {
	// Start announces the number of input files found.
	Start(files int)
	// Advance reports that one more input file is done and how many games it held.
	Advance(games int)
	// Finish ends the progress display.
	Finish()
}

// options is a Config spread out: the shared options and the one command's, as the
// pipeline reads them (Config.options). The zero value of each option is its default.
type options struct {
	// Command is the command whose options the Config sets.
	Command Command
	// Paths are the inputs: files, directories (walked recursively in sorted order) or "-"
	// for Stdin.
	Paths []string

	// Output is what Convert writes: PGN (the default), JSONL (one JSON object per game),
	// XQF (version-10 XQF, one file per game; needs Out) or DhtmlXQ (one [DhtmlXQ] block per
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
	// Encoding is the input encoding: textenc.Auto (the default) detects it.
	Encoding textenc.Encoding
	// OutEncoding is the encoding of PGN output: textenc.UTF8 (the default, also for
	// textenc.Auto), textenc.GB18030 (GBK) or textenc.Big5. JSON Lines, DhtmlXQ and the
	// report are always UTF-8.
	OutEncoding textenc.Encoding
	// Out is where Convert writes: "" or "-" for Stdout; a file when there is a single input that is
	// a file (or "-") and Out is not an existing directory nor ends in a separator; otherwise
	// a directory under which the input tree is mirrored.
	Out string
	// Report, if set, is a file ("-" for Stdout) that receives one JSON object per game (the
	// JSON Lines schema without "moves"), plus one object with "index":0 for each file that
	// yields no game or has an error of its own. Nothing else may then write to Stdout.
	Report string
	// Format is how Check prints: CheckText (the default: diagnostics and a summary on
	// Stderr), CheckJSON (the same diagnostics on Stderr, the summary as one JSON object on
	// Stdout) or CheckGitHub (also a GitHub Actions annotation per diagnostic on Stdout).
	Format CheckFormat
	// Strict turns every warning (not the notes) into an error.
	Strict bool
	// Verbose makes the text output show the notes too (by default only errors and
	// warnings; notes always go to the report and the CI outputs).
	Verbose bool
	// Select, if not empty, keeps only the diagnostics of these codes; Ignore drops the
	// diagnostics of its codes (convert and check). A dropped error does not make its game
	// invalid. Every code must be one of game.Rules (ParseCodes).
	Select, Ignore []game.Kind
	// Outputs are CI reports (check only): SARIF, JUnit XML, Code Climate or GitHub
	// annotations, each to a file or "-" for standard output (ci.go, package ciformat).
	Outputs []CIOutput
	// Tool names qipu's version in the CI outputs that carry it (SARIF).
	Tool ciformat.Options
	// Baseline (check only), if set, is a baseline file written by WriteBaseline: the
	// diagnostics it records (by fingerprint, with counts) are neither reported nor counted
	// as failures; the summary says how many were suppressed and how many are no longer seen.
	Baseline string
	// WriteBaseline (check only), if set, is where the run's diagnostics are recorded as a
	// baseline file.
	WriteBaseline string
	// AllowNoGames makes an argument in which no game file is found no failure (a
	// pre-commit hook is given every staged .txt and .html file, game record or not).
	AllowNoGames bool
	// Quiet turns off the summary of Convert and Check (diagnostics are still printed). The
	// progress display is the caller's: leave Progress nil.
	Quiet bool
	// Jobs is the number of workers; zero means runtime.NumCPU(), and a negative count is a
	// usage error.
	Jobs int

	// What the user sees (CLI and pipeline UX):
	// KeepResult makes Convert write the Result tag of a game cut at its first error as it
	// is; by default the PGN and XQF writers write such a game with the result unknown ("*"),
	// after a comment at the cut.
	KeepResult bool

	// Discovery and memory (scale): which inputs a run reads, and the memory it aims at.

	// FilesFrom, if set, names a file ("-" for Stdin) listing more PATHs, which follow Paths:
	// NUL-separated when the list holds a NUL byte (find -print0), else one per line. A
	// listed path that does not exist is reported as unreadable, not as a usage error.
	FilesFrom string
	// Shard, if its Count is set, keeps only the input files of one shard (see Shard).
	Shard Shard
	// MemoryLimit is the memory the run aims to stay within, in bytes: it bounds the output
	// held for the ordered writer and how many large inputs are decoded at once. Zero means
	// DefaultMemoryLimit. The command line also sets it as the Go runtime's soft limit.
	MemoryLimit int64

	// Stdin is read for the path "-"; Stdout and Stderr receive output and diagnostics.
	// Nil readers and writers are treated as empty and as io.Discard.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Progress, if not nil, follows the run.
	Progress Progress
	// DecodeOnly makes Check only read every recognized file and decode its text to UTF-8,
	// without parsing or replaying: the floor a benchmark compares the real run against.
	DecodeOnly bool

	// Cleanup (dedupe, stats, --repair, --dedupe).
	//
	// Repair (Convert, Check, and the reading of Dedupe and Stats) lets the readers undo the
	// known breakages of a start position (game.Builder.Repair): a repaired game is valid
	// with a "repaired" warning.
	Repair bool
	// DedupeOutput makes Convert write only the kept game of each group of the same game or
	// of truncated copies (a first pass finds the groups); the others get the report status
	// "duplicate" and the source of the game kept.
	DedupeOutput bool
	// StatsFormat is how Stats writes its report: StatsText (the default), StatsJSON or
	// StatsHTML; to Out when set, else to Stdout.
	StatsFormat StatsFormat
	// StatsCheckReport is where the HTML page of `check --output html=FILE` on the same inputs
	// is (a path relative to the stats page, or a URL): the HTML stats page links its counts
	// of invalid games there. "" links nothing.
	StatsCheckReport string

	// Judging, selection and shaping.
	//
	// Checks sets the per-game checks that run once a game is replayed (how it ends: the
	// occurrence that makes a repetition, the chase rules, FixResults for Convert; the plies
	// the opening classification looks at); zero settings take the checks' defaults.
	Checks CheckSettings
	// Where, if not nil, keeps only the games it matches (query.Parse); Positions, if not
	// nil, only the games whose main line reaches one of its positions. A game left out is
	// counted in the summary, and nothing else: no output, report entry or diagnostic.
	Where     *query.Expr
	Positions *query.PositionMatcher
	// Shape strips comments, variations, NAGs or tags from Convert's output and adds
	// computed tags (shape.Options).
	Shape shape.Options
	// ECCOTags makes Convert write the [ECCO], [Opening] and [Variation] tags of each game's
	// classification: ECCOKeep (the default) writes none, ECCOAdd those missing or empty,
	// ECCOReplace all three. The names are in traditional characters with --script
	// traditional, or with a traditional Chinese notation and no script conversion.
	ECCOTags ECCOMode
	// SplitBy, if not zero (shape.ParseSplit), makes Convert write one file per group of
	// games under Out, which must then be a directory: Out/<group><ext> (shape.Split.Key,
	// with -2, -3 … for a name taken, in any case), the groups in the order of their first
	// game, each group's games in input order, instead of the mirrored tree. Not with XQF.
	SplitBy shape.Split

	// Export (the export command): the format of the positions files, the splits (none: one
	// file), and what else is exported (see ExportOptions).
	Export ExportOptions

	// Analysis (the analyze command): the engine, the limit, the cache and the thresholds
	// (see AnalysisOptions).
	Analysis AnalysisOptions

	// budget, if positive, replaces the output budget of the files waiting behind the head
	// of the queue (tests make it tiny).
	budget int64

	// stages are stages a test adds to its command's (stage.go).
	stages []stage
}

// showsOpenings reports whether something the run writes or decides shows the opening
// classification of every game (JSON Lines, the report, stats, --where on ecco, --split-by
// ecco, --ecco add|replace); when nothing does, only the games with an ECCO tag are
// classified, to check their tag.
func (s *settings) showsOpenings() bool {
	cfg := &s.cfg
	return cfg.Report != "" || s.cmd.showsOpenings || s.to != nil && s.to.showsOpenings ||
		cfg.ECCOTags != ECCOKeep || cfg.SplitBy.NeedsECCO() ||
		cfg.Where != nil && cfg.Where.Uses(query.FieldECCO)
}

// ECCOMode is what Convert does with the ECCO tags.
type ECCOMode int

// The ECCO modes.
const (
	ECCOKeep    ECCOMode = iota // the tags as read
	ECCOAdd                     // the classification's tags where missing or empty
	ECCOReplace                 // the classification's tags in place of the file's
)

// ParseECCOMode reads --ecco: "keep" (or ""), "add" or "replace".
func ParseECCOMode(name string) (ECCOMode, error) {
	switch lower(name) {
	case "", "keep":
		return ECCOKeep, nil
	case "add":
		return ECCOAdd, nil
	case "replace":
		return ECCOReplace, nil
	}
	return ECCOKeep, unknown("ECCO mode", name, "add or replace")
}

// Output is what Convert writes.
type Output int

// The outputs of Convert.
const (
	PGN   Output = iota // Xiangqi PGN, moves in Writing.Notation
	JSONL               // JSON Lines: one object per game, every move in the four notations
	XQF                 // version-10 XQF, one file per game
	// DhtmlXQ writes each game as a [DhtmlXQ]…[/DhtmlXQ] block in UTF-8 (dhtmlxq.Encode),
	// followed by a blank line; with Out a directory, one ".txt" file per input file.
	DhtmlXQ
)

var outputNames = [...]string{PGN: "pgn", JSONL: "jsonl", XQF: "xqf", DhtmlXQ: "dhtmlxq"}

// String returns "pgn", "jsonl", "xqf" or "dhtmlxq".
func (o Output) String() string {
	if o >= 0 && int(o) < len(outputNames) {
		return outputNames[o]
	}
	return fmt.Sprintf("Output(%d)", int(o))
}

// ErrUnknownName is wrapped by the errors of the Parse functions for a name they do not know.
var ErrUnknownName = errors.New("pipeline: unknown name")

func unknown(what, name, want string) error {
	return fmt.Errorf("%w: %s %q (want %s)", ErrUnknownName, what, name, want)
}

// ParseOutput reads the command line's --to value, in any case: "jsonl", "xqf", "dhtmlxq",
// "pgn", or the
// name of a move notation ("iccs", "wxf", "chinese", "platform", or "" for the default),
// which means PGN in that notation and is returned as notationName (Notations.Lookup gives
// its value in a style).
func ParseOutput(name string) (o Output, notationName string, err error) {
	switch n := lower(name); n {
	case "", "chinese", "iccs", "wxf", "platform":
		return PGN, n, nil
	case "pgn":
		return PGN, "", nil
	case "jsonl":
		return JSONL, "", nil
	case "xqf":
		return XQF, "", nil
	case "dhtmlxq":
		return DhtmlXQ, "", nil
	}
	return PGN, "", unknown("output", name, "iccs, wxf, chinese, platform, jsonl, xqf or dhtmlxq")
}

// CheckFormat is how Check prints.
type CheckFormat int

// The formats of Check.
const (
	CheckText   CheckFormat = iota // diagnostics and a summary on standard error
	CheckJSON                      // the summary as one JSON object on standard output
	CheckGitHub                    // also a GitHub Actions annotation per diagnostic
)

var checkFormatNames = [...]string{CheckText: "text", CheckJSON: "json", CheckGitHub: "github"}

// String returns "text", "json" or "github".
func (f CheckFormat) String() string {
	if f >= 0 && int(f) < len(checkFormatNames) {
		return checkFormatNames[f]
	}
	return fmt.Sprintf("CheckFormat(%d)", int(f))
}

// ParseCheckFormat reads "text" (or ""), "json" or "github", in any case.
func ParseCheckFormat(name string) (CheckFormat, error) {
	switch lower(name) {
	case "", "text":
		return CheckText, nil
	case "json":
		return CheckJSON, nil
	case "github":
		return CheckGitHub, nil
	}
	return CheckText, unknown("check format", name, "text, json or github")
}

// Script is the conversion of tag values and comments to one script of Chinese characters.
type Script int

// The script conversions.
const (
	ScriptKeep        Script = iota // leave the text as it is
	ScriptSimplified                // convert to simplified characters
	ScriptTraditional               // convert to traditional characters
)

var scriptNames = [...]string{ScriptKeep: "keep", ScriptSimplified: "simplified", ScriptTraditional: "traditional"}

// String returns "keep", "simplified" or "traditional".
func (s Script) String() string {
	if s >= 0 && int(s) < len(scriptNames) {
		return scriptNames[s]
	}
	return fmt.Sprintf("Script(%d)", int(s))
}

// ParseScript reads "simplified", "traditional", or "keep", "none" or "" for no conversion,
// in any case.
func ParseScript(name string) (Script, error) {
	switch lower(name) {
	case "", "keep", "none":
		return ScriptKeep, nil
	case "simplified":
		return ScriptSimplified, nil
	case "traditional":
		return ScriptTraditional, nil
	}
	return ScriptKeep, unknown("script", name, "simplified or traditional")
}

// ParseOutEncoding reads an output encoding: "utf-8" (or ""), "gbk" (also "gb18030",
// "gb2312") or "big5", in any case.
func ParseOutEncoding(name string) (textenc.Encoding, error) {
	enc, err := textenc.ParseOutputEncoding(name)
	if err == nil && validOutEncoding(enc) {
		return enc, nil
	}
	return textenc.UTF8, unknown("output encoding", name, "utf-8, gbk or big5")
}

func validOutEncoding(enc textenc.Encoding) bool {
	switch enc {
	case textenc.Auto, textenc.UTF8, textenc.GBK, textenc.GB18030, textenc.Big5:
		return true
	}
	return false
}

// UsageError is a bad option value or combination, a PATH that does not exist, or output that
// cannot be written: the run exits with ExitUsage.
type UsageError struct {
	Err error
}

// Error returns the cause's message.
func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *UsageError) Unwrap() error { return e.Err }

func usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// ErrInterrupted is returned (wrapped with the context's error) when the context is cancelled.
var ErrInterrupted = errors.New("interrupted")

// Notations are the four move notations, each in its style, as Convert writes them. The zero
// value holds the default styles.
type Notations struct {
	ICCS     iccs.Notation
	WXF      wxf.Notation
	Chinese  chinese.Notation
	Platform platform.Notation
}

// Lookup returns the notation named name ("iccs", "wxf", "chinese", "platform", any case) in
// its style in n; "" is "chinese".
func (n Notations) Lookup(name string) (notation.Notation, bool) {
	switch lower(name) {
	case "iccs":
		return n.ICCS, true
	case "wxf":
		return n.WXF, true
	case "", "chinese":
		return n.Chinese, true
	case "platform":
		return n.Platform, true
	}
	return nil, false
}

// target is a convert output: its writer (package writer), with the writer's extension and
// whether it writes one file per game. The other commands have none (nil).
type target struct {
	w             gamewriter.Writer
	ext           string
	perGame       bool // one file per game (XQF): needs an output directory
	showsOpenings bool // writes each game's opening classification (JSON Lines)
}

// targets are the outputs of convert, by Output.
var targets = [...]target{
	PGN:     targetOf(PGN, false),
	JSONL:   targetOf(JSONL, true),
	XQF:     targetOf(XQF, false),
	DhtmlXQ: targetOf(DhtmlXQ, false),
}

// targetOf returns the target of the registered writer named as o.
func targetOf(o Output, showsOpenings bool) target {
	w, ok := gamewriter.Lookup(o.String())
	if !ok {
		panic("pipeline: no writer " + o.String())
	}
	return target{w: w, ext: w.Ext, perGame: w.PerGame, showsOpenings: showsOpenings}
}

// settings is a validated Config.
type settings struct {
	cfg     options
	to      *target       // convert's output; nil for the other commands
	pgn     pgnNotation   // PGN output's notation
	games   jsonl.Options // JSON Lines games, with their moves
	reports jsonl.Options // report entries: JSON Lines games without moves
	script  Script
	inEnc   textenc.Encoding
	outEnc  textenc.Encoding
	format  CheckFormat
	jobs    int
	stdin   io.Reader
	stdout  io.Writer
	stderr  io.Writer
	outMode outMode
	outPath string        // the file or directory of Out
	checks  []*game.Check // the per-game checks, in order, built with their settings
	// eccoTraditional: the names of the ECCO classification are written in traditional
	// characters.
	eccoTraditional bool
	// exporting: this pass writes the export (not a dedupe pass before it).
	exporting bool
	ci        *ciRun   // selection, baseline and CI outputs (ci.go)
	cmd       *command // what the command does (commands.go)
}

// outMode is where convert output goes.
type outMode int

const (
	outStdout outMode = iota
	outFile
	outDir
	outNothing // check
)

func lower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// validate checks the options and fills in the defaults; the output mode is decided later,
// once the paths are known.
func validate(cfg options) (*settings, error) {
	s := &settings{cfg: cfg, stdin: cfg.Stdin, stdout: cfg.Stdout, stderr: cfg.Stderr}
	if s.stdin == nil {
		s.stdin = strings.NewReader("")
	}
	if s.stdout == nil {
		s.stdout = io.Discard
	}
	if s.stderr == nil {
		s.stderr = io.Discard
	}
	if len(cfg.Paths) == 0 && cfg.FilesFrom == "" {
		return nil, usagef("%s: no PATH given (use - for standard input)", cfg.Command)
	}
	if err := cfg.validateScale(); err != nil {
		return nil, err
	}
	stdins := 0
	for _, p := range cfg.Paths {
		if p == "" {
			return nil, usagef("%s: empty PATH", cfg.Command)
		}
		if p == "-" {
			stdins++
		}
	}
	if stdins > 1 {
		return nil, usagef("%s: standard input (-) given more than once", cfg.Command)
	}
	cmd := cfg.Command.def()
	if cmd == nil {
		return nil, usagef("unknown command %d", int(cfg.Command))
	}
	s.cmd = cmd
	if err := cmd.validate(s); err != nil {
		return nil, err
	}
	if err := s.validateCI(); err != nil {
		return nil, err
	}
	if err := s.validateSplit(); err != nil {
		return nil, err
	}
	st := cfg.Styles
	s.games = jsonl.Options{Moves: true, Notations: [4]notation.Notation{st.ICCS, st.WXF, st.Chinese, st.Platform}}
	if cfg.Script < ScriptKeep || cfg.Script > ScriptTraditional {
		return nil, usagef("%s: unknown script %v", cfg.Command, cfg.Script)
	}
	s.script = cfg.Script
	if !cfg.Encoding.Valid() {
		return nil, usagef("%s: unknown input encoding %v", cfg.Command, cfg.Encoding)
	}
	s.inEnc = cfg.Encoding.ForInput()
	checks, err := cfg.Checks.build(cfg.Command, s.showsOpenings())
	if err != nil {
		return nil, err
	}
	s.checks = checks
	if err := cfg.Shape.Check(); err != nil {
		return nil, usagef("%s: %v", cfg.Command, err)
	}
	s.eccoTraditional = cfg.Script == ScriptTraditional
	if ch, ok := cfg.Notation.(chinese.Notation); ok && ch.Traditional && cfg.Script == ScriptKeep {
		s.eccoTraditional = true
	}
	if !validOutEncoding(cfg.OutEncoding) {
		return nil, usagef("%s: --out-encoding %s: want utf-8, gbk or big5", cfg.Command, cfg.OutEncoding)
	}
	s.outEnc = cfg.OutEncoding
	if s.outEnc == textenc.Auto {
		s.outEnc = textenc.UTF8
	}
	if cfg.Jobs < 0 {
		return nil, usagef("%s: %d jobs: want at least 1 worker (0 for the number of CPUs)", cfg.Command, cfg.Jobs)
	}
	s.jobs = cfg.Jobs
	if s.jobs == 0 {
		s.jobs = runtime.NumCPU()
	}
	s.jobs = min(s.jobs, 1024)
	return s, nil
}

// validateConvert checks convert's output options and settles its output.
func (s *settings) validateConvert() error {
	cfg := &s.cfg
	if cfg.Output < 0 || int(cfg.Output) >= len(targets) {
		return usagef("convert: unknown output %v", cfg.Output)
	}
	t := &targets[cfg.Output]
	if cfg.Output == PGN {
		n := cfg.Notation
		if n == nil {
			n = chinese.Notation{}
		}
		var ok bool
		if s.pgn, ok = pgnNotationOf(n); !ok {
			return usagef("convert: notation %q: want a value of iccs, wxf, chinese or platform", n.Name())
		}
		s.pgn.KeepResult = cfg.KeepResult
	}
	s.to = t
	if t.perGame && (cfg.Out == "" || cfg.Out == "-") {
		return usagef("convert: --to %v writes one file per game and needs --out DIR", cfg.Output)
	}
	if cfg.Report == "-" && (cfg.Out == "" || cfg.Out == "-") {
		return usagef("convert: --report - and the converted games cannot both go to standard output (give --out or a report file)")
	}
	return nil
}

// validateCheck checks check's format.
func (s *settings) validateCheck() error {
	cfg := &s.cfg
	s.to = nil
	if cfg.Out != "" {
		return usagef("check: writes no converted output; --out is not allowed")
	}
	if cfg.Format < CheckText || cfg.Format > CheckGitHub {
		return usagef("check: unknown format %v", cfg.Format)
	}
	if cfg.Report == "-" && cfg.Format != CheckText {
		return usagef("check: --report - and --format %v cannot both write to standard output", cfg.Format)
	}
	s.format = cfg.Format
	return nil
}
