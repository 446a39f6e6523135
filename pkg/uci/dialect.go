package uci

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/board"
)

// Dialect is how an engine writes squares, and which protocol it speaks.
type Dialect int

// The dialects.
const (
	// Auto detects the dialect from the engine's "id name": Fairy-Stockfish is Fairy, any
	// other UCI engine Pikafish.
	Auto Dialect = iota
	// Pikafish: UCI, squares as ICCS in lower case (files a–i, ranks 0–9 from Red's side).
	Pikafish
	// Fairy: UCI, ranks 1–10 (Fairy-Stockfish: "h3e3" is ICCS h2e2).
	Fairy
	// UCCI: the UCCI protocol (ElephantEye): "ucci"/"ucciok", ICCS squares, scores without
	// "cp".
	UCCI
)

var dialectNames = [...]string{Auto: "auto", Pikafish: "pikafish", Fairy: "fairy", UCCI: "ucci"}

// String returns "auto", "pikafish", "fairy" or "ucci".
func (d Dialect) String() string {
	if d >= 0 && int(d) < len(dialectNames) {
		return dialectNames[d]
	}
	return fmt.Sprintf("Dialect(%d)", int(d))
}

// ParseDialect reads "auto" (or ""), "pikafish", "fairy" or "ucci", in any case.
func ParseDialect(name string) (Dialect, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" {
		return Auto, nil
	}
	for d, s := range dialectNames {
		if s == n {
			return Dialect(d), nil
		}
	}
	return Auto, fmt.Errorf("unknown engine dialect %q (want auto, pikafish, fairy or ucci)", name)
}

// detect returns the dialect of an engine named name, for Auto.
func detect(name string) Dialect {
	if strings.Contains(strings.ToLower(name), "fairy") {
		return Fairy
	}
	return Pikafish
}

// ParseMove reads a move in the dialect's squares ("h2e2"; Fairy: "h3e3", "a10a9"). It checks
// the squares only, not the move's legality.
func (d Dialect) ParseMove(s string) (board.Move, bool) {
	from, rest, ok := d.square(s)
	if !ok {
		return board.NoMove, false
	}
	to, rest, ok := d.square(rest)
	if !ok || rest != "" || from == to {
		return board.NoMove, false
	}
	return board.NewMove(from, to), true
}

// square reads one square at the start of s and returns the rest.
func (d Dialect) square(s string) (board.Square, string, bool) {
	if len(s) < 2 {
		return board.NoSquare, "", false
	}
	file, rank := s[0], s[1]
	if d != Fairy {
		sq, ok := board.SquareFromICCS(file, rank)
		return sq, s[2:], ok
	}
	// Fairy: ranks 1-10, so "10" is two digits.
	if rank < '1' || rank > '9' {
		return board.NoSquare, "", false
	}
	n, rest := int(rank-'0'), s[2:]
	if n == 1 && len(rest) > 0 && rest[0] == '0' {
		n, rest = 10, rest[1:]
	}
	sq, ok := board.SquareFromICCS(file, byte('0'+n-1))
	return sq, rest, ok
}
