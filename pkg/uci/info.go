package uci

import (
	"errors"
	"strconv"
	"strings"
)

// Info is what one "info" line of a search reports. Fields the line does not give are zero.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int   // 0 when the line gives none (the first and only line)
	Nodes    int64 // nodes searched so far
	// HasScore: the line gives a score; Score is centipawns, or moves to mate when Mate is
	// set (negative: the side to move is mated), from the side to move's point of view.
	HasScore bool
	Mate     bool
	Score    int
	// Bound: the score is only a lower or upper bound.
	Bound bool
	// PV is the principal variation as the engine wrote it (its dialect's squares).
	PV []string
}

// ErrInfo is wrapped by ParseInfo's errors: the line is an info line with a field that does
// not parse.
var ErrInfo = errors.New("malformed info line")

// ParseInfo reads a UCI (or UCCI) "info" line. It returns ok false, with no error, for a line
// that is no info line or says nothing of the search (info string, currmove alone); an info
// line whose numbers do not parse is an error wrapping ErrInfo.
func ParseInfo(line string) (info Info, ok bool, err error) {
	rest, found := strings.CutPrefix(strings.TrimSpace(line), "info")
	if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return Info{}, false, nil
	}
	var tok string
	next := func() string {
		tok, rest = field(rest)
		return tok
	}
	num := func(what string) (int64, error) {
		t := next()
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return 0, &infoError{what, t}
		}
		return n, nil
	}
	for next() != "" {
		var n int64
		switch tok {
		case "string":
			return info, ok, nil // the rest is free text
		case "depth", "seldepth", "multipv", "nodes":
			key := tok
			if n, err = num(key); err != nil {
				return Info{}, false, err
			}
			if n < 0 || n > 1<<40 {
				return Info{}, false, &infoError{key, strconv.FormatInt(n, 10)}
			}
			switch key {
			case "depth":
				info.Depth = int(n)
			case "seldepth":
				info.SelDepth = int(n)
			case "multipv":
				info.MultiPV = int(n)
			default:
				info.Nodes = n
			}
			ok = true
		case "score":
			kind := next()
			switch kind {
			case "cp", "mate":
				n, err = num("score " + kind)
			default: // UCCI: "score 120"
				n, err = strconv.ParseInt(kind, 10, 64)
				if err != nil {
					err = &infoError{"score", kind}
				}
				kind = "cp"
			}
			if err != nil {
				return Info{}, false, err
			}
			if n < -1<<20 || n > 1<<20 {
				return Info{}, false, &infoError{"score", strconv.FormatInt(n, 10)}
			}
			info.HasScore, info.Mate, info.Score, ok = true, kind == "mate", int(n), true
		case "lowerbound", "upperbound":
			info.Bound = true
		case "pv":
			info.PV = info.PV[:0]
			for next() != "" {
				info.PV = append(info.PV, tok)
			}
			ok = true
		case "time", "nps", "hashfull", "tbhits", "cpuload", "currmovenumber", "currmove", "refutation", "currline", "wdl":
			// Skipped with their argument (currline, refutation and wdl may have more; the
			// fields after them are rare, and none of them is read).
			next()
		}
	}
	return info, ok, nil
}

// field splits the first space-separated word off s.
func field(s string) (string, string) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	s = s[i:]
	j := 0
	for j < len(s) && s[j] != ' ' && s[j] != '\t' {
		j++
	}
	return s[:j], s[j:]
}

type infoError struct{ field, text string }

func (e *infoError) Error() string {
	return "malformed info line: " + e.field + " " + strconv.Quote(e.text)
}

func (e *infoError) Unwrap() error { return ErrInfo }
