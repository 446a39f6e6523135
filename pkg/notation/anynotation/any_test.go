package anynotation

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

func TestParseID(t *testing.T) {
	for _, c := range []struct {
		in   string
		want notation.ID
	}{{"iccs", notation.ICCS}, {"ICCS", notation.ICCS}, {"WXF", notation.WXF}, {"wxf", notation.WXF},
		{"Chinese", notation.Chinese}, {"platform", notation.Platform}, {"Platform", notation.Platform}} {
		got, err := notation.ParseID(c.in)
		if err != nil || got != c.want || !strings.EqualFold(got.String(), c.in) {
			t.Errorf("ParseID(%q) = %v, %v", c.in, got, err)
		}
	}
	if _, err := notation.ParseID("san"); !errors.Is(err, notation.ErrUnknownName) {
		t.Errorf("ParseID(san): %v", err)
	}
}

func TestRegistry(t *testing.T) {
	pos := board.StartPosition()
	h2e2 := board.NewMove(board.NewSquare(7, 7), board.NewSquare(7, 4))
	want := map[string]string{"iccs": "H2-E2", "wxf": "C2.5", "chinese": "炮二平五", "platform": "炮二3-五3"} // both cannons reach e2: the origin is written
	all := All()
	if len(all) != len(want) {
		t.Fatalf("%d notations", len(all))
	}
	for i, n := range all {
		if f := IDOf(n); f != order[i] || f.String() != n.Name() {
			t.Errorf("%s: format %v, want %v", n.Name(), f, order[i])
		}
		if got, err := Lookup(strings.ToUpper(n.Name())); err != nil || got != n {
			t.Errorf("Lookup(%s) = %v, %v", n.Name(), got, err)
		}
		text := string(n.Append(nil, pos, h2e2))
		if text != want[n.Name()] {
			t.Errorf("%s: append %q, want %q", n.Name(), text, want[n.Name()])
		}
		if m, note, err := n.Resolve(pos, text); m != h2e2 || note != "" || err != nil {
			t.Errorf("%s: resolve %q = %v %q %v", n.Name(), text, m, note, err)
		}
		if d := Detect(text); d != order[i] {
			t.Errorf("Detect(%q) = %v", text, d)
		}
	}
	all[0] = nil // the caller's copy
	if All()[0] == nil {
		t.Error("All shares its slice")
	}
	n, _ := Lookup("wxf")
	if _, _, err := n.Resolve(pos, "炮二平五"); !errors.Is(err, notation.ErrSyntax) {
		t.Errorf("WXF read Chinese: %v", err)
	}
	if _, _, err := n.Resolve(pos, "C2+9"); !errors.Is(err, notation.ErrIllegal) {
		t.Errorf("illegal WXF: %v", err)
	}
	_, err := Lookup("fen")
	if !errors.Is(err, notation.ErrUnknownName) || err.Error() != `unknown notation "fen" (want iccs, wxf, chinese or platform)` {
		t.Errorf("Lookup(fen): %v", err)
	}
	if IDOf(nil) != notation.Unknown {
		t.Error("IDOf(nil)")
	}
}

