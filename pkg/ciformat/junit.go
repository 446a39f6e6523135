package ciformat

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"github.com/qipu/qipu/pkg/game"
)

// JUnit XML, in the shape GitLab, Jenkins and the junitparser library read:
//
//	<testsuites name="qipu check" tests="T" failures="F" errors="0" skipped="0">
//	  <testsuite name="SOURCE" tests="…" failures="…" errors="0" skipped="0">
//	    <testcase name="game 1" classname="SOURCE"/>
//	    <testcase name="game 2" classname="SOURCE">
//	      <failure type="illegal" message="…">the diagnostic line</failure>
//	      <system-out>warnings and notes, one line each</system-out>
//	    </testcase>
//	    <testcase name="file" classname="SOURCE">…</testcase>
//	  </testsuite>
//	</testsuites>
//
// A testcase per game, and one named "file" for a file with diagnostics of its own. A failure
// per error; a testcase fails when it has one. The root carries the totals, so the suites are
// kept until Close: as bytes (never the games), in memory up to 1 MiB, then in an unlinked
// temporary file.

type junit struct {
	out             errWriter
	suites          spool
	tests, failures int
	cases           bytes.Buffer
}

func newJUnit(w io.Writer, _ Options) Printer { return &junit{out: errWriter{w: w}} }

func (p *junit) WriteFile(f *File) error {
	tests, failures := len(f.Games), 0
	if len(f.Diagnostics) > 0 {
		tests++
	}
	cases := &p.cases
	cases.Reset()
	for i := range f.Games {
		if testcase(cases, "game "+strconv.Itoa(f.Games[i].Index), f.Source, f.Games[i].Diagnostics) {
			failures++
		}
	}
	if len(f.Diagnostics) > 0 && testcase(cases, "file", f.Source, f.Diagnostics) {
		failures++
	}
	var head bytes.Buffer
	head.WriteString(`  <testsuite name="`)
	attr(&head, f.Source)
	head.WriteString(`" tests="` + strconv.Itoa(tests) + `" failures="` + strconv.Itoa(failures) + `" errors="0" skipped="0">` + "\n")
	p.suites.Write(head.Bytes())
	p.suites.Write(cases.Bytes())
	_, err := p.suites.Write([]byte("  </testsuite>\n"))
	p.tests += tests
	p.failures += failures
	return err
}

// testcase writes one testcase and reports whether it failed.
func testcase(b *bytes.Buffer, name, class string, ds []Diagnostic) bool {
	b.WriteString(`    <testcase name="`)
	attr(b, name)
	b.WriteString(`" classname="`)
	attr(b, class)
	if len(ds) == 0 {
		b.WriteString("\"/>\n")
		return false
	}
	b.WriteString("\">\n")
	failed := false
	var other []*game.Diagnostic
	for i := range ds {
		d := &ds[i].Diagnostic
		if !d.IsError() {
			other = append(other, d)
			continue
		}
		failed = true
		b.WriteString(`      <failure type="`)
		attr(b, string(d.Kind))
		b.WriteString(`" message="`)
		attr(b, messageText(d))
		b.WriteString(`">`)
		attr(b, d.Error())
		b.WriteString("</failure>\n")
	}
	if len(other) > 0 {
		b.WriteString("      <system-out>")
		for _, d := range other {
			attr(b, d.Error())
			b.WriteString("\n")
		}
		b.WriteString("</system-out>\n")
	}
	b.WriteString("    </testcase>\n")
	return failed
}

// attr writes s escaped for XML text and attributes; characters XML cannot hold become U+FFFD.
func attr(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s)) // a bytes.Buffer does not fail
}

func (p *junit) Close() error {
	p.out.write([]byte(xml.Header))
	p.out.write([]byte(`<testsuites name="qipu check" tests="` + strconv.Itoa(p.tests) + `" failures="` +
		strconv.Itoa(p.failures) + `" errors="0" skipped="0">` + "\n"))
	if p.out.err == nil {
		if err := p.suites.copyTo(p.out.w); err != nil {
			p.out.err = fmt.Errorf("ciformat: %w", err)
		}
	}
	p.out.write([]byte("</testsuites>\n"))
	return p.out.err
}
