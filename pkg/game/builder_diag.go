package game

import (
	"cmp"
	"fmt"
	"slices"
)

// Diagnose records a reader's diagnostic d, filling in its Path and Game: its Kind, its
// Level (LevelError or LevelWarning), its Loc and Ply (0 when no move is concerned), the
// Token read, the Message and the Err it wraps, if any.
func (b *Builder) Diagnose(d Diagnostic) {
	d.Path, d.Game = b.Path, b.g.Index
	if !b.rec.logging && len(b.g.Diagnostics) >= MaxDiagnostics {
		b.hide(d.Kind, d.IsWarning(), d.Loc) // only counted: no allocation
		return
	}
	p := new(Diagnostic)
	*p = d
	if b.rec.logging {
		// Kept for a rebuild of the game by a repair.
		b.event(opDiag, p)
		return
	}
	b.g.Diagnostics = append(b.g.Diagnostics, p)
}

// newDiag returns a diagnostic of the current game.
func (b *Builder) newDiag(kind Kind, warning bool, loc Loc, ply int, token, message string, err error) *Diagnostic {
	return &Diagnostic{Kind: kind, Level: levelOf(warning), Path: b.Path, Loc: loc, Game: b.g.Index, Ply: ply,
		Token: token, Message: message, Err: err}
}

// event records a diagnostic that does not come back by itself when a repair replays the
// game's events (one from the reader or a cap), and adds it.
func (b *Builder) event(op uint8, d *Diagnostic) {
	if b.rec.logging {
		b.rec.add(event{op: op, d: d})
	}
	b.addDiag(d)
}

// diag records a diagnostic and returns it, or nil when it is beyond MaxDiagnostics (then
// it is only counted).
func (b *Builder) diag(kind Kind, warning bool, loc Loc, ply int, token, message string, err error) *Diagnostic {
	if len(b.g.Diagnostics) >= MaxDiagnostics {
		b.hide(kind, warning, loc)
		return nil
	}
	d := b.newDiag(kind, warning, loc, ply, token, message, err)
	b.g.Diagnostics = append(b.g.Diagnostics, d)
	return d
}

// addDiag records a diagnostic made beforehand.
func (b *Builder) addDiag(d *Diagnostic) {
	if len(b.g.Diagnostics) >= MaxDiagnostics {
		b.hide(d.Kind, d.IsWarning(), d.Loc)
		return
	}
	b.g.Diagnostics = append(b.g.Diagnostics, d)
}

// hide counts a diagnostic beyond MaxDiagnostics.
func (b *Builder) hide(kind Kind, warning bool, loc Loc) {
	w := 0
	if warning {
		w = 1
	}
	if b.hidden[w] == 0 {
		b.hiddenAs[w] = kind
	}
	if b.hidden[0]+b.hidden[1] == 0 {
		b.hiddenLoc = loc
	}
	b.hidden[w]++
}

// closeHidden adds the diagnostic that counts the hidden ones, an error if any was.
func (b *Builder) closeHidden() {
	errs, warns := b.hidden[0], b.hidden[1]
	if errs+warns == 0 {
		return
	}
	d := &Diagnostic{Kind: b.hiddenAs[1], Level: levelOf(errs == 0), Path: b.Path, Loc: b.hiddenLoc, Game: b.g.Index,
		Message: fmt.Sprintf("%d more errors and %d more warnings from here on in this game not shown", errs, warns)}
	if errs > 0 {
		d.Kind = b.hiddenAs[0]
	}
	b.g.Diagnostics = append(b.g.Diagnostics, d)
}

// orderByOffset sorts diagnostics by byte offset, stably (Builder.ByOffset); a list in order
// already, as most are, is only looked at.
func orderByOffset(ds []*Diagnostic) {
	byOffset := func(a, b *Diagnostic) int { return cmp.Compare(a.Loc.Offset, b.Loc.Offset) }
	if !slices.IsSortedFunc(ds, byOffset) {
		slices.SortStableFunc(ds, byOffset)
	}
}