func TestDetect(t *testing.T) {
	for text, want := range map[string]notation.ID{
		"H2-E2": notation.ICCS, "h2e2": notation.ICCS, "C2.5": notation.WXF, "15=6": notation.WXF,
		"+C-2": notation.WXF, "炮二平五": notation.Chinese, "前炮退二": notation.Chinese,
		"炮三7": notation.Platform, "車五10(吃)": notation.Platform, "hello": notation.Unknown, "": notation.Unknown,
	} {
		if got := Detect(text); got != want {
			t.Errorf("Detect(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestResolveHint(t *testing.T) {
	pos := board.StartPosition()
	r, err := Resolve(pos, "炮二平五", notation.Chinese)
	if err != nil || r.Move.String() != "h2e2" || r.Nonstandard || r.Format != notation.Chinese {
		t.Errorf("hinted: %+v %v", r, err)
	}
	// A text in another notation than the hint still resolves, as non-standard.
	r, err = Resolve(pos, "C2.5", notation.Chinese)
	if err != nil || r.Move.String() != "h2e2" || !r.Nonstandard || r.Format != notation.WXF || r.Note == "" {
		t.Errorf("other notation: %+v %v", r, err)
	}
	// An illegal text in the hinted notation is an error of that notation.
	_, err = Resolve(pos, "炮二进九", notation.Chinese)
	var e *notation.Error
	if !errors.As(err, &e) || !errors.Is(err, notation.ErrIllegal) || e.Notation != "chinese" || e.Text != "炮二进九" {
		t.Errorf("illegal: %v", err)
	}
	_, err = Resolve(pos, "炮二平", notation.Chinese)
	if !errors.Is(err, notation.ErrSyntax) || !errors.As(err, &e) || e.Text != "炮二平" {
		t.Errorf("syntax: %v", err)
	}
}

func TestScanMove(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
	}{
		{"C2.5H8+7", "C2.5"},
		{"Ｃ２．５Ｈ８＋７", "Ｃ２．５"},
		{"+C-2R9.8", "+C-2"},
		{"15=6P5+1", "15=6"},
		{"炮二平五马８进７", "炮二平五"},
		{"前炮二退二车９平８", "前炮二退二"},
		{"前炮退二车９平８", "前炮退二"},
		{"一兵平五兵五进一", "一兵平五"},
		{"炮三7車五10(吃)", "炮三7"},
		{"車五10(吃)炮三7", "車五10(吃)"},
		{"車五10（吃）", "車五10（吃）"},
		{"兵一1", "兵一1"},
		{"H2-E2H7-E7", "H2-E2"},
		{"h2e2h7e7", "h2e2"},
		{"h2e2+", "h2e2"},
		{"C2.5 H8+7", "C2.5"},
		{"", ""},
		{"xyz", ""},
		{"1. C2.5", ""},
		{"炮二平", ""},
	} {
		if got := ScanMove(c.in); got != len(c.want) {
			t.Errorf("ScanMove(%q) = %d, want %d (%q)", c.in, got, len(c.want), c.want)
		}
	}
}

// TestScanGlued glues the moves of the oracle games together in every notation and style and
// splits them again with ScanMove.
func TestScanGlued(t *testing.T) {
	games := loadOracle(t)
	if testing.Short() {
		games = games[:20]
	}
	n := 0
	for _, g := range games {
		for _, st := range styles {
			pos, err := board.FromFEN(g.FENStart)
			if err != nil {
				t.Fatal(err)
			}
			var glued []byte
			var want []string
			for _, text := range g.ICCS {
				m := mustICCS(t, pos, text)
				k := len(glued)
				glued = st.n.Append(glued, pos, m)
				want = append(want, string(glued[k:]))
				pos.Play(m)
			}
			s := string(glued)
			for i, w := range want {
				k := ScanMove(s)
				if s[:k] != w {
					t.Fatalf("%s %s/%d move %d: ScanMove gives %q, want %q", st.name, g.Mode, g.Index, i+1, s[:k], w)
				}
				s = s[k:]
				n++
			}
		}
	}
	t.Logf("%d glued moves split", n)
}

// TestParseForResolve checks that a text read once with ParseFor resolves as Resolve does with
// the same hint: the texts of every legal move of the first reference games, in every notation
// and style, each hinted with each notation and with none, in the position they were written
// for and in the next one (where many fail).
func TestParseForResolve(t *testing.T) {
	games := loadOracle(t)
	hints := append(order[:len(order):len(order)], notation.Unknown)
	n := 0
	for _, g := range games[:min(len(games), 10)] {
		pos, err := board.FromFEN(g.FENStart)
		if err != nil {
			t.Fatal(err)
		}
		for _, iccsText := range g.ICCS {
			var texts []string
			for _, m := range pos.LegalMoves(nil) {
				for _, st := range styles {
					texts = append(texts, string(st.n.Append(nil, pos, m)))
				}
			}
			next := *pos
			next.Play(mustICCS(t, pos, iccsText))
			for _, p := range []*board.Position{pos, &next} {
				for _, text := range texts {
					for _, f := range hints {
						want, werr := Resolve(p, text, f)
						parsed, ok := ParseFor(text, f)
						if f != notation.Unknown && ok != (parsed.Format() == f) {
							t.Fatalf("ParseFor(%q, %v): ok %v, format %v", text, f, ok, parsed.Format())
						}
						if !ok {
							continue
						}
						got, gerr := parsed.Resolve(p, text)
						if got != want || !reflect.DeepEqual(gerr, werr) {
							t.Fatalf("%q hinted %v: %+v %v, want %+v %v", text, f, got, gerr, want, werr)
						}
						n++
					}
				}
			}
			*pos = next
		}
	}
	if _, err := new(Parsed).Resolve(board.StartPosition(), "x"); !errors.Is(err, notation.ErrSyntax) {
		t.Errorf("zero Parsed: %v", err)
	}
	t.Logf("%d texts", n)
}
