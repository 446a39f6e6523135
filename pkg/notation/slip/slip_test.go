package slip_test

import (
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/notation/slip"
)

func texts(es []slip.Edit) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Text)
	}
	return out
}

// TestEdits: every kind of slip of the issue is among a text's edits, in the text's own
// script, and the text itself never is.
func TestEdits(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // each must be among the edits
		not  []string // none may be
	}{
		{"炮二退三", []string{"炮二进三", "炮二平三", "炮一退三", "炮三退三", "炮二退二", "炮二退四", "炮八退三", "车二退三", "马二退三"}, []string{"炮二退三", "炮二進三"}},
		{"馬七退九", []string{"馬七進九", "馬七平九", "車七退九", "馬三退九"}, []string{"馬七进九"}},
		{"车９平８", []string{"车９平７", "车９平９", "车１平８", "车９进８", "车９退８"}, nil},
		{"前车进二", []string{"后车进二", "中车进二", "前车退二", "前车进一", "前车进三", "前马进二"}, nil},
		{"後炮平五", []string{"前炮平五", "中炮平五", "後砲平五"[:0] + "後炮平四"}, []string{"后炮平五"}},
		{"C2.5", []string{"C2+5", "C2-5", "C1.5", "C3.5", "C8.5", "R2.5", "H2.5"[:0] + "N2.5", "2C.5", "C.25"}, nil},
		{"h2e2", []string{"g2e2", "i2e2", "h1e2", "h3e2", "h2d2", "h2f2", "e2h2", "2he2"}, nil},
		{"H2-E2", []string{"E2-H2", "G2-E2", "H2-E3"}, nil},
		{"炮三7", []string{"炮三7(吃)", "炮三6", "炮三8", "炮二7", "炮七7"}, nil},
		{"車五10(吃)", []string{"車五10"}, nil},
		{"兵七进一", []string{"卒七进一", "兵七进二", "兵三进一"}, []string{"兵七进一(吃)"}},
	} {
		got := texts(slip.Edits(nil, tc.text))
		for _, w := range tc.want {
			if w != "" && !slices.Contains(got, w) {
				t.Errorf("Edits(%q) lacks %q: %q", tc.text, w, got)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("Edits(%q) has %q", tc.text, n)
			}
		}
		seen := map[string]bool{}
		for _, g := range got {
			if seen[g] {
				t.Errorf("Edits(%q): %q twice", tc.text, g)
			}
			seen[g] = true
		}
	}
}

// TestEditsInverse: every slip can be undone, so that a repair finds the text it came from.
func TestEditsInverse(t *testing.T) {
	for _, text := range []string{"炮二平五", "马８进７", "前车进二", "馬七進九", "C2.5", "h2e2", "H2-E2", "炮三7", "兵一1(吃)", "R1+1"} {
		for _, e := range slip.Edits(nil, text) {
			if !slices.Contains(texts(slip.Edits(nil, e.Text)), text) {
				t.Errorf("%q → %q (%v): no edit back", text, e.Text, e.Kind)
			}
		}
	}
}

// TestEditsBounded: long or empty texts have no edits, and a text of MaxRunes runes a bounded
// number.
func TestEditsBounded(t *testing.T) {
	if n := len(slip.Edits(nil, "")); n != 0 {
		t.Errorf("empty text: %d edits", n)
	}
	long := "炮二平五炮八平五炮二平五炮八平五炮"
	if n := len(slip.Edits(nil, long)); n != 0 {
		t.Errorf("%d-rune text: %d edits", len([]rune(long)), n)
	}
	if n := len(slip.Edits(nil, "炮二平五炮八平五炮二平五炮八平五")); n > 400 {
		t.Errorf("%d edits", n)
	}
}

func BenchmarkEdits(b *testing.B) {
	var buf []slip.Edit
	for b.Loop() {
		buf = slip.Edits(buf[:0], "炮二退三")
	}
}

func FuzzEdits(f *testing.F) {
	for _, s := range []string{"炮二平五", "C2.5", "h2e2", "炮三7(吃)", "前車進二", "１２３"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		es := slip.Edits(nil, text)
		for _, e := range es {
			if e.Text == text {
				t.Fatalf("%q among its own edits", text)
			}
		}
		if len(es) > 1000 {
			t.Fatalf("%q: %d edits", text, len(es))
		}
	})
}
