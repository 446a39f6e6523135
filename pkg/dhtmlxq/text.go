package dhtmlxq

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// tagNames maps the field keys that have a PGN tag name (lower case) to that name. The
// field list is the one of the dpxq.com viewer, as vschess documents it; PGN names follow the
// Xiangqi PGN tags (RedElo, Opening, ECCO) and, where XQF has the same field, the XQF reader
// (TimeControl, Annotator).
var tagNames = map[string]string{
	"title":       "Title",
	"event":       "Event",
	"date":        "Date",
	"place":       "Site",
	"round":       "Round",
	"group":       "Group",
	"table":       "Table",
	"red":         "Red",
	"redteam":     "RedTeam",
	"redname":     "RedName",
	"redeng":      "RedEng",
	"redlevel":    "RedLevel",
	"redrating":   "RedElo",
	"redtime":     "RedTime",
	"black":       "Black",
	"blackteam":   "BlackTeam",
	"blackname":   "BlackName",
	"blackeng":    "BlackEng",
	"blacklevel":  "BlackLevel",
	"blackrating": "BlackElo",
	"blacktime":   "BlackTime",
	"result":      "Result",
	"ecco":        "ECCO",
	"open":        "Opening",
	"variation":   "Variation",
	"remark":      "Annotator",
	"author":      "Author",
	"judge":       "Judge",
	"record":      "Recorder",
	"timerule":    "TimeControl",
}

// fieldKeys is the inverse of tagNames, by lower-case tag name.
var fieldKeys = func() map[string]string {
	m := make(map[string]string, len(tagNames))
	for k, v := range tagNames {
		m[strings.ToLower(v)] = k
	}
	return m
}()

// skippedKeys are fields that describe the viewer, not the game.
var skippedKeys = map[string]bool{"init": true}

// tagName returns the tag name of a field key: the PGN name of a known key, else the key
// with its first letter in upper case ("generator" → "Generator").
func tagName(key string) string {
	var buf [64]byte
	lower := buf[:0]
	for i := 0; i < len(key) && i < len(buf); i++ {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower = append(lower, c)
	}
	if n, ok := tagNames[string(lower)]; ok {
		return n
	}
	if key == "" {
		return key
	}
	if c := key[0]; 'a' <= c && c <= 'z' {
		return string(c-('a'-'A')) + key[1:]
	}
	return key
}

// results maps the result texts seen in real files and written by the viewers to PGN results.
// The English pages of dpxq.com write W, L and D (from Red's side).
var results = map[string]string{
	"红胜": "1-0", "红先胜": "1-0", "黑负": "1-0", "红方胜": "1-0", "W": "1-0", "1-0": "1-0",
	"黑胜": "0-1", "红先负": "0-1", "红负": "0-1", "黑方胜": "0-1", "L": "0-1", "0-1": "0-1",
	"和": "1/2-1/2", "和棋": "1/2-1/2", "和局": "1/2-1/2", "红和": "1/2-1/2", "红先和": "1/2-1/2",
	"D": "1/2-1/2", "1/2-1/2": "1/2-1/2",
	"未知": "*", "*": "*", "": "*",
}

// resultText is what Encode writes for each PGN result.
var resultText = map[string]string{"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋", "*": "未知"}

// unescape decodes a value: \uXXXX escapes, HTML character references when html is set,
// and, for comments, "||" and real line breaks as "\n". Values without any of these are
// returned as they are, without copying.
func unescape(v string, html, comment bool) string {
	if !strings.ContainsAny(v, "\\&|\r\n") {
		return v
	}
	var b strings.Builder
	b.Grow(len(v))
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case c == '\\' && i+6 <= len(v) && (v[i+1] == 'u' || v[i+1] == 'U'):
			if n, err := strconv.ParseUint(v[i+2:i+6], 16, 32); err == nil && isHex4(v[i+2:i+6]) {
				r := rune(n)
				i += 6
				// A UTF-16 surrogate pair is two escapes.
				if 0xD800 <= r && r < 0xDC00 && i+6 <= len(v) && v[i] == '\\' && (v[i+1] == 'u' || v[i+1] == 'U') && isHex4(v[i+2:i+6]) {
					lo, _ := strconv.ParseUint(v[i+2:i+6], 16, 32)
					if 0xDC00 <= lo && lo < 0xE000 {
						r = 0x10000 + (r-0xD800)<<10 + rune(lo-0xDC00)
						i += 6
					}
				}
				if !utf8.ValidRune(r) {
					r = utf8.RuneError
				}
				b.WriteRune(r)
				continue
			}
		case c == '&' && html:
			if r, n := entity(v[i:]); n > 0 {
				b.WriteRune(r)
				i += n
				continue
			}
		case comment && c == '|' && i+1 < len(v) && v[i+1] == '|':
			b.WriteByte('\n')
			i += 2
			continue
		case comment && c == '\r':
			b.WriteByte('\n')
			i++
			if i < len(v) && v[i] == '\n' {
				i++
			}
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

func isHex4(s string) bool {
	for i := 0; i < 4; i++ {
		c := s[i] | 0x20
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// namedEntities are the HTML character references decoded in pages.
var namedEntities = map[string]rune{"amp": '&', "lt": '<', "gt": '>', "quot": '"', "apos": '\'', "nbsp": 0xA0}

// entity decodes the character reference at the start of s ("&amp;", "&#39;", "&#x4E2D;") and
// returns the character and the length of the reference, or 0.
func entity(s string) (rune, int) {
	end := strings.IndexByte(s[:min(len(s), 12)], ';')
	if end < 2 {
		return 0, 0
	}
	name := s[1:end]
	if name[0] == '#' {
		base := 10
		digits := name[1:]
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			base, digits = 16, digits[1:]
		}
		n, err := strconv.ParseUint(digits, base, 32)
		if err != nil || n == 0 || !utf8.ValidRune(rune(n)) {
			return 0, 0
		}
		return rune(n), end + 1
	}
	if r, ok := namedEntities[name]; ok {
		return r, end + 1
	}
	return 0, 0
}

// escape appends v to dst as a field value: "\n" as "||" when comment (else as a space), and
// \uXXXX escapes for the characters that would otherwise change the value on reading: a '['
// that would start a tag, a backslash before 'u', and a '|' next to another '|' or a line
// break.
func escape(dst []byte, v string, comment bool) []byte {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case '\r':
			if i+1 < len(v) && v[i+1] == '\n' {
				continue
			}
			fallthrough
		case '\n':
			if comment {
				dst = append(dst, "||"...)
			} else {
				dst = append(dst, ' ')
			}
			continue
		case '[':
			if hasFoldAt(v, i, marker) || hasFoldAt(v, i, "[/dhtmlxq") {
				dst = append(dst, `\u005B`...)
				continue
			}
		case '\\':
			if i+1 < len(v) && (v[i+1] == 'u' || v[i+1] == 'U') {
				dst = append(dst, `\u005C`...)
				continue
			}
		case '|':
			if comment && (i > 0 && strings.IndexByte("|\r\n", v[i-1]) >= 0 ||
				i+1 < len(v) && strings.IndexByte("|\r\n", v[i+1]) >= 0) {
				dst = append(dst, `\u007C`...)
				continue
			}
		}
		dst = append(dst, c)
	}
	return dst
}
