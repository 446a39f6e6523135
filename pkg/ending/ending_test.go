package ending

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// play replays moves (UCCI, "a6a9") from fen through a History and judges the cycle at the
// first position to occur n times. It returns the occurrences' plies (nil when no position
// occurs n times) and the verdict (Kind None then).
func play(t *testing.T, fen string, moves string, n int, rules Rules) ([]int, Verdict) {
	t.Helper()
	pos, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var h History
	h.Reset(pos.Key())
	var line []board.Move
	for i, text := range strings.Fields(moves) {
		m, err := parseICCS(text)
		if err != nil {
			t.Fatal(err)
		}
		if !pos.IsLegal(m) {
			t.Fatalf("ply %d: %s is illegal in %s", i+1, text, pos.FEN())
		}
		capture := pos.IsCapture(m)
		pos.Play(m)
		line = append(line, m)
		if count, prev := h.Push(pos.Key(), capture); count >= n {
			return h.Occurrences(nil, h.Ply()), JudgeCycle(pos, line[prev:], rules)
		}
	}
	return nil, Verdict{Kind: None, Chased: board.NoSquare}
}

// repeat returns the cycle's moves written times times.
func repeat(cycle string, times int) string {
	return strings.TrimSpace(strings.Repeat(cycle+" ", times))
}

