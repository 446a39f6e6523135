package main

import (
	"strings"

	"github.com/qipu/qipu/pkg/ecco"
	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/shape"
	"github.com/urfave/cli/v2"
)

// judgingFlags are the flags of the per-game checks and of selection, shared by the commands
// that take PATHs.
func judgingFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "repetition", Value: 3, Usage: "the occurrence of a position that ends a game by repetition: 3 (as Pikafish and Fairy-Stockfish judge) or 4 (as xqbase and ElephantEye)"},
		&cli.StringFlag{Name: "chase-rules", Value: "xqbase", Usage: "rule set of perpetual-chase verdicts: xqbase (the xqbase computer league's definition) or none"},
		&cli.IntFlag{Name: "ecco-plies", Value: 20, Usage: "plies of the main line the ECCO opening classification looks at: 20 (as xqbase's tools) or 15 (as another common tagger)"},
		&cli.StringFlag{Name: "ecco-rules", Value: "program", Usage: "reading of the ECCO rules: program (as the ECCO authors' program and every tagged archive classify) or pages (the letter of the printed rules)"},
		&cli.StringFlag{Name: "where", Usage: "keep only the games `EXPR` selects, e.g. 'plies >= 40 && Red ~ \"胡荣华\"' (see the README)"},
		&cli.StringSliceFlag{Name: "position", Usage: "keep only the games whose main line reaches the position `FEN` (pieces and side to move; repeatable)"},
		&cli.BoolFlag{Name: "position-mirror", Usage: "--position also matches the left–right mirror of each position"},
	}
}

// shapingFlags are convert's flags that reshape the games written.
func shapingFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "ecco", Usage: "write the [ECCO], [Opening] and [Variation] tags of each game's opening classification: add (where missing or empty) or replace"},
		&cli.BoolFlag{Name: "fix-results", Usage: "write the Result the board proves (checkmate, stalemate, perpetual check), with a result warning old → new"},
		&cli.BoolFlag{Name: "no-comments", Usage: "leave out comments"},
		&cli.BoolFlag{Name: "no-variations", Usage: "leave out variations: the main line only"},
		&cli.BoolFlag{Name: "no-nags", Usage: "leave out numeric annotation glyphs ($n)"},
		&cli.StringFlag{Name: "strip-tags", Usage: "leave out the tags `T,…` (any case; FEN is kept)"},
		&cli.StringFlag{Name: "add-tags", Usage: "add tags computed from the game: `PlyCount`"},
	}
}

// judgingConfig reads the flags of judgingFlags into cfg.
func judgingConfig(c *cli.Context, cfg *pipeline.Config) error {
	name := c.Command.Name
	cfg.Checks.Repetition = c.Int("repetition")
	rules, err := ending.ParseRules(strings.TrimSpace(c.String("chase-rules")))
	if err != nil {
		return usageErr("%s: --chase-rules %q: want xqbase or none", name, c.String("chase-rules"))
	}
	cfg.Checks.ChaseRules = rules
	if cfg.Checks.ECCOPlies = c.Int("ecco-plies"); cfg.Checks.ECCOPlies < 1 {
		return usageErr("%s: --ecco-plies %d: want a positive number of plies", name, cfg.Checks.ECCOPlies)
	}
	if _, err := ecco.ParseReading(strings.TrimSpace(c.String("ecco-rules"))); err != nil {
		return usageErr("%s: --ecco-rules %q: want program or pages", name, c.String("ecco-rules"))
	}
	cfg.Checks.ECCORules = strings.TrimSpace(c.String("ecco-rules"))
	if w := c.String("where"); w != "" {
		if cfg.Where, err = query.Parse(w); err != nil {
			return usageErr("%s: --where: %w", name, err)
		}
	}
	if fens := c.StringSlice("position"); len(fens) > 0 {
		if cfg.Positions, err = query.NewPositionMatcher(fens, c.Bool("position-mirror")); err != nil {
			return usageErr("%s: --position: %w", name, err)
		}
	} else if c.Bool("position-mirror") {
		return usageErr("%s: --position-mirror needs --position", name)
	}
	return nil
}

// shapingConfig reads the flags of shapingFlags into cfg.
func shapingConfig(c *cli.Context, cfg *pipeline.ConvertOptions) error {
	cfg.FixResults = c.Bool("fix-results")
	mode, err := pipeline.ParseECCOMode(c.String("ecco"))
	if err != nil {
		return usageErr("convert: --ecco %q: want add or replace", c.String("ecco"))
	}
	cfg.ECCOTags = mode
	cfg.Shape = shape.Options{
		NoComments:   c.Bool("no-comments"),
		NoVariations: c.Bool("no-variations"),
		NoNAGs:       c.Bool("no-nags"),
		StripTags:    splitList(c.String("strip-tags")),
		AddTags:      splitList(c.String("add-tags")),
	}
	if err := cfg.Shape.Check(); err != nil {
		return usageErr("convert: --add-tags: %w (want %s)", err, strings.Join(shape.ComputedTags(), ", "))
	}
	return nil
}

// splitList splits a comma-separated flag value, dropping blanks.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
