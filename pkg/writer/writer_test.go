package writer_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/writer"
)

// readOne reads the one game of a PGN text.
func readOne(t *testing.T, text string) *game.Game {
	t.Helper()
	var gs []*game.Game
	err := pgn.Decode(strings.NewReader(text), pgn.Config{Path: "t.pgn"}, func(g *game.Game) error {
		gs = append(gs, g)
		return nil
	})
	if err != nil || len(gs) != 1 {
		t.Fatalf("read: %d games, %v", len(gs), err)
	}
	return gs[0]
}

const sample = "[Event \"中炮\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ {屏风马} 1-0\n"

// A toy writer registers in a few lines and is found by name, in any case.
func TestToyWriter(t *testing.T) {
	writer.Register(writer.Writer{Name: "plies", Title: "ply counts", Ext: ".n",
		Append: func(dst []byte, g *game.Game, _ *writer.Options) ([]byte, error) {
			return append(dst, byte('0'+len(g.MainLine())), '\n'), nil
		}})
	w, ok := writer.Lookup("PLIES")
	if !ok || w.Ext != ".n" || w.PerGame {
		t.Fatalf("Lookup: %+v %v", w, ok)
	}
	out, err := w.Append([]byte("x"), readOne(t, sample), &writer.Options{})
	if err != nil || string(out) != "x2\n" {
		t.Fatalf("Append = %q, %v", out, err)
	}
	if names := strings.Join(writer.Names(), " "); names != "dhtmlxq jsonl pgn plies xqf" {
		t.Errorf("Names = %s", names)
	}
}

// The built-in writers give what their encoders give, appended after dst.
func TestBuiltins(t *testing.T) {
	g := readOne(t, sample)
	var want bytes.Buffer
	if err := pgn.Encode(&want, g, pgn.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, ext string
		perGame   bool
		prefix    string
	}{
		{"pgn", ".pgn", false, "[Game "},
		{"jsonl", ".jsonl", false, `{"source":"t.pgn"`},
		{"xqf", ".xqf", true, "XQ"},
		{"dhtmlxq", ".txt", false, "[DhtmlXQ]"},
	} {
		w, ok := writer.Lookup(c.name)
		if !ok || w.Ext != c.ext || w.PerGame != c.perGame {
			t.Fatalf("%s: %+v %v", c.name, w, ok)
		}
		out, err := w.Append([]byte("head"), g, &writer.Options{Source: "t.pgn"})
		if err != nil || !strings.HasPrefix(string(out), "head"+c.prefix) {
			t.Errorf("%s: %.40q, %v", c.name, out, err)
		}
		if c.name == "pgn" && string(out[4:]) != want.String() {
			t.Errorf("pgn: %q, want %q", out[4:], want.String())
		}
	}
}

// PGN in GBK: a character GBK lacks is written '?' with one warning; the rest is GBK.
func TestPGNEncoding(t *testing.T) {
	g := readOne(t, strings.Replace(sample, "屏风马", "屏风马😀", 1))
	w, _ := writer.Lookup("pgn")
	var warns []*game.Diagnostic
	out, err := w.Append(nil, g, &writer.Options{Encoding: textenc.GBK,
		Warn: func(d *game.Diagnostic) { warns = append(warns, d) }})
	if err != nil {
		t.Fatal(err)
	}
	back, _, invalid := textenc.DecodeBytes(out, textenc.GBK)
	if invalid != 0 || !strings.Contains(back, "{屏风马?}") {
		t.Errorf("GBK output reads back as %q (invalid at %d)", back, invalid)
	}
	if len(warns) != 1 || warns[0].Kind != game.KindEncoding ||
		warns[0].Message != `'😀' cannot be written in gbk; written as '?'` {
		t.Errorf("warnings: %v", warns)
	}
	var ee *writer.EncodingError
	if errors.As(err, &ee) {
		t.Errorf("unexpected EncodingError %v", ee)
	}
}
