package game

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Kind classifies a diagnostic. The names are part of qipu's output contract.
type Kind string

// Error kinds, and the kinds used only for warnings (Notation, Side, Repaired, Result).
const (
	KindSyntax    Kind = "syntax"    // unreadable text, or more of something than a game may hold
	KindIllegal   Kind = "illegal"   // a move that fits no legal move
	KindAmbiguous Kind = "ambiguous" // a move that fits several legal moves
	KindEncoding  Kind = "encoding"  // bytes that do not decode
	KindTruncated Kind = "truncated" // input that ends in the middle of a record
	KindSetup     Kind = "setup"     // a start position that is not a legal position
	KindIO        Kind = "io"        // a file that cannot be read
	KindNotation  Kind = "notation"  // warning: a non-standard but unambiguous move text
	KindSide      Kind = "side"      // warning: side to move taken from the first move
	// KindRepaired is the warning of a game that Builder.Repair fixed: its start position
	// (one side's pieces mirrored, the board mirrored or rotated, the side to move; ply 0), or
	// one mistyped move (at its ply: `"炮二退三" read as 炮二进三: the remaining 57 plies
	// replay`). The message says what was changed and how the game failed as written.
	KindRepaired Kind = "repaired"
	// KindResult is the warning of a game whose result contradicts its final position: the
	// side to move is checkmated or stalemated (both lose in Xiangqi) and the result says
	// otherwise.
	KindResult Kind = "result"
	// KindEngine is the error of a position that an analysis engine failed on (missing,
	// would not start, crashed twice, timed out, wrote garbage, returned an illegal move).
	KindEngine Kind = "engine"
)

// Level is how much a diagnostic weighs: an error makes its game (or file) invalid, a warning
// leaves it valid and counts as an error under --strict, a note is information that never
// changes a verdict (shown in reports and machine formats, not in the text output by default).
type Level uint8

// The levels, heaviest first.
const (
	LevelError Level = iota
	LevelWarning
	LevelNote
)

// String returns "error", "warning" or "note", as the output contracts write a level.
func (l Level) String() string {
	switch l {
	case LevelWarning:
		return "warning"
	case LevelNote:
		return "note"
	}
	return "error"
}

// levelOf returns LevelWarning when warning is true, LevelError otherwise.
func levelOf(warning bool) Level {
	if warning {
		return LevelWarning
	}
	return LevelError
}

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
	Level   Level
	Path    string
	Loc     Loc
	Game    int // 1-based index of the game in its file; 0 for the file itself
	Ply     int // 1-based ply of the move in its line; 0 when not about a move
	Token   string
	Message string
	Err     error
	// FEN is the position a failed move was played in (the position before it), for the
	// error of a move that is illegal, ambiguous or unreadable; "" for other diagnostics.
	// Pictures of the failure (an HTML report's board) draw it.
	FEN string
	// LastMove is the move that led to FEN: board.NoMove at the start of its line or when
	// FEN is "".
	LastMove board.Move
	// Candidates are the moves that might replace a failed move, as move repair found them
	// (the moves its message's "did you mean" names at that ply), best first.
	Candidates []board.Move
}

// IsError reports whether the diagnostic is an error (its game or file is invalid).
func (d *Diagnostic) IsError() bool { return d.Level == LevelError }

// IsWarning reports whether the diagnostic is a warning.
func (d *Diagnostic) IsWarning() bool { return d.Level == LevelWarning }

// IsNote reports whether the diagnostic is a note (information only).
func (d *Diagnostic) IsNote() bool { return d.Level == LevelNote }

// Error formats the diagnostic in qipu's one-line contract form:
//
//	path:line:col: game N, ply P: KIND: message ("move text")
//	path:@offset: game N, ply P: warning: KIND: message ("move text")
//	path:line:col: game N: note: KIND: message
//
// A path that holds control or other non-printing characters, bytes that are not UTF-8, or
// that starts with a double quote is written as a Go-quoted string (invalid bytes as \xNN),
// so that one diagnostic is always one line, no escape sequence reaches a terminal, and two
// different names never print alike.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	writePath(&b, d.Path)
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
	if d.Level != LevelError {
		b.WriteString(d.Level.String())
		b.WriteString(": ")
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

// writePath writes a file name for a one-line diagnostic: as it is when it is printable UTF-8,
// quoted otherwise (see Diagnostic.Error).
func writePath(b *strings.Builder, path string) {
	if needsQuote(path) {
		b.WriteString(strconv.Quote(path))
		return
	}
	b.WriteString(path)
}

// needsQuote reports whether a path cannot be printed as it is: it is not valid UTF-8, holds
// a rune that is not graphic (control characters, line and paragraph separators, bidi and
// other format characters; spaces such as U+3000 are graphic), or starts with '"' (it would
// read as a quoted name).
func needsQuote(path string) bool {
	if strings.HasPrefix(path, `"`) {
		return true
	}
	for i := 0; i < len(path); {
		c := path[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7F {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(path[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsGraphic(r) {
			return true
		}
		i += n
	}
	return false
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
