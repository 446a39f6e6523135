package query

// The parser of expressions: tokens, the recursive descent, the scanner.

import (
	"fmt"
	"regexp"
	"unicode"
	"unicode/utf8"
)

type tokKind uint8

const (
	tEOF tokKind = iota
	tName
	tString
	tNumber
	tOp
	tAnd
	tOr
	tNot
	tLParen
	tRParen
)

type token struct {
	kind tokKind
	off  int    // byte offset in the source
	raw  string // the source text of the token
	val  string // a string's content; a name or number as written
	op   op
}

func (t *token) describe() string {
	switch t.kind {
	case tEOF:
		return "the end"
	case tName:
		return "name " + quoteRaw(t.raw)
	case tString:
		return "string " + t.raw
	case tNumber:
		return "number " + t.raw
	}
	return quoteRaw(t.raw)
}

// quoteRaw quotes source text for a message, shortened to 20 characters.
func quoteRaw(s string) string {
	if utf8.RuneCountInString(s) > 20 {
		r := []rune(s)
		s = string(r[:20]) + "…"
	}
	return "'" + s + "'"
}

type parser struct {
	src string
	pos int // next byte to scan
	tok token
}

func (p *parser) errAt(off int, format string, args ...any) error {
	return &SyntaxError{Col: utf8.RuneCountInString(p.src[:off]) + 1, Msg: fmt.Sprintf(format, args...)}
}

// or parses expr = and { "||" and }.
func (p *parser) or(depth int) (*node, error) {
	return p.list(depth, tOr, kindOr, p.and)
}

// and parses and = unary { "&&" unary }.
func (p *parser) and(depth int) (*node, error) {
	return p.list(depth, tAnd, kindAnd, p.unary)
}

// list parses operands of sub joined by sep into a kind node, flattening nested ones.
func (p *parser) list(depth int, sep tokKind, kind nodeKind, sub func(int) (*node, error)) (*node, error) {
	first, err := sub(depth)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != sep {
		return first, nil
	}
	n := &node{kind: kind}
	add := func(k *node) {
		if k.kind == kind {
			n.kids = append(n.kids, k.kids...)
		} else {
			n.kids = append(n.kids, k)
		}
	}
	add(first)
	for p.tok.kind == sep {
		if err := p.next(); err != nil {
			return nil, err
		}
		k, err := sub(depth)
		if err != nil {
			return nil, err
		}
		add(k)
	}
	return n, nil
}

