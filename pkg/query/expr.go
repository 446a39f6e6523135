package query

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// ErrSyntax is wrapped by every error of Parse.
var ErrSyntax = errors.New("query: invalid expression")

// SyntaxError is an error of Parse: where in the expression it is and what is wrong. It
// unwraps to ErrSyntax and to its cause, if any (a *regexp/syntax.Error for a bad regular
// expression).
type SyntaxError struct {
	Col int    // column of the error in the expression, in characters, from 1
	Msg string // what is wrong, e.g. "expected a value after '=='"
	Err error  // the cause, or nil
}

func (e *SyntaxError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("col %d: %s: %v", e.Col, e.Msg, e.Err)
	}
	return fmt.Sprintf("col %d: %s", e.Col, e.Msg)
}

// Unwrap returns ErrSyntax and the cause.
func (e *SyntaxError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrSyntax, e.Err}
	}
	return []error{ErrSyntax}
}

// MaxDepth bounds the nesting of parentheses and ! in an expression.
const MaxDepth = 100

// Expr is a parsed expression; Match evaluates it. It is immutable: one Expr serves any
// number of goroutines.
type Expr struct {
	root *node
	uses uint16 // bit f: the expression reads computed field f; bit 0: it reads a tag
}

// Field is a computed field of a game that an expression may name.
type Field uint8

// The computed fields; their names in expressions are the lower-case words of String.
const (
	FieldPlies    Field = iota + 1 // the number of moves of the main line (an integer)
	FieldStatus                    // "ok", or "invalid" when the game has an error
	FieldFormat                    // the format of the file: "pgn", "xqf", ...
	FieldEncoding                  // the text encoding of the file: "utf-8", "gb18030", ...
	FieldResult                    // the game's result: "1-0", "0-1", "1/2-1/2" or "*"
	FieldECCO                      // the computed ECCO code, or ""
	FieldEnding                    // how the main line ends ("none", "checkmate", …)
	numFields
)

var fieldNames = [numFields]string{"", "plies", "status", "format", "encoding", "result", "ecco", "ending"}

// String returns the field's name in expressions, e.g. "plies".
func (f Field) String() string {
	if f < numFields && f > 0 {
		return fieldNames[f]
	}
	return "Field(" + strconv.Itoa(int(f)) + ")"
}

// Fields returns every computed field.
func Fields() []Field {
	out := make([]Field, 0, numFields-1)
	for f := FieldPlies; f < numFields; f++ {
		out = append(out, f)
	}
	return out
}

// fieldByName returns the field named exactly name, or 0.
func fieldByName(name string) Field {
	for f := FieldPlies; f < numFields; f++ {
		if fieldNames[f] == name {
			return f
		}
	}
	return 0
}

// Uses reports whether the expression reads the computed field f, so that a caller computes
// only what it needs (an ECCO classification, an ending).
func (e *Expr) Uses(f Field) bool { return e != nil && f > 0 && f < numFields && e.uses&(1<<f) != 0 }

// UsesTags reports whether the expression reads a tag.
func (e *Expr) UsesTags() bool { return e != nil && e.uses&1 != 0 }

// op is a comparison operator.
type op uint8

const (
	opEq       op = iota + 1 // ==
	opNe                     // !=
	opContains               // ~
	opMatch                  // =~
	opLt                     // <
	opLe                     // <=
	opGt                     // >
	opGe                     // >=
)

var opText = [...]string{opEq: "==", opNe: "!=", opContains: "~", opMatch: "=~", opLt: "<", opLe: "<=", opGt: ">", opGe: ">="}

// holds reports whether the operator accepts a comparison result c (-1, 0, 1).
func (o op) holds(c int) bool {
	switch o {
	case opEq:
		return c == 0
	case opNe:
		return c != 0
	case opLt:
		return c < 0
	case opLe:
		return c <= 0
	case opGt:
		return c > 0
	case opGe:
		return c >= 0
	}
	return false
}

type nodeKind uint8

const (
	kindCmp nodeKind = iota
	kindNot
	kindAnd
	kindOr
)

// node is a node of the expression tree: a comparison, or ! over one kid, or && or || over
// two or more kids (nested ones of the same kind are flattened).
type node struct {
	kind nodeKind
	kids []*node
	cmp  comparison
}

// comparison is NAME OP VALUE.
type comparison struct {
	name  string // as written
	field Field  // 0 for a tag
	op    op
	text  string  // the string's content, or the number as written
	num   float64 // the number, when isNum
	isNum bool
	re    *regexp.Regexp // for =~
}

// Parse reads an expression (see the package documentation). Its errors are *SyntaxError.
func Parse(expr string) (*Expr, error) {
	p := parser{src: expr}
	if err := p.next(); err != nil {
		return nil, err
	}
	root, err := p.or(0)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		return nil, p.errAt(p.tok.off, "unexpected %s after the expression", p.tok.describe())
	}
	e := &Expr{root: root}
	e.note(root)
	return e, nil
}

// note records the fields and tags n reads.
func (e *Expr) note(n *node) {
	if n.kind == kindCmp {
		e.uses |= 1 << n.cmp.field
		return
	}
	for _, k := range n.kids {
		e.note(k)
	}
}

