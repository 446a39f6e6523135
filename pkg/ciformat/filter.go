package ciformat

import (
	"slices"

	"github.com/qipu/qipu/pkg/game"
)

// Filter is what a check run does to every diagnostic before it reports it: the selection of
// codes (--select, --ignore), the baseline's suppression, and the collection of what the CI
// outputs and a new baseline need. One Filter serves every worker of a run; each input file
// collects into a FileData of its own. The zero Filter reports everything and collects
// nothing.
type Filter struct {
	// Selected, if not nil, are the codes reported (--select); Ignored are left out
	// (--ignore) even when selected.
	Selected, Ignored map[game.Kind]bool
	// Baseline, if not nil, suppresses the diagnostics it holds (Baseline.Take).
	Baseline *Baseline
	// Collect builds the File of each input for the CI outputs.
	Collect bool
	// Record keeps every diagnostic, those the baseline suppressed too, for a new baseline.
	Record bool
	// Positions fills the position of each collected diagnostic about a move (FillPosition):
	// an output draws it (Format.Positions).
	Positions bool
}

// NewSelection returns the set of a list of codes, nil for an empty list.
func NewSelection(codes []game.Kind) map[game.Kind]bool {
	if len(codes) == 0 {
		return nil
	}
	set := make(map[game.Kind]bool, len(codes))
	for _, k := range codes {
		set[k] = true
	}
	return set
}

// FileData is what a Filter collected of one input file: its File for the CI outputs, the
// diagnostics recorded for a new baseline, and how many the baseline suppressed.
type FileData struct {
	File       File
	Recorded   []Diagnostic
	Suppressed int
}

// Empty reports whether nothing was collected.
func (d *FileData) Empty() bool {
	return len(d.File.Diagnostics) == 0 && len(d.File.Games) == 0 && len(d.Recorded) == 0
}

// Keeps reports whether the selection reports a code.
func (f *Filter) Keeps(k game.Kind) bool {
	return (f.Selected == nil || f.Selected[k]) && !f.Ignored[k]
}

// idle reports whether the filter neither drops nor collects anything.
func (f *Filter) idle() bool {
	return !f.Collect && !f.Record && f.Baseline == nil && f.Selected == nil && f.Ignored == nil
}

// Game removes from g the diagnostics that are not reported and collects, into into, what
// the outputs need of the game (source is the path as diagnostics print it). A filter that
// does nothing costs nothing.
func (f *Filter) Game(into *FileData, source string, g *game.Game) {
	if f.idle() {
		return
	}
	var cg Game
	cg.Index = g.Index
	g.Diagnostics = slices.DeleteFunc(g.Diagnostics, func(d *game.Diagnostic) bool {
		return !f.keep(into, source, g, d, &cg.Diagnostics)
	})
	if f.Collect {
		into.File.Games = append(into.File.Games, cg)
	}
}

// FileDiagnostic does for a diagnostic of the file itself what Game does for a game's: it
// reports whether d is reported, and collects it into into.
func (f *Filter) FileDiagnostic(into *FileData, source string, d *game.Diagnostic) bool {
	return f.keep(into, source, nil, d, &into.File.Diagnostics)
}

// keep reports whether a diagnostic is reported (kept by the selection, not suppressed by the
// baseline); one that is gets appended to dst when the filter collects.
func (f *Filter) keep(into *FileData, source string, g *game.Game, d *game.Diagnostic, dst *[]Diagnostic) bool {
	if !f.Keeps(d.Kind) {
		return false
	}
	if !f.Collect && !f.Record && f.Baseline == nil {
		return true // no fingerprint needed
	}
	cd := NewDiagnostic(source, g, d)
	if f.Positions {
		FillPosition(g, &cd.Diagnostic)
	}
	if f.Record {
		into.Recorded = append(into.Recorded, cd)
	}
	if f.Baseline.Take(cd.Fingerprint) {
		into.Suppressed++
		return false
	}
	if f.Collect {
		*dst = append(*dst, cd)
	}
	return true
}
