// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/cbr
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package cbr

import (
	"bytes"
	"errors"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// FuzzDecode feeds arbitrary bytes to Decode, as a file and, when they start like a CBR
// record, as the record of a library, and checks that it never panics, that every file-level
// error is a positioned diagnostic wrapping a sentinel, and that every game is numbered in
// order, positioned in its diagnostics and legal in every move of its tree. The seeds in
// testdata/fuzz/FuzzDecode are small synthetic files (records, compressed libraries, cut and
// damaged ones).
func FuzzDecode(f *testing.F) {
	f.Add(cbrGame{moves: line("h2e2", "h9g7")}.cbr())
	f.Add(compress(zLibrary("z", 1, zGame{moves: tree1()}), 1))
	// The layout with an event and a date, and empty records of both kinds of library.
	f.Add(compress(zLibrary("z", 2, zGame{event: "cup", date: "79-4-30", moves: line("h2e2")}, zGame{pieces: &[32]byte{}}), 3))
	f.Add(cbl("f", 2, cbrGame{board: &[90]byte{}, rootComment: "heading"}.cbr(), cbrGame{moves: line("h2e2")}.cbr()))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, data)
		if bytes.HasPrefix(data, magicRecord) {
			checkDecode(t, cbl("f", 2, data, data[:len(data)/2]))
		}
	})
}

var sentinels = []error{ErrNotCBR, ErrTruncated, ErrTooLarge, ErrCorrupt, ErrVersion, ErrEmptyRecord}

func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	n := 0
	for g, err := range Read(bytes.NewReader(data), Config{Path: "f"}) {
		if err != nil {
			var d *game.Diagnostic
			if !errors.As(err, &d) || d.Loc.Offset < 0 || d.Path != "f" {
				t.Fatalf("file error not a positioned diagnostic: %v", err)
			}
			if d.IsNote() {
				// An empty record takes its place in the numbering.
				n++
				if d.Kind != game.KindEmptyRecord || d.Game != n || !errors.Is(d, ErrEmptyRecord) {
					t.Fatalf("note %v, want an empty record %d", d, n)
				}
				continue
			}
			wraps := false
			for _, s := range sentinels {
				wraps = wraps || errors.Is(err, s)
			}
			if !wraps {
				t.Fatalf("file error wraps no sentinel: %v", err)
			}
			continue
		}
		n++
		if g.Index != n {
			t.Fatalf("game %d has index %d", n, g.Index)
		}
		for _, d := range g.Diagnostics {
			if d.Loc.Offset < 0 || d.Path != "f" || d.Game != n {
				t.Fatalf("game %d: diagnostic not positioned: %v", n, d)
			}
		}
		checkLegal(t, g)
	}
}

// checkLegal replays every move of the tree, independently of the builder.
func checkLegal(t *testing.T, g *game.Game) {
	t.Helper()
	type item struct {
		n   *game.Node
		pos board.Position
	}
	stack := []item{{&g.Root, *g.StartPosition()}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range it.n.Children {
			if !it.pos.IsLegal(c.Move) {
				t.Fatalf("game %d: illegal move %s in the tree", g.Index, string(c.Move.AppendICCS(nil, false)))
			}
			next := it.pos
			next.Play(c.Move)
			stack = append(stack, item{c, next})
		}
	}
}
