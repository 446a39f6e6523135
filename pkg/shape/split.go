package shape

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
)

// ErrSplit is wrapped by the error of ParseSplit.
var ErrSplit = errors.New("shape: invalid --split-by")

// Split is how --split-by groups games into output files: by Event tag, by ECCO code, or by
// runs of N games. The zero Split puts every game in one group ("").
type Split struct {
	by splitBy
	n  int
}

type splitBy uint8

const (
	splitNone splitBy = iota
	splitEvent
	splitECCO
	splitCount
)

// MaxSplitCount bounds N in --split-by N.
const MaxSplitCount = 1_000_000_000

// ParseSplit reads a --split-by value: "event", "ecco" (any case) or a number of games N ≥ 1.
func ParseSplit(s string) (Split, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "event":
		return Split{by: splitEvent}, nil
	case "ecco":
		return Split{by: splitECCO}, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > MaxSplitCount {
		return Split{}, fmt.Errorf("%w: %q: want event, ecco or a number of games from 1 to %d", ErrSplit, s, MaxSplitCount)
	}
	return Split{by: splitCount, n: n}, nil
}

// String returns the Split as ParseSplit reads it ("" for the zero Split).
func (s Split) String() string {
	switch s.by {
	case splitEvent:
		return "event"
	case splitECCO:
		return "ecco"
	case splitCount:
		return strconv.Itoa(s.n)
	}
	return ""
}

// NeedsECCO reports whether Key needs the game's ECCO code.
func (s Split) NeedsECCO() bool { return s.by == splitECCO }

// Key returns the name of g's group, safe as a file name (see SafeName): by event, the
// Event tag ("no-event" when it is empty); by ECCO, the code ecco the caller computed
// ("no-ecco" when empty); by N, the range of 1-based positions of the game's run of N in the
// output order, from seq, the game's 0-based position in that order: "games-000001-001000"
// for the first thousand (six digits at least, so that names sort in order). The zero Split
// gives "".
//
// Two Events that differ only in case give keys that differ only in case: a caller writing
// to a case-insensitive file system must compare keys with strings.EqualFold.
func (s Split) Key(g *game.Game, seq int, ecco string) string {
	switch s.by {
	case splitEvent:
		ev, _ := g.Tag("Event")
		return SafeName(ev, "no-event")
	case splitECCO:
		return SafeName(ecco, "no-ecco")
	case splitCount:
		first := seq/s.n*s.n + 1
		return fmt.Sprintf("games-%06d-%06d", first, first+s.n-1)
	}
	return ""
}

// MaxNameBytes bounds the length of a SafeName, well under the 255 bytes file systems allow,
// to leave room for a prefix and an extension.
const MaxNameBytes = 100

// SafeName makes s usable as a file name on every common system, or returns empty when
// nothing of s is left: characters that are not allowed or are awkward in file names
// (control characters, / \ : * ? " < > |, white space, invalid UTF-8) become '_', runs of
// '_' become one, leading and trailing '_', '.', '-' go, the result is cut to MaxNameBytes
// (at a character boundary), and a name Windows reserves (CON, NUL.txt, COM1, …) gets a leading '_'.
// Letters of every script stay: "全国象棋个人赛 2023" gives "全国象棋个人赛_2023".
func SafeName(s, empty string) string {
	var b strings.Builder
	under := false
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				r = '_' // an invalid byte, not a real U+FFFD
			}
		}
		if unsafeRune(r) {
			r = '_'
		}
		if r == '_' {
			if under {
				continue
			}
			under = true
		} else {
			under = false
		}
		if b.Len()+utf8.RuneLen(r) > MaxNameBytes {
			break
		}
		b.WriteRune(r)
	}
	out := strings.Trim(b.String(), "_.-")
	if out == "" {
		return empty
	}
	if reservedName(out) {
		out = "_" + out
	}
	return out
}

func unsafeRune(r rune) bool {
	switch r {
	case '/', '\\', ':', '*', '?', '"', '<', '>', '|':
		return true
	}
	return unicode.IsControl(r) || unicode.IsSpace(r) || !unicode.IsPrint(r)
}

// reservedName reports whether name, or the part of it before its first dot, is a device
// name of Windows.
func reservedName(name string) bool {
	base, _, _ := strings.Cut(name, ".")
	base = strings.ToUpper(base)
	switch base {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	if len(base) == 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) {
		return base[3] >= '1' && base[3] <= '9'
	}
	return false
}
