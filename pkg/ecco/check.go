package ecco

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// CheckOptions are the settings of the opening check.
type CheckOptions struct {
	// Plies is how many plies of the main line the classification looks at: DefaultPlies
	// (20, as xqbase's tools; the zero value too), or 15 as another common tagger does.
	Plies int
	// Reading is the reading of the rules: Program (the zero value: as the ECCO authors'
	// program and every tagged archive classify) or Pages (the letter of the printed rules).
	Reading Reading
	// TaggedOnly classifies only the openings of the games that carry an ECCO tag, to check
	// it: for a run whose output does not show the classification (check without a report,
	// say). The zero value classifies every game.
	TaggedOnly bool
}

// CheckRule is the rule of the code the opening check reports (game.KindECCO), registered
// with package game (game.Rules) when this package is loaded.
var CheckRule = game.Rule{Code: game.KindECCO, Level: game.LevelWarning,
	Doc: "an ECCO tag that differs from the code the opening rules give (--ecco-plies)"}

func init() { game.RegisterRule(CheckRule) }

// NewCheck returns the opening check with opts. It classifies the opening of every game
// from the standard start (game.Game.Opening) at opts.Plies plies under opts.Reading, and
// warns (game.KindECCO) when a non-empty ECCO tag differs from the code the rules give; a tag
// C85 where the code is C86, or the reverse, is a note (the 15-ply tagger's label swap), not
// a warning.
func NewCheck(opts CheckOptions) *game.Check {
	if opts.Plies <= 0 {
		opts.Plies = DefaultPlies
	}
	return &game.Check{
		Name:  "ecco",
		Doc:   "the ECCO classification of the opening, and ECCO tags that differ from it",
		Codes: []game.Kind{game.KindECCO},
		Run:   func(g *game.Game) { check(g, &opts) },
	}
}

func check(g *game.Game, opts *CheckOptions) {
	plies := opts.Plies
	if plies <= 0 {
		plies = DefaultPlies
	}
	tag, _ := g.Tag("ECCO")
	tag = strings.TrimSpace(tag)
	if tag == "" && opts.TaggedOnly {
		return // nothing to check, and nothing shows the classification
	}
	r, ok := ClassifyIn(g, plies, opts.Reading)
	if !ok {
		return
	}
	g.Opening = game.Opening{Code: r.Code, Name: r.Opening, Variation: r.Variation}
	if tag != "" && !strings.EqualFold(tag, r.Code) {
		if swappedLabel(tag, r.Code) {
			g.AddDiagnostic(&game.Diagnostic{Kind: game.KindECCO, Level: game.LevelNote, Loc: game.NoLoc,
				Message: fmt.Sprintf("ECCO tag %q where the opening rules give %s (%s) at %d plies: the 15-ply tagger writes C85 and C86 swapped", tag, r.Code, name(r), plies)})
			return
		}
		g.AddDiagnostic(&game.Diagnostic{Kind: game.KindECCO, Level: game.LevelWarning, Loc: game.NoLoc,
			Message: fmt.Sprintf("ECCO tag %q but the opening rules give %s (%s) at %d plies", tag, r.Code, name(r), plies)})
	}
}

// swappedLabel reports whether tag and code are C85 and C86 in either order: the common
// 15-ply tagger writes C85 for the line the tables call C86 and the reverse, so such a tag
// is the tagger's label, not a wrong classification.
func swappedLabel(tag, code string) bool {
	t := strings.ToUpper(tag)
	return t == "C85" && code == "C86" || t == "C86" && code == "C85"
}

// name joins the opening and variation names.
func name(r Result) string {
	if r.Variation == "" {
		return r.Opening
	}
	return r.Opening + "——" + r.Variation
}

// Tags sets the [ECCO], [Opening] and [Variation] tags of g from its classification
// (g.Opening): where they are missing or empty, or every one of them with replace. A game
// without a classification is left alone. It reports whether a tag changed.
func Tags(g *game.Game, replace bool) bool {
	o := g.Opening
	if o.Code == "" {
		return false
	}
	changed := false
	for _, t := range [...]struct{ name, value string }{{"ECCO", o.Code}, {"Opening", o.Name}, {"Variation", o.Variation}} {
		if old, ok := g.Tag(t.name); replace && old != t.value || !ok || strings.TrimSpace(old) == "" {
			if t.value == "" && !ok {
				continue
			}
			g.SetTag(t.name, t.value)
			changed = true
		}
	}
	return changed
}
