package ciformat

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// SARIF 2.1.0 (OASIS): the document is written as it goes, one result per line.

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// InformationURI is qipu's home page, named in SARIF's driver.
const InformationURI = "https://github.com/qipu/qipu"

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string        `json:"id"`
	ShortDescription     sarifText     `json:"shortDescription"`
	FullDescription      sarifText     `json:"fullDescription"`
	DefaultConfiguration sarifLevelCfg `json:"defaultConfiguration"`
	Help                 sarifText     `json:"help"`
}

type sarifLevelCfg struct {
	Level string `json:"level"`
}

type sarifDriver struct {
	Name            string            `json:"name"`
	Version         string            `json:"version,omitempty"`
	SemanticVersion string            `json:"semanticVersion,omitempty"`
	InformationURI  string            `json:"informationUri"`
	Rules           []sarifRule       `json:"rules"`
	Properties      map[string]string `json:"properties,omitempty"`
}

type sarifRegion struct {
	StartLine   int    `json:"startLine,omitempty"`
	StartColumn int    `json:"startColumn,omitempty"`
	ByteOffset  *int64 `json:"byteOffset,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation struct {
		URI string `json:"uri"`
	} `json:"artifactLocation"`
	Region *sarifRegion `json:"region,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           *int              `json:"ruleIndex,omitempty"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarif struct {
	out   errWriter
	first bool
	index map[game.Kind]int
}

func newSARIF(w io.Writer, o Options) Printer {
	p := &sarif{out: errWriter{w: w}, first: true, index: map[game.Kind]int{}}
	driver := sarifDriver{Name: "qipu", Version: sarifVersion(o), SemanticVersion: o.SemanticVersion,
		InformationURI: InformationURI, Rules: []sarifRule{}}
	if o.Version != "" && o.Version != driver.Version {
		driver.Properties = map[string]string{"qipuVersion": o.Version}
	}
	for i, r := range game.Rules() {
		p.index[r.Code] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   string(r.Code),
			ShortDescription:     sarifText{r.Doc},
			FullDescription:      sarifText{r.Doc},
			DefaultConfiguration: sarifLevelCfg{r.Level.String()},
			Help:                 sarifText{"`qipu rules` lists every code; see " + InformationURI + "#rules"},
		})
	}
	b, _ := json.Marshal(driver) // plain structs of strings: cannot fail
	var head strings.Builder
	head.WriteString(`{"$schema":"` + sarifSchema + `","version":"2.1.0","runs":[{"tool":{"driver":`)
	head.Write(b)
	head.WriteString(`},"columnKind":"unicodeCodePoints","results":[`)
	p.out.write([]byte(head.String()))
	return p
}

// sarifVersion is the driver's version: SARIF viewers compare versions that start with a
// number, so "v1.2.3" is written "1.2.3" (without what follows a space, e.g. the revision),
// and a version that does not start with one
// ("(devel) (revision …)") is replaced by the semantic version (the full text then goes in
// the driver's properties as qipuVersion).
func sarifVersion(o Options) string {
	v, _, _ := strings.Cut(strings.TrimPrefix(o.Version, "v"), " ")
	if v != "" && v[0] >= '0' && v[0] <= '9' || o.SemanticVersion == "" {
		return v
	}
	return o.SemanticVersion
}

func (p *sarif) WriteFile(f *File) error {
	for i := range f.Games {
		for j := range f.Games[i].Diagnostics {
			p.result(f, &f.Games[i].Diagnostics[j])
		}
	}
	for i := range f.Diagnostics {
		p.result(f, &f.Diagnostics[i])
	}
	return p.out.err
}

func (p *sarif) result(f *File, d *Diagnostic) {
	r := sarifResult{RuleID: string(d.Kind), Level: d.Level.String(),
		Message:             sarifText{messageText(&d.Diagnostic)},
		PartialFingerprints: map[string]string{FingerprintVersion: d.Fingerprint}}
	if i, ok := p.index[d.Kind]; ok {
		r.RuleIndex = &i
	}
	var loc sarifLocation
	loc.PhysicalLocation.ArtifactLocation.URI = URI(f.Source)
	switch {
	case d.Loc.Line > 0:
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: d.Loc.Line, StartColumn: max(d.Loc.Col, 1)}
	case d.Loc.Offset >= 0:
		off := d.Loc.Offset
		loc.PhysicalLocation.Region = &sarifRegion{ByteOffset: &off}
	}
	r.Locations = []sarifLocation{loc}
	b, err := json.Marshal(r)
	if err != nil { // strings, ints and a map of strings: cannot fail
		return
	}
	if !p.first {
		p.out.write([]byte(",\n"))
	} else {
		p.out.write([]byte("\n"))
	}
	p.first = false
	p.out.write(b)
}

func (p *sarif) Close() error {
	p.out.write([]byte("]}]}\n"))
	return p.out.err
}

// URI returns a source path as a URI reference: a relative path stays relative (slashes for
// separators), an absolute one becomes a file URI; every byte but the unreserved characters,
// the separators and the sub-delimiters is percent-encoded (':' too, so that the first segment
// of a relative path never reads as a scheme), and so are bytes that are not UTF-8. Standard
// input ("-" or empty) is "stdin".
func URI(source string) string {
	if source == "" || source == "-" {
		return "stdin"
	}
	p := filepath.ToSlash(source)
	prefix := ""
	switch {
	case strings.HasPrefix(p, "/"):
		prefix = "file://"
	case len(p) >= 3 && p[1] == ':' && p[2] == '/' && isLetter(p[0]): // C:/…
		prefix = "file:///" + p[:2]
		p = p[2:]
	}
	var b strings.Builder
	b.WriteString(prefix)
	for i := 0; i < len(p); i++ {
		c := p[i]
		if isLetter(c) || c >= '0' && c <= '9' || strings.IndexByte("-._~/!$&'()*+,;=@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(upperHex[c>>4])
		b.WriteByte(upperHex[c&0xF])
	}
	return b.String()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
