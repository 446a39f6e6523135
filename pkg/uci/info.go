package uci

import (
	"bytes"
	"errors"
	"strconv"
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
	info, pv, ok, err := parseInfo([]byte(line))
	for tok, rest := fieldBytes(pv); len(tok) > 0; tok, rest = fieldBytes(rest) {
		info.PV = append(info.PV, string(tok))
	}
	return info, ok, err
}

// parseInfo is ParseInfo in place, the loop a search runs on every line its engine writes: it
// leaves Info.PV empty and returns the principal variation as the bytes of the line, and it
// allocates nothing unless the line is malformed.
func parseInfo(line []byte) (info Info, pv []byte, ok bool, err error) {
	rest, found := bytes.CutPrefix(bytes.TrimSpace(line), []byte("info"))
	if !found || len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' {
		return Info{}, nil, false, nil
	}
	var tok []byte
	for {
		if tok, rest = fieldBytes(rest); len(tok) == 0 {
			return info, pv, ok, nil
		}
		switch string(tok) {
		case "string":
			return info, pv, ok, nil // the rest is free text
		case "depth", "seldepth", "multipv", "nodes":
			key := tok
			var n int64
			if n, rest, err = number(key, rest); err != nil {
				return Info{}, nil, false, err
			}
			if n < 0 || n > 1<<40 {
				return Info{}, nil, false, &infoError{string(key), strconv.FormatInt(n, 10)}
			}
			switch string(key) {
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
			var n int64
			kind, after := fieldBytes(rest)
			switch string(kind) {
			case "cp", "mate":
				n, rest, err = number(kind, after)
			default: // UCCI: "score 120"
				n, rest, err = number(nil, rest)
				kind = []byte("cp")
			}
			if err != nil {
				return Info{}, nil, false, err
			}
			if n < -1<<20 || n > 1<<20 {
				return Info{}, nil, false, &infoError{"score", strconv.FormatInt(n, 10)}
			}
			info.HasScore, info.Mate, info.Score, ok = true, string(kind) == "mate", int(n), true
		case "lowerbound", "upperbound":
			info.Bound = true
		case "pv":
			return info, bytes.TrimSpace(rest), true, nil // the moves run to the end of the line
		case "time", "nps", "hashfull", "tbhits", "cpuload", "currmovenumber", "currmove", "refutation", "currline", "wdl":
			// Skipped with their argument (currline, refutation and wdl may have more; the
			// fields after them are rare, and none of them is read).
			_, rest = fieldBytes(rest)
		}
	}
}

// number reads the decimal integer that starts s, after the field key ("score" when key is
// nil): an optional sign and digits, as strconv.ParseInt reads them in base 10.
func number(key, s []byte) (int64, []byte, error) {
	t, rest := fieldBytes(s)
	d, neg := t, false
	if len(d) > 0 && (d[0] == '+' || d[0] == '-') {
		neg, d = d[0] == '-', d[1:]
	}
	var n uint64
	for _, c := range d {
		if c < '0' || c > '9' || n > (1<<63)/10 {
			return 0, rest, numberError(key, t)
		}
		n = n*10 + uint64(c-'0')
	}
	if len(d) == 0 || n > 1<<63 || n == 1<<63 && !neg {
		return 0, rest, numberError(key, t)
	}
	if neg {
		return -int64(n), rest, nil
	}
	return int64(n), rest, nil
}

func numberError(key, text []byte) error {
	switch string(key) {
	case "":
		return &infoError{"score", string(text)}
	case "cp", "mate":
		return &infoError{"score " + string(key), string(text)}
	}
	return &infoError{string(key), string(text)}
}

// fieldBytes splits the first space-separated word off s.
func fieldBytes(s []byte) ([]byte, []byte) {
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
