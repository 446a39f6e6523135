package ciformat

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strconv"

	"github.com/qipu/qipu/pkg/game"
)

// GitLab's code quality report: a JSON array of Code Climate issues, each with description,
// check_name, fingerprint, severity and location.path with location.lines.begin. GitLab
// treats issues with one fingerprint as one, so the second of two identical diagnostics of a
// file gets "-2" after its fingerprint, the third "-3", and so on.

type ccLines struct {
	Begin int `json:"begin"`
}

type ccLocation struct {
	Path  string  `json:"path"`
	Lines ccLines `json:"lines"`
}

type ccIssue struct {
	Type        string     `json:"type"`
	CheckName   string     `json:"check_name"`
	Description string     `json:"description"`
	Categories  []string   `json:"categories"`
	Fingerprint string     `json:"fingerprint"`
	Severity    string     `json:"severity"`
	Location    ccLocation `json:"location"`
}

// Severity returns the Code Climate severity of a level: error "major", warning "minor",
// note "info".
func Severity(l game.Level) string {
	switch l {
	case game.LevelWarning:
		return "minor"
	case game.LevelNote:
		return "info"
	}
	return "major"
}

type codeClimate struct {
	out   errWriter
	first bool
	seen  map[string]int
}

func newCodeClimate(w io.Writer, _ Options) Printer {
	p := &codeClimate{out: errWriter{w: w}, first: true, seen: map[string]int{}}
	p.out.write([]byte("["))
	return p
}

func (p *codeClimate) WriteFile(f *File) error {
	clear(p.seen) // fingerprints hold the source: a repeat is always in the same file
	for i := range f.Games {
		for j := range f.Games[i].Diagnostics {
			p.issue(f, &f.Games[i].Diagnostics[j])
		}
	}
	for i := range f.Diagnostics {
		p.issue(f, &f.Diagnostics[i])
	}
	return p.out.err
}

func (p *codeClimate) issue(f *File, d *Diagnostic) {
	fp := d.Fingerprint
	p.seen[fp]++
	if n := p.seen[fp]; n > 1 {
		fp += "-" + strconv.Itoa(n)
	}
	line := 1 // binary files, and diagnostics without a line
	if d.Loc.Line > 0 {
		line = d.Loc.Line
	}
	is := ccIssue{Type: "issue", CheckName: string(d.Kind), Description: messageText(&d.Diagnostic),
		Categories: []string{"Bug Risk"}, Fingerprint: fp, Severity: Severity(d.Level),
		Location: ccLocation{Path: filepath.ToSlash(f.Source), Lines: ccLines{Begin: line}}}
	b, err := json.Marshal(is)
	if err != nil {
		return
	}
	if !p.first {
		p.out.write([]byte(","))
	}
	p.first = false
	p.out.write([]byte("\n"))
	p.out.write(b)
}

func (p *codeClimate) Close() error {
	p.out.write([]byte("\n]\n"))
	return p.out.err
}
