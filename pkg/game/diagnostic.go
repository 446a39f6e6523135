package game

import (
	"errors"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Kind classifies a diagnostic. The names are part of qipu's output contract.
type Kind string

// Error kinds, and the kinds used only for warnings (Notation, Side).
const (
	KindSyntax    Kind = "syntax"    // unreadable text
	KindIllegal   Kind = "illegal"   // a move that fits no legal move
	KindAmbiguous Kind = "ambiguous" // a move that fits several legal moves
	KindEncoding  Kind = "encoding"  // bytes that do not decode
	KindTruncated Kind = "truncated" // input that ends in the middle of a record
	KindSetup     Kind = "setup"     // a start position that is not a legal position
	KindIO        Kind = "io"        // a file that cannot be read
	KindNotation  Kind = "notation"  // warning: a non-standard but unambiguous move text
	KindSide      Kind = "side"      // warning: side to move taken from the first move
)

// Loc is a place in an input: line and column (1-based) for text, a byte offset for binary
// input. Zero Line means no line is known; a negative Offset means no offset is known.
type Loc struct {
	Line, Col int
	Offset    int64
}

// NoLoc is the unknown location.
var NoLoc = Loc{Offset: -1}

// Diagnostic is an error or a warning about one input: where (path, location, game, ply),
// what (kind, message, the move text) and why (the wrapped cause). It implements error and
// unwraps to its cause, so errors.Is(d, notation.ErrIllegal) works.
type Diagnostic struct {
	Kind    Kind
	Warning bool
	Path    string
	Loc     Loc
	Game    int // 1-based index of the game in its file; 0 for the file itself
	Ply     int // 1-based ply of the move in its line; 0 when not about a move
	Token   string
	Message string
	Err     error
}

// Error formats the diagnostic in qipu's one-line contract form:
//
//	path:line:col: game N, ply P: KIND: message ("move text")
//	path:@offset: game N, ply P: warning: KIND: message ("move text")
func (d *Diagnostic) Error() string {
	var b strings.Builder
	b.WriteString(d.Path)
	switch {
	case d.Loc.Line > 0:
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(d.Loc.Line))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(max(d.Loc.Col, 1)))
	case d.Loc.Offset >= 0:
		b.WriteString(":@")
		b.WriteString(strconv.FormatInt(d.Loc.Offset, 10))
	}
	b.WriteString(": ")
	if d.Game > 0 {
		b.WriteString("game ")
		b.WriteString(strconv.Itoa(d.Game))
		if d.Ply > 0 {
			b.WriteString(", ply ")
			b.WriteString(strconv.Itoa(d.Ply))
		}
		b.WriteString(": ")
	}
	if d.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(string(d.Kind))
	b.WriteString(": ")
	b.WriteString(d.Message)
	if d.Token != "" {
		b.WriteString(" (")
		b.WriteString(strconv.Quote(d.Token))
		b.WriteByte(')')
	}
	return b.String()
}

// Unwrap returns the cause.
func (d *Diagnostic) Unwrap() error { return d.Err }

// KindOf maps a cause to its diagnostic kind: the notation error kinds, setup errors, FEN
// errors; anything else is KindSyntax.
func KindOf(err error) Kind {
	switch {
	case errors.Is(err, notation.ErrIllegal):
		return KindIllegal
	case errors.Is(err, notation.ErrAmbiguous):
		return KindAmbiguous
	case errors.Is(err, board.ErrInvalidSetup), errors.Is(err, board.ErrFEN):
		return KindSetup
	}
	return KindSyntax
}

var errIllegalMove = notation.ErrIllegal
