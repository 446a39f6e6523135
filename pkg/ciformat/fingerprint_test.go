package ciformat_test

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/ciformat"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// fingerprints returns the fingerprints of every diagnostic of a file, in order.
func fingerprints(f *ciformat.File) []string {
	var out []string
	for _, g := range f.Games {
		for _, d := range g.Diagnostics {
			out = append(out, d.Fingerprint)
		}
	}
	for _, d := range f.Diagnostics {
		out = append(out, d.Fingerprint)
	}
	return out
}

const insertedGame = "[Event \"inserted\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *\n\n"

func TestFingerprintStable(t *testing.T) {
	orig, err := os.ReadFile("../../corpus/edge/broken-middle.pgn")
	if err != nil {
		t.Fatal(err)
	}
	const name = "corpus/edge/broken-middle.pgn"
	base := fingerprints(readFile(t, name, orig))
	if len(base) != 1 {
		t.Fatalf("want one diagnostic in %s, got %d", name, len(base))
	}
	gbk, err := simplifiedchinese.GBK.NewEncoder().Bytes(orig)
	if err != nil {
		t.Fatal(err)
	}
	crlf := bytes.ReplaceAll(orig, []byte("\n"), []byte("\r\n"))
	for _, tc := range []struct {
		what string
		data []byte
	}{
		{"a game inserted above (lines and game index shift)", append([]byte(insertedGame), orig...)},
		{"re-encoded in GBK", gbk},
		{"CRLF line ends", crlf},
		{"blank lines in the header of the broken game", bytes.Replace(orig, []byte("[Event \"坏棋局\"]\n"), []byte("[Event \"坏棋局\"]\n\n\n"), 1)},
	} {
		got := fingerprints(readFile(t, name, tc.data))
		if !slices.Equal(got, base) {
			t.Errorf("%s: fingerprints %v, want %v", tc.what, got, base)
		}
	}
	for _, tc := range []struct {
		what string
		name string
		data []byte
	}{
		{"another file", "other.pgn", orig},
		{"another bad move", name, bytes.Replace(orig, []byte("车９进９"), []byte("车９进８"), 1)},
		{"another game", name, bytes.Replace(orig, []byte("坏棋局"), []byte("另一局"), 1)},
	} {
		got := fingerprints(readFile(t, tc.name, tc.data))
		if len(got) == 1 && got[0] == base[0] {
			t.Errorf("%s: the fingerprint did not change", tc.what)
		}
	}
}

func TestBaseline(t *testing.T) {
	orig, err := os.ReadFile("../../corpus/edge/broken-middle.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// Two identical broken games: two diagnostics with one fingerprint.
	twice := append(append([]byte{}, orig...), orig...)
	f := readFile(t, "a.pgn", twice)
	w := ciformat.NewBaselineWriter()
	w.AddFile(f)
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"count": 2`) {
		t.Errorf("baseline lacks the count 2:\n%s", buf.String())
	}
	saved := buf.String()
	b, err := ciformat.ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	fp := fingerprints(f)
	// Three copies now: the third is new.
	if !b.Take(fp[0]) || !b.Take(fp[1]) || b.Take(fp[0]) {
		t.Error("a baseline with count 2 did not take exactly two")
	}
	if b.Unseen() != 0 {
		t.Errorf("Unseen() = %d, want 0", b.Unseen())
	}
	b2, _ := ciformat.ReadBaseline(strings.NewReader(saved))
	if b2.Unseen() != 2 {
		t.Errorf("Unseen() of an unused baseline = %d, want 2", b2.Unseen())
	}
	for _, bad := range []string{"", "{}", `{"tool":"qipu","fingerprint":"qipu/v0","entries":[]}`,
		`{"tool":"qipu","fingerprint":"qipu/v1","entries":[{"fingerprint":"x","count":0}]}`} {
		if _, err := ciformat.ReadBaseline(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadBaseline(%q) accepted it", bad)
		}
	}
}
