package pipeline

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/qipu/qipu/pkg/textenc"
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
)

// String returns "convert" or "check".
func (c Command) String() string {
	if c == Check {
		return "check"
	}
	return "convert"
}

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

// Config is everything Run needs; the command line only copies its flags into it. Enumerated
// options are strings, as typed on the command line; Run validates them and reports a bad
// value as a usage error (exit code 2). The zero value of each option is its default.
type Config struct {
	// Command is Convert or Check.
	Command Command
	// Paths are the inputs: files, directories (walked recursively in sorted order) or "-"
	// for Stdin.
	Paths []string

	// To is the output of Convert: "iccs", "wxf", "chinese" (default), "platform" (Xiangqi
	// PGN with that move notation), "jsonl" (one JSON object per game) or "xqf" (version-10
	// XQF, one file per game; needs Out).
	To string
	// WXFStyle is "xqbase" (default) or "fairy"; ICCSStyle is "iccs" (default, H2-E2) or
	// "ucci" (h2e2); Traditional writes Chinese notation in traditional characters. They
	// apply to PGN and JSON Lines output alike.
	WXFStyle, ICCSStyle string
	Traditional         bool
	// Script converts tag values and comments: "" (keep), "simplified" or "traditional".
	Script string
	// Encoding is the input encoding: "auto" (default), "utf-8", "gbk", "gb18030", "big5" or
	// "utf-16" (also "gb2312", "utf-16le", "utf-16be": see textenc.ParseEncoding).
	Encoding string
	// OutEncoding is the encoding of PGN output: "utf-8" (default), "gbk" or "big5". JSON
	// Lines and the report are always UTF-8.
	OutEncoding string
	// Out is where Convert writes: "" for Stdout; a file when there is a single input that is
	// a file (or "-") and Out is not an existing directory nor ends in a separator; otherwise
	// a directory under which the input tree is mirrored.
	Out string
	// Report, if set, is a file that receives one JSON object per game (the JSON Lines schema
	// without "moves"), plus one object with "index":0 for each file that yields no game or
	// has an error of its own.
	Report string
	// Format is how Check prints: "text" (default: diagnostics and a summary on Stderr),
	// "json" (the same diagnostics on Stderr, the summary as one JSON object on Stdout) or
	// "github" (also a GitHub Actions annotation per diagnostic on Stdout).
	Format string
	// Strict turns every warning into an error.
	Strict bool
	// Quiet turns off the summary of Convert and Check (diagnostics are still printed). The
	// progress display is the caller's: leave Progress nil.
	Quiet bool
	// Jobs is the number of workers; zero or less means runtime.NumCPU().
	Jobs int

	// Stdin is read for the path "-"; Stdout and Stderr receive output and diagnostics.
	// Nil readers and writers are treated as empty and as io.Discard.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Progress, if not nil, follows the run.
	Progress Progress
	// DecodeOnly makes Check only read every recognized file and decode its text to UTF-8,
	// without parsing or replaying: the floor a benchmark compares the real run against.
	DecodeOnly bool

	// budget, if positive, replaces the output budget of the files waiting behind the head
	// of the queue (tests make it tiny).
	budget int64
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

// target is a convert output.
type target int

const (
	toChinese target = iota
	toICCS
	toWXF
	toPlatform
	toJSONL
	toXQF
	toNone // check
)

var targetNames = map[string]target{
	"chinese": toChinese, "iccs": toICCS, "wxf": toWXF, "platform": toPlatform,
	"jsonl": toJSONL, "xqf": toXQF,
}

// isPGN reports whether the target writes Xiangqi PGN.
func (t target) isPGN() bool { return t <= toPlatform }

// ext returns the file extension of the target's output files.
func (t target) ext() string {
	switch t {
	case toJSONL:
		return ".jsonl"
	case toXQF:
		return ".xqf"
	}
	return ".pgn"
}

// moveFormat is one of the four move notations.
type moveFormat int

const (
	fmtICCS moveFormat = iota
	fmtWXF
	fmtChinese
	fmtPlatform
)

func (t target) moveFormat() moveFormat {
	switch t {
	case toICCS:
		return fmtICCS
	case toWXF:
		return fmtWXF
	case toPlatform:
		return fmtPlatform
	}
	return fmtChinese
}

// notationOptions are the writer's notation dialects.
type notationOptions struct {
	wxfFairy    bool // --wxf-style fairy
	iccsUCCI    bool // --iccs-style ucci
	traditional bool
}

// checkFormat is how check prints.
type checkFormat int

const (
	formatText checkFormat = iota
	formatJSON
	formatGitHub
)

// script is a --script conversion.
type script int

const (
	scriptKeep script = iota
	scriptSimplified
	scriptTraditional
)

// settings is a validated Config.
type settings struct {
	cfg         Config
	to          target
	notation    notationOptions
	script      script
	inEnc       textenc.Encoding
	outEnc      textenc.Encoding
	format      checkFormat
	jobs        int
	stdin       io.Reader
	stdout      io.Writer
	stderr      io.Writer
	outMode     outMode
	outPath     string // the file or directory of Out
	jsonSummary bool
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
func validate(cfg Config) (*settings, error) {
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
	if len(cfg.Paths) == 0 {
		return nil, usagef("%s: no PATH given (use - for standard input)", cfg.Command)
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
	if cfg.DecodeOnly && cfg.Command != Check {
		return nil, usagef("%s: decode-only is a check mode", cfg.Command)
	}
	if stdins > 1 {
		return nil, usagef("%s: standard input (-) given more than once", cfg.Command)
	}
	switch cfg.Command {
	case Convert:
		name := lower(cfg.To)
		if name == "" {
			name = "chinese"
		}
		t, ok := targetNames[name]
		if !ok {
			return nil, usagef("convert: --to %q: want iccs, wxf, chinese, platform, jsonl or xqf", cfg.To)
		}
		s.to = t
		if t == toXQF && cfg.Out == "" {
			return nil, usagef("convert: --to xqf writes one file per game and needs --out DIR")
		}
	case Check:
		s.to = toNone
		if cfg.Out != "" {
			return nil, usagef("check: writes no converted output; --out is not allowed")
		}
		switch lower(cfg.Format) {
		case "", "text":
			s.format = formatText
		case "json":
			s.format = formatJSON
		case "github":
			s.format = formatGitHub
		default:
			return nil, usagef("check: --format %q: want text, json or github", cfg.Format)
		}
	default:
		return nil, usagef("unknown command %d", int(cfg.Command))
	}
	switch lower(cfg.WXFStyle) {
	case "", "xqbase":
	case "fairy":
		s.notation.wxfFairy = true
	default:
		return nil, usagef("%s: --wxf-style %q: want xqbase or fairy", cfg.Command, cfg.WXFStyle)
	}
	switch lower(cfg.ICCSStyle) {
	case "", "iccs":
	case "ucci":
		s.notation.iccsUCCI = true
	default:
		return nil, usagef("%s: --iccs-style %q: want iccs or ucci", cfg.Command, cfg.ICCSStyle)
	}
	s.notation.traditional = cfg.Traditional
	switch lower(cfg.Script) {
	case "", "keep", "none":
	case "simplified":
		s.script = scriptSimplified
	case "traditional":
		s.script = scriptTraditional
	default:
		return nil, usagef("%s: --script %q: want simplified or traditional", cfg.Command, cfg.Script)
	}
	enc, err := textenc.ParseEncoding(cfg.Encoding)
	if err != nil {
		return nil, &UsageError{Err: fmt.Errorf("%s: --encoding: %w", cfg.Command, err)}
	}
	s.inEnc = enc
	switch lower(cfg.OutEncoding) {
	case "", "utf-8", "utf8":
		s.outEnc = textenc.UTF8
	case "gbk", "gb18030", "gb2312":
		s.outEnc = textenc.GB18030
	case "big5":
		s.outEnc = textenc.Big5
	default:
		return nil, usagef("%s: --out-encoding %q: want utf-8, gbk or big5", cfg.Command, cfg.OutEncoding)
	}
	s.jobs = cfg.Jobs
	if s.jobs <= 0 {
		s.jobs = runtime.NumCPU()
	}
	s.jobs = min(s.jobs, 1024)
	return s, nil
}
