package ecco

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/board"
)

//go:embed ecco.rules
var rulesText string

// maxCodes is the size of the code space A00…E99.
const maxCodes = 500

// maxBases bounds the base positions, so that a classification tracks them in fixed arrays.
const maxBases = 8

// codeSet is a set of codes, one bit per code index (A00 = 0 … E99 = 499).
type codeSet [8]uint64

func (s *codeSet) add(i int) { s[i>>6] |= 1 << (i & 63) }
func (s *codeSet) meets(o *codeSet) bool {
	for i := range s {
		if s[i]&o[i] != 0 {
			return true
		}
	}
	return false
}

// codeIndex turns "C45" into 245; it returns -1 for anything else.
func codeIndex(code string) int {
	if len(code) != 3 || code[0] < 'A' || code[0] > 'E' || code[1] < '0' || code[1] > '9' ||
		code[2] < '0' || code[2] > '9' {
		return -1
	}
	return int(code[0]-'A')*100 + int(code[1]-'0')*10 + int(code[2]-'0')
}

// codeString turns a code index back into its text.
func codeString(i int) string {
	return string([]byte{byte('A' + i/100), byte('0' + i/10%10), byte('0' + i%10)})
}

// key is one move as WXF describes it from the mover's side: piece, file of origin, direction
// and the number or file that follows. It does not record the side: a rule slot implies it.
//
//	bits 0–3  the last digit (steps, or the destination file), 1…9
//	bits 4–5  direction: 1 forward (+), 2 back (-), 3 sideways (.)
//	bits 6–9  the file of origin, 1…9, counted from the mover's right
//	bits 10–12 the role (board.Role)
//
// The zero key is no move.
type key uint16

func makeKey(r board.Role, file, dir, arg int) key {
	return key(r)<<10 | key(file)<<6 | key(dir)<<4 | key(arg)
}

var wxfRoles = map[byte]board.Role{'K': board.General, 'A': board.Advisor, 'B': board.Elephant,
	'N': board.Horse, 'R': board.Chariot, 'C': board.Cannon, 'P': board.Soldier}

// parseKey reads a WXF move such as "C2.5", "N8+7" or "R2-2".
func parseKey(s string) (key, error) {
	if len(s) != 4 {
		return 0, fmt.Errorf("move %q: want 4 characters like C2.5", s)
	}
	r, ok := wxfRoles[s[0]]
	if !ok {
		return 0, fmt.Errorf("move %q: unknown piece %q", s, s[0])
	}
	dir := strings.IndexByte("+-.", s[2]) + 1
	if dir == 0 || s[1] < '1' || s[1] > '9' || s[3] < '1' || s[3] > '9' {
		return 0, fmt.Errorf("move %q: want PIECE FILE [+-.] DIGIT", s)
	}
	return makeKey(r, int(s[1]-'0'), dir, int(s[3]-'0')), nil
}

// target is a move the rule needs, given as its alternatives.
type target []key

// step is a stretch of one side's moves: the targets, all of them in any order, with the
// filler moves allowed among them. A wild step is any one move.
type step struct {
	targets []target
	fillers []key
	wild    bool
	// The same as sets of key ids (see table.ids), for matching.
	targetSets []keySet
	fillerSet  keySet
}

// keySet is a set of key ids.
type keySet [4]uint64

func (s *keySet) add(id uint8)      { s[id>>6] |= 1 << (id & 63) }
func (s *keySet) has(id uint8) bool { return s[id>>6]&(1<<(id&63)) != 0 }

// proc is the condition on one side's moves from ply start on (start has the side's parity).
type proc struct {
	start int
	steps []step
}

// line is one alternative of a rule: a base position (or -1) and, per side, alternative procs
// (at least one must hold; none listed means the side is free).
type line struct {
	base  int
	sides [2][]proc
	ids   [2][]uint16 // sides, as indices into table.procs (filled by intern)
}

// rule is a code's definition.
type rule struct {
	code      int
	codeText  string // "C45"
	lines     []line
	not       codeSet
	opening   string
	variation string
	name      string // as printed, with "——"
	fromBase  bool   // defined from a base position: wins over the rules defined by moves
}

