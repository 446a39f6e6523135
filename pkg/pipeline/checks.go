package pipeline

import (
	"github.com/qipu/qipu/pkg/ecco"
	"github.com/qipu/qipu/pkg/endcheck"
	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
)

// CheckSettings are the settings of the per-game checks as the command line gives them
// (--repetition, --chase-rules, --fix-results, --ecco-plies, --ecco-rules); the run
// translates them into the checks' own options (endcheck.Options, ecco.CheckOptions).
type CheckSettings struct {
	// Repetition is the occurrence of a position that ends a game by repetition: 2 to
	// game.MaxRepetition, 0 for the default (3).
	Repetition int
	// ChaseRules is the rule set of perpetual-chase verdicts: ending.XQBase (the zero value)
	// or ending.ChecksOnly.
	ChaseRules ending.Rules
	// FixResults writes the Result the board proves in place of one that contradicts it.
	FixResults bool
	// ECCOPlies is how many plies of the main line the opening classification looks at: 0
	// for the default (20).
	ECCOPlies int
	// ECCORules is the reading of the ECCO rules: "program" (or "") or "pages".
	ECCORules string
}

// build validates the settings and returns the checks of a run, in order: how the game
// ends, then its opening (only of the games with an ECCO tag unless the command shows every
// game's classification).
func (c CheckSettings) build(cmd Command, showsOpenings bool) ([]*game.Check, error) {
	if r := c.Repetition; r < 0 || r == 1 || r > game.MaxRepetition {
		return nil, usagef("%s: --repetition %d: want 2 to %d occurrences", cmd, r, game.MaxRepetition)
	}
	if c.ECCOPlies < 0 {
		return nil, usagef("%s: --ecco-plies %d: want a positive number of plies", cmd, c.ECCOPlies)
	}
	reading, err := ecco.ParseReading(c.ECCORules)
	if err != nil {
		return nil, usagef("%s: --ecco-rules: %v", cmd, err)
	}
	return []*game.Check{
		endcheck.NewCheck(endcheck.Options{Repetition: c.Repetition, ChaseRules: c.ChaseRules, FixResults: c.FixResults}),
		ecco.NewCheck(ecco.CheckOptions{Plies: c.ECCOPlies, Reading: reading, TaggedOnly: !showsOpenings}),
	}, nil
}
