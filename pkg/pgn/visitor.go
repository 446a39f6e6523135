package pgn

import (
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
)

// Loc is where a token starts: line and column (1-based; the column counts characters, i.e.
// runes, and a tab is one column) and the byte offset in the UTF-8 text.
type Loc = game.Loc

// Skip is a visitor's answer to the events that open something (the movetext, a variation) or
// report a move: true asks the reader to skip the rest of it without reporting its events.
type Skip bool

// Visitor receives the events of one game at a time, in text order. The reader never checks
// legality and never interprets move texts beyond splitting them; byte slices passed to a
// visitor are valid only during the call.
//
// For each game the reader calls BeginGame, then Tag for each header field, BeginMovetext,
// then any of Move, NAG, Comment, BeginVariation/EndVariation (balanced), Error, at most one
// Result, and finally EndGame. A visitor that returns Skip from BeginMovetext or Move
// receives nothing more of the game but EndGame; one that returns Skip from BeginVariation
// receives nothing of that variation, not even its EndVariation. Skipping never changes where
// the game ends: the reader tokenizes skipped text exactly as it tokenizes reported text.
type Visitor interface {
	// BeginGame starts a game; loc is its first token.
	BeginGame(loc Loc)
	// Tag reports a header field such as [Event "..."], with the escapes \" and \\ of the
	// value undone; loc is its '['.
	Tag(name, value []byte, loc Loc)
	// BeginMovetext ends the header.
	BeginMovetext() Skip
	// Move reports the text of one move, as written (a token of the movetext, or a part of
	// one when moves are glued together), without move number or annotation glyphs.
	Move(text []byte, loc Loc) Skip
	// NAG reports a numeric annotation glyph: $n, or !, ?, !!, ??, !? and ?! (1 to 6).
	NAG(nag uint8, loc Loc)
	// Comment reports the text of a {...} or ; comment; line breaks inside are "\n".
	Comment(text []byte, loc Loc)
	// BeginVariation opens a variation: an alternative to the last move reported.
	BeginVariation(loc Loc) Skip
	// EndVariation closes the innermost variation.
	EndVariation(loc Loc)
	// Result reports the game termination marker: "1-0", "0-1", "1/2-1/2" or "*".
	Result(result string, loc Loc)
	// Error reports text the reader could not read; the reader goes on after it.
	Error(err *SyntaxError)
	// EndGame ends the game; loc is where the reader stopped (the next game's first token,
	// or the end of the input).
	EndGame(loc Loc)
}

// BaseVisitor implements every Visitor method as a no-op that never skips. Embed it to
// implement only the events you need.
type BaseVisitor struct{}

// BeginGame does nothing.
func (BaseVisitor) BeginGame(Loc) {}

// Tag does nothing.
func (BaseVisitor) Tag(_, _ []byte, _ Loc) {}

// BeginMovetext does not skip.
func (BaseVisitor) BeginMovetext() Skip { return false }

// Move does not skip.
func (BaseVisitor) Move([]byte, Loc) Skip { return false }

// NAG does nothing.
func (BaseVisitor) NAG(uint8, Loc) {}

// Comment does nothing.
func (BaseVisitor) Comment([]byte, Loc) {}

// BeginVariation does not skip.
func (BaseVisitor) BeginVariation(Loc) Skip { return false }

// EndVariation does nothing.
func (BaseVisitor) EndVariation(Loc) {}

// Result does nothing.
func (BaseVisitor) Result(string, Loc) {}

// Error does nothing.
func (BaseVisitor) Error(*SyntaxError) {}

// EndGame does nothing.
func (BaseVisitor) EndGame(Loc) {}

// SyntaxError is text of the PGN that the reader could not read: a stray bracket, an
// unterminated comment or tag, a variation left open, a bad NAG. It unwraps to
// notation.ErrSyntax, so game.KindOf classifies it as a syntax error.
type SyntaxError struct {
	Loc   Loc
	Token string // the offending text, possibly shortened; may be empty
	Msg   string
}

// Error formats the error as "line:col: message (token)".
func (e *SyntaxError) Error() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(e.Loc.Line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(e.Loc.Col))
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Token != "" {
		b.WriteString(" (")
		b.WriteString(strconv.Quote(e.Token))
		b.WriteByte(')')
	}
	return b.String()
}

// Unwrap returns notation.ErrSyntax.
func (e *SyntaxError) Unwrap() error { return notation.ErrSyntax }
