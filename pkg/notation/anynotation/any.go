// Package anynotation reads and writes moves whatever their notation. It keeps the list of
// registered notations — ICCS, WXF, Chinese and the platform display format, each a
// notation.Notation value of its subpackage — and loops over it to detect the notation of a
// move text (Detect), to resolve a text against a position in a hinted notation or whichever
// fits (Resolve), to find where a move ends in movetext whose moves are glued together
// (ScanMove), and to look a notation up by name (Lookup, All).
package anynotation

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Resolved is a move text resolved against a position.
type Resolved struct {
	Move   board.Move
	Format notation.ID // the notation the text was read in
	// Nonstandard is set when the text fits exactly one legal move but is not how the
	// notation writes it (前/后 omitted or needless, tandem pieces numbered another way, the
	// WXF markers in the other order, or a notation other than the hinted one); Note says
	// which. The caller reports it as a `notation` warning.
	Nonstandard bool
	Note        string
}

// otherNote[hint][f] is the note for a text read in f instead of the hinted notation.
var otherNote = func() (t [len(registered) + 1][len(registered) + 1]string) {
	for _, h := range order {
		for _, f := range order {
			t[h][f] = "move written in " + f.String() + " notation, not " + h.String()
		}
	}
	return t
}()

// Resolve reads text as a move of the side to move in pos. It tries the hinted notation first
// (unless hint is Unknown); when the text does not read in it, or no hint is given, it tries
// every registered notation the text's shape fits, in the order of All, and takes the first
// that resolves. A move read in another notation than a given hint is reported as
// non-standard.
//
// Errors are *notation.Error with the original text: ErrSyntax when no notation reads the
// text, else the error of the first notation that read it (ErrIllegal, or ErrAmbiguous with
// the candidate moves).
func Resolve(pos *board.Position, text string, hint notation.ID) (Resolved, error) {
	if hint != notation.Unknown {
		if r, read, err := resolveIn(pos, text, hint); read {
			return r, err
		}
	}
	var first error
	for _, f := range order {
		if f == hint {
			continue
		}
		r, read, err := resolveIn(pos, text, f)
		if !read {
			continue
		}
		if err == nil {
			if hint != notation.Unknown && int(hint) < len(otherNote) {
				r.Nonstandard, r.Note = true, otherNote[hint][f]
			}
			return r, nil
		}
		if first == nil {
			first = err
		}
	}
	if first != nil {
		return Resolved{}, first
	}
	name := ""
	if hint != notation.Unknown {
		name = hint.String()
	}
	return Resolved{}, &notation.Error{Kind: notation.ErrSyntax, Notation: name, Text: text, Reason: "not a move in any notation"}
}

// resolveIn reads and resolves text in notation f; read is false (and nothing allocated)
// when f cannot read it.
func resolveIn(pos *board.Position, text string, f notation.ID) (r Resolved, read bool, err error) {
	p, ok := ParseIn(text, f)
	if !ok {
		return r, false, nil
	}
	r, err = p.Resolve(pos, text)
	return r, true, err
}

// Detect returns the notation whose shape text has (the registered notations are tried in
// the order of All), or Unknown. It does not consult a position.
func Detect(text string) notation.ID {
	for _, f := range order {
		if valid(f, text) {
			return f
		}
	}
	return notation.Unknown
}
