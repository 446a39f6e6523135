// Package readertest holds what the tests of the readers that share the shape of package cbf
// (FormatName, Sniff, Config, Decode returning iter.Seq2) check alike: every diagnostic
// positioned, file errors that are *game.Diagnostic, golden dumps of synthetic inputs, round
// trips through the XQF and DhtmlXQ writers, and fuzz seeds from the shared corpus.
package readertest

import (
	"bytes"
	"errors"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/jsonl"
	"github.com/qipu/qipu/pkg/xqf"
)

// DecodeFunc runs a reader's Decode on r with Config{Path: path}.
type DecodeFunc func(r io.Reader, path string) iter.Seq2[*game.Game, error]

// All decodes data and returns its games and file errors. It fails tb when a file error is
// not a *game.Diagnostic, or comes with a game.
func All(tb testing.TB, dec DecodeFunc, path string, data []byte) ([]*game.Game, []error) {
	tb.Helper()
	var games []*game.Game
	var errs []error
	for g, err := range dec(bytes.NewReader(data), path) {
		if err != nil {
			var d *game.Diagnostic
			if !errors.As(err, &d) || g != nil {
				tb.Fatalf("%s: file error %v (%T) with game %v", path, err, err, g)
			}
			errs = append(errs, err)
			continue
		}
		if g == nil {
			tb.Fatalf("%s: nil game without an error", path)
		}
		games = append(games, g)
	}
	return games, errs
}

// Problems lists what breaks the contract of every reader in games and errs: a diagnostic
// without a position (neither line nor offset), an invalid game without an error, a file
// error without a position.
func Problems(games []*game.Game, errs []error) []string {
	var out []string
	for _, err := range errs {
		var d *game.Diagnostic
		if errors.As(err, &d) && d.Loc.Line == 0 && d.Loc.Offset < 0 {
			out = append(out, "file error without a position: "+d.Error())
		}
	}
	for _, g := range games {
		for _, d := range g.Diagnostics {
			if d.Loc.Line == 0 && d.Loc.Offset < 0 {
				out = append(out, "diagnostic without a position: "+d.Error())
			}
		}
		if !g.Valid() && len(g.Errors()) == 0 {
			out = append(out, "invalid game without an error")
		}
	}
	return out
}

// Dump renders the games and file errors of one input for a golden file.
func Dump(games []*game.Game, errs []error) string {
	var b strings.Builder
	for _, g := range games {
		b.WriteString(testutil.Dump(g, "game "+strconv.Itoa(g.Index)+" format "+string(g.Format)+" encoding "+jsonl.EncodingName(g.Encoding)+" plies "+strconv.Itoa(g.Plies()), false))
	}
	for _, err := range errs {
		b.WriteString("file error " + err.Error() + "\n")
	}
	return b.String()
}

// Golden decodes each input (name → bytes, written by the test) and compares its Dump with
// testdata/NAME.golden, or rewrites that with update. Every input must also keep the
// contract (Problems).
func Golden(t *testing.T, dec DecodeFunc, inputs map[string][]byte, update bool) {
	t.Helper()
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			games, errs := All(t, dec, name, inputs[name])
			for _, p := range Problems(games, errs) {
				t.Error(p)
			}
			testutil.Golden(t, filepath.Join("testdata", name+".golden"), Dump(games, errs), update)
		})
	}
}

// MainLine returns the start FEN and the ICCS moves of g's main line.
func MainLine(g *game.Game) string {
	var b strings.Builder
	b.WriteString(g.Setup.FEN())
	for _, n := range g.MainLine() {
		b.WriteByte(' ')
		b.Write(n.Move.AppendICCS(nil, false))
	}
	return b.String()
}

// RoundTrip writes g with xqf.Encode and dhtmlxq.Encode, reads each back, and returns what
// differs in the start position or the main line ("" when nothing does).
func RoundTrip(g *game.Game) string {
	want := MainLine(g)
	var out []string
	var buf bytes.Buffer
	if err := xqf.Encode(&buf, g); err != nil {
		out = append(out, "xqf.Encode: "+err.Error())
	} else if back, err := xqf.Decode(bytes.NewReader(buf.Bytes()), xqf.Config{Path: "rt.xqf"}); err != nil {
		out = append(out, "xqf.Decode: "+err.Error())
	} else if got := MainLine(back); got != want {
		out = append(out, "via XQF: "+got+"\nwant     "+want)
	}
	buf.Reset()
	if err := dhtmlxq.Encode(&buf, g); err != nil {
		out = append(out, "dhtmlxq.Encode: "+err.Error())
	} else {
		n := 0
		for back, err := range dhtmlxq.Read(bytes.NewReader(buf.Bytes()), dhtmlxq.Config{Path: "rt.txt"}) {
			n++
			switch {
			case err != nil:
				out = append(out, "dhtmlxq.Read: "+err.Error())
			case MainLine(back) != want:
				out = append(out, "via DhtmlXQ: "+MainLine(back)+"\nwant        "+want)
			}
		}
		if n != 1 {
			out = append(out, "via DhtmlXQ: "+strconv.Itoa(n)+" games")
		}
	}
	return strings.Join(out, "\n")
}

// SeedShared adds to f the files of the shared corpus whose names end with one of exts (lower
// case, with the dot), up to max bytes each; without the corpus it adds none (the synthetic
// seeds of testdata/fuzz still run).
func SeedShared(f *testing.F, max int, exts ...string) {
	f.Helper()
	if _, err := os.Stat(testutil.CorpusDir); err != nil {
		return
	}
	_ = filepath.WalkDir(testutil.CorpusDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		low := strings.ToLower(p)
		for _, x := range exts {
			if strings.HasSuffix(low, x) {
				if data, err := os.ReadFile(p); err == nil && len(data) <= max {
					f.Add(data)
				}
				break
			}
		}
		return nil
	})
}

// Fuzz checks one fuzz input: no panic (the caller's run), file errors that are
// diagnostics, and every diagnostic positioned.
func Fuzz(t *testing.T, dec DecodeFunc, data []byte) []*game.Game {
	games, errs := All(t, dec, "fuzz", data)
	for _, p := range Problems(games, errs) {
		t.Error(p)
	}
	return games
}
