package query

import (
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/jsonl"
)

// Env is what an expression reads from one game.
type Env interface {
	// Tag returns the value of the game's first tag named name, compared without regard to
	// case, or "" when it has none. name is as written in the expression.
	Tag(name string) string
	// Field returns the value of a computed field.
	Field(f Field) Value
}

// Value is the value of a computed field: a text, or a whole number kept as a number so
// that reading it needs no formatting (FieldPlies).
type Value struct {
	Text  string
	Int   int64
	IsInt bool
}

// TextValue returns the Value of a text.
func TextValue(s string) Value { return Value{Text: s} }

// IntValue returns the Value of a whole number.
func IntValue(n int64) Value { return Value{Int: n, IsInt: true} }

// GameEnv is the Env of a game: its tags, and the computed fields from the game itself
// (plies, format, encoding, result) and from the values the caller computed.
//
// Keep one GameEnv per worker and Reset it for each game: passing it to Match then
// allocates nothing (a GameEnv made per game escapes to the heap through the Env
// interface). It remembers the game's plies once counted.
type GameEnv struct {
	G *game.Game
	// Status is "ok" or "invalid"; "" means computed from G.Valid().
	Status string
	// ECCO is the computed ECCO code, or "".
	ECCO string
	// Ending is how the main line ends, as the JSON "ending" kind names it ("none", "checkmate", "perpetual-check", …).
	Ending string
	// Plies is the number of moves of G's main line, for a caller that has counted them
	// while replaying; 0 means that GameEnv counts them, once, when an expression asks
	// (which costs a walk down the main line; nothing for an empty one).
	Plies int

	plies int // the main line's plies + 1; 0 until counted
}

// Reset makes e the Env of g with the given computed values (and Plies 0). To give the
// plies too, assign a whole new value: *e = GameEnv{G: g, Plies: n, ...}.
func (e *GameEnv) Reset(g *game.Game, status, ecco, ending string) {
	*e = GameEnv{G: g, Status: status, ECCO: ecco, Ending: ending}
}

// Tag returns the value of g's first tag named name (any case), or "".
func (e *GameEnv) Tag(name string) string {
	v, _ := e.G.Tag(name)
	return v
}

// Field returns the value of a computed field of the game.
func (e *GameEnv) Field(f Field) Value {
	switch f {
	case FieldPlies:
		if e.plies == 0 {
			n := e.Plies
			if n <= 0 {
				n = e.G.Plies()
			}
			e.plies = n + 1
		}
		return IntValue(int64(e.plies - 1))
	case FieldStatus:
		if e.Status != "" {
			return TextValue(e.Status)
		}
		if e.G.Valid() {
			return TextValue("ok")
		}
		return TextValue("invalid")
	case FieldFormat:
		return TextValue(string(e.G.Format))
	case FieldEncoding:
		return TextValue(jsonl.EncodingName(e.G.Encoding))
	case FieldResult:
		if e.G.Result == "" {
			return TextValue("*")
		}
		return TextValue(e.G.Result)
	case FieldECCO:
		return TextValue(e.ECCO)
	case FieldEnding:
		return TextValue(e.Ending)
	}
	return Value{}
}
