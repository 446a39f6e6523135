package ecco

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
)

// parseRules parses the data file under a reading: a condition line marked "@program" or
// "@pages" belongs to that reading only (see ecco.rules).
func parseRules(text string, reading Reading) (*table, error) {
	p := &ruleParser{t: &table{}, groups: map[string]*[]line{}, baseIdx: map[string]int{}, pending: line{base: -1}}
	for i := range p.t.byCode {
		p.t.byCode[i] = -1
	}
	for n, raw := range strings.Split(text, "\n") {
		if err := p.line(raw, reading); err != nil {
			return nil, fmt.Errorf("ecco.rules:%d: %w", n+1, err)
		}
	}
	if err := p.finishRule(); err != nil {
		return nil, err
	}
	p.flush()
	return p.t.index()
}

// ruleParser is the state of parseRules: the table built, the named groups and bases, the
// block being read and the line of conditions being built.
type ruleParser struct {
	t        *table
	groups   map[string]*[]line
	baseIdx  map[string]int
	cur      *[]line // lines of the block being read
	curRule  *rule
	inName   string
	pending  line // the line being built
	lineOpen bool
}

// flush ends the line of conditions being built.
func (p *ruleParser) flush() {
	if p.lineOpen {
		*p.cur = append(*p.cur, p.pending)
	}
	p.pending = line{base: -1}
	p.lineOpen = false
}

// finishRule adds the rule being read, if any, to the table.
func (p *ruleParser) finishRule() error {
	r := p.curRule
	if r == nil {
		return nil
	}
	if !p.lineOpen && len(r.lines) == 0 {
		p.lineOpen = true // no condition: the rule always holds
	}
	p.flush()
	lines := r.lines
	if p.inName != "" {
		combined, err := combine(p.t, p.groups, p.baseIdx, p.inName, lines)
		if err != nil {
			return fmt.Errorf("%s: %w", codeString(r.code), err)
		}
		lines = combined
	}
	r.lines = lines
	for _, l := range lines {
		r.fromBase = r.fromBase || l.base >= 0
	}
	p.t.byCode[r.code] = int16(len(p.t.rules))
	p.t.rules = append(p.t.rules, *r)
	p.curRule, p.inName = nil, ""
	return nil
}

// line reads one line of the rules: a block's first line (group, base, code) or, indented, one
// of its conditions; a line marked for another reading is skipped.
func (p *ruleParser) line(raw string, reading Reading) error {
	s := raw
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if mark, rest, ok := strings.Cut(s, " "); ok && strings.HasPrefix(mark, "@") {
		r, err := ParseReading(mark[1:])
		if err != nil || raw[0] != ' ' {
			return fmt.Errorf("bad reading mark %q", mark)
		}
		if r != reading {
			return nil
		}
		s = strings.TrimSpace(rest)
	}
	if raw[0] != ' ' {
		if err := p.finishRule(); err != nil {
			return err
		}
		p.flush()
		return p.block(s)
	}
	if p.cur == nil {
		return fmt.Errorf("condition outside a block")
	}
	word, rest, _ := strings.Cut(s, ":")
	return p.condition(s, word, strings.TrimSpace(rest))
}

// block starts a block: "group NAME", "base NAME PLY FEN" or "code CODE NAME".
func (p *ruleParser) block(s string) error {
	t := p.t
	f := strings.Fields(s)
	switch {
	case f[0] == "group" && len(f) == 2:
		if _, dup := p.groups[f[1]]; dup {
			return fmt.Errorf("group %s defined twice", f[1])
		}
		p.cur = new([]line)
		p.groups[f[1]] = p.cur
	case f[0] == "base" && len(f) == 4:
		ply, err := strconv.Atoi(f[2])
		if err != nil || ply <= 0 || ply > 40 {
			return fmt.Errorf("base %s: bad ply %q", f[1], f[2])
		}
		setup, err := board.ParseFEN(f[3] + " " + "wb"[ply%2:ply%2+1])
		if err != nil {
			return err
		}
		if len(t.bases) == maxBases {
			return fmt.Errorf("more than %d base positions", maxBases)
		}
		if _, dup := p.baseIdx[f[1]]; dup {
			return fmt.Errorf("base %s defined twice", f[1])
		}
		p.baseIdx[f[1]] = len(t.bases)
		t.bases = append(t.bases, basePos{name: f[1], ply: ply, board: setup.Board})
		p.cur = &t.bases[len(t.bases)-1].cond
	case f[0] == "code" && len(f) >= 3:
		c := codeIndex(f[1])
		if c < 0 || t.byCode[c] >= 0 {
			return fmt.Errorf("bad or repeated code %q", f[1])
		}
		name := strings.Join(f[2:], " ")
		op, va := tagNames(name)
		p.curRule = &rule{code: c, codeText: f[1], name: name, opening: op, variation: va}
		p.cur = &p.curRule.lines
	default:
		return fmt.Errorf("unknown line %q", s)
	}
	return nil
}

// condition reads an indented line of a block: "or", "r:"/"b:" moves, "in:" a group or base,
// "not:" code ranges.
func (p *ruleParser) condition(s, word, rest string) error {
	switch word {
	case "or":
		if !p.lineOpen {
			return fmt.Errorf("\"or\" before any condition")
		}
		p.flush()
	case "r", "b":
		side := 0
		if word == "b" {
			side = 1
		}
		if p.pending.sides[side] != nil {
			return fmt.Errorf("%s: given twice in one line", word)
		}
		for _, alt := range strings.Split(rest, "|") {
			pr, err := parseProc(alt, side)
			if err != nil {
				return err
			}
			p.pending.sides[side] = append(p.pending.sides[side], pr)
		}
		p.lineOpen = true
	case "in":
		if p.curRule == nil || p.inName != "" {
			return fmt.Errorf("misplaced \"in\"")
		}
		p.inName = rest
	case "not":
		if p.curRule == nil {
			return fmt.Errorf("misplaced \"not\"")
		}
		for _, f := range strings.Fields(rest) {
			lo, hi, _ := strings.Cut(f, "-")
			if hi == "" {
				hi = lo
			}
			a, b := codeIndex(lo), codeIndex(hi)
			if a < 0 || b < a {
				return fmt.Errorf("bad code range %q", f)
			}
			for c := a; c <= b; c++ {
				if c != p.curRule.code {
					p.curRule.not.add(c)
				}
			}
		}
	default:
		return fmt.Errorf("unknown condition %q", s)
	}
	return nil
}

// index completes the table once every rule is read: the interned moves, each rule's first
// moves and the rules by first move.
func (t *table) index() (*table, error) {
	if err := t.intern(); err != nil {
		return nil, err
	}
	t.first = make([][]key, len(t.rules))
	for i := range t.rules {
		t.first[i] = firstMoves(t, &t.rules[i])
	}
	if len(t.rules) > maxCodes {
		return nil, fmt.Errorf("ecco.rules: more than %d codes", maxCodes)
	}
	for id := range t.byFirst {
		for i, f := range t.first {
			if f == nil || id != 0 && slices.ContainsFunc(f, func(k key) bool { return int(t.ids[k]) == id }) {
				t.byFirst[id] = append(t.byFirst[id], int16(i))
			}
		}
	}
	return t, nil
}
