package pipeline

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/query"

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

// showsOpenings reports whether something the run writes or decides shows the opening
// classification of every game (JSON Lines, the report, stats, --where on ecco, --split-by
// ecco, --ecco add|replace); when nothing does, only the games with an ECCO tag are
// classified, to check their tag.
func (s *settings) showsOpenings() bool {
	cfg := &s.cfg
	return cfg.Report != "" || s.cmd.showsOpenings || s.to != nil && s.to.showsOpenings ||
		s.conv.ECCOTags != ECCOKeep || s.conv.SplitBy.NeedsECCO() ||
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

// settings is a validated Config: its shared options, and the options of its command, which
// the code of that command reads (the others' are zero).
type settings struct {
	cfg     Config // the shared options (the command's pointer is read once, by takeCommand)
	command Command
	conv    ConvertOptions
	check   CheckOptions
	stats   StatsOptions
	export  ExportOptions
	// write is how the games are written: convert's or analyze's Writing.
	write Writing
	// analysis is the engine's: analyze's options, or export's Evaluation; nil for none.
	analysis *AnalysisOptions
	hooks    hooks
	to       *target       // convert's output; nil for the other commands
	pgn      pgnNotation   // PGN output's notation
	games    jsonl.Options // JSON Lines games, with their moves
	reports  jsonl.Options // report entries: JSON Lines games without moves
	script   Script
	inEnc    textenc.Encoding
	outEnc   textenc.Encoding
	format   CheckFormat
	jobs     int
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	outMode  outMode
	outPath  string        // the file or directory of Out
	checks   []*game.Check // the per-game checks, in order, built with their settings
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

// hooks are what a test adds to a run.
type hooks struct {
	// budget, if positive, replaces the output budget of the files waiting behind the head
	// of the queue (tests make it tiny).
	budget int64
	// stages are stages added to the command's (stage.go).
	stages []stage
}

// newSettings checks the options and fills in the defaults; the output mode is decided
// later, once the paths are known.
func newSettings(cfg Config, h hooks) (*settings, error) {
	s := &settings{cfg: cfg, hooks: h, stdin: cfg.Stdin, stdout: cfg.Stdout, stderr: cfg.Stderr}
	if err := s.takeCommand(); err != nil {
		return nil, err
	}
	s.cmd = s.command.def()
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
		return nil, usagef("%s: no PATH given (use - for standard input)", s.command)
	}
	if err := s.validateScale(); err != nil {
		return nil, err
	}
	stdins := 0
	for _, p := range cfg.Paths {
		if p == "" {
			return nil, usagef("%s: empty PATH", s.command)
		}
		if p == "-" {
			stdins++
		}
	}
	if stdins > 1 {
		return nil, usagef("%s: standard input (-) given more than once", s.command)
	}
	if err := s.cmd.validate(s); err != nil {
		return nil, err
	}
	if err := s.validateCI(); err != nil {
		return nil, err
	}
	if err := s.validateSplit(); err != nil {
		return nil, err
	}
	wr := &s.write
	st := wr.Styles
	s.games = jsonl.Options{Moves: true, Notations: [4]notation.Notation{st.ICCS, st.WXF, st.Chinese, st.Platform}}
	if wr.Script < ScriptKeep || wr.Script > ScriptTraditional {
		return nil, usagef("%s: unknown script %v", s.command, wr.Script)
	}
	s.script = wr.Script
	if !cfg.Encoding.Valid() {
		return nil, usagef("%s: unknown input encoding %v", s.command, cfg.Encoding)
	}
	s.inEnc = cfg.Encoding.ForInput()
	checks, err := s.cfg.Checks.build(s.command, s.showsOpenings())
	if err != nil {
		return nil, err
	}
	s.checks = checks
	if err := s.conv.Shape.Check(); err != nil {
		return nil, usagef("%s: %v", s.command, err)
	}
	s.eccoTraditional = wr.Script == ScriptTraditional
	if ch, ok := wr.Notation.(chinese.Notation); ok && ch.Traditional && wr.Script == ScriptKeep {
		s.eccoTraditional = true
	}
	if !validOutEncoding(wr.OutEncoding) {
		return nil, usagef("%s: --out-encoding %s: want utf-8, gbk or big5", s.command, wr.OutEncoding)
	}
	s.outEnc = wr.OutEncoding
	if s.outEnc == textenc.Auto {
		s.outEnc = textenc.UTF8
	}
	if cfg.Jobs < 0 {
		return nil, usagef("%s: %d jobs: want at least 1 worker (0 for the number of CPUs)", s.command, cfg.Jobs)
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
	cfg, wr := &s.cfg, &s.write
	if wr.Output < 0 || int(wr.Output) >= len(targets) {
		return usagef("convert: unknown output %v", wr.Output)
	}
	t := &targets[wr.Output]
	if wr.Output == PGN {
		n := wr.Notation
		if n == nil {
			n = chinese.Notation{}
		}
		var ok bool
		if s.pgn, ok = pgnNotationOf(n); !ok {
			return usagef("convert: notation %q: want a value of iccs, wxf, chinese or platform", n.Name())
		}
		s.pgn.KeepResult = wr.KeepResult
	}
	s.to = t
	if t.perGame && (cfg.Out == "" || cfg.Out == "-") {
		return usagef("convert: --to %v writes one file per game and needs --out DIR", wr.Output)
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
	f := s.check.Format
	if f < CheckText || f > CheckGitHub {
		return usagef("check: unknown format %v", f)
	}
	if cfg.Report == "-" && f != CheckText {
		return usagef("check: --report - and --format %v cannot both write to standard output", f)
	}
	s.format = f
	return nil
}
