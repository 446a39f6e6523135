package pipeline

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/jsonl"

	"github.com/qipu/qipu/pkg/game"
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

// tally counts what a run saw.
type tally struct {
	files      int // input files read as PGN or XQF
	games      int
	plies      int // main-line plies replayed
	valid      int // games without error
	invalid    int // games with an error
	unreadable int // files that yield no game
	skipped    int // files that are neither PGN nor XQF
	fileErrors int // errors that belong to a file, not to a game (encoding, io after some games)
	warnings   int // warnings, in games and files
	notes      int // notes, in games and files
	leftOut    int // games left out by --where and --position
	suppressed int // diagnostics the baseline suppressed
	// The writer's: a baseline is in use, and how many of its entries were not seen.
	baseline bool
	unseen   int
	// byKind counts the invalid games by the kind of their first error (the last entry is
	// for kinds a newer reader might add).
	byKind  [len(kindOrder) + 1]int
	seconds float64
}

func (s *tally) add(o *tally) {
	s.files += o.files
	s.games += o.games
	s.plies += o.plies
	s.valid += o.valid
	s.invalid += o.invalid
	s.unreadable += o.unreadable
	s.skipped += o.skipped
	s.fileErrors += o.fileErrors
	s.warnings += o.warnings
	s.notes += o.notes
	s.leftOut += o.leftOut
	s.suppressed += o.suppressed
	for i := range s.byKind {
		s.byKind[i] += o.byKind[i]
	}
}

// failed reports whether the run must exit with ExitInvalid.
func (s *tally) failed() bool { return s.invalid > 0 || s.unreadable > 0 || s.fileErrors > 0 }

// summary prints the totals: a line on standard error, or for check --format json one JSON
// object on standard output.
func (w *writer) summary() error {
	t := &w.total
	s := w.r.s
	if s.format == CheckJSON {
		b := []byte(`{"files":`)
		b = strconv.AppendInt(b, int64(t.files), 10)
		b = append(b, `,"games":`...)
		b = strconv.AppendInt(b, int64(t.games), 10)
		b = append(b, `,"plies":`...)
		b = strconv.AppendInt(b, int64(t.plies), 10)
		b = append(b, `,"valid":`...)
		b = strconv.AppendInt(b, int64(t.valid), 10)
		b = append(b, `,"invalid":`...)
		b = strconv.AppendInt(b, int64(t.invalid), 10)
		b = append(b, `,"invalid_by_kind":{`...)
		first := true
		for i, n := range t.byKind {
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
		b = append(b, `},"unreadable":`...)
		b = strconv.AppendInt(b, int64(t.unreadable), 10)
		b = append(b, `,"file_errors":`...)
		b = strconv.AppendInt(b, int64(t.fileErrors), 10)
		b = append(b, `,"skipped":`...)
		b = strconv.AppendInt(b, int64(t.skipped), 10)
		b = append(b, `,"warnings":`...)
		b = strconv.AppendInt(b, int64(t.warnings), 10)
		b = append(b, `,"notes":`...)
		b = strconv.AppendInt(b, int64(t.notes), 10)
		b = append(b, `,"left_out":`...)
		b = strconv.AppendInt(b, int64(t.leftOut), 10)
		b = appendBaselineJSON(b, t)
		b = append(b, `,"seconds":`...)
		b = strconv.AppendFloat(b, t.seconds, 'f', 3, 64)
		b = append(b, "}\n"...)
		if _, err := w.stdout.Write(b); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		if err := w.stdout.Flush(); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		return nil
	}
	_, err := fmt.Fprintln(w.stderr, summaryLine(s.command, t))
	return err
}

// summaryLine is the one-line human summary, e.g.
//
//	qipu check: 12 files, 340 games, 25120 plies: 338 valid, 2 invalid (illegal 1, syntax 1); 1 unreadable, 3 skipped; 0.42 s
func summaryLine(cmd Command, t *tally) string {
	var b strings.Builder
	fmt.Fprintf(&b, "qipu %s: %d files, %d games, %d plies: %d valid, %d invalid", cmd,
		t.files, t.games, t.plies, t.valid, t.invalid)
	if t.invalid > 0 {
		b.WriteString(" (")
		first := true
		for i, n := range t.byKind {
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
	fmt.Fprintf(&b, "; %d unreadable", t.unreadable)
	if t.fileErrors > 0 {
		fmt.Fprintf(&b, ", %d file errors", t.fileErrors)
	}
	fmt.Fprintf(&b, ", %d skipped", t.skipped)
	if t.warnings > 0 {
		fmt.Fprintf(&b, ", %d warnings", t.warnings)
	}
	appendBaselineSummary(&b, t)
	fmt.Fprintf(&b, "; %.2f s", t.seconds)
	return b.String()
}

func kindName(i int) string {
	if i < len(kindOrder) {
		return string(kindOrder[i])
	}
	return "other"
}
