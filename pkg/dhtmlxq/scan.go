package dhtmlxq

import (
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/textpos"
)

// A field is one [DhtmlXQ_key]value[/DhtmlXQ_key] of a block.
type field struct {
	key    string   // as written, without the "DhtmlXQ_" prefix
	val    string   // the raw value
	keyLoc game.Loc // of the '[' that opens the field
	valLoc game.Loc // of the first byte of the value
}

// block is one [DhtmlXQ]…[/DhtmlXQ] (or [DhtmlXQHTML]…, [DhtmlXQiFrame]…) of the text.
type block struct {
	loc      game.Loc // of the opening bracket
	wrapper  string   // "" for [DhtmlXQ], else the name after DhtmlXQ ("HTML", "iFrame")
	fields   []field
	unclosed bool // the text ended, or another block opened, before the closing tag
	open     []field
}

// scanner finds the blocks of a decoded text, one at a time.
type scanner struct {
	s   string
	pos int
	cur textpos.Cursor
}

// opener parses "[DhtmlXQ" + name + "]" at i (name: up to 16 ASCII letters, no '_') and
// returns the name and the offset after ']'.
func opener(s string, i int) (name string, end int, ok bool) {
	if !hasFoldAt(s, i, marker) {
		return "", 0, false
	}
	j := i + len(marker)
	k := j
	for k < len(s) && k-j <= 16 && isLetter(s[k]) {
		k++
	}
	if k >= len(s) || s[k] != ']' || k-j > 16 {
		return "", 0, false
	}
	return s[j:k], k + 1, true
}

// closer parses "[/DhtmlXQ" + name + "]" at i and returns the name (which may start with '_')
// and the offset after ']'.
func closer(s string, i int) (name string, end int, ok bool) {
	if i+2 > len(s) || s[i] != '[' || s[i+1] != '/' || !hasFoldAt(s, i+1, "/dhtmlxq") {
		return "", 0, false
	}
	j := i + 2 + len("dhtmlxq")
	k := j
	for k < len(s) && k-j <= 64 && s[k] != ']' && s[k] != '[' && s[k] != '\n' {
		k++
	}
	if k >= len(s) || s[k] != ']' {
		return "", 0, false
	}
	return s[j:k], k + 1, true
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isKeyByte(c byte) bool { return isLetter(c) || '0' <= c && c <= '9' || c == '_' }

// next returns the next block of the text, filling b (its fields slice is reused), or false
// at the end of the text.
func (sc *scanner) next(b *block) bool {
	s := sc.s
	// Find the opening tag.
	for {
		k := strings.IndexByte(s[sc.pos:], '[')
		if k < 0 {
			sc.pos = len(s)
			return false
		}
		i := sc.pos + k
		if name, end, ok := opener(s, i); ok {
			*b = block{loc: sc.cur.At(i), wrapper: name, fields: b.fields[:0]}
			sc.pos = end
			break
		}
		sc.pos = i + 1
	}
	// Read its fields up to the closing tag.
	for {
		k := strings.IndexByte(s[sc.pos:], '[')
		if k < 0 {
			sc.pos = len(s)
			b.unclosed = true
			return true
		}
		i := sc.pos + k
		if name, end, ok := closer(s, i); ok {
			sc.pos = end
			if strings.EqualFold(name, b.wrapper) {
				return true
			}
			continue // a stray closing tag (of a field or of another wrapper)
		}
		if name, _, ok := opener(s, i); ok {
			if strings.EqualFold(name, b.wrapper) {
				// The same block opens again: this one was not closed.
				sc.pos = i
				b.unclosed = true
				return true
			}
			sc.pos = i + 1 // a nested wrapper, e.g. [DhtmlXQ] inside [DhtmlXQHTML]
			continue
		}
		if !hasFoldAt(s, i, "[dhtmlxq_") {
			sc.pos = i + 1
			continue
		}
		// A field: the key runs to ']'.
		j := i + len("[dhtmlxq_")
		e := j
		for e < len(s) && e-j < 64 && isKeyByte(s[e]) {
			e++
		}
		if e >= len(s) || s[e] != ']' || e == j {
			sc.pos = i + 1
			continue
		}
		f := field{key: s[j:e], keyLoc: sc.cur.At(i)}
		v := e + 1
		f.valLoc = sc.cur.At(v)
		// The value runs to the next closing tag, or to the next opening one if the field is
		// not closed.
		end, next := len(s), len(s)
		closed := false
		for p := v; ; {
			q := strings.IndexByte(s[p:], '[')
			if q < 0 {
				break
			}
			p += q
			if name, ce, ok := closer(s, p); ok {
				if strings.HasPrefix(name, "_") {
					end, next, closed = p, ce, true
				} else {
					end, next = p, p // the block's closing tag: left for the block
				}
				break
			}
			if hasFoldAt(s, p, marker) {
				end, next = p, p
				break
			}
			p++
		}
		f.val = s[v:end]
		if !closed {
			b.open = append(b.open, f)
		}
		b.fields = append(b.fields, f)
		sc.pos = next
	}
}
