package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The codes of the checks that judge a whole game after its replay, and of the notes readers
// give. Like the error kinds, they are part of qipu's output contract.
const (
	// KindRepetition is the note of a position (same pieces, same side to move) that occurs
	// for the Nth time on one line of play.
	KindRepetition Kind = "repetition"
	// KindPerpetualCheck is the warning of a repeated cycle in which one side gave check with
	// every one of its moves and the other did not: that side loses.
	KindPerpetualCheck Kind = "perpetual-check"
	// KindPerpetualChase is the warning of a repeated cycle in which one side chased the same
	// unprotected piece with every one of its moves (a heuristic, under a named rule set).
	KindPerpetualChase Kind = "perpetual-chase"
	// KindNaturalLimit is the note of a main line that went 120 plies without a capture and
	// has a decisive result without mate.
	KindNaturalLimit Kind = "natural-limit"
	// KindTermination is the warning of a Termination tag that contradicts the board's verdict.
	KindTermination Kind = "termination"
	// KindECCO is the warning of an ECCO tag that differs from the code the opening rules give.
	KindECCO Kind = "ecco"
	// KindEmptyRecord is the note of a library record with no pieces and no moves (a heading
	// or an empty slot): it is no game, and the library's numbering of games stays as stored.
	KindEmptyRecord Kind = "empty-record"
)

// Rule documents one diagnostic code: its level (the usual one: a setup problem may be an
// error or a warning) and one line of documentation. Rules lists them all (the built-in
// ones and those the checks' packages register): it is the source of
// `qipu rules`, of the rules table of SARIF output and of the README's table.
type Rule struct {
	Code  Kind
	Level Level
	Doc   string
}

var (
	rulesMu sync.RWMutex
	rules   = []Rule{
		{KindSyntax, LevelError, "text or a record that cannot be read as a game, or more of something than a game may hold"},
		{KindIllegal, LevelError, "a move that fits no legal move in its position"},
		{KindAmbiguous, LevelError, "a move text that fits several legal moves"},
		{KindEncoding, LevelError, "bytes that do not decode in the file's encoding (a warning when the text is still read), or a character an output encoding lacks"},
		{KindTruncated, LevelError, "input that ends in the middle of a record"},
		{KindSetup, LevelError, "a start position that is not a legal position (a warning when it is odd but playable)"},
		{KindIO, LevelError, "a file that cannot be read"},
		{KindNotation, LevelWarning, "a non-standard move text that fits exactly one legal move (e.g. 前/后 omitted)"},
		{KindSide, LevelWarning, "the side to move taken from the first move, against the setup"},
		{KindRepaired, LevelWarning, "a broken start position or one mistyped move fixed by --repair"},
		{KindResult, LevelWarning, "a Result tag that the board contradicts (checkmate, stalemate, perpetual check)"},
		{KindEngine, LevelError, "qipu analyze: the engine failed on a position (missing, would not start, crashed twice, timed out, wrote garbage, returned an illegal move)"},
		{KindEmptyRecord, LevelNote, "a library record with no pieces and no moves (a heading or an empty slot): not a game"},
	}
)

// Rules returns every diagnostic code with its level and documentation, sorted by code.
func Rules() []Rule {
	rulesMu.RLock()
	out := slices.Clone(rules)
	rulesMu.RUnlock()
	slices.SortFunc(out, func(a, b Rule) int {
		switch {
		case a.Code < b.Code:
			return -1
		case a.Code > b.Code:
			return 1
		}
		return 0
	})
	return out
}

// ErrUnknownCode is wrapped by the error of ParseCodes for a code that Rules lacks.
var ErrUnknownCode = errors.New("unknown code")

// ParseCodes reads a comma-separated list of diagnostic codes (check's --select and
// --ignore), spaces and empty items allowed; every code must be one of Rules.
func ParseCodes(list string) ([]Kind, error) {
	var out []Kind
	for _, c := range strings.Split(list, ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if _, ok := RuleFor(Kind(c)); !ok {
			return nil, fmt.Errorf("%w %q", ErrUnknownCode, c)
		}
		out = append(out, Kind(c))
	}
	return out, nil
}

// RuleFor returns the rule of a code.
func RuleFor(code Kind) (Rule, bool) {
	rulesMu.RLock()
	defer rulesMu.RUnlock()
	for _, r := range rules {
		if r.Code == code {
			return r, true
		}
	}
	return Rule{}, false
}

// RegisterRule adds the rule of a code defined outside this package (a per-game check's). It
// panics when the code is registered already: codes are stable and unique.
func RegisterRule(r Rule) {
	rulesMu.Lock()
	defer rulesMu.Unlock()
	for _, old := range rules {
		if old.Code == r.Code {
			panic(fmt.Sprintf("game: rule %q registered twice", r.Code))
		}
	}
	rules = append(rules, r)
}