func TestJudgeCycleRules(t *testing.T) {
	const (
		// Red's chariot checks from the f- and e-files while Black's general steps aside.
		checkFEN = "9/4k4/9/9/5R3/9/9/9/4A4/4K4 w - - 0 1"
		// The same with the general on f9: three checks, then a quiet chariot move.
		checkButOneFEN = "5k3/9/9/9/6R2/9/9/9/4A4/4K4 w - - 0 1"
		// Red's chariot on a6 and a lone black cannon on c4.
		chaseFEN = "4k4/9/9/R8/9/2c6/9/9/9/3K5 w - - 0 1"
		// The same with a black chariot on c9 guarding the cannon's file.
		guardedFEN = "2r1k4/9/9/R8/9/2c6/9/9/9/3K5 w - - 0 1"
		// Both sides check with every move: each move blocks one check and uncovers another.
		mutualFEN = "3k5/5c3/9/9/9/9/3n5/9/3C5/3R1K3 b - - 0 1"
	)
	tests := []struct {
		name      string
		fen       string
		cycle     string
		rules     Rules
		kind      Kind
		loser     Side
		checks    []int // the cycle moves that check
		chased    string
		reason    string
		plies     []int
		noVerdict bool // no position occurs three times
	}{
		{
			name: "one-sided perpetual check", fen: checkFEN, cycle: "f5e5 e8f8 e5f5 f8e8",
			rules: XQBase, kind: PerpetualCheck, loser: Red, checks: []int{0, 2},
			reason: "Red checks on every move of the cycle", plies: []int{0, 4, 8},
		},
		{
			name: "perpetual check, chase rules off", fen: checkFEN, cycle: "f5e5 e8f8 e5f5 f8e8",
			rules: ChecksOnly, kind: PerpetualCheck, loser: Red, checks: []int{0, 2},
			reason: "Red checks on every move of the cycle", plies: []int{0, 4, 8},
		},
		{
			name: "check on every move but one", fen: checkButOneFEN,
			cycle: "g5f5 f9e9 f5e5 e9d9 e5d5 d9e9 d5g5 e9f9",
			rules: XQBase, kind: Repetition, checks: []int{0, 2, 4},
			reason: "the position repeats with neither a perpetual check nor a perpetual chase",
			plies:  []int{0, 8, 16},
		},
		{
			name: "mutual perpetual check", fen: mutualFEN, cycle: "d3f4 d1f1 f4d3 f1d1",
			rules: XQBase, kind: MutualPerpetualCheck, checks: []int{0, 1, 2, 3},
			reason: "both sides check on every move of the cycle", plies: []int{0, 4, 8},
		},
		{
			name: "chariot chases an unprotected cannon", fen: chaseFEN, cycle: "a6a4 c4c6 a4a6 c6c4",
			rules: XQBase, kind: PerpetualChase, loser: Red, chased: "c4",
			reason: "Red's chariot chases Black's unprotected cannon on c4 with every move of the cycle",
			plies:  []int{0, 4, 8},
		},
		{
			name: "chase, chase rules off", fen: chaseFEN, cycle: "a6a4 c4c6 a4a6 c6c4",
			rules: ChecksOnly, kind: Repetition,
			reason: "the position repeats without a perpetual check", plies: []int{0, 4, 8},
		},
		{
			name: "chase of a protected cannon", fen: guardedFEN, cycle: "a6a4 c4c6 a4a6 c6c4",
			rules: XQBase, kind: Repetition,
			reason: "the position repeats with neither a perpetual check nor a perpetual chase",
			plies:  []int{0, 4, 8},
		},
		{
			// A chariot is chased by a horse even when protected (here by the chariot on d9).
			name: "horse chases a protected chariot", fen: "3rk4/9/9/3r5/9/9/2N6/9/9/5K3 w - - 0 1",
			cycle: "c3b5 d6d5 b5c3 d5d6", rules: XQBase, kind: PerpetualChase, loser: Red, chased: "d6",
			reason: "Red's horse chases Black's chariot on d6 with every move of the cycle",
			plies:  []int{0, 4, 8},
		},
		{
			name: "chariot attacks a chariot (same kind)", fen: "4k4/9/9/R8/9/2r6/9/9/9/3K5 w - - 0 1",
			cycle: "a6a4 c4c6 a4a6 c6c4", rules: XQBase, kind: Repetition,
			reason: "the position repeats with neither a perpetual check nor a perpetual chase",
			plies:  []int{0, 4, 8},
		},
		{
			// One check, one chase: a draw under the xqbase league's rules and AXF's.
			name: "check and chase alternating", fen: chaseFEN,
			cycle: "a6a9 e9e8 a9a4 c4c6 a4a8 e8e9 a8a6 c6c4",
			rules: XQBase, kind: Repetition, checks: []int{0, 4},
			reason: "the position repeats with neither a perpetual check nor a perpetual chase",
			plies:  []int{0, 8, 16},
		},
		{
			name: "check and chase alternating, chase rules off", fen: chaseFEN,
			cycle: "a6a9 e9e8 a9a4 c4c6 a4a8 e8e9 a8a6 c6c4",
			rules: ChecksOnly, kind: Repetition, checks: []int{0, 4},
			reason: "the position repeats without a perpetual check", plies: []int{0, 8, 16},
		},
		{
			// After one cycle Red's chariot takes the cannon: the positions before can never
			// come back, and the shuttle that follows starts counting afresh.
			name: "cycle broken by a capture", fen: chaseFEN,
			cycle:     "a6a4 c4c6 a4a6 c6c4 a6a4 e9f9 a4c4 f9e9 c4c5 e9f9 c5c4 f9e9 c4c5",
			rules:     XQBase,
			noVerdict: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			moves := repeat(tc.cycle, 2)
			if tc.noVerdict {
				moves = tc.cycle
			}
			plies, v := play(t, tc.fen, moves, 3, tc.rules)
			if tc.noVerdict {
				if plies != nil || v.Kind != None {
					t.Fatalf("third occurrence at %v, verdict %v", plies, v.Kind)
				}
				return
			}
			if !slices.Equal(plies, tc.plies) {
				t.Errorf("occurrences at %v, want %v", plies, tc.plies)
			}
			if v.Kind != tc.kind || v.Loser != tc.loser || v.Rules != tc.rules {
				t.Errorf("verdict %v loser %q rules %v, want %v loser %q rules %v", v.Kind, v.Loser, v.Rules, tc.kind, tc.loser, tc.rules)
			}
			var checks []int
			for i := range v.Moves {
				if v.Checks.Has(i) {
					checks = append(checks, i)
				}
			}
			if !slices.Equal(checks, tc.checks) {
				t.Errorf("checks on moves %v, want %v", checks, tc.checks)
			}
			chased := ""
			if v.Chased != board.NoSquare {
				chased = v.Chased.String()
			}
			if chased != tc.chased {
				t.Errorf("chased %q, want %q", chased, tc.chased)
			}
			if got := v.Reason(); got != tc.reason {
				t.Errorf("reason %q, want %q", got, tc.reason)
			}
		})
	}
}

