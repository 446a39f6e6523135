// Package ciformat writes qipu's diagnostics in the formats that continuous-integration
// systems read: SARIF 2.1.0 (GitHub code scanning and other SARIF viewers), JUnit XML (GitLab,
// Jenkins, most CI test reports), GitLab's Code Climate JSON (code quality reports) and GitHub
// Actions workflow commands (annotations), and as one self-contained HTML page with a board of
// the position at every diagnostic of a move (html.go).
//
// A format is a value (Format) registered in one table by its name (Register, Lookup,
// Formats), as golangci-lint's printers are: a caller never switches on a format. A Printer
// receives one File per input file, in input order, then Close. Formats that can stream
// (github, sarif, codeclimate) write as files come; JUnit, whose root element carries the run's
// totals, keeps the files' diagnostics (never the games) until Close.
//
// The input model holds only what the formats print: per file its source, whether its
// positions are byte offsets, its own diagnostics and, per game, the game's index and
// diagnostics, each with its Fingerprint (see fingerprint.go). NewGame builds a Game from a
// *game.Game, so that the caller never computes fingerprints.
package ciformat

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/qipu/qipu/pkg/game"
)

// Diagnostic is a diagnostic as the formats print it: the diagnostic (its cause dropped) and
// its fingerprint.
type Diagnostic struct {
	game.Diagnostic
	// Fingerprint identifies the diagnostic across runs; see Fingerprint.
	Fingerprint string
	// Candidates are moves in ICCS ("h2e2") that might replace a failed move (move repair's
	// candidates, from game.Diagnostic.Candidates, which this field shadows); the HTML report
	// draws them as arrows on the diagnostic's board.
	Candidates []string
}

// Game is one game of a file: its 1-based index and its diagnostics.
type Game struct {
	Index       int
	Diagnostics []Diagnostic
}

// File is one input file: its source (the path as diagnostics print it), whether positions are
// byte offsets (a binary format: XQF, CBR, CBL …), the file's own diagnostics and its games in
// order.
type File struct {
	Source      string
	Binary      bool
	Diagnostics []Diagnostic
	Games       []Game
}

// NewDiagnostic returns d with its fingerprint; g is the game it belongs to (nil for a
// diagnostic of the file itself).
func NewDiagnostic(source string, g *game.Game, d *game.Diagnostic) Diagnostic {
	c := *d
	c.Err = nil
	out := Diagnostic{Diagnostic: c, Fingerprint: Fingerprint(source, g, d)}
	if len(d.Candidates) > 0 {
		// Copied: g may be reused afterwards.
		out.Diagnostic.Candidates = nil
		for _, m := range d.Candidates {
			out.Candidates = append(out.Candidates, string(m.AppendICCS(nil, true)))
		}
	}
	return out
}

// NewGame returns the Game of g, with a fingerprint for each of its diagnostics. It copies
// what it keeps: g may be reused afterwards.
func NewGame(source string, g *game.Game) Game {
	out := Game{Index: g.Index}
	if len(g.Diagnostics) > 0 {
		out.Diagnostics = make([]Diagnostic, len(g.Diagnostics))
		for i, d := range g.Diagnostics {
			out.Diagnostics[i] = NewDiagnostic(source, g, d)
		}
	}
	return out
}

// Options describe the tool to the formats that name it (SARIF).
type Options struct {
	// Version is qipu's version as `qipu --version` prints it (e.g. "v1.2.0" or
	// "(devel) (revision 0123456789ab, 2026-12-03T09:00:00Z)").
	Version string
	// SemanticVersion is the version in Semantic Versioning 2.0 form ("1.2.0",
	// "0.0.0-devel+0123456789ab"); empty leaves it out.
	SemanticVersion string
}

// Printer writes one output document. WriteFile is called once per input file, in input
// order; Close completes the document (it does not close the underlying writer). After an
// error the printer writes nothing more.
type Printer interface {
	WriteFile(f *File) error
	Close() error
}

// Format is an output format: its name (the value of --format and of --output NAME=PATH), one
// line of documentation, and how to start a Printer writing to w.
type Format struct {
	Name string
	Doc  string
	New  func(w io.Writer, o Options) Printer
	// Positions says that the format draws the position of a diagnostic about a move: the
	// caller fills Diagnostic.FEN (and LastMove) of every diagnostic with a ply it can place.
	Positions bool
}

var (
	formatsMu sync.RWMutex
	formats   []Format
)

// Register adds a format to the table. It panics when the name is taken or the format is
// incomplete: names are part of the command line.
func Register(f Format) {
	formatsMu.Lock()
	defer formatsMu.Unlock()
	if f.Name == "" || f.New == nil {
		panic("ciformat: Register of a format without a name or a constructor")
	}
	for _, o := range formats {
		if o.Name == f.Name {
			panic(fmt.Sprintf("ciformat: format %q registered twice", f.Name))
		}
	}
	formats = append(formats, f)
}

// Lookup returns the format of a name, in any case.
func Lookup(name string) (Format, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	formatsMu.RLock()
	defer formatsMu.RUnlock()
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// Formats returns the registered formats, sorted by name.
func Formats() []Format {
	formatsMu.RLock()
	out := slices.Clone(formats)
	formatsMu.RUnlock()
	slices.SortFunc(out, func(a, b Format) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Names returns the registered format names, sorted.
func Names() []string {
	var names []string
	for _, f := range Formats() {
		names = append(names, f.Name)
	}
	return names
}

func init() {
	Register(Format{Name: "github", Doc: "GitHub Actions workflow commands: an annotation per diagnostic", New: newGitHub})
	Register(Format{Name: "sarif", Doc: "SARIF 2.1.0, for GitHub code scanning and other SARIF viewers", New: newSARIF})
	Register(Format{Name: "junit", Doc: "JUnit XML: a testsuite per file, a testcase per game", New: newJUnit})
	Register(Format{Name: "codeclimate", Doc: "GitLab code quality (Code Climate JSON)", New: newCodeClimate})
	Register(Format{Name: "html", Doc: "one self-contained HTML page: the summary, every diagnostic by file and game, a board at each diagnostic of a move", New: newHTML, Positions: true})
}

// errWriter remembers the first write error and makes later writes do nothing.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) write(b []byte) {
	if e.err != nil {
		return
	}
	if _, err := e.w.Write(b); err != nil {
		e.err = fmt.Errorf("ciformat: %w", err)
	}
}

// place returns the text before a diagnostic's kind: "game N, ply P: " or "game N: " or "".
func place(d *game.Diagnostic) string {
	switch {
	case d.Game > 0 && d.Ply > 0:
		return fmt.Sprintf("game %d, ply %d: ", d.Game, d.Ply)
	case d.Game > 0:
		return fmt.Sprintf("game %d: ", d.Game)
	}
	return ""
}

// messageText is a diagnostic's message for a report that names the code and the place
// elsewhere: "game N, ply P: message ("token")".
func messageText(d *game.Diagnostic) string {
	var b strings.Builder
	b.WriteString(place(d))
	b.WriteString(d.Message)
	if d.Token != "" {
		fmt.Fprintf(&b, " (%q)", d.Token)
	}
	return b.String()
}
