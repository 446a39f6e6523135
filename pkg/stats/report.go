package stats

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Report is what an archive holds. The JSON names are part of qipu's output contract
// (`qipu stats --format json`); the totals mean what they mean in `qipu check --format json`.
type Report struct {
	Files      int `json:"files"`       // game files read (unreadable ones included)
	Games      int `json:"games"`       // games read
	Plies      int `json:"plies"`       // main-line plies replayed
	Valid      int `json:"valid"`       // games without error
	Invalid    int `json:"invalid"`     // games with an error
	Unreadable int `json:"unreadable"`  // game files that yielded no game
	FileErrors int `json:"file_errors"` // errors of files rather than games
	Skipped    int `json:"skipped"`     // files that are not game files
	Warnings   int `json:"warnings"`    // warnings in games and files
	Notes      int `json:"notes"`       // notes in games and files

	Formats   map[string]int `json:"formats"`   // files by format
	Encodings map[string]int `json:"encodings"` // files by text encoding
	// InvalidByKind counts invalid games by the kind of their first error.
	InvalidByKind  map[string]int `json:"invalid_by_kind"`
	WarningsByKind map[string]int `json:"warnings_by_kind"`
	NotesByKind    map[string]int `json:"notes_by_kind"`
	// Endings counts games by how the main line ends, as the board judges it: checkmate,
	// stalemate, perpetual-check, mutual-perpetual-check, perpetual-chase, repetition,
	// natural-limit, or unfinished (none of these).
	Endings map[string]int `json:"endings"`
	// Results counts games by result: "1-0", "0-1", "1/2-1/2", "*".
	Results map[string]int `json:"results"`
	// Lengths is the histogram of main-line lengths: bar i counts games of
	// i*LengthBucket to (i+1)*LengthBucket-1 plies; the last bar every longer game.
	Lengths  [LengthBuckets]int `json:"lengths"`
	MaxPlies int                `json:"max_plies"`

	Players  Top `json:"players"`  // by games played, Red or Black
	Events   Top `json:"events"`   // by games
	Openings Top `json:"openings"` // ECCO code and opening name, where the tags give them
	// ECCO counts games by the code the opening rules give (with the opening and variation
	// names), for every game classified, whatever its tags say.
	ECCO Top `json:"ecco"`

	// Duplicates counts groups of the same game (same start and main line) and the games
	// beyond the first of each group.
	Duplicates struct {
		Groups int `json:"groups"`
		Games  int `json:"games"`
	} `json:"duplicates"`

	Folders []Folder `json:"folders"` // per top-level folder, by name
}

// Top is the head of a table of names by count.
type Top struct {
	Entries  []Entry `json:"top"`
	Distinct int     `json:"distinct"` // distinct names counted
	Other    int     `json:"other"`    // games of names beyond MaxDistinct
}

// Entry is one name and its count.
type Entry struct {
	Name  string `json:"name"`
	Count int    `json:"games"`
}

// Folder counts one top-level folder.
type Folder struct {
	Name       string `json:"name"`
	Files      int    `json:"files"`
	Unreadable int    `json:"unreadable"`
	Games      int    `json:"games"`
	Valid      int    `json:"valid"`
	Invalid    int    `json:"invalid"`
}

// WriteJSON writes the report as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// sortedCounts returns a map's entries by count, then name.
func sortedCounts(m map[string]int) []Entry {
	out := make([]Entry, 0, len(m))
	for k, v := range m {
		out = append(out, Entry{k, v})
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if x := cmp.Compare(b.Count, a.Count); x != 0 {
			return x
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// bucketLabel names bar i of the length histogram.
func bucketLabel(i int) string {
	if i == LengthBuckets-1 {
		return fmt.Sprintf("%d+", i*LengthBucket)
	}
	return fmt.Sprintf("%d–%d", i*LengthBucket, (i+1)*LengthBucket-1)
}

// WriteText writes the report for people, as aligned plain text.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "files      %d read, %d unreadable, %d skipped (not game files)\n", r.Files, r.Unreadable, r.Skipped)
	fmt.Fprintf(&b, "games      %d: %d valid, %d invalid; %d plies; %d warnings, %d notes\n", r.Games, r.Valid, r.Invalid, r.Plies, r.Warnings, r.Notes)
	section := func(title string, m map[string]int) {
		if len(m) == 0 {
			return
		}
		fmt.Fprintf(&b, "%-10s", title)
		for i, e := range sortedCounts(m) {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %d", e.Name, e.Count)
		}
		b.WriteByte('\n')
	}
	section("formats", r.Formats)
	section("encodings", r.Encodings)
	section("invalid", r.InvalidByKind)
	section("warnings", r.WarningsByKind)
	section("notes", r.NotesByKind)
	section("results", r.Results)
	section("endings", r.Endings)
	fmt.Fprintf(&b, "duplicates %d groups of the same game, %d games beyond the first of each\n", r.Duplicates.Groups, r.Duplicates.Games)
	b.WriteString("\nlengths (plies)\n")
	most := slices.Max(r.Lengths[:])
	for i, n := range r.Lengths {
		bar := ""
		if most > 0 {
			bar = strings.Repeat("#", (n*40+most-1)/most)
		}
		fmt.Fprintf(&b, "  %-8s %7d %s\n", bucketLabel(i), n, bar)
	}
	top := func(title string, t Top) {
		if len(t.Entries) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n%s (%d distinct)\n", title, t.Distinct)
		for _, e := range t.Entries {
			fmt.Fprintf(&b, "  %7d  %s\n", e.Count, e.Name)
		}
	}
	top("players", r.Players)
	top("events", r.Events)
	top("openings", r.Openings)
	top("ECCO (computed)", r.ECCO)
	if len(r.Folders) > 0 {
		b.WriteString("\nfolders\n")
		for _, f := range r.Folders {
			fmt.Fprintf(&b, "  %7d games %7d valid %7d invalid %5d unreadable files  %s\n", f.Games, f.Valid, f.Invalid, f.Unreadable, f.Name)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