// TestProtectionByPinnedDefender: Red's chariot shuttles a6–a4 after Black's cannon c4–c6.
// Black's horse on e5 guards both squares, but Red's chariot on e1 pins it to its general on
// e9: a defender that may not recapture does not protect, so the chase stands. With the
// general on d9 the horse is free, the cannon protected, and the cycle a plain repetition.
func TestProtectionByPinnedDefender(t *testing.T) {
	const cycle = "a6a4 c4c6 a4a6 c6c4"
	_, v := play(t, "4k4/9/9/R8/4n4/2c6/9/9/4R4/3K5 w - - 0 1", repeat(cycle, 2), 3, XQBase)
	if v.Kind != PerpetualChase || v.Loser != Red || v.Chased.String() != "c4" {
		t.Errorf("pinned defender: %v %q (%s)", v.Kind, v.Loser, v.Reason())
	}
	_, v = play(t, "3k5/9/9/R8/4n4/2c6/9/9/4R4/5K3 w - - 0 1", repeat(cycle, 2), 3, XQBase)
	if v.Kind != Repetition || v.Loser != NoSide {
		t.Errorf("free defender: %v %q (%s)", v.Kind, v.Loser, v.Reason())
	}
}

func TestJudgeCycleNotACycle(t *testing.T) {
	pos := board.StartPosition()
	h2e2 := board.NewMove(mustSquare("h2"), mustSquare("e2"))
	h7e7 := board.NewMove(mustSquare("h7"), mustSquare("e7"))
	for _, tc := range []struct {
		name  string
		pos   *board.Position
		cycle []board.Move
	}{
		{"nil position", nil, []board.Move{h2e2, h7e7}},
		{"empty", pos, nil},
		{"odd", pos, []board.Move{h2e2}},
		{"illegal", pos, []board.Move{h7e7, h2e2}},
		{"off the board", pos, []board.Move{board.Move(0x3FFF), board.NoMove}},
		{"does not return", pos, []board.Move{h2e2, h7e7}},
	} {
		before := pos.FEN()
		v := JudgeCycle(tc.pos, tc.cycle, XQBase)
		if v.Kind != None || v.Loser != NoSide || v.Result() != "*" || v.Reason() != "not a cycle" {
			t.Errorf("%s: %v %q %s %q", tc.name, v.Kind, v.Loser, v.Result(), v.Reason())
		}
		if pos.FEN() != before {
			t.Errorf("%s: JudgeCycle changed the position", tc.name)
		}
	}
}

func mustSquare(s string) board.Square {
	sq, ok := board.SquareFromICCS(s[0], s[1])
	if !ok {
		panic(s)
	}
	return sq
}

func TestHistory(t *testing.T) {
	var h History
	if h.Ply() != -1 || h.Count(0) != 0 || h.Prev(0) != -1 || h.Occurrences(nil, 0) != nil {
		t.Fatal("empty history is not empty")
	}
	h.Reset(1)
	type push struct {
		key          uint64
		irreversible bool
		count, prev  int
	}
	steps := []push{
		{2, false, 1, -1}, // ply 1
		{1, false, 2, 0},  // ply 2: the start again
		{2, false, 2, 1},  // ply 3
		{3, false, 1, -1}, // ply 4
		{1, false, 1, -1}, // ply 5: key 1 at plies 0 and 2 is an odd number of plies back (the other side to move): not looked at
	}
	for i, s := range steps {
		if c, p := h.Push(s.key, s.irreversible); c != s.count || p != s.prev {
			t.Fatalf("ply %d: Push = %d, %d, want %d, %d", i+1, c, p, s.count, s.prev)
		}
	}
	if got := h.Occurrences(nil, 3); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("Occurrences(3) = %v", got)
	}
	// A capture at ply 6: nothing before it can recur, so the scan stops there (ply 8's key
	// 3, the key of ply 4, is not looked for before ply 6).
	if c, p := h.Push(2, true); c != 1 || p != -1 {
		t.Errorf("capture: Push = %d, %d", c, p)
	}
	h.Push(7, false)
	if c, p := h.Push(3, false); c != 1 || p != -1 {
		t.Errorf("after the capture: Push(3) = %d, %d, want 1, -1", c, p)
	}
	if c, p := h.Push(7, false); c != 2 || p != 7 {
		t.Errorf("after the capture: Push(7) = %d, %d, want 2, 7", c, p)
	}
	// A variation from ply 3: keep plies 0–2 and push a new ply 3.
	h.Truncate(2)
	if h.Ply() != 2 || h.Len() != 3 {
		t.Fatalf("Truncate(2): ply %d len %d", h.Ply(), h.Len())
	}
	if c, p := h.Push(5, false); c != 1 || p != -1 || h.Ply() != 3 {
		t.Errorf("variation ply 3: Push = %d, %d", c, p)
	}
	if c, p := h.Push(1, false); c != 3 || p != 2 {
		t.Errorf("variation ply 4: Push = %d, %d, want 3, 2", c, p)
	}
	if got := h.Occurrences([]int{99}, 4); !slices.Equal(got, []int{99, 0, 2, 4}) {
		t.Errorf("Occurrences(4) = %v", got)
	}
	h.Truncate(10) // beyond the end: unchanged
	if h.Ply() != 4 {
		t.Errorf("Truncate beyond the end: ply %d", h.Ply())
	}
	h.Truncate(-5)
	if h.Len() != 0 {
		t.Errorf("Truncate(-5): len %d", h.Len())
	}
	if c, p := h.Push(9, false); c != 1 || p != -1 || h.Ply() != 0 {
		t.Errorf("push on an emptied history: %d, %d, ply %d", c, p, h.Ply())
	}
}

