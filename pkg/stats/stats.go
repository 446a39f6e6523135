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
	// Errors and Warnings count the diagnostics of the file itself (not of its games).
	Errors, Warnings int
}

// Collector accumulates a run. Not safe for concurrent use: feed it from one goroutine.
type Collector struct {
	r       Report
	players counter
	events  counter
	opening counter
	folders map[string]*Folder
	dup     *dedupe.Index
	fileIDs int
}

// NewCollector returns an empty collector.
func NewCollector() *Collector {
	return &Collector{
		players: counter{m: map[string]int{}}, events: counter{m: map[string]int{}},
		opening: counter{m: map[string]int{}}, folders: map[string]*Folder{}, dup: dedupe.NewIndex(),
		r: Report{Formats: map[string]int{}, Encodings: map[string]int{}, InvalidByKind: map[string]int{},
			WarningsByKind: map[string]int{}, Results: map[string]int{}},
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
	r.FileErrors += f.Errors
	r.Warnings += f.Warnings
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

// AddGame counts one game of a file of the folder. file numbers the file in input order
// (the same number for every game of a file); it is only used to find duplicates.
func (c *Collector) AddGame(folder string, file int, g *game.Game) {
	r := &c.r
	r.Games++
	plies := g.Plies()
	r.Plies += plies
	fo := c.folder(folder)
	fo.Games++
	var first game.Kind
	for _, d := range g.Diagnostics {
		if d.Warning {
			r.Warnings++
			r.WarningsByKind[string(d.Kind)]++
		} else if first == "" {
			first = d.Kind
		}
	}
	if first == "" {
		r.Valid++
		fo.Valid++
	} else {
		r.Invalid++
		fo.Invalid++
		r.InvalidByKind[string(first)]++
	}
	r.Results[resultName(g.Result)]++
	r.Lengths[min(plies/LengthBucket, LengthBuckets-1)]++
	r.MaxPlies = max(r.MaxPlies, plies)
	red, _ := g.Tag("Red")
	black, _ := g.Tag("Black")
	c.players.add(red)
	c.players.add(black)
	if ev, _ := g.Tag("Event"); ev != "" {
		c.events.add(ev)
	}
	op, _ := g.Tag("Opening")
	if ecco, ok := g.Tag("ECCO"); ok && ecco != "" {
		if op != "" {
			op = ecco + " " + op
		} else {
			op = ecco
		}
	}
	c.opening.add(op)
	c.dup.Add(dedupe.FileID(file), g.Index, dedupe.Summarize(g))
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
