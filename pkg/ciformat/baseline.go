package ciformat

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// A baseline records the diagnostics of a run by fingerprint, so that a later run reports
// and fails only on the ones that are new. The file is JSON:
//
//	{"tool":"qipu","fingerprint":"qipu/v1","entries":[
//	  {"fingerprint":"…","count":2,"source":"a.pgn","code":"illegal","message":"…"}, …]}
//
// count says how many diagnostics share the fingerprint (two identical diagnostics need two to
// be suppressed); source, code and message are there for a reader, only fingerprint and count
// are matched.

// BaselineEntry is one fingerprint of a baseline and how many diagnostics carry it.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Count       int    `json:"count"`
	Source      string `json:"source"`
	Code        string `json:"code"`
	Message     string `json:"message"`
}

type baselineFile struct {
	Tool        string          `json:"tool"`
	Fingerprint string          `json:"fingerprint"`
	Entries     []BaselineEntry `json:"entries"`
}

// ErrBaseline is wrapped by the errors of ReadBaseline for a file that is not a qipu baseline.
var ErrBaseline = errors.New("not a qipu baseline")

// maxBaseline bounds the size of a baseline file that ReadBaseline accepts.
const maxBaseline = 256 << 20

// Baseline is the set of diagnostics a run may suppress: a count per fingerprint. Take is
// safe for concurrent use.
type Baseline struct {
	mu     sync.Mutex
	counts map[string]int
}

// ReadBaseline reads a baseline file written by BaselineWriter.
func ReadBaseline(r io.Reader) (*Baseline, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBaseline+1))
	if err != nil {
		return nil, fmt.Errorf("reading baseline: %w", err)
	}
	if len(data) > maxBaseline {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrBaseline, maxBaseline)
	}
	var f baselineFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBaseline, err)
	}
	if f.Tool != "qipu" {
		return nil, fmt.Errorf("%w: tool %q", ErrBaseline, f.Tool)
	}
	if f.Fingerprint != FingerprintVersion {
		return nil, fmt.Errorf("%w: fingerprints %q, want %q (write it again)", ErrBaseline, f.Fingerprint, FingerprintVersion)
	}
	b := &Baseline{counts: make(map[string]int, len(f.Entries))}
	for _, e := range f.Entries {
		if e.Count < 1 {
			return nil, fmt.Errorf("%w: entry %s has count %d", ErrBaseline, e.Fingerprint, e.Count)
		}
		b.counts[e.Fingerprint] += e.Count
	}
	return b, nil
}

// Take reports whether the baseline holds one more diagnostic with the fingerprint, and uses
// it up.
func (b *Baseline) Take(fingerprint string) bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.counts[fingerprint] > 0 {
		b.counts[fingerprint]--
		return true
	}
	return false
}

// Unseen returns how many entries (counting each count) were not taken: the baseline's
// diagnostics that are gone.
func (b *Baseline) Unseen() int {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, c := range b.counts {
		n += c
	}
	return n
}

// BaselineWriter collects the diagnostics of a run for a baseline file.
type BaselineWriter struct {
	entries map[string]*BaselineEntry
}

// NewBaselineWriter returns an empty BaselineWriter.
func NewBaselineWriter() *BaselineWriter {
	return &BaselineWriter{entries: map[string]*BaselineEntry{}}
}

// Add records a diagnostic.
func (w *BaselineWriter) Add(source string, d *Diagnostic) {
	if e, ok := w.entries[d.Fingerprint]; ok {
		e.Count++
		return
	}
	w.entries[d.Fingerprint] = &BaselineEntry{Fingerprint: d.Fingerprint, Count: 1, Source: source,
		Code: string(d.Kind), Message: messageText(&d.Diagnostic)}
}

// AddFile records every diagnostic of a file.
func (w *BaselineWriter) AddFile(f *File) {
	for i := range f.Games {
		for j := range f.Games[i].Diagnostics {
			w.Add(f.Source, &f.Games[i].Diagnostics[j])
		}
	}
	for i := range f.Diagnostics {
		w.Add(f.Source, &f.Diagnostics[i])
	}
}

// WriteTo writes the baseline file, entries sorted by source, then fingerprint.
func (w *BaselineWriter) WriteTo(out io.Writer) (int64, error) {
	f := baselineFile{Tool: "qipu", Fingerprint: FingerprintVersion, Entries: []BaselineEntry{}}
	for _, e := range w.entries {
		f.Entries = append(f.Entries, *e)
	}
	slices.SortFunc(f.Entries, func(a, b BaselineEntry) int {
		if c := strings.Compare(a.Source, b.Source); c != 0 {
			return c
		}
		return strings.Compare(a.Fingerprint, b.Fingerprint)
	})
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return 0, fmt.Errorf("baseline: %w", err)
	}
	b = append(b, '\n')
	n, err := out.Write(b)
	if err != nil {
		err = fmt.Errorf("writing baseline: %w", err)
	}
	return int64(n), err
}
