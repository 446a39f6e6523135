package ending

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/qipu/qipu/pkg/board"
)

// Kind is how a game ends, as the "ending" field of the JSON output names it.
type Kind uint8

// The endings. Their String names are stable: they are the JSON "kind" values.
const (
	None                 Kind = iota // no ending the board proves ("none")
	Checkmate                        // the side to move is in check with no legal move ("checkmate")
	Stalemate                        // the side to move has no legal move, not in check: it loses ("stalemate")
	PerpetualCheck                   // one side checks with every move of a cycle: it loses ("perpetual-check")
	MutualPerpetualCheck             // both sides check with every move of a cycle: a draw ("mutual-perpetual-check")
	PerpetualChase                   // one side chases the same piece through a cycle: it loses ("perpetual-chase")
	Repetition                       // a cycle with neither: a draw by repetition ("repetition")
	NaturalLimit                     // NaturalLimitPlies plies without a capture ("natural-limit")
	numKinds
)

var kindNames = [numKinds]string{
	None:                 "none",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	PerpetualCheck:       "perpetual-check",
	MutualPerpetualCheck: "mutual-perpetual-check",
	PerpetualChase:       "perpetual-chase",
	Repetition:           "repetition",
	NaturalLimit:         "natural-limit",
}

// String returns the kind's stable name, e.g. "perpetual-check".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText returns the kind's name.
func (k Kind) MarshalText() ([]byte, error) {
	if k >= numKinds {
		return nil, fmt.Errorf("%w: Kind(%d)", ErrUnknownKind, uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText parses a kind's name.
func (k *Kind) UnmarshalText(text []byte) error {
	v, err := ParseKind(string(text))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// ErrUnknownKind is returned (wrapped) for a name that is not a Kind.
var ErrUnknownKind = errors.New("unknown ending kind")

// ParseKind returns the Kind of a stable name.
func ParseKind(name string) (Kind, error) {
	for k, n := range kindNames {
		if n == name {
			return Kind(k), nil
		}
	}
	return None, fmt.Errorf("%w %q", ErrUnknownKind, name)
}

// Side is the side an ending names (the loser), or NoSide for a draw or no ending.
type Side uint8

// The sides. The zero value is NoSide.
const (
	NoSide Side = iota // "" in JSON
	Red                // "red"
	Black              // "black"
)

// SideOf returns the Side of a board color.
func SideOf(c board.Color) Side {
	if c == board.Red {
		return Red
	}
	return Black
}

// Color returns the board color of s, and false for NoSide.
func (s Side) Color() (board.Color, bool) {
	switch s {
	case Red:
		return board.Red, true
	case Black:
		return board.Black, true
	}
	return board.Red, false
}

// String returns "red", "black" or "".
func (s Side) String() string {
	switch s {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return ""
}

// MarshalText returns "red", "black" or "".
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText parses "red", "black" or "".
func (s *Side) UnmarshalText(text []byte) error {
	switch string(text) {
	case "red":
		*s = Red
	case "black":
		*s = Black
	case "":
		*s = NoSide
	default:
		return fmt.Errorf("%w %q", ErrUnknownSide, text)
	}
	return nil
}

// ErrUnknownSide is returned (wrapped) for a side name other than "red", "black" or "".
var ErrUnknownSide = errors.New("unknown side")

// title returns "Red" or "Black" for messages.
func title(c board.Color) string {
	if c == board.Red {
		return "Red"
	}
	return "Black"
}

// Rules selects the rule set JudgeCycle applies beyond perpetual check, which it always
// judges.
type Rules uint8

// The rule sets.
const (
	// XQBase, the zero value and the default, also judges perpetual chase by the xqbase
	// computer league's published definition ("xqbase"). See the package documentation; it
	// is a heuristic.
	XQBase Rules = iota
	// ChecksOnly judges perpetual check and mutual perpetual check; every other cycle is a
	// repetition ("none").
	ChecksOnly
	numRules
)

var rulesNames = [numRules]string{ChecksOnly: "none", XQBase: "xqbase"}

// String returns the rule set's name, as --chase-rules takes it: "none" or "xqbase".
func (r Rules) String() string {
	if r < numRules {
		return rulesNames[r]
	}
	return fmt.Sprintf("Rules(%d)", uint8(r))
}

// ErrUnknownRules is returned (wrapped) for a name that is not a rule set.
var ErrUnknownRules = errors.New("unknown chase rules")

// ParseRules returns the rule set of a name ("none" or "xqbase").
func ParseRules(name string) (Rules, error) {
	for r, n := range rulesNames {
		if n == name {
			return Rules(r), nil
		}
	}
	return ChecksOnly, fmt.Errorf("%w %q (want none or xqbase)", ErrUnknownRules, name)
}

// NaturalLimitPlies is the natural limit of a game: this many plies (60 moves each) without
// a capture.
const NaturalLimitPlies = 120

// NaturalLimitReached reports whether a halfmove clock (plies since the last capture, as
// board.Position.Halfmove counts them) has reached the natural limit.
func NaturalLimitReached(halfmoveClock int) bool { return halfmoveClock >= NaturalLimitPlies }

// Ending is the game-level "ending" field of the JSON output:
// {"kind":K,"loser":"red"|"black"|"","plies":[…]}. Plies are the plies that prove it (the
// occurrences of a repeated position, the mating ply …); nil is written as [].
type Ending struct {
	Kind  Kind  `json:"kind"`
	Loser Side  `json:"loser"`
	Plies []int `json:"plies"`
}

// MarshalJSON writes the ending with plies as a JSON array, never null.
func (e Ending) MarshalJSON() ([]byte, error) {
	if _, err := e.Kind.MarshalText(); err != nil {
		return nil, err
	}
	return e.AppendJSON(make([]byte, 0, 48+4*len(e.Plies))), nil
}

// AppendJSON appends the ending's JSON object, {"kind":K,"loser":S,"plies":[…]}, to dst: the
// one writer of it (MarshalJSON and package jsonl call it), allocating nothing beyond dst.
func (e *Ending) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"kind":"`...)
	dst = append(dst, e.Kind.String()...)
	dst = append(dst, `","loser":"`...)
	dst = append(dst, e.Loser.String()...)
	dst = append(dst, `","plies":[`...)
	for i, p := range e.Plies {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(p), 10)
	}
	return append(dst, "]}"...)
}
