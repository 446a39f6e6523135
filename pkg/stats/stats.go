// Package stats tells what an archive of game records holds: files and games by format and
// encoding, valid and invalid games and the kinds of their errors, results, game lengths,
// openings, the players and events with the most games, duplicates, and validity per
// top-level folder. It is the library behind `qipu stats`.
//
// A Collector receives every file and game of a run (in any order: the report does not
// depend on it) and produces a Report, which writes itself as text, JSON or one
// self-contained HTML page with inline SVG charts. Its totals are counted exactly as
// `qipu check` counts them, so the two agree on the same input.
//
// Memory: the counters are fixed-size, except the tables of players, events and openings,
// which keep at most MaxDistinct names each (later new names are counted as "other"), and the
// duplicate finder, which keeps a few dozen bytes per game (package dedupe).
package stats

import (
	"cmp"
	"slices"
	"strings"

	"github.com/qipu/qipu/pkg/dedupe"
	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
)

// MaxDistinct bounds the distinct names kept per table (players, events, openings, folders).
const MaxDistinct = 100_000

// TopN is how many entries the top tables of a Report list.
const TopN = 20

// LengthBucket is the width, in plies, of one bar of the game-length histogram.
const LengthBucket = 20

// LengthBuckets is the number of bars; the last one holds every longer game.
const LengthBuckets = 16

// FileStatus is what became of an input file.
type FileStatus int

// File statuses.
const (
	// Read: a game file that was read (it may still hold invalid games or file errors).
	Read FileStatus = iota
	// Unreadable: a game file that yielded no game (io error, truncated, corrupt).
	Unreadable
	// Skipped: not a game file.
	Skipped
)

// File is what the collector learns of one input file.
type File struct {
	// Folder is the top-level folder the file was found in (the first path element below
	// the argument that named it, or the argument itself for a file argument).
	Folder string
	// Format and Encoding name what the file was read as ("pgn", "gb18030"…); empty when
	// skipped.
	Format, Encoding string
	Status           FileStatus
	// Errors, Warnings and Notes count the diagnostics of the file itself (not of its
	// games). A file read with errors of its own counts once in Report.FileErrors, as check
	// counts it.
	Errors, Warnings, Notes int
}

// Collector accumulates a run. Not safe for concurrent use: feed it from one goroutine.
type Collector struct {
	r       Report
	players counter
	events  counter
	opening counter
	ecco    counter
	folders map[string]*Folder
	dup     *dedupe.Index
}

// NewCollector returns an empty collector.
func NewCollector() *Collector {
	return &Collector{
		players: counter{m: map[string]int{}}, events: counter{m: map[string]int{}},
		opening: counter{m: map[string]int{}}, ecco: counter{m: map[string]int{}},
		folders: map[string]*Folder{}, dup: dedupe.NewIndex(),
		r: Report{Formats: map[string]int{}, Encodings: map[string]int{}, InvalidByKind: map[string]int{},
			WarningsByKind: map[string]int{}, NotesByKind: map[string]int{}, Endings: map[string]int{},
			Results: map[string]int{}},
	}
}

// AddFile counts one input file. Call it once per file, before or after its games.
func (c *Collector) AddFile(f File) {
	r := &c.r
	switch f.Status {
	case Skipped:
		r.Skipped++
		return
	case Unreadable:
		r.Files++
		r.Unreadable++
	default:
		r.Files++
	}
	if f.Format != "" {
		r.Formats[f.Format]++
	}
	if f.Encoding != "" {
		r.Encodings[f.Encoding]++
	}
	if f.Status == Read && f.Errors > 0 {
		r.FileErrors++ // as check counts them: files with errors of their own
	}
	r.Warnings += f.Warnings
	r.Notes += f.Notes
	fo := c.folder(f.Folder)
	fo.Files++
	if f.Status == Unreadable {
		fo.Unreadable++
	}
}

// folder returns the counters of a top-level folder.
func (c *Collector) folder(name string) *Folder {
	fo := c.folders[name]
	if fo == nil {
		if len(c.folders) >= MaxDistinct {
			name = "(other)"
			if fo = c.folders[name]; fo != nil {
				return fo
			}
		}
		fo = &Folder{Name: name}
		c.folders[name] = fo
	}
	return fo
}

// GameInfo is what the collector keeps of one game: a game read with record.WithReuse is
// gone once its loop iteration ends, so a concurrent reader describes each game where it reads
// it (Describe) and hands the description on, in input order, to AddInfo.
type GameInfo struct {
	// Index is the game's 1-based index in its file.
	Index int
	// Plies is the length of the main line as far as it replays.
	Plies int
	// Result is the game's result ("1-0", "0-1", "1/2-1/2", "*").
	Result string
	// FirstError is the kind of the game's first error; "" for a valid game.
	FirstError game.Kind
	// Warnings and Notes are the kinds of the game's warnings and notes, in order.
	Warnings, Notes []game.Kind
	// Ending is how the main line ends (game.Game.Ending's kind), "unfinished" for none.
	Ending string
	// ECCO is the computed classification: the code and the names, "" when not classified.
	ECCO string
	// Red, Black and Event are the tags of those names; Opening is the ECCO code and the
	// opening name, where the tags give them.
	Red, Black, Event, Opening string
	// Summary is the game's summary for the duplicate finder.
	Summary dedupe.Summary
}

