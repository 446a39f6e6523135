// Package fields tidies the header strings of binary game records (names, events, dates) as
// the readers of binary formats find them.
package fields

import "strings"

// Clean drops control characters (NULs among them) and surrounding white space.
func Clean(s string) string {
	if strings.IndexFunc(s, isControl) >= 0 {
		s = strings.Map(func(r rune) rune {
			if isControl(r) {
				return -1
			}
			return r
		}, s)
	}
	return strings.TrimSpace(s)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7F }
