package anynotation

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// table is pkg/notation/testdata/notation.json.
type table struct {
	Groups []struct {
		Name  string              `json:"name"`
		FEN   string              `json:"fen"`
		Play  bool                `json:"play"`
		Moves []map[string]string `json:"moves"`
	} `json:"groups"`
	Reads []struct {
		FEN        string   `json:"fen"`
		After      []string `json:"after"`
		Text       string   `json:"text"`
		ICCS       string   `json:"iccs"`
		Note       bool     `json:"note"`
		Error      string   `json:"error"`
		Candidates int      `json:"candidates"`
	} `json:"reads"`
}

// tableStyles maps the table's fields to notation and options.
var tableStyles = map[string]style{
	"iccs":        mkStyle("iccs", iccs.Notation{}),
	"ucci":        mkStyle("ucci", iccs.Notation{Style: iccs.UCCI}),
	"wxf":         mkStyle("wxf", wxf.Notation{}),
	"fairy":       mkStyle("fairy", wxf.Notation{Style: wxf.Fairy}),
	"chinese":     mkStyle("chinese", chinese.Notation{}),
	"traditional": mkStyle("traditional", chinese.Notation{Traditional: true}),
	"platform":    mkStyle("platform", platform.Notation{}),
}

func loadTable(t *testing.T) *table {
	t.Helper()
	data, err := os.ReadFile("../testdata/notation.json")
	if err != nil {
		t.Fatal(err)
	}
	var tb table
	if err := json.Unmarshal(data, &tb); err != nil {
		t.Fatal(err)
	}
	return &tb
}

func position(t *testing.T, fen string, after []string) *board.Position {
	t.Helper()
	if fen == "start" {
		fen = board.StartFEN
	}
	pos, err := board.FromFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	for _, mv := range after {
		pos.Play(mustICCS(t, pos, mv))
	}
	return pos
}

func mustICCS(t *testing.T, pos *board.Position, text string) board.Move {
	t.Helper()
	s, err := iccs.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Resolve(pos)
	if err != nil {
		t.Fatalf("%s in %s: %v", text, pos.FEN(), err)
	}
	return m
}

// TestTable formats every move of the table in every listed style and reads each text back.
func TestTable(t *testing.T) {
	tb := loadTable(t)
	n := 0
	for _, g := range tb.Groups {
		pos := position(t, g.FEN, nil)
		start := *pos
		for _, mv := range g.Moves {
			if !g.Play {
				*pos = start
			}
			m := mustICCS(t, pos, mv["iccs"])
			for field, want := range mv {
				if field == "platform_short" {
					got := string(platform.AppendShort(nil, pos, m))
					r, err := Resolve(pos, got, notation.Platform)
					if got != want || !errors.Is(err, notation.ErrAmbiguous) {
						t.Errorf("%s: %s: platform short form %q (want %q): want ambiguous, got %+v, %v", g.Name, mv["iccs"], got, want, r, err)
					}
					n++
					continue
				}
				st, ok := tableStyles[field]
				if !ok {
					t.Fatalf("%s: unknown field %q", g.Name, field)
				}
				got := string(st.n.Append(nil, pos, m))
				if got != want {
					t.Errorf("%s: %s: %s = %q, want %q", g.Name, mv["iccs"], field, got, want)
				}
				r, err := Resolve(pos, want, st.f)
				if err != nil || r.Move != m || r.Nonstandard || r.Format != st.f {
					t.Errorf("%s: reading %s %q: %+v, %v; want %s", g.Name, field, want, r, err, m)
				}
				if d := Detect(want); d != st.f {
					t.Errorf("Detect(%q) = %v, want %v", want, d, st.f)
				}
				n++
			}
			if g.Play {
				pos.Play(m)
			}
		}
	}
	for _, rd := range tb.Reads {
		pos := position(t, rd.FEN, rd.After)
		r, err := Resolve(pos, rd.Text, notation.Unknown)
		n++
		if rd.Error != "" {
			kind := map[string]error{"syntax": notation.ErrSyntax, "illegal": notation.ErrIllegal, "ambiguous": notation.ErrAmbiguous}[rd.Error]
			var e *notation.Error
			if !errors.Is(err, kind) || !errors.As(err, &e) {
				t.Errorf("%q in %s: want %s error, got %+v, %v", rd.Text, pos.FEN(), rd.Error, r, err)
				continue
			}
			if e.Text != rd.Text {
				t.Errorf("%q: error text %q", rd.Text, e.Text)
			}
			if rd.Candidates != 0 && len(e.Candidates) != rd.Candidates {
				t.Errorf("%q: %d candidates %v, want %d", rd.Text, len(e.Candidates), e.Candidates, rd.Candidates)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q in %s: %v", rd.Text, pos.FEN(), err)
			continue
		}
		if want := mustICCS(t, pos, rd.ICCS); r.Move != want || r.Nonstandard != rd.Note || r.Nonstandard != (r.Note != "") {
			t.Errorf("%q in %s: got %s %+v, want %s (non-standard %v)", rd.Text, pos.FEN(), r.Move, r, want, rd.Note)
		} else if r.Nonstandard {
			t.Logf("%q: %s", rd.Text, r.Note)
		}
	}
	t.Logf("%d table checks", n)
}
