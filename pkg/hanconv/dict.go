package hanconv

import (
	"embed"
	"strings"
	"unicode/utf8"
)

// OpenCC's dictionary files (plain text, one entry a line: the key, a tab,
// then the candidates separated by spaces, the preferred one first).
//
//go:embed dict/*.txt
var dictFiles embed.FS

// A dict maps every entry, and every shorter beginning of an entry, to a
// node, so that matching walks forward one character at a time and stops as
// soon as no entry can start with what it has read.
type dict struct {
	nodes map[string]node
}

type node struct {
	value string // the first candidate, when the text is an entry
	entry bool   // the text is an entry
	more  bool   // the text begins a longer entry
}

// match returns the byte length of the longest entry of at most MaxMatch
// characters that starts s (valid UTF-8), with its first candidate; 0 if
// none does.
func (d *dict) match(s string) (n int, value string) {
	end := 0
	for range MaxMatch {
		if end == len(s) {
			break
		}
		_, w := utf8.DecodeRuneInString(s[end:])
		end += w
		nd, ok := d.nodes[s[:end]]
		if !ok {
			break
		}
		if nd.entry {
			n, value = end, nd.value
		}
		if !nd.more {
			break
		}
	}
	return n, value
}

// loadDict parses an embedded dictionary file. The files are part of the
// package, so a missing one is a build mistake: it panics (a test loads them
// all).
func loadDict(name string) *dict {
	data, err := dictFiles.ReadFile("dict/" + name)
	if err != nil {
		panic("hanconv: embedded dictionary " + name + ": " + err.Error())
	}
	return parseDict(string(data))
}

// parseDict reads dictionary text the way OpenCC's Go port does, so that the
// results stay the same: a line counts only when it ends with a newline;
// surrounding white space is trimmed; the key is the text before the first
// tab; the candidates are the further tab-separated fields when there are
// several, else the space-separated words of the second field; a later line
// for the same key replaces an earlier one; a line without a tab or without
// a candidate is skipped.
func parseDict(text string) *dict {
	d := &dict{nodes: make(map[string]node, 2*strings.Count(text, "\n"))}
	for {
		nl := strings.IndexByte(text, '\n')
		if nl < 0 {
			break
		}
		line := strings.TrimSpace(text[:nl])
		text = text[nl+1:]
		key, rest, ok := strings.Cut(line, "\t")
		if !ok || key == "" {
			continue
		}
		var value string
		if second, _, several := strings.Cut(rest, "\t"); several {
			value = second
		} else if words := strings.Fields(rest); len(words) > 0 {
			value = words[0]
		} else {
			continue
		}
		nd := d.nodes[key]
		nd.value, nd.entry = value, true
		d.nodes[key] = nd
		// Mark the beginnings of the key (up to MaxMatch characters).
		count := 0
		for i := range key {
			if i == 0 {
				continue
			}
			if count++; count >= MaxMatch {
				break
			}
			p := d.nodes[key[:i]]
			p.more = true
			d.nodes[key[:i]] = p
		}
	}
	return d
}