func TestKindNames(t *testing.T) {
	want := []string{"none", "checkmate", "stalemate", "perpetual-check", "mutual-perpetual-check",
		"perpetual-chase", "repetition", "natural-limit"}
	for i, name := range want {
		k := Kind(i)
		if k.String() != name {
			t.Errorf("Kind(%d) = %q, want %q", i, k, name)
		}
		text, err := k.MarshalText()
		if err != nil || string(text) != name {
			t.Errorf("MarshalText(%v) = %q, %v", k, text, err)
		}
		var back Kind
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("UnmarshalText(%q) = %v, %v", name, back, err)
		}
	}
	if _, err := ParseKind("draw"); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("ParseKind(draw) error %v", err)
	}
	if _, err := Kind(200).MarshalText(); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("MarshalText(200) error %v", err)
	}
	for _, s := range []Side{NoSide, Red, Black} {
		text, _ := s.MarshalText()
		var back Side
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("side %q round trip: %v, %v", text, back, err)
		}
	}
	if err := new(Side).UnmarshalText([]byte("white")); !errors.Is(err, ErrUnknownSide) {
		t.Errorf("side white: %v", err)
	}
	if c, ok := Red.Color(); !ok || c != board.Red || SideOf(board.Black) != Black {
		t.Error("Side/Color mismatch")
	}
	if _, ok := NoSide.Color(); ok {
		t.Error("NoSide has a color")
	}
	for _, name := range []string{"none", "xqbase"} {
		r, err := ParseRules(name)
		if err != nil || r.String() != name {
			t.Errorf("ParseRules(%q) = %v, %v", name, r, err)
		}
	}
	if _, err := ParseRules("axf"); !errors.Is(err, ErrUnknownRules) {
		t.Errorf("ParseRules(axf): %v", err)
	}
}

func TestNaturalLimit(t *testing.T) {
	for _, tc := range []struct {
		clock int
		want  bool
	}{{0, false}, {119, false}, {120, true}, {300, true}} {
		if got := NaturalLimitReached(tc.clock); got != tc.want {
			t.Errorf("NaturalLimitReached(%d) = %v", tc.clock, got)
		}
	}
}

func TestEndingJSON(t *testing.T) {
	for _, tc := range []struct {
		e    Ending
		want string
	}{
		{Ending{Kind: PerpetualCheck, Loser: Red, Plies: []int{21, 25, 29}},
			`{"kind":"perpetual-check","loser":"red","plies":[21,25,29]}`},
		{Ending{}, `{"kind":"none","loser":"","plies":[]}`},
	} {
		got, err := json.Marshal(tc.e)
		if err != nil || string(got) != tc.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tc.e, got, err, tc.want)
		}
		var back Ending
		if err := json.Unmarshal(got, &back); err != nil || back.Kind != tc.e.Kind || back.Loser != tc.e.Loser || len(back.Plies) != len(tc.e.Plies) {
			t.Errorf("Unmarshal(%s) = %+v, %v", got, back, err)
		}
	}
	if _, err := json.Marshal(Ending{Kind: 99}); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("Marshal of a bad kind: %v", err)
	}
}