// basePos is a base position: the board after ply plies and the conditions from the start.
type basePos struct {
	name  string
	ply   int
	board [board.NumSquares]board.Piece
	cond  []line
}

// table is the parsed classification data.
type table struct {
	rules  []rule
	bases  []basePos
	byCode [maxCodes]int16 // index into rules, or -1
	procs  []proc          // every distinct proc, so that a classification tests each once
	// ids numbers the keys the rules mention, from 1 (at most 255); other keys are 0.
	ids   [1 << 13]uint8
	first [][]key // per rule, Red's possible first moves; nil when unconstrained
	// byFirst lists, per id of Red's first move, the rules that move may meet (those whose
	// first moves hold it, and those unconstrained), in rule order: a classification tests
	// only those. A move no rule names (id 0) may meet only the unconstrained ones.
	byFirst [256][]int16
}

// combine joins a code's lines with the group or base it is in.
func combine(t *table, groups map[string]*[]line, baseIdx map[string]int, name string, lines []line) ([]line, error) {
	if b, ok := baseIdx[name]; ok {
		ply := t.bases[b].ply
		out := make([]line, len(lines))
		for i, l := range lines {
			out[i] = line{base: b}
			for side := range 2 {
				for _, p := range l.sides[side] {
					p.start = ply
					if ply%2 != side {
						p.start++
					}
					out[i].sides[side] = append(out[i].sides[side], p)
				}
			}
		}
		return out, nil
	}
	gp, ok := groups[name]
	if !ok {
		return nil, fmt.Errorf("unknown group or base %q", name)
	}
	var out []line
	for _, g := range *gp {
		for _, l := range lines {
			var c line
			c.base = -1
			for side := range 2 {
				c.sides[side] = joinProcs(g.sides[side], l.sides[side])
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// joinProcs appends each of b's alternatives to each of a's.
func joinProcs(a, b []proc) []proc {
	switch {
	case len(a) == 0:
		return b
	case len(b) == 0:
		return a
	}
	var out []proc
	for _, x := range a {
		for _, y := range b {
			steps := append(append([]step(nil), x.steps...), y.steps...)
			out = append(out, proc{start: x.start, steps: steps})
		}
	}
	return out
}

// parseProc reads one side's SPEC.
func parseProc(s string, side int) (proc, error) {
	p := proc{start: side}
	s = strings.NewReplacer("[", " [ ", "]", " ] ", "{", " { ", "}", " } ").Replace(s)
	toks := strings.Fields(s)
	if len(toks) == 0 {
		return p, fmt.Errorf("empty move list")
	}
	var fillers []key
	for i := 0; i < len(toks); i++ {
		switch tok := toks[i]; tok {
		case "[":
			if fillers != nil {
				return p, fmt.Errorf("two filler lists in a row")
			}
			fillers = []key{}
			for i++; i < len(toks) && toks[i] != "]"; i++ {
				alts, err := parseTarget(toks[i])
				if err != nil {
					return p, err
				}
				fillers = append(fillers, alts...)
			}
			if i == len(toks) {
				return p, fmt.Errorf("unclosed [")
			}
			continue
		case "{":
			var st step
			for i++; i < len(toks) && toks[i] != "}"; i++ {
				alts, err := parseTarget(toks[i])
				if err != nil {
					return p, err
				}
				st.targets = append(st.targets, alts)
			}
			if i == len(toks) || len(st.targets) == 0 || len(st.targets) > 8 {
				return p, fmt.Errorf("bad {…} set")
			}
			st.fillers = fillers
			p.steps = append(p.steps, st)
		case "*":
			if fillers != nil {
				return p, fmt.Errorf("fillers before *")
			}
			p.steps = append(p.steps, step{wild: true})
		case "]", "}":
			return p, fmt.Errorf("unexpected %q", tok)
		default:
			alts, err := parseTarget(tok)
			if err != nil {
				return p, err
			}
			p.steps = append(p.steps, step{targets: []target{alts}, fillers: fillers})
		}
		fillers = nil
	}
	if fillers != nil {
		return p, fmt.Errorf("filler list with no move after it")
	}
	return p, nil
}

// parseTarget reads "A/B/C".
func parseTarget(s string) (target, error) {
	var t target
	for _, m := range strings.Split(s, "/") {
		k, err := parseKey(m)
		if err != nil {
			return nil, err
		}
		t = append(t, k)
	}
	return t, nil
}

// firstMoves returns the moves Red may open with under the rule, or nil when any.
func firstMoves(t *table, r *rule) []key {
	var out []key
	for _, l := range r.lines {
		lines := []line{l}
		if l.base >= 0 {
			lines = t.bases[l.base].cond
		}
		for _, l := range lines {
			ps := l.sides[0]
			if len(ps) == 0 {
				return nil
			}
			for _, p := range ps {
				if p.start != 0 || len(p.steps) == 0 {
					return nil
				}
				st := p.steps[0]
				if st.wild || len(st.fillers) > 0 || len(st.targets) != 1 {
					return nil
				}
				out = append(out, st.targets[0]...)
			}
		}
	}
	return out
}

// tagNames splits a printed name into the Opening and Variation that archives write: the
// part before and after "——", with parenthesised remarks about other cases ("(其他)",
// "(对其他)", "(红其他对)", "(不包括…)", "(包括…)") dropped, and other parentheses
// ("(进右马)") opened.
func tagNames(name string) (opening, variation string) {
	opening, variation, _ = strings.Cut(name, "——")
	return cleanName(opening), cleanName(variation)
}

func cleanName(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && strings.Count(s, "(") == 1 {
		return s[1 : len(s)-1] // A00: the whole name is the remark
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "(")
		if i < 0 {
			b.WriteString(s)
			break
		}
		j := strings.Index(s[i:], ")")
		if j < 0 {
			b.WriteString(s)
			break
		}
		inner := s[i+1 : i+j]
		b.WriteString(s[:i])
		if !strings.Contains(inner, "其他") && !strings.Contains(inner, "包括") {
			b.WriteString(inner)
		}
		s = s[i+j+1:]
	}
	return b.String()
}

// String writes the key in WXF form ("C2.5").
func (k key) String() string {
	if k == 0 {
		return "-"
	}
	return string([]byte{board.Role(k >> 10 & 7).Letter(), byte('0' + k>>6&15), "?+-."[k>>4&3], byte('0' + k&15)})
}

// maxProcs bounds the distinct procs of the data, so that their results fit a fixed array.
const maxProcs = 1024

// intern gives every distinct proc of the rules and bases one index in t.procs.
func (t *table) intern() error {
	seen := map[string]uint16{}
	do := func(l *line) error {
		for side := range 2 {
			l.ids[side] = nil
			for _, p := range l.sides[side] {
				sig := fmt.Sprint(p)
				id, ok := seen[sig]
				if !ok {
					if len(t.procs) == maxProcs {
						return fmt.Errorf("ecco.rules: more than %d distinct move conditions", maxProcs)
					}
					id = uint16(len(t.procs))
					seen[sig] = id
					t.procs = append(t.procs, p)
				}
				l.ids[side] = append(l.ids[side], id)
			}
		}
		return nil
	}
	for b := range t.bases {
		for i := range t.bases[b].cond {
			if err := do(&t.bases[b].cond[i]); err != nil {
				return err
			}
		}
	}
	for r := range t.rules {
		for i := range t.rules[r].lines {
			if err := do(&t.rules[r].lines[i]); err != nil {
				return err
			}
		}
	}
	// Number the keys and give each step its sets.
	n := 0
	id := func(k key) (uint8, error) {
		if t.ids[k] == 0 {
			if n == 255 {
				return 0, fmt.Errorf("ecco.rules: more than 255 distinct moves")
			}
			n++
			t.ids[k] = uint8(n)
		}
		return t.ids[k], nil
	}
	for pi := range t.procs {
		for si := range t.procs[pi].steps {
			st := &t.procs[pi].steps[si]
			for _, k := range st.fillers {
				i, err := id(k)
				if err != nil {
					return err
				}
				st.fillerSet.add(i)
			}
			st.targetSets = make([]keySet, len(st.targets))
			for ti, tg := range st.targets {
				for _, k := range tg {
					i, err := id(k)
					if err != nil {
						return err
					}
					st.targetSets[ti].add(i)
				}
			}
		}
	}
	return nil
}
