package pipeline

import (
	"errors"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/discover"
)

func TestNotesHiddenUnlessVerbose(t *testing.T) {
	note := &game.Diagnostic{Kind: game.KindEmptyRecord, Level: game.LevelNote, Path: "a.cbl", Loc: game.Loc{Offset: 12}, Game: 3, Message: "empty"}
	warn := &game.Diagnostic{Kind: game.KindNotation, Level: game.LevelWarning, Path: "a.cbl", Loc: game.Loc{Offset: 40}, Game: 4, Message: "odd"}
	for _, verbose := range []bool{false, true} {
		s := settingsOf(options{Command: Check, Verbose: verbose, Strict: true})
		s.format = CheckGitHub
		f := &fileRun{w: &worker{s: s}, in: &discover.Input{Path: "a.cbl", Source: "a.cbl"}}
		f.fileDiag(note)
		f.fileDiag(warn)
		for _, d := range f.fileDiags {
			f.appendDiag(d)
		}
		text := string(f.cur.diag)
		if got := strings.Contains(text, "note: empty-record"); got != verbose {
			t.Errorf("verbose %v: note in the text output: %v\n%s", verbose, got, text)
		}
		if !note.IsNote() || !warn.IsError() {
			t.Errorf("--strict: note level %v, warning level %v; want the note to stay a note", note.Level, warn.Level)
		}
		if ann := string(ciformat.AppendAnnotation(nil, note)); ann != "::notice file=a.cbl,title=qipu empty-record::@12: game 3: note: empty-record: empty\n" {
			t.Errorf("annotation of a note: %q", ann)
		}
		warn.Level = game.LevelWarning
	}
}

func TestParseCIOutput(t *testing.T) {
	o, err := ParseCIOutput("SARIF=out/q,1.sarif")
	if err != nil || o.Format.Name != "sarif" || o.Path != "out/q,1.sarif" {
		t.Errorf("ParseCIOutput = %+v, %v", o, err)
	}
	for _, bad := range []string{"sarif", "sarif=", "xml=a.xml", "=a"} {
		if _, err := ParseCIOutput(bad); !errors.Is(err, ErrUnknownName) {
			t.Errorf("ParseCIOutput(%q) error %v", bad, err)
		}
	}
}

func TestValidateCI(t *testing.T) {
	sarif, _ := ParseCIOutput("sarif=-")
	junit, _ := ParseCIOutput("junit=-")
	file, _ := ParseCIOutput("junit=x.xml")
	for _, tc := range []struct {
		cfg options
		ok  bool
	}{
		{options{Command: Check, Outputs: []CIOutput{sarif, file}}, true},
		{options{Command: Check, Outputs: []CIOutput{sarif, junit}}, false},
		{options{Command: Check, Outputs: []CIOutput{file, file}}, false},
		{options{Command: Check, Format: CheckJSON, Outputs: []CIOutput{sarif}}, false},
		{options{Command: Check, Report: "-", Outputs: []CIOutput{sarif}}, false},
		{options{Command: Convert, Ignore: []game.Kind{game.KindNotation}}, true},
		{options{Command: Check, Select: []game.Kind{"bogus"}}, false},
	} {
		s := settingsOf(tc.cfg)
		err := s.validateCI()
		var ue *UsageError
		if tc.ok != (err == nil) || err != nil && !errors.As(err, &ue) {
			t.Errorf("%+v: error %v", tc.cfg, err)
		}
	}
}