// unary parses unary = "!" unary | "(" expr ")" | comparison. Each ! and ( nests one level
// deeper, but a ( right after a ! does not add to it, so that the canonical form String writes
// ("!(a == 1)" for "!a == 1") nests as deep as the expression it was made from.
func (p *parser) unary(depth int) (*node, error) {
	switch p.tok.kind {
	case tNot, tLParen:
		if depth >= MaxDepth {
			return nil, p.errAt(p.tok.off, "expression nested deeper than %d", MaxDepth)
		}
		if p.tok.kind == tLParen {
			return p.group(depth + 1)
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		var k *node
		var err error
		if p.tok.kind == tLParen {
			k, err = p.group(depth + 1)
		} else {
			k, err = p.unary(depth + 1)
		}
		if err != nil {
			return nil, err
		}
		return &node{kind: kindNot, kids: []*node{k}}, nil
	case tName:
		return p.comparison()
	}
	return nil, p.errAt(p.tok.off, "expected a tag or field name, '!' or '(', found %s", p.tok.describe())
}

// group parses "(" expr ")" from the current '(', nested at depth.
func (p *parser) group(depth int) (*node, error) {
	open := p.tok
	if err := p.next(); err != nil {
		return nil, err
	}
	n, err := p.or(depth)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tRParen {
		return nil, p.errAt(p.tok.off, "expected ')' to close the '(' at col %d, found %s",
			utf8.RuneCountInString(p.src[:open.off])+1, p.tok.describe())
	}
	return n, p.next()
}

// comparison parses NAME OP VALUE.
func (p *parser) comparison() (*node, error) {
	n := &node{kind: kindCmp}
	c := &n.cmp
	c.name = p.tok.val
	c.field = fieldByName(c.name)
	if err := p.next(); err != nil {
		return nil, err
	}
	if p.tok.kind != tOp {
		return nil, p.errAt(p.tok.off, "expected an operator (== != ~ =~ < <= > >=) after %s, found %s",
			quoteRaw(c.name), p.tok.describe())
	}
	c.op = p.tok.op
	if err := p.next(); err != nil {
		return nil, err
	}
	switch p.tok.kind {
	case tString:
		c.text = p.tok.val
	case tNumber:
		c.text = p.tok.val
		c.isNum = true
		c.num, _ = parseNumber(c.text) // a number token always reads
	default:
		return nil, p.errAt(p.tok.off, "expected a value after '%s'", opText[c.op])
	}
	if c.op == opMatch {
		re, err := regexp.Compile(c.text)
		if err != nil {
			e := p.errAt(p.tok.off, "invalid regular expression").(*SyntaxError)
			e.Err = err
			return nil, e
		}
		c.re = re
	}
	return n, p.next()
}

// next scans the next token into p.tok.
func (p *parser) next() error {
	s := p.src
	for p.pos < len(s) {
		r, size := rune(s[p.pos]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[p.pos:])
		}
		if !unicode.IsSpace(r) {
			break
		}
		p.pos += size
	}
	start := p.pos
	p.tok = token{off: start}
	if start == len(s) {
		return nil
	}
	set := func(kind tokKind, n int) {
		p.pos = start + n
		p.tok.kind = kind
		p.tok.raw = s[start:p.pos]
		p.tok.val = p.tok.raw
	}
	setOp := func(o op) {
		set(tOp, len(opText[o]))
		p.tok.op = o
	}
	at := func(i int) byte {
		if start+i < len(s) {
			return s[start+i]
		}
		return 0
	}
	switch c := s[start]; c {
	case '(':
		set(tLParen, 1)
	case ')':
		set(tRParen, 1)
	case '~':
		setOp(opContains)
	case '=':
		switch at(1) {
		case '=':
			setOp(opEq)
		case '~':
			setOp(opMatch)
		default:
			return p.errAt(start, "unexpected '=' (did you mean '=='?)")
		}
	case '!':
		if at(1) == '=' {
			setOp(opNe)
		} else {
			set(tNot, 1)
		}
	case '<':
		if at(1) == '=' {
			setOp(opLe)
		} else {
			setOp(opLt)
		}
	case '>':
		if at(1) == '=' {
			setOp(opGe)
		} else {
			setOp(opGt)
		}
	case '&', '|':
		if at(1) != c {
			return p.errAt(start, "unexpected '%c' (did you mean '%c%c'?)", c, c, c)
		}
		if c == '&' {
			set(tAnd, 2)
		} else {
			set(tOr, 2)
		}
	case '"':
		return p.scanString()
	default:
		if c == '-' || c >= '0' && c <= '9' {
			return p.scanNumber()
		}
		r, _ := utf8.DecodeRuneInString(s[start:])
		if r == '_' || unicode.IsLetter(r) {
			p.scanName()
			return nil
		}
		if r == utf8.RuneError {
			return p.errAt(start, "invalid UTF-8")
		}
		return p.errAt(start, "unexpected character %q", r)
	}
	return nil
}

func (p *parser) scanName() {
	s, i := p.src, p.pos
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i += size
	}
	p.tok.kind = tName
	p.tok.raw = s[p.pos:i]
	p.tok.val = p.tok.raw
	p.pos = i
}

func (p *parser) scanNumber() error {
	s, start := p.src, p.pos
	i := start
	if s[i] == '-' {
		i++
	}
	n := digits(s[i:])
	if n == 0 {
		return p.errAt(start, "expected a digit after '-'")
	}
	i += n
	if i < len(s) && s[i] == '.' {
		n = digits(s[i+1:])
		if n == 0 {
			return p.errAt(i+1, "expected a digit after '.'")
		}
		i += 1 + n
	}
	p.tok.kind = tNumber
	p.tok.raw = s[start:i]
	p.tok.val = p.tok.raw
	p.pos = i
	return nil
}

func (p *parser) scanString() error {
	s, start := p.src, p.pos
	var b []byte // the content, once an escape is seen
	lit := start + 1
	for i := start + 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			p.tok.kind = tString
			p.tok.raw = s[start : i+1]
			if b == nil {
				p.tok.val = s[lit:i]
			} else {
				p.tok.val = string(append(b, s[lit:i]...))
			}
			p.pos = i + 1
			return nil
		case '\\':
			if i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
				b = append(b, s[lit:i]...)
				lit = i + 1 // the escaped character starts the next run
				i++
			}
		}
	}
	return p.errAt(start, "unterminated string")
}
