// Package query selects games: the expressions of --where, parsed once and evaluated per game
// without allocating, and the positions of --position, found by walking a game's main line.
//
// # Expressions
//
// An expression is comparisons joined by && (and), || (or), ! (not) and parentheses:
//
//	expr       = and { "||" and }
//	and        = unary { "&&" unary }
//	unary      = "!" unary | "(" expr ")" | comparison
//	comparison = NAME OP VALUE
//	OP         = "==" | "!=" | "~" | "=~" | "<" | "<=" | ">" | ">="
//	VALUE      = STRING | NUMBER
//
// ! binds tighter than &&, and && tighter than ||; both are evaluated left to right and stop as
// soon as the answer is known. For example
//
//	Red ~ "胡荣华" && (result == "1-0" || plies >= 100) && !(Event =~ "^(?i)blitz")
//
// NAME is a tag name as written in the file (Red, Event, Date, ...), compared with the game's
// tag names without regard to case, or one of the computed fields, written in lower case:
//
//	plies     the number of moves of the main line
//	status    "ok" or "invalid" (the game has an error)
//	format    the format of its file: "pgn", "xqf", "cbr", "cbl", "cbf", "dhtmlxq", ...
//	encoding  the text encoding of its file: "utf-8", "gb18030", "big5", ...
//	result    "1-0", "0-1", "1/2-1/2" or "*": the game's result, not its Result tag
//	ecco      the computed ECCO opening code, or ""
//	ending    how the main line ends: none, checkmate, stalemate, perpetual-check, mutual-perpetual-check, perpetual-chase, repetition or natural-limit (the JSON "ending" kind)
//
// Only the exact lower-case spelling names a field: Result and ECCO are the tags of those
// names. A name starts with a letter or '_' and goes on with letters, digits and '_'. A tag the
// game lacks has the empty string as its value.
//
// The operators: == and != test equality; ~ tests that the value contains VALUE; =~ that it
// matches VALUE as a Go regular expression (RE2 syntax, unanchored: use ^ and $; (?i) ignores
// case, which every other operator respects); <, <=, > and >= order. When VALUE is a NUMBER (an optional '-', digits, optionally '.' and digits)
// and the game's value reads as one too (spaces around it allowed), ==, !=, <, <=, > and >=
// compare the two numbers; otherwise every operator compares text: the value with VALUE as
// written, byte by byte (so "2023.05.01" > "2023.04.30"). A quoted VALUE is always text.
//
// A STRING is double-quoted; \" stands for a quote and \\ for a backslash; a backslash
// before any other character stands for itself, so regular expressions read naturally:
// Date =~ "^\d{4}". Anything else, line breaks included, stands for itself.
//
// Parse reports the first error with its column (counted in characters, from 1) in the
// expression: "col 12: expected a value after '=='". An Expr's String writes it back in a
// canonical form that Parse reads to the same expression.
//
// # Evaluation
//
// Expr.Match evaluates an expression against an Env, which gives the value of a tag and of a
// computed field. GameEnv is the Env of a *game.Game with the computed values the caller
// knows (status, ECCO, ending); keep one per worker and Reset it per game: Match then
// allocates nothing.
//
// # Positions
//
// PositionMatcher reports whether a game's main line, its start position included, reaches
// one of a set of positions: the same pieces on the same squares and the same side to move
// (the move counters are ignored). With mirror, the left–right mirror of each position counts
// too.
package query
