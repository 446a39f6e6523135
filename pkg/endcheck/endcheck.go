// Package endcheck is the per-game check of how a game ends (game.Check): repetition,
// perpetual check and chase, the natural limit, and the Termination and Result tags the
// board contradicts. It judges from the facts the builder collects as it replays (the
// repeats, game.Game.Repeats, and the natural limit, game.Game.NaturalLimit) with the pure judge of
// package ending; package record runs it on every game unless told otherwise.
package endcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
)

// Options are the settings of the ending check.
type Options struct {
	// Repetition is the occurrence of a position that ends a game by repetition: 3 (the
	// default, as Pikafish and Fairy-Stockfish judge; the zero value too) or 4 (as xqbase
	// and ElephantEye do), at most game.MaxRepetition.
	Repetition int
	// ChaseRules is the rule set of perpetual-chase verdicts: ending.XQBase (the zero value)
	// or ending.ChecksOnly, which judges no chase.
	ChaseRules ending.Rules
	// FixResults writes the Result the board proves (checkmate, stalemate, perpetual
	// check) in place of one that contradicts it, with a result warning "old → new: why".
	FixResults bool
}

// DefaultRepetition is the occurrence that makes a repetition unless Options say otherwise.
const DefaultRepetition = 3

// Rules are the rules of the codes only the ending check reports (it reports
// game.KindResult too, a built-in rule the builder shares); they are registered with package
// game (game.Rules) when this package is loaded.
var Rules = []game.Rule{
	{Code: game.KindRepetition, Level: game.LevelNote, Doc: "a position (same pieces, same side to move) occurs for the Nth time on a line of play (--repetition)"},
	{Code: game.KindPerpetualCheck, Level: game.LevelWarning, Doc: "in the cycle between the last two occurrences, one side checked with every move and the other did not: it loses"},
	{Code: game.KindPerpetualChase, Level: game.LevelWarning, Doc: "one side chased the same unprotected piece with every move of the cycle: it loses (heuristic, --chase-rules)"},
	{Code: game.KindNaturalLimit, Level: game.LevelNote, Doc: "120 plies without a capture on the main line, and a decisive Result without mate"},
	{Code: game.KindTermination, Level: game.LevelWarning, Doc: "a Termination tag that names an ending the board does not show"},
}

func init() {
	for _, r := range Rules {
		game.RegisterRule(r)
	}
}

// NewCheck returns the ending check with opts. It judges how the game's lines end in
// repeated cycles and at the natural limit, from the repeats the builder found as it
// replayed (game.Game.Repeats): the Nth occurrence of a position (Options.Repetition) on the main
// line or on a variation's own path is a repetition note, and the cycle between its last two
// occurrences is judged (package ending). When the line ends in that cycle (within one more
// turn of it), the verdict stands: a side that checked with every one of its moves loses (a
// perpetual-check warning, and a result warning when the Result says a draw or the
// checker's win), a mutual perpetual check is a draw, a perpetual chase by the named rule set
// is a warning. When play went on, a player changed course as the rules ask, and the note
// says so. The main line's verdict is the game's Ending unless it ends in checkmate or
// stalemate. A main line that goes 120 plies without a capture ends at the natural limit (a
// note when the Result is decisive without mate). A Termination tag that names an ending
// the board contradicts is a warning. With Options.FixResults, a Result the board disproves
// is rewritten.
func NewCheck(opts Options) *game.Check {
	if opts.Repetition < 2 {
		opts.Repetition = DefaultRepetition
	}
	return &game.Check{
		Name:  "ending",
		Doc:   "how the game ends: repetition, perpetual check and chase, the natural limit, Termination and Result tags the board contradicts",
		Codes: []game.Kind{game.KindRepetition, game.KindPerpetualCheck, game.KindPerpetualChase, game.KindNaturalLimit, game.KindTermination, game.KindResult},
		Run:   func(g *game.Game) { judgeEnding(g, &opts) },
	}
}

