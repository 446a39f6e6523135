package game

import "github.com/qipu/qipu/pkg/ending"

// Check is one judgement of a whole game, made once the builder has replayed it, as an
// analyzer of golang.org/x/tools/go/analysis is one judgement of a package: a value with a
// name, the codes it reports and a Run function. Readers replay and judge moves; checks look
// at the game as a whole (how it ends, its opening) and add diagnostics to it. Package record
// runs a list of them on every game it reads (record.WithChecks).
type Check struct {
	// Name identifies the check, e.g. "ending".
	Name string
	// Doc says in one line what it judges.
	Doc string
	// Codes are the diagnostic codes it reports (each has its Rule).
	Codes []Kind
	// Run judges g, adding its diagnostics to g.Diagnostics and filling what it computes
	// (g.Ending, g.Opening …). It must not keep g.
	Run func(g *Game, cfg *CheckConfig)
}

// CheckConfig holds the settings of the checks.
type CheckConfig struct {
	// Repetition is the occurrence of a position that ends a game by repetition: 3 (the
	// default, as Pikafish and Fairy-Stockfish judge) or 4 (as xqbase and ElephantEye do).
	Repetition int
	// ChaseRules is the rule set of perpetual-chase verdicts: ending.XQBase (the zero value)
	// or ending.ChecksOnly, which judges no chase.
	ChaseRules ending.Rules
	// FixResults writes the Result the board proves (checkmate, stalemate, perpetual
	// check) in place of one that contradicts it, with a result warning "old → new: why".
	FixResults bool
	// ECCOPlies is how many plies of the main line the opening classification looks at: 20
	// (the default, as xqbase's tools), or 15 as another common tagger does.
	ECCOPlies int
	// ECCORules is the reading of the ECCO rules: "program" (the zero value "" too: as the
	// ECCO authors' program and every tagged archive classify) or "pages" (the letter of the
	// printed rules). See package ecco.
	ECCORules string
	// OpeningsOfTaggedOnly classifies only the openings of the games that carry an ECCO tag,
	// to check it: for a run whose output does not show the classification (check without a
	// report, say). The zero value classifies every game.
	OpeningsOfTaggedOnly bool
}

// DefaultCheckConfig returns the settings qipu uses unless told otherwise.
func DefaultCheckConfig() CheckConfig {
	return CheckConfig{Repetition: 3, ChaseRules: ending.XQBase, ECCOPlies: 20}
}

// WithDefaults returns c with its zero settings replaced by DefaultCheckConfig's.
func (c CheckConfig) WithDefaults() CheckConfig {
	d := DefaultCheckConfig()
	if c.Repetition == 0 {
		c.Repetition = d.Repetition
	}
	if c.ECCOPlies == 0 {
		c.ECCOPlies = d.ECCOPlies
	}
	return c
}

// AddDiagnostic records a diagnostic of a check on g: Path and Game are filled in, and Loc is
// the place of the move at ply (0: the start of the game) when not given. It returns d.
func (g *Game) AddDiagnostic(d *Diagnostic) *Diagnostic {
	d.Path, d.Game = g.Source, g.Index
	g.Diagnostics = append(g.Diagnostics, d)
	return d
}
