package dhtmlxq

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/qipu/qipu/pkg/game"
)

func utf16le(s string) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func utf16be(s string) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u>>8), byte(u))
	}
	return out
}

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
		want bool
	}{
		{"block", []byte("[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"), true},
		{"lower case", []byte("[dhtmlxq_title]x"), true},
		{"wrapper", []byte("x [DhtmlXQHTML] y"), true},
		{"iframe", []byte("\xEF\xBB\xBF[DhtmlXQiFrame]"), true},
		{"UTF-16LE", append([]byte{0xFF, 0xFE}, utf16le("中文 [DhtmlXQ]")...), true},
		{"UTF-16BE", utf16be("[DhtmlXQ_binit]"), true},
		{"PGN", []byte(`[Event "x"]` + "\n1. h2e2 *"), false},
		{"near miss", []byte("[Dhtml XQ] DhtmlXQ"), false},
		{"empty", nil, false},
		{"marker after the prefix", []byte("<html>" + strings.Repeat(" ", 5000) + "[DhtmlXQ]")[:4096], false},
	} {
		if got := Sniff(tc.in); got != tc.want {
			t.Errorf("%s: Sniff = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDecodeLongHead checks that Decode finds a block after a long page head, which Sniff's
// prefix does not reach.
func TestDecodeLongHead(t *testing.T) {
	page := "<html><head>" + strings.Repeat("<meta name=\"x\" content=\"y\">\n", 400) + "</head><body>" +
		"[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</body></html>"
	games, errs := decodeAll(t, "long.html", []byte(page))
	if len(errs) != 0 || len(games) != 1 || games[0].Plies() != 1 {
		t.Fatalf("got %d games, %v", len(games), errs)
	}
	if d := games[0].Diagnostics; len(d) != 0 {
		t.Errorf("diagnostics: %v", d)
	}
}

// TestUnescape covers the value decoding rules.
func TestUnescape(t *testing.T) {
	for _, tc := range []struct {
		in            string
		html, comment bool
		want          string
	}{
		{"a||b", false, true, "a\nb"},
		{"a||b", false, false, "a||b"},
		{"a||||b", false, true, "a\n\nb"},
		{"a\r\nb\rc", false, true, "a\nb\nc"},
		{`\u4E2D\u6587`, false, false, "中文"},
		{`\uD83D\uDE00`, false, true, "😀"},
		{`\uZZZZ \u12`, false, true, `\uZZZZ \u12`},
		{"&amp;&lt;&#65;&#x42;&nbsp;&bogus;", true, true, "&<AB\u00a0&bogus;"},
		{"&amp;", false, true, "&amp;"},
	} {
		if got := unescape(tc.in, tc.html, tc.comment); got != tc.want {
			t.Errorf("unescape(%q, html %v, comment %v) = %q, want %q", tc.in, tc.html, tc.comment, got, tc.want)
		}
	}
}

// TestLargeInputs reads blocks at the scale of the limits: many alternatives at one node,
// many comments on one move, a long chain of variations, many blocks.
func TestLargeInputs(t *testing.T) {
	var b strings.Builder
	b.WriteString("[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]")
	const alts = 20000
	for i := 1; i <= alts; i++ {
		b.WriteString("[DhtmlXQ_move_0_1_" + itoa(i) + "]7747[/DhtmlXQ_move_0_1_" + itoa(i) + "]")
	}
	for i := 0; i < 20000; i++ {
		b.WriteString("[DhtmlXQ_comment1]c[/DhtmlXQ_comment1]")
	}
	// A chain: each variation replaces ply 3 of the one before (an alternative to its first
	// move, read leniently as an alternative at the same node).
	const chain = 5000
	b.WriteString("[DhtmlXQ_move_0_2_" + itoa(alts+1) + "]70627967[/DhtmlXQ_move_0_2_" + itoa(alts+1) + "]")
	for i := alts + 2; i <= alts+chain; i++ {
		b.WriteString("[DhtmlXQ_move_" + itoa(i-1) + "_3_" + itoa(i) + "]7967[/DhtmlXQ_move_" + itoa(i-1) + "_3_" + itoa(i) + "]")
	}
	b.WriteString("[/DhtmlXQ]")
	b.WriteString(strings.Repeat("[DhtmlXQ][/DhtmlXQ]", 10000))
	games, errs := decodeAll(t, "large", []byte(b.String()))
	if len(errs) != 0 || len(games) != 10001 {
		t.Fatalf("%d games, %v", len(games), errs)
	}
	g := games[0]
	if n := len(g.Root.Children); n != alts+1 {
		t.Errorf("%d moves at the root, want %d", n, alts+1)
	}
	if n := len(g.Root.Children[0].Comments); n != 20000 {
		t.Errorf("%d comments, want 20000", n)
	}
	if !g.Valid() {
		t.Errorf("errors: %v", g.Errors()[:1])
	}
	var second *game.Node
	for _, c := range g.Root.Children[0].Children {
		if c.Move == g.Root.Children[0].Children[0].Move && len(c.Children) > 0 {
			second = c
		}
	}
	if second == nil || len(second.Children) != chain {
		t.Errorf("the chain did not hang from the node after ply 2")
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestNoMarker: a text without any "[DhtmlXQ" marker is not a DhtmlXQ text (ErrNoMarker and
// ErrNoGame); one with a field but no block is a DhtmlXQ text without a game (ErrNoGame only).
func TestNoMarker(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		marker     bool
	}{
		{"page.html", "<html><body><p>棋谱</p></body></html>", false},
		{"notes.txt", "just a note\n", false},
		{"empty.ubb", "", false},
		{"field.txt", "[DhtmlXQ_title]x[/DhtmlXQ_title]\n", true},
	} {
		games, errs := decodeAll(t, tc.name, []byte(tc.text))
		if len(games) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrNoGame) {
			t.Fatalf("%s: want one ErrNoGame, got %d games, %v", tc.name, len(games), errs)
		}
		if got := errors.Is(errs[0], ErrNoMarker); got == tc.marker {
			t.Errorf("%s: errors.Is(err, ErrNoMarker) = %v: %v", tc.name, got, errs[0])
		}
	}
}