func judgeEnding(g *game.Game, cfg *Options) {
	n := cfg.Repetition
	mated := g.Ending.Kind == ending.Checkmate || g.Ending.Kind == ending.Stalemate
	var mainVerdict *ending.Verdict
	var seen []*game.Node // the branch points of the paths that have had their repetition judged
	repeats := g.Repeats()
	for i := range repeats {
		r := &repeats[i]
		if r.Count < n {
			continue
		}
		branch, main := branchOf(r.Node)
		if containsNode(seen, branch) {
			continue // one verdict per line of play: its first Nth occurrence
		}
		seen = append(seen, branch)
		occ := r.Occurrences[len(r.Occurrences)-n:]
		cycle := r.Ply - occ[n-2]
		// The line ends in the cycle: within one more turn of it after the Nth occurrence.
		// A line that goes on was changed by a player, as the rules ask: no side loses, and
		// the note only says who checked (a chase, costly to judge, decides nothing there).
		final := lineEnd(r.Node, r.Ply)-r.Ply < cycle
		rules, goesOn := cfg.ChaseRules, ""
		if !final {
			rules, goesOn = ending.ChecksOnly, "; play goes on"
		}
		pos := r.Position(g)
		var moves [64]board.Move // a cycle is short: no allocation
		v := ending.JudgeCycle(&pos, cycleMoves(moves[:0], r.Node, cycle), rules)
		where := ""
		if !main {
			where = " (in a variation)"
		}
		g.AddDiagnostic(&game.Diagnostic{Kind: game.KindRepetition, Level: game.LevelNote, Loc: r.Node.Loc, Ply: r.Ply,
			Message: repetitionMessage(n, where, occ, v.Reason(), goesOn)})
		if !final {
			continue
		}
		switch v.Kind {
		case ending.PerpetualCheck:
			g.AddDiagnostic(&game.Diagnostic{Kind: game.KindPerpetualCheck, Level: game.LevelWarning, Loc: r.Node.Loc, Ply: r.Ply,
				Message: fmt.Sprintf("%s (plies %d–%d) and %s does not: %s loses%s (every rule set)",
					v.Reason(), occ[n-2]+1, r.Ply, otherTitle(v.Loser), sideTitle(v.Loser), where)})
		case ending.PerpetualChase:
			g.AddDiagnostic(&game.Diagnostic{Kind: game.KindPerpetualChase, Level: game.LevelWarning, Loc: r.Node.Loc, Ply: r.Ply,
				Message: fmt.Sprintf("%s (plies %d–%d): %s loses%s (heuristic, %s rules)",
					v.Reason(), occ[n-2]+1, r.Ply, sideTitle(v.Loser), where, cfg.ChaseRules)})
		}
		if main && mainVerdict == nil {
			mainVerdict = &v
			if !mated {
				g.Ending = ending.Ending{Kind: v.Kind, Loser: v.Loser, Plies: append([]int(nil), occ...)}
			}
		}
	}
	if !mated && mainVerdict == nil && g.NaturalLimit() > 0 {
		g.Ending = ending.Ending{Kind: ending.NaturalLimit, Plies: []int{g.NaturalLimit()}}
		if g.Result == "1-0" || g.Result == "0-1" {
			g.AddDiagnostic(&game.Diagnostic{Kind: game.KindNaturalLimit, Level: game.LevelNote, Loc: game.NoLoc, Ply: g.NaturalLimit(),
				Message: fmt.Sprintf("%d plies without a capture at ply %d, and Result %q without mate: the natural limit makes it a draw",
					ending.NaturalLimitPlies, g.NaturalLimit(), g.Result)})
		}
	}
	if mainVerdict != nil && mainVerdict.Kind == ending.PerpetualCheck && !mated {
		judgeResult(g, cfg, mainVerdict.Result(), fmt.Sprintf("%s at plies %s", mainVerdict.Reason(), joinInts(g.Ending.Plies)))
	}
	if mated && cfg.FixResults {
		fixMateResult(g)
	}
	checkTermination(g)
}

// judgeResult warns when the Result contradicts the result the board proves, want: a draw,
// or the other side's win. With FixResults the Result is rewritten instead (an unfinished "*"
// too), with a result warning "old → new: why".
func judgeResult(g *game.Game, cfg *Options, want, why string) {
	r := g.Result
	if r == want {
		return
	}
	contradicted := r == "1/2-1/2" || r == "1-0" || r == "0-1"
	switch {
	case cfg.FixResults && (contradicted || r == "*"):
		setResult(g, want)
		g.AddDiagnostic(&game.Diagnostic{Kind: game.KindResult, Level: game.LevelWarning, Loc: game.NoLoc,
			Message: fmt.Sprintf("%s → %s: %s", r, want, why)})
	case contradicted:
		g.AddDiagnostic(&game.Diagnostic{Kind: game.KindResult, Level: game.LevelWarning, Loc: game.NoLoc,
			Message: fmt.Sprintf("Result %q but %s: the board says %s", r, why, want)})
	}
}

// fixMateResult rewrites a Result that a final checkmate or stalemate contradicts, turning
// the builder's result warning into "old → new: why".
func fixMateResult(g *game.Game) {
	want := "1-0"
	if g.Ending.Loser == ending.Red {
		want = "0-1"
	}
	if g.Result == want {
		return
	}
	old := g.Result
	setResult(g, want)
	how := "checkmated"
	if g.Ending.Kind == ending.Stalemate {
		how = "stalemated"
	}
	msg := fmt.Sprintf("%s → %s: %s is %s after ply %d", old, want, sideTitle(g.Ending.Loser), how, g.Ending.Plies[0])
	for _, d := range g.Diagnostics {
		if d.Kind == game.KindResult {
			d.Message = msg
			return
		}
	}
	g.AddDiagnostic(&game.Diagnostic{Kind: game.KindResult, Level: game.LevelWarning, Loc: game.NoLoc, Message: msg})
}

