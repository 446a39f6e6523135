package ecco

import (
	"fmt"
	mathbits "math/bits"
	"sync"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// DefaultPlies is the number of plies xqbase's own tools pass to the classifier. Another
// common tagger passes 15.
const DefaultPlies = 20

// MaxPlies bounds the plies a classification looks at; a larger plies argument is treated as
// MaxPlies. No rule needs more than 20 plies.
const MaxPlies = 64

// Result is the classification of a game: the ECCO code ("C45") and the names archives write
// in their Opening and Variation tags, in simplified Chinese. Variation is "" for codes whose
// name has no variation part.
type Result struct {
	Code, Opening, Variation string
}

// Reading is how the published rules are read where the ECCO authors' own program and the
// letter of the printed pages differ.
type Reading uint8

// The readings.
const (
	// Program classifies as the ECCO authors' program does, and with it every tagged archive,
	// DhtmlXQ pages and the common viewers (the default).
	Program Reading = iota
	// Pages reads the printed rules to the letter.
	Pages
	numReadings
)

// String returns "program" or "pages".
func (r Reading) String() string {
	if r == Pages {
		return "pages"
	}
	return "program"
}

// ParseReading returns the reading named "program" or "pages" ("" is program).
func ParseReading(name string) (Reading, error) {
	switch name {
	case "", "program":
		return Program, nil
	case "pages":
		return Pages, nil
	}
	return Program, fmt.Errorf("ecco: unknown reading %q: want program or pages", name)
}

var (
	loadOnce [numReadings]sync.Once
	data     [numReadings]*table
)

// rules returns the parsed data of a reading; the data is embedded, so an error is a bug
// that the tests catch.
func rules(r Reading) *table {
	if r >= numReadings {
		r = Program
	}
	loadOnce[r].Do(func() {
		t, err := parseRules(rulesText, r)
		if err != nil {
			panic(fmt.Sprintf("ecco: embedded rules (%s): %v", r, err))
		}
		data[r] = t
	})
	return data[r]
}

// Classify classifies the first plies plies of g's main line (DefaultPlies as xqbase does)
// as the ECCO authors' program does (Program). It returns false for a game that starts from a
// set-up position, and for a game with no moves. It allocates nothing.
func Classify(g *game.Game, plies int) (Result, bool) { return ClassifyIn(g, plies, Program) }

// ClassifyIn is Classify under reading r.
func ClassifyIn(g *game.Game, plies int, r Reading) (Result, bool) {
	if g == nil || !g.IsStandardStart() || len(g.Root.Children) == 0 {
		return Result{}, false
	}
	if plies > MaxPlies {
		plies = MaxPlies
	}
	var moves [MaxPlies]board.Move
	n := 0
	for node := &g.Root; n < plies && len(node.Children) > 0; n++ {
		node = node.Children[0]
		moves[n] = node.Move
	}
	return ClassifyMovesIn(moves[:n], plies, r)
}

// ClassifyMoves classifies the first plies of moves played from the standard start position.
// The moves are taken as legal (as a replayed game's are); a move that does not take a piece
// of the side to move, off the board or onto its own piece, ends the game there. It returns false when
// there is no move (or plies < 1). It allocates nothing. It reads the rules as the ECCO
// authors' program does (Program).
func ClassifyMoves(moves []board.Move, plies int) (Result, bool) {
	return ClassifyMovesIn(moves, plies, Program)
}

// ClassifyMovesIn is ClassifyMoves under reading r.
func ClassifyMovesIn(moves []board.Move, plies int, reading Reading) (Result, bool) {
	if plies > MaxPlies {
		plies = MaxPlies
	}
	if plies > len(moves) {
		plies = len(moves)
	}
	if plies < 1 {
		return Result{}, false
	}
	t := rules(reading)
	var g played
	g.replay(t, moves[:plies])
	if g.n == 0 {
		return Result{}, false
	}
	r := t.classify(&g)
	return Result{Code: r.codeText, Opening: r.opening, Variation: r.variation}, true
}

// Name returns the Opening and Variation names of a defined code, as Classify reports them.
func Name(code string) (opening, variation string, ok bool) {
	c := codeIndex(code)
	if c < 0 {
		return "", "", false
	}
	t := rules(Program)
	i := t.byCode[c]
	if i < 0 {
		return "", "", false
	}
	return t.rules[i].opening, t.rules[i].variation, true
}

// PrintedName returns a defined code's full name as the ECCO tables print it, e.g.
// "中炮过河车互进七兵对屏风马平炮兑车——红左边炮对黑退边炮上右士(其他)" for C45.
func PrintedName(code string) (string, bool) {
	c := codeIndex(code)
	if c < 0 {
		return "", false
	}
	t := rules(Program)
	if i := t.byCode[c]; i >= 0 {
		return t.rules[i].name, true
	}
	return "", false
}

// Codes returns every defined code (the 260 of ECCO 2004) in order, A00 first.
func Codes() []string {
	t := rules(Program)
	out := make([]string, 0, len(t.rules))
	for c := range maxCodes {
		if t.byCode[c] >= 0 {
			out = append(out, codeString(c))
		}
	}
	return out
}

// played is a game prepared for matching: the WXF key of each ply and which base positions
// it reaches.
type played struct {
	keys   [MaxPlies]key
	ids    [MaxPlies]uint8 // the keys' ids in the table (0 for a move no rule names)
	n      int
	atBase [maxBases]bool // per base: the board after its ply equals the base board
	// tested and held cache the procs' results, a bit per proc (a quarter of the memory a
	// byte each would take: every classification clears them).
	tested, held procSet
	// baseMemo caches the bases' results the same way.
	baseMemo [maxBases]uint8
}

// replay computes the keys of moves on a mailbox from the start, mirrored left-right when
// Red's first move starts on Red's left half (files 6–9), and compares the board with the
// base positions at their plies.
func (g *played) replay(t *table, moves []board.Move) {
	sq := board.StartSetup().Board
	mirror := len(moves) > 0 && moves[0].From().Valid() && moves[0].From().Col() < 4
	for i, m := range moves {
		g.checkBases(t, &sq, i)
		from, to := m.From(), m.To()
		if !from.Valid() || !to.Valid() || from == to {
			return
		}
		if mirror {
			from = mirrorSquare(from)
			to = mirrorSquare(to)
		}
		pc := sq[from]
		side := board.Color(i & 1)
		if pc == board.NoPiece || pc.Color() != side ||
			(sq[to] != board.NoPiece && sq[to].Color() == side) {
			return
		}
		g.keys[i] = moveKey(pc, from, to)
		g.ids[i] = t.ids[g.keys[i]]
		g.n = i + 1
		sq[to], sq[from] = pc, board.NoPiece
	}
	g.checkBases(t, &sq, len(moves))
}

func (g *played) checkBases(t *table, sq *[board.NumSquares]board.Piece, ply int) {
	for b := range t.bases {
		if t.bases[b].ply == ply && t.bases[b].board == *sq {
			g.atBase[b] = true
		}
	}
}

func mirrorSquare(s board.Square) board.Square {
	return board.NewSquare(s.Row(), 8-s.Col())
}

// moveKey describes a move the WXF way, from the mover's side: files count from the mover's
// right (Red's 一 is column i, Black's １ is column a), and forward is towards the other side.
func moveKey(pc board.Piece, from, to board.Square) key {
	ff, tf := from.Col()+1, to.Col()+1
	fwd := to.Row() - from.Row() // Black moves forward down the board
	if pc.Color() == board.Red {
		ff, tf = 9-from.Col(), 9-to.Col()
		fwd = -fwd
	}
	r := pc.Role()
	switch {
	case fwd == 0:
		return makeKey(r, ff, 3, tf)
	case r == board.Horse || r == board.Elephant || r == board.Advisor:
		if fwd > 0 {
			return makeKey(r, ff, 1, tf)
		}
		return makeKey(r, ff, 2, tf)
	case fwd > 0:
		return makeKey(r, ff, 1, fwd)
	default:
		return makeKey(r, ff, 2, -fwd)
	}
}

// classify returns the rule that applies: among the rules that hold and that no other
// holding rule excludes, the last one (in code order) of those defined from a base position
// if any, else the last one. The first rule, A00, holds for every game.
func (t *table) classify(g *played) *rule {
	var held codeSet  // the codes of the rules that hold
	var rules codeSet // the same rules by index (codes are unique: at most maxCodes rules)
	for _, i := range t.byFirst[g.ids[0]] {
		if t.holds(&t.rules[i], g) {
			held.add(t.rules[i].code)
			rules.add(int(i))
		}
	}
	// The holding rules from the last, but the first (A00).
	var found *rule
	for w := len(rules) - 1; w >= 0; w-- {
		for bits := rules[w]; bits != 0; {
			b := 63 - mathbits.LeadingZeros64(bits)
			bits &^= 1 << b
			i := w*64 + b
			if i == 0 {
				continue
			}
			r := &t.rules[i]
			if !r.not.meets(&held) {
				if r.fromBase {
					return r
				}
				if found == nil {
					found = r
				}
			}
		}
	}
	if found == nil {
		found = &t.rules[0]
	}
	return found
}

func (t *table) holds(r *rule, g *played) bool {
	for i := range r.lines {
		if t.lineHolds(&r.lines[i], g) {
			return true
		}
	}
	return false
}

func (t *table) lineHolds(l *line, g *played) bool {
	if l.base >= 0 && !t.baseHolds(l.base, g) {
		return false
	}
	for side := range 2 {
		ids := l.ids[side]
		if len(ids) == 0 {
			continue
		}
		ok := false
		for _, id := range ids {
			if t.procHolds(id, g) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// baseHolds reports whether the game reaches base b with its conditions from the start.
func (t *table) baseHolds(b int, g *played) bool {
	if m := g.baseMemo[b]; m != 0 {
		return m == 2
	}
	ok := false
	if g.atBase[b] {
		for i := range t.bases[b].cond {
			if t.lineHolds(&t.bases[b].cond[i], g) {
				ok = true
				break
			}
		}
	}
	g.baseMemo[b] = 1
	if ok {
		g.baseMemo[b] = 2
	}
	return ok
}

// procSet is a set of proc indices.
type procSet [maxProcs / 64]uint64

func (t *table) procHolds(id uint16, g *played) bool {
	w, bit := id>>6, uint64(1)<<(id&63)
	if g.tested[w]&bit != 0 {
		return g.held[w]&bit != 0
	}
	g.tested[w] |= bit
	if t.procs[id].holds(g) {
		g.held[w] |= bit
		return true
	}
	return false
}

// holds runs the side's moves through the steps: each step's targets must all be played (in
// any order), with only its fillers between them; the moves after the last step are free.
func (p *proc) holds(g *played) bool {
	ply := p.start
	for si := range p.steps {
		st := &p.steps[si]
		if st.wild {
			if ply >= g.n {
				return false
			}
			ply += 2
			continue
		}
		left := uint8(1)<<len(st.targetSets) - 1
		for left != 0 {
			if ply >= g.n {
				return false
			}
			id := g.ids[ply]
			ply += 2
			if id == 0 { // a move no rule names
				return false
			}
			hit := false
			for ti := range st.targetSets {
				if left&(1<<ti) != 0 && st.targetSets[ti].has(id) {
					left &^= 1 << ti
					hit = true
					break
				}
			}
			if !hit && !st.fillerSet.has(id) {
				return false
			}
		}
	}
	return true
}

func has(ks []key, k key) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}