// Match reports whether the game env describes satisfies the expression. A nil Expr matches
// every game. Match allocates nothing beyond what env's methods do (GameEnv's: nothing).
func (e *Expr) Match(env Env) bool {
	if e == nil || e.root == nil {
		return true
	}
	return e.root.eval(env)
}

func (n *node) eval(env Env) bool {
	switch n.kind {
	case kindNot:
		return !n.kids[0].eval(env)
	case kindAnd:
		for _, k := range n.kids {
			if !k.eval(env) {
				return false
			}
		}
		return true
	case kindOr:
		for _, k := range n.kids {
			if k.eval(env) {
				return true
			}
		}
		return false
	}
	return n.cmp.eval(env)
}

func (c *comparison) eval(env Env) bool {
	if c.field == 0 {
		return c.matchText(env.Tag(c.name))
	}
	v := env.Field(c.field)
	if !v.IsInt {
		return c.matchText(v.Text)
	}
	if c.isNum && c.op != opContains && c.op != opMatch {
		return c.op.holds(compareFloat(float64(v.Int), c.num))
	}
	return c.matchText(intText(v.Int))
}

// smallInts is how many whole numbers from 0 intText writes without allocating: more than
// the plies of any real game.
const smallInts = 10000

// decimals holds the decimal text of 0 … smallInts−1, end to end, and where each ends.
var decimals = sync.OnceValue(func() *decimalTable {
	d := new(decimalTable)
	var b []byte
	for i := range smallInts {
		b = strconv.AppendInt(b, int64(i), 10)
		d.end[i] = uint32(len(b))
	}
	d.text = string(b)
	return d
})

type decimalTable struct {
	text string
	end  [smallInts]uint32
}

// intText returns the decimal text of n, without allocating below smallInts.
func intText(n int64) string {
	if n < 0 || n >= smallInts {
		return strconv.FormatInt(n, 10)
	}
	d := decimals()
	start := uint32(0)
	if n > 0 {
		start = d.end[n-1]
	}
	return d.text[start:d.end[n]]
}

// matchText compares the text s.
func (c *comparison) matchText(s string) bool {
	if c.op == opMatch {
		return c.re.MatchString(s)
	}
	if c.isNum && c.op != opContains {
		if x, ok := parseNumber(s); ok {
			return c.op.holds(compareFloat(x, c.num))
		}
	}
	return c.matchPlain(s)
}

// matchPlain compares s as text with every operator but =~.
func (c *comparison) matchPlain(s string) bool {
	if c.op == opContains {
		return strings.Contains(s, c.text)
	}
	return c.op.holds(strings.Compare(s, c.text))
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// parseNumber reads s as a NUMBER (spaces around it and a leading '+' allowed) without
// allocating.
func parseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	t := s
	if t != "" && (t[0] == '-' || t[0] == '+') {
		t = t[1:]
	}
	intDigits := digits(t)
	if intDigits == 0 {
		return 0, false
	}
	frac := t[intDigits:]
	if frac != "" {
		if frac[0] != '.' || digits(frac[1:]) != len(frac)-1 || len(frac) == 1 {
			return 0, false
		}
	}
	if frac == "" && intDigits <= 15 { // exact in a float64
		var n int64
		for i := range intDigits {
			n = n*10 + int64(t[i]-'0')
		}
		if s[0] == '-' {
			n = -n
		}
		return float64(n), true
	}
	if intDigits > 300 { // beyond any float64: ParseFloat's range error would allocate
		if s[0] == '-' {
			return -maxFloat, true
		}
		return maxFloat, true
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil
}

// maxFloat stands for numbers too large for a float64 (they compare equal to each other).
const maxFloat = 1.7976931348623157e308

// digits returns how many ASCII digits s starts with.
func digits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// String writes the expression in canonical form: single spaces around operators, strings
// with only \" and \\ escaped, numbers as written, a ! always followed by parentheses, and
// parentheses around an && or || only where precedence needs them. Parse reads it back to
// the same expression.
func (e *Expr) String() string {
	if e == nil || e.root == nil {
		return ""
	}
	var b strings.Builder
	e.root.write(&b)
	return b.String()
}

func (n *node) write(b *strings.Builder) {
	switch n.kind {
	case kindNot:
		b.WriteString("!(")
		n.kids[0].write(b)
		b.WriteByte(')')
	case kindAnd, kindOr:
		sep := " && "
		if n.kind == kindOr {
			sep = " || "
		}
		for i, k := range n.kids {
			if i > 0 {
				b.WriteString(sep)
			}
			// A kid of lower or equal precedence (an || in an &&; a nested one of the same
			// kind, which Parse flattens) needs parentheses.
			paren := k.kind == kindOr || k.kind == n.kind
			if paren {
				b.WriteByte('(')
			}
			k.write(b)
			if paren {
				b.WriteByte(')')
			}
		}
	default:
		c := &n.cmp
		b.WriteString(c.name)
		b.WriteByte(' ')
		b.WriteString(opText[c.op])
		b.WriteByte(' ')
		if c.isNum {
			b.WriteString(c.text)
			return
		}
		b.WriteByte('"')
		for i := 0; i < len(c.text); i++ {
			if ch := c.text[i]; ch == '"' || ch == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(c.text[i])
		}
		b.WriteByte('"')
	}
}
