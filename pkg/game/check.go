package game

// Check is one judgement of a whole game, made once the builder has replayed it, as an
// analyzer of golang.org/x/tools/go/analysis is one judgement of a package: a value with a
// name, the codes it reports and a Run function. Readers replay and judge moves; checks look
// at the game as a whole (how it ends, its opening) and add diagnostics to it. A check owns
// its settings: its package's NewCheck(opts) builds one with them (endcheck.NewCheck,
// ecco.NewCheck), and registers the rules of its codes (RegisterRule), so that Rules lists the
// built-in rules plus the checks'. Package record runs a list of them on every game it reads
// (record.WithChecks).
type Check struct {
	// Name identifies the check, e.g. "ending".
	Name string
	// Doc says in one line what it judges.
	Doc string
	// Codes are the diagnostic codes it reports (each has its Rule).
	Codes []Kind
	// Run judges g with the check's settings, adding its diagnostics to g.Diagnostics and
	// filling what it computes (g.Ending, g.Opening …). It must not keep g.
	Run func(g *Game)
}

// AddDiagnostic records a diagnostic of a check on g: Path and Game are filled in, and Loc is
// the place of the move at ply (0: the start of the game) when not given. It returns d.
func (g *Game) AddDiagnostic(d *Diagnostic) *Diagnostic {
	d.Path, d.Game = g.Source, g.Index
	g.Diagnostics = append(g.Diagnostics, d)
	return d
}
