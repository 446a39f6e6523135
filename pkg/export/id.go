package export

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// idLen is the length of a game id: 16 hexadecimal digits.
const idLen = 16

// FNV-1a, 64 bits.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// GameID returns the id of g: 16 lower-case hexadecimal digits of the 64-bit FNV-1a hash of
// the text
//
//	<placement> <side>[ <move>]...
//
// where placement and side are the first two fields of the start position's xqbase FEN
// (the move counters are left out: they do not change the game) and each move of the main
// line, as far as it replays, follows a space in UCCI form. The standard start and the
// moves h2e2 h9g7 hash
//
//	rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w h2e2 h9g7
//
// So a game has one id whatever file, format, notation or tags it came with, and anyone can
// recompute it from the export: the first two fields of its first row's fen, then its moves.
// Two different games share an id with a probability of about n²/2⁶⁵ for n games.
func GameID(g *game.Game) string {
	pos := g.StartPosition()
	var moves []board.Move
	for n := &g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		moves = append(moves, n.Move)
	}
	return string(appendID(nil, pos, moves))
}

// appendID appends the id of the line moves played from pos.
func appendID(dst []byte, pos *board.Position, moves []board.Move) []byte {
	var buf [board.NumSquares + 16]byte
	start := appendPlacementSide(buf[:0], pos)
	h := uint64(fnvOffset)
	for _, c := range start {
		h = (h ^ uint64(c)) * fnvPrime
	}
	var mv [5]byte
	mv[0] = ' '
	for _, m := range moves {
		m.AppendICCS(mv[:1], true)
		for _, c := range mv {
			h = (h ^ uint64(c)) * fnvPrime
		}
	}
	return appendHex(dst, h)
}

// appendHex appends h as 16 lower-case hexadecimal digits.
func appendHex(dst []byte, h uint64) []byte {
	const digits = "0123456789abcdef"
	for shift := 60; shift >= 0; shift -= 4 {
		dst = append(dst, digits[h>>uint(shift)&0xf])
	}
	return dst
}

// Split is one part of the export: its games go to positions-<Name>.<ext>.
type Split struct {
	Name     string  // file-name-safe: letters, digits, '-' and '_'
	Fraction float64 // of the games, in (0, 1]
}

// ErrSplit is wrapped by every error of ParseSplits.
var ErrSplit = errors.New("export: bad split")

// splitTolerance is how far from 1 the fractions may sum.
const splitTolerance = 1e-9

// ParseSplits reads a split specification such as "train=0.9,val=0.05,test=0.05": one or
// more NAME=FRACTION, comma-separated, names distinct and made of ASCII letters, digits,
// '-' and '_', fractions in (0, 1] that sum to 1 within 1e-9. The errors wrap ErrSplit.
func ParseSplits(spec string) ([]Split, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, fmt.Errorf("%w: empty specification (want e.g. train=0.9,val=0.05,test=0.05)", ErrSplit)
	}
	var out []Split
	sum := 0.0
	for part := range strings.SplitSeq(spec, ",") {
		part = strings.TrimSpace(part)
		name, frac, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("%w: %q is not NAME=FRACTION", ErrSplit, part)
		}
		name = strings.TrimSpace(name)
		if !safeName(name) {
			return nil, fmt.Errorf("%w: name %q (want 1–64 ASCII letters, digits, '-' or '_')", ErrSplit, name)
		}
		for _, s := range out {
			if s.Name == name {
				return nil, fmt.Errorf("%w: name %q given twice", ErrSplit, name)
			}
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(frac), 64)
		if err != nil || math.IsNaN(f) || f <= 0 || f > 1 {
			return nil, fmt.Errorf("%w: fraction %q of %q (want a number in (0, 1])", ErrSplit, frac, name)
		}
		sum += f
		out = append(out, Split{Name: name, Fraction: f})
	}
	if math.Abs(sum-1) > splitTolerance {
		return nil, fmt.Errorf("%w: the fractions sum to %v, want 1", ErrSplit, sum)
	}
	return out, nil
}

// safeName reports whether a split name is safe in a file name on every system.
func safeName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// SplitOf returns the index in splits of the split that the game with the id goes to: the
// id's FNV-1a hash, mixed by the SplitMix64 finalizer, as a number u in [0, 1) (its top 53
// bits), falls in the split whose cumulative fractions bracket it. The same id always goes
// to the same split, whatever the order or the number of workers. It returns 0 for fewer
// than two splits.
func SplitOf(id string, splits []Split) int {
	if len(splits) < 2 {
		return 0
	}
	h := uint64(fnvOffset)
	for i := 0; i < len(id); i++ {
		h = (h ^ uint64(id[i])) * fnvPrime
	}
	u := float64(mix(h)>>11) / (1 << 53)
	acc := 0.0
	for i, s := range splits[:len(splits)-1] {
		acc += s.Fraction
		if u < acc {
			return i
		}
	}
	return len(splits) - 1
}

// mix is the SplitMix64 finalizer: every output bit depends on every input bit.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
