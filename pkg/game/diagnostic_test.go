package game

import (
	"strings"
	"testing"
)

// TestDiagnosticPathQuoted: a file name that could forge a line, move the cursor or colour
// the terminal is quoted; names that are not UTF-8 stay distinct; plain names, CJK and
// spaces included, print as they are.
func TestDiagnosticPathQuoted(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"dir/对局 1.pgn", "dir/对局 1.pgn:2:3: game 1, ply 4: illegal: bad"},
		{"对局\u30001.pgn", "对局\u30001.pgn:2:3: game 1, ply 4: illegal: bad"},
		{"a\nb.pgn:9:9: game 1: illegal: forged", `"a\nb.pgn:9:9: game 1: illegal: forged":2:3: game 1, ply 4: illegal: bad`},
		{"\x1b[31mred.pgn", `"\x1b[31mred.pgn":2:3: game 1, ply 4: illegal: bad`},
		{"a\rb.pgn", `"a\rb.pgn":2:3: game 1, ply 4: illegal: bad`},
		{"bidi\u202egnp.pgn", `"bidi\u202egnp.pgn":2:3: game 1, ply 4: illegal: bad`},
		{"\xff\xfe.pgn", `"\xff\xfe.pgn":2:3: game 1, ply 4: illegal: bad`},
		{"\xfe\xff.pgn", `"\xfe\xff.pgn":2:3: game 1, ply 4: illegal: bad`},
		{"\xb6\xd4\xbe\xd6.pgn", `"\xb6Ծ\xd6.pgn":2:3: game 1, ply 4: illegal: bad`}, // 对局 in GBK
		{`"quoted".pgn`, `"\"quoted\".pgn":2:3: game 1, ply 4: illegal: bad`},
	} {
		d := &Diagnostic{Kind: KindIllegal, Path: tc.path, Loc: Loc{Line: 2, Col: 3}, Game: 1, Ply: 4, Message: "bad"}
		got := d.Error()
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.path, got, tc.want)
		}
		if strings.ContainsAny(got, "\n\r\x1b\u202e") {
			t.Errorf("%q: control character printed", tc.path)
		}
	}
}