// setResult sets the game's result and its Result tag.
func setResult(g *game.Game, r string) {
	g.Result = r
	g.SetTag("Result", r)
}

// terminationWords are the words of Termination tags that name an ending the board decides,
// with the ending kinds that agree with them.
var terminationWords = []struct {
	words []string
	kinds []ending.Kind
}{
	{[]string{"perpetual check", "长将", "長將"}, []ending.Kind{ending.PerpetualCheck}},
	{[]string{"perpetual chase", "长捉", "長捉"}, []ending.Kind{ending.PerpetualChase}},
	{[]string{"stalemate", "困毙", "困斃"}, []ending.Kind{ending.Stalemate}},
	{[]string{"checkmate", "mate", "绝杀", "將死", "将死", "絕殺"}, []ending.Kind{ending.Checkmate}},
	{[]string{"repetition", "重复", "重複"}, []ending.Kind{ending.Repetition, ending.MutualPerpetualCheck, ending.PerpetualCheck, ending.PerpetualChase}},
}

// checkTermination warns when a Termination tag names an ending (checkmate, stalemate,
// perpetual check or chase, repetition) that the board does not show, on a main line that
// replays to its end.
func checkTermination(g *game.Game) {
	t, ok := g.Tag("Termination")
	if !ok || t == "" || !g.Valid() {
		return
	}
	lower := strings.ToLower(t)
	for _, tw := range terminationWords {
		for _, w := range tw.words {
			if !strings.Contains(lower, w) {
				continue
			}
			for _, k := range tw.kinds {
				if g.Ending.Kind == k {
					return
				}
			}
			g.AddDiagnostic(&game.Diagnostic{Kind: game.KindTermination, Level: game.LevelWarning, Loc: game.NoLoc,
				Message: fmt.Sprintf("Termination %q but the board shows %s", t, endingText(&g.Ending))})
			return
		}
	}
}

// endingText says an ending in words for messages.
func endingText(e *ending.Ending) string {
	switch e.Kind {
	case ending.None:
		return "no such ending"
	case ending.Checkmate, ending.Stalemate:
		return fmt.Sprintf("%s %s", sideTitle(e.Loser), map[ending.Kind]string{ending.Checkmate: "checkmated", ending.Stalemate: "stalemated"}[e.Kind])
	}
	return e.Kind.String()
}

// branchOf returns the node where n's line of play leaves the main line or its parent line
// (the first node, going up, that is not its parent's first child; nil for the main line),
// and whether n is on the main line.
func branchOf(n *game.Node) (*game.Node, bool) {
	for ; n.Parent != nil; n = n.Parent {
		if n.Parent.Children[0] != n {
			return n, false
		}
	}
	return nil, true
}

func containsNode(ns []*game.Node, n *game.Node) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// cycleMoves returns the k moves that lead to n, first move first.
func cycleMoves(buf []board.Move, n *game.Node, k int) []board.Move {
	out := buf[:0]
	if cap(out) < k {
		out = make([]board.Move, k)
	}
	out = out[:k]
	for i := k - 1; i >= 0 && n != nil; i-- {
		out[i] = n.Move
		n = n.Parent
	}
	return out
}

// lineEnd returns the ply at which the line of n (at ply) ends: n's first children down.
func lineEnd(n *game.Node, ply int) int {
	for ; len(n.Children) > 0; n = n.Children[0] {
		ply++
	}
	return ply
}

// otherTitle returns the name of the side other than s.
func otherTitle(s ending.Side) string {
	if c, ok := s.Color(); ok {
		return side(c.Other())
	}
	return "neither side"
}

// sideTitle returns "Red" or "Black" for a side.
func sideTitle(s ending.Side) string {
	if c, ok := s.Color(); ok {
		return side(c)
	}
	return "neither side"
}

// ordinalSuffix returns the English suffix of the ordinal of n: "st", "nd", "rd" or "th".
func ordinalSuffix(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// joinInts writes 0, 4 and 8 as "0, 4, 8".
// repetitionMessage is the note of a repetition: "the position occurs for the 3rd time
// (plies 4, 8, 12): reason", built in one buffer (the note's one string).
func repetitionMessage(n int, where string, occ []int, reason, goesOn string) string {
	var buf [160]byte
	b := append(buf[:0], "the position occurs for the "...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ordinalSuffix(n)...)
	b = append(b, " time"...)
	b = append(b, where...)
	b = append(b, " (plies "...)
	for i, p := range occ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(p), 10)
	}
	b = append(b, "): "...)
	b = append(b, reason...)
	b = append(b, goesOn...)
	return string(b)
}

func joinInts(ns []int) string {
	var b strings.Builder
	for i, n := range ns {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// side returns "Red" or "Black".
func side(c board.Color) string {
	if c == board.Red {
		return "Red"
	}
	return "Black"
}
