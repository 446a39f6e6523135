// Package tally counts what a batch run saw (files, games, plies, valid and invalid games by
// the kind of their first error, warnings, notes, games left out, baseline suppressions) and
// writes the totals as the run's summary: the one-line text of standard error and the JSON
// object of check --format json, whose fields are part of the command-line contract.
package tally

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/jsonl"
)

// kindOrder lists the diagnostic kinds in the order summaries print them.
var kindOrder = [...]game.Kind{
	game.KindSyntax, game.KindIllegal, game.KindAmbiguous, game.KindEncoding,
	game.KindTruncated, game.KindSetup, game.KindIO, game.KindNotation, game.KindSide,
}

// kindIndex returns the index of k in kindOrder, or len(kindOrder) for an unknown kind.
func kindIndex(k game.Kind) int {
	for i, o := range kindOrder {
		if o == k {
			return i
		}
	}
	return len(kindOrder)
}

// kindName is the name of entry i of Counts.byKind.
func kindName(i int) string {
	if i < len(kindOrder) {
		return string(kindOrder[i])
	}
	return "other"
}

// Counts are the totals of a run, or of a part of it; the zero value counts nothing.
type Counts struct {
	Files      int // input files read as game records
	Games      int
	Plies      int // main-line plies replayed
	Valid      int // games without error
	Invalid    int // games with an error (Invalidate counts them by kind)
	Unreadable int // files that yield no game
	Skipped    int // files of no known format, or not regular files
	FileErrors int // errors that belong to a file, not to a game (encoding, io after some games)
	Warnings   int // warnings, in games and files
	Notes      int // notes, in games and files
	LeftOut    int // games left out by --where and --position
	Suppressed int // diagnostics the baseline suppressed
	// Baseline: a baseline is in use; Unseen of its entries were not seen.
	Baseline bool
	Unseen   int
	// Seconds is the run's wall time.
	Seconds float64
	// byKind counts the invalid games by the kind of their first error (the last entry is
	// for kinds a newer reader might add).
	byKind [len(kindOrder) + 1]int
}

// Invalidate counts an invalid game whose first error is of kind k.
func (c *Counts) Invalidate(k game.Kind) {
	c.Invalid++
	c.byKind[kindIndex(k)]++
}

// Add adds o's counts to c (not the run's own: Baseline, Unseen, Seconds).
func (c *Counts) Add(o *Counts) {
	c.Files += o.Files
	c.Games += o.Games
	c.Plies += o.Plies
	c.Valid += o.Valid
	c.Invalid += o.Invalid
	c.Unreadable += o.Unreadable
	c.Skipped += o.Skipped
	c.FileErrors += o.FileErrors
	c.Warnings += o.Warnings
	c.Notes += o.Notes
	c.LeftOut += o.LeftOut
	c.Suppressed += o.Suppressed
	for i := range c.byKind {
		c.byKind[i] += o.byKind[i]
	}
}

// Failed reports whether the run must exit with the exit code of invalid input: a game with
// an error, a file that yields no game, or an error of a file's own.
func (c *Counts) Failed() bool { return c.Invalid > 0 || c.Unreadable > 0 || c.FileErrors > 0 }

// AppendJSON appends the JSON summary of check --format json, with its newline.
func (c *Counts) AppendJSON(b []byte) []byte {
	field := func(name string, n int) {
		b = append(b, ',', '"')
		b = append(b, name...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, `{"files":`...)
	b = strconv.AppendInt(b, int64(c.Files), 10)
	field("games", c.Games)
	field("plies", c.Plies)
	field("valid", c.Valid)
	field("invalid", c.Invalid)
	b = append(b, `,"invalid_by_kind":{`...)
	first := true
	for i, n := range c.byKind {
		if n == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsonl.AppendString(b, kindName(i))
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, '}')
	field("unreadable", c.Unreadable)
	field("file_errors", c.FileErrors)
	field("skipped", c.Skipped)
	field("warnings", c.Warnings)
	field("notes", c.Notes)
	field("left_out", c.LeftOut)
	if c.Baseline {
		b = append(b, `,"baseline":{"suppressed":`...)
		b = strconv.AppendInt(b, int64(c.Suppressed), 10)
		field("unseen", c.Unseen)
		b = append(b, '}')
	}
	b = append(b, `,"seconds":`...)
	b = strconv.AppendFloat(b, c.Seconds, 'f', 3, 64)
	return append(b, "}\n"...)
}

// Line is the one-line human summary of command cmd, e.g.
//
//	qipu check: 12 files, 340 games, 25120 plies: 338 valid, 2 invalid (illegal 1, syntax 1); 1 unreadable, 3 skipped; 0.42 s
func (c *Counts) Line(cmd string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "qipu %s: %d files, %d games, %d plies: %d valid, %d invalid", cmd,
		c.Files, c.Games, c.Plies, c.Valid, c.Invalid)
	if c.Invalid > 0 {
		b.WriteString(" (")
		first := true
		for i, n := range c.byKind {
			if n == 0 {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			fmt.Fprintf(&b, "%s %d", kindName(i), n)
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, "; %d unreadable", c.Unreadable)
	if c.FileErrors > 0 {
		fmt.Fprintf(&b, ", %d file errors", c.FileErrors)
	}
	fmt.Fprintf(&b, ", %d skipped", c.Skipped)
	if c.Warnings > 0 {
		fmt.Fprintf(&b, ", %d warnings", c.Warnings)
	}
	if c.Baseline {
		fmt.Fprintf(&b, "; baseline: %d suppressed, %d no longer seen", c.Suppressed, c.Unseen)
	}
	fmt.Fprintf(&b, "; %.2f s", c.Seconds)
	return b.String()
}