// Describe returns what the collector counts of a game.
func Describe(g *game.Game) GameInfo {
	info := GameInfo{Index: g.Index, Plies: g.Plies(), Result: g.Result, Summary: dedupe.Summarize(g)}
	for _, d := range g.Diagnostics {
		switch {
		case d.IsWarning():
			info.Warnings = append(info.Warnings, d.Kind)
		case d.IsNote():
			info.Notes = append(info.Notes, d.Kind)
		case info.FirstError == "":
			info.FirstError = d.Kind
		}
	}
	info.Ending = g.Ending.Kind.String()
	if g.Ending.Kind == ending.None {
		info.Ending = "unfinished"
	}
	if o := g.Opening; o.Code != "" {
		info.ECCO = strings.TrimSpace(o.Code + " " + o.Name + " " + o.Variation)
	}
	info.Red, _ = g.Tag("Red")
	info.Black, _ = g.Tag("Black")
	info.Event, _ = g.Tag("Event")
	op, _ := g.Tag("Opening")
	if ecco, ok := g.Tag("ECCO"); ok && ecco != "" {
		if op != "" {
			op = ecco + " " + op
		} else {
			op = ecco
		}
	}
	info.Opening = op
	return info
}

// AddGame counts one game of a file of the folder. file numbers the file in input order
// (the same number for every game of a file); it is only used to find duplicates.
func (c *Collector) AddGame(folder string, file int, g *game.Game) {
	c.AddInfo(folder, file, Describe(g))
}

// AddInfo counts one game described by Describe, as AddGame does.
func (c *Collector) AddInfo(folder string, file int, g GameInfo) {
	r := &c.r
	r.Games++
	plies := g.Plies
	r.Plies += plies
	fo := c.folder(folder)
	fo.Games++
	for _, k := range g.Warnings {
		r.Warnings++
		r.WarningsByKind[string(k)]++
	}
	for _, k := range g.Notes {
		r.Notes++
		r.NotesByKind[string(k)]++
	}
	if g.Ending != "" {
		r.Endings[g.Ending]++
	}
	c.ecco.add(g.ECCO)
	if g.FirstError == "" {
		r.Valid++
		fo.Valid++
	} else {
		r.Invalid++
		fo.Invalid++
		r.InvalidByKind[string(g.FirstError)]++
	}
	r.Results[resultName(g.Result)]++
	r.Lengths[min(plies/LengthBucket, LengthBuckets-1)]++
	r.MaxPlies = max(r.MaxPlies, plies)
	c.players.add(g.Red)
	c.players.add(g.Black)
	if g.Event != "" {
		c.events.add(g.Event)
	}
	c.opening.add(g.Opening)
	c.dup.Add(dedupe.FileID(file), g.Index, g.Summary)
}

// resultName maps a game's result to the names a report uses.
func resultName(r string) string {
	switch r {
	case "1-0", "0-1", "1/2-1/2":
		return r
	}
	return "*"
}

// Report returns the report of everything collected so far.
func (c *Collector) Report() *Report {
	r := c.r // a copy: the maps are shared, but the collector is done
	r.Players = c.players.top(TopN)
	r.Events = c.events.top(TopN)
	r.Openings = c.opening.top(TopN)
	r.ECCO = c.ecco.top(TopN)
	r.Folders = make([]Folder, 0, len(c.folders))
	for _, f := range c.folders {
		r.Folders = append(r.Folders, *f)
	}
	slices.SortFunc(r.Folders, func(a, b Folder) int { return strings.Compare(a.Name, b.Name) })
	c.dup.Freeze()
	for _, g := range c.dup.Groups() {
		if g.Relation == dedupe.Same {
			r.Duplicates.Groups++
			r.Duplicates.Games += len(g.Members) - 1
		}
	}
	return &r
}

// counter counts names, keeping at most MaxDistinct of them.
type counter struct {
	m     map[string]int
	other int
}

func (c *counter) add(name string) {
	name = strings.TrimSpace(name)
	if name == "" {
		return
	}
	if _, ok := c.m[name]; ok || len(c.m) < MaxDistinct {
		c.m[name]++
		return
	}
	c.other++
}

// top returns the n names with the most games (ties by name), and the distinct count.
func (c *counter) top(n int) Top {
	t := Top{Distinct: len(c.m), Other: c.other}
	for name, k := range c.m {
		t.Entries = append(t.Entries, Entry{name, k})
	}
	slices.SortFunc(t.Entries, func(a, b Entry) int {
		if x := cmp.Compare(b.Count, a.Count); x != 0 {
			return x
		}
		return strings.Compare(a.Name, b.Name)
	})
	if len(t.Entries) > n {
		t.Entries = t.Entries[:n]
	}
	return t
}

// DescribeFile returns what the collector learns of an input file read as format and
// encoding (empty: not a game file), from the file's own diagnostics and the number of games
// it yielded. The caller sets Folder.
func DescribeFile(format, encoding string, diags []*game.Diagnostic, games int) File {
	f := File{Format: format, Encoding: encoding}
	for _, d := range diags {
		switch {
		case d.IsWarning():
			f.Warnings++
		case d.IsNote():
			f.Notes++
		default:
			f.Errors++
		}
	}
	switch {
	case format == "" && len(diags) == 0 && games == 0:
		f.Status = Skipped
	case f.Errors > 0 && games == 0:
		f.Status = Unreadable
	}
	return f
}
