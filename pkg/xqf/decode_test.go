package xqf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// base is a small version-10 file: h2e2 {中炮} h9g7, with an alternative b9c7 at ply 2.
func base(t *testing.T) []byte {
	return encodeT(t, buildGame(t, board.StartFEN, "tag:Red=红 {开局} h2e2 {中炮} h9g7 ( b9c7 ) h0g2"))
}

// Offsets of the records of base, in file order: root (8 bytes + "开局" 4), h2e2 (8 + "中炮"
// 4), h9g7 (8), its continuation h0g2 (8), then its alternative b9c7 (8).
const (
	recH2E2 = HeaderSize + 12
	recH9G7 = recH2E2 + 12
	recH0G2 = recH9G7 + 8
	recB9C7 = recH0G2 + 8
	baseLen = recB9C7 + 8
)

func diagKeys(g *game.Game) []string {
	var out []string
	for _, d := range g.Diagnostics {
		out = append(out, diagKey(d))
	}
	return out
}

func wantDiags(t *testing.T, g *game.Game, want ...string) {
	t.Helper()
	if got := diagKeys(g); strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("diagnostics\n got %q\nwant %q", got, want)
		for _, d := range g.Diagnostics {
			t.Log(d)
		}
	}
}

func TestBaseLayout(t *testing.T) {
	data := base(t)
	if len(data) != baseLen {
		t.Fatalf("base is %d bytes, want %d", len(data), baseLen)
	}
	g := decodeT(t, data)
	wantDiags(t, g)
	want := "line 1 @1: H2-E2 {中炮} H9-G7 H0-G2\nline 2 @2: B9-C7"
	if got := treeDump(g); !strings.Contains(got, want) {
		t.Errorf("dump\n%s", got)
	}
}

// TestUnreadable: inputs that give no game.
func TestUnreadable(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		kind game.Kind
		err  error
		off  int64
	}{
		{"empty", nil, game.KindSyntax, ErrNotXQF, 0},
		{"pgn", []byte(`[Game "Chinese Chess"]`), game.KindSyntax, ErrNotXQF, 0},
		{"short", append([]byte("XQ\x0a"), make([]byte, 500)...), game.KindTruncated, ErrTruncated, 503},
		{"header only", []byte("XQ\x12"), game.KindTruncated, ErrTruncated, 3},
	} {
		g, err := Decode(bytes.NewReader(tc.data), Config{Path: "x.xqf"})
		var d *game.Diagnostic
		if g != nil || !errors.As(err, &d) || !errors.Is(err, tc.err) || d.Kind != tc.kind || d.Loc.Offset != tc.off || d.Path != "x.xqf" {
			t.Errorf("%s: game %v, err %#v", tc.name, g, err)
		} else {
			t.Logf("%s: %v", tc.name, err)
		}
	}
	// A read error.
	g, err := Decode(iotest.ErrReader(errors.New("boom")), Config{Path: "x.xqf"})
	var d *game.Diagnostic
	if g != nil || !errors.As(err, &d) || d.Kind != game.KindIO || !strings.Contains(err.Error(), "boom") {
		t.Errorf("read error: %v", err)
	}
	// More than MaxFileSize bytes.
	big := io.MultiReader(bytes.NewReader(base(t)), io.LimitReader(zeros{}, MaxFileSize))
	if g, err := Decode(big, Config{}); g != nil || !errors.Is(err, ErrTooLarge) {
		t.Errorf("large: %v", err)
	}
	// UTF-16 (for PGN in the same batch) reads as auto.
	if g, err := Decode(bytes.NewReader(base(t)), Config{Encoding: textenc.UTF16}); err != nil || g.Encoding.String() != "gb18030" {
		t.Errorf("utf-16: %v", err)
	}
	// An unknown encoding is a usage error, not a diagnostic.
	if _, err := Decode(bytes.NewReader(base(t)), Config{Encoding: textenc.Encoding(99)}); err == nil || errors.As(err, &d) {
		t.Errorf("encoding: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestHeaderDiagnostics: problems of the header are reported at their offsets.
func TestHeaderDiagnostics(t *testing.T) {
	mutate := func(f func(b []byte)) *game.Game {
		b := base(t)
		f(b)
		return decodeT(t, b)
	}
	t.Run("checksum v10", func(t *testing.T) {
		g := mutate(func(b []byte) { b[offKeysSum] = 1 })
		wantDiags(t, g, "warning:syntax@12")
		if g.Plies() != 3 {
			t.Errorf("plies %d", g.Plies())
		}
	})
	t.Run("checksum v18", func(t *testing.T) {
		b := obfuscate(t, base(t), 18, 0xAA, [4]byte{}, 1, 2, 3, nil)
		b[offKeysSum]++
		g := decodeT(t, b)
		if len(g.Errors()) == 0 || g.Errors()[0].Loc.Offset != offKeysSum {
			t.Errorf("diagnostics %v", g.Diagnostics)
		}
	})
	t.Run("version 19", func(t *testing.T) {
		b := obfuscate(t, base(t), 18, 0xAA, [4]byte{7, 8, 9, 232}, 11, 22, 33, nil)
		b[offVersion] = 19
		g := decodeT(t, b)
		wantDiags(t, g, "syntax@2")
		if g.Plies() != 3 {
			t.Errorf("decoded as 18: plies %d", g.Plies())
		}
	})
	t.Run("result 4", func(t *testing.T) {
		g := mutate(func(b []byte) { b[offResult] = 4 })
		wantDiags(t, g)
		if g.Result != "1/2-1/2" {
			t.Errorf("result %q", g.Result)
		}
	})
	t.Run("result 9", func(t *testing.T) {
		g := mutate(func(b []byte) { b[offResult] = 9 })
		wantDiags(t, g, "warning:syntax@51")
		if v, _ := g.Tag("Result"); g.Result != "*" || v != "*" {
			t.Errorf("result %q, tag %q", g.Result, v)
		}
	})
	t.Run("type 7", func(t *testing.T) {
		g := mutate(func(b []byte) { b[offCodeA] = 7 })
		wantDiags(t, g, "warning:syntax@64")
		if _, ok := g.Tag(TypeTag); ok {
			t.Errorf("type tag present")
		}
	})
	t.Run("WhoPlay 5", func(t *testing.T) {
		g := mutate(func(b []byte) { b[offWhoPlay] = 5 })
		wantDiags(t, g, "warning:setup@50")
	})
	t.Run("length byte", func(t *testing.T) {
		g := mutate(func(b []byte) { b[0x130] = 200; copy(b[0x131:0x140], "abcdefghijklmnop") })
		wantDiags(t, g, "warning:syntax@304")
		if v, _ := g.Tag("Red"); v != "abcdefghijklmno" {
			t.Errorf("Red %q", v)
		}
	})
	t.Run("encoding", func(t *testing.T) {
		// 红 is BA EC; a lone lead byte 0x81 at the end of the Red field.
		g := mutate(func(b []byte) { b[0x130] = 3; b[0x133] = 0x81 })
		wantDiags(t, g, "warning:encoding@307")
		if v, _ := g.Tag("Red"); v != "红\uFFFD" {
			t.Errorf("Red %q", v)
		}
	})
	t.Run("duplicate square", func(t *testing.T) {
		// Slot 10 (a red cannon) on a0, where the chariot of slot 8 stands: the cannon is
		// dropped.
		g := mutate(func(b []byte) { b[offPieces+10] = b[offPieces+8] })
		wantDiags(t, g, "warning:setup@26")
		if g.Setup.Board[board.NewSquare(9, 0)] != board.MakePiece(board.Red, board.Chariot) {
			t.Errorf("setup %s", g.Setup.FEN())
		}
	})
	t.Run("move number", func(t *testing.T) {
		g := mutate(func(b []byte) { b[offPlayStepNo] = 21 })
		if g.Setup.Fullmove != 11 {
			t.Errorf("fullmove %d", g.Setup.Fullmove)
		}
	})
	t.Run("side", func(t *testing.T) {
		// WhoPlay says Black, the first move is Red's: the side comes from the move.
		g := mutate(func(b []byte) { b[offWhoPlay] = 1 })
		wantDiags(t, g, "warning:side@1036 ply 1 h2e2")
		if g.Setup.Turn != board.Red || g.Plies() != 3 {
			t.Errorf("turn %v, plies %d", g.Setup.Turn, g.Plies())
		}
	})
	t.Run("no general", func(t *testing.T) {
		// Without the red general the setup is an error and no move is replayed or checked.
		g := mutate(func(b []byte) { b[offPieces+4] = 0xFF })
		wantDiags(t, g, "setup@16")
		if len(g.Root.Children) != 0 {
			t.Errorf("moves replayed")
		}
	})
}

// TestTreeDiagnostics: problems in the move records.
func TestTreeDiagnostics(t *testing.T) {
	mutate := func(f func(b []byte) []byte) *game.Game {
		return decodeT(t, f(base(t)))
	}
	t.Run("off-board square", func(t *testing.T) {
		g := mutate(func(b []byte) []byte { b[recH9G7] = 95 + 0x18; return b })
		wantDiags(t, g, "syntax@1048 ply 2 95-67")
		if d := g.Errors()[0]; !errors.Is(d, notation.ErrSyntax) {
			t.Errorf("error %v does not wrap ErrSyntax", d)
		}
		// The line ends there, as at an illegal move: the alternative b9c7 is not replayed
		// (it never takes the bad move's place), and the message says so.
		if d := g.Errors()[0]; !strings.HasSuffix(d.Message, "; 1 alternative to this move is not replayed") {
			t.Errorf("error %v", d)
		}
		if got := treeDump(g); !strings.HasSuffix(got, "line 1 @1: H2-E2 {中炮}\n") {
			t.Errorf("dump\n%s", got)
		}
	})
	t.Run("illegal first child", func(t *testing.T) {
		// h9g7 → h9h5 (a horse cannot): reported; its subtree (h0g2) is skipped, and so is
		// the alternative b9c7: a variation never becomes the main line.
		g := mutate(func(b []byte) []byte { b[recH9G7+1] = 75 + 0x20; return b })
		wantDiags(t, g, "illegal@1048 ply 2 H9-H5")
		if d := g.Errors()[0]; !errors.Is(d, notation.ErrIllegal) ||
			d.Message != "black horse cannot move to h5; 1 alternative to this move is not replayed" {
			t.Errorf("error %v", d)
		}
		if got := treeDump(g); !strings.HasSuffix(got, "line 1 @1: H2-E2 {中炮}\n") {
			t.Errorf("dump\n%s", got)
		}
	})
	t.Run("truncated record", func(t *testing.T) {
		g := mutate(func(b []byte) []byte { return b[:recB9C7+3] })
		wantDiags(t, g, "truncated@1064")
		if g.Plies() != 3 || len(g.Root.Children[0].Children) != 1 {
			t.Errorf("dump\n%s", treeDump(g))
		}
	})
	t.Run("truncated length", func(t *testing.T) {
		g := mutate(func(b []byte) []byte { return b[:recB9C7+6] })
		wantDiags(t, g, "truncated@1068")
	})
	t.Run("truncated root", func(t *testing.T) {
		g := mutate(func(b []byte) []byte { return b[:HeaderSize+2] })
		wantDiags(t, g, "truncated@1024")
		if len(g.Root.Children) != 0 {
			t.Errorf("moves")
		}
	})
	t.Run("absurd comment length", func(t *testing.T) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		g := mutate(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[recH2E2+4:], 0xFFFFFFF0); return b })
		runtime.ReadMemStats(&after)
		wantDiags(t, g, "truncated@1040")
		if len(g.Root.Children) != 0 || g.Root.Comments[0] != "开局" {
			t.Errorf("dump\n%s", treeDump(g))
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 1<<20 {
			t.Errorf("allocated %d bytes", a)
		}
	})
	t.Run("comment key larger than length", func(t *testing.T) {
		// Version 18: a stored length below the comment key wraps around, as in XQStudio.
		b := obfuscate(t, base(t), 18, 0, [4]byte{}, 1, 2, 3, nil)
		k := deriveKeys(b)
		binary.LittleEndian.PutUint32(b[HeaderSize+4:], k.rmk-1)
		g := decodeT(t, b)
		wantDiags(t, g, "truncated@1028")
	})
	t.Run("trailing bytes", func(t *testing.T) {
		g := mutate(func(b []byte) []byte { return append(b, 1, 2, 3) })
		wantDiags(t, g, "warning:syntax@1072")
	})
	t.Run("root sibling", func(t *testing.T) {
		g := mutate(func(b []byte) []byte { b[HeaderSize+2] = 0xFF; return b })
		wantDiags(t, g, "warning:syntax@1026")
	})
	t.Run("encoding in comment", func(t *testing.T) {
		// 中炮 = D6 D0 C5 DA; make the second character's trail byte invalid.
		g := mutate(func(b []byte) []byte { b[recH2E2+8+3] = 0x20; return b })
		wantDiags(t, g, "warning:encoding@1046")
	})
	t.Run("no child flag", func(t *testing.T) {
		// The root without its child flag: the records are trailing bytes.
		g := mutate(func(b []byte) []byte { b[HeaderSize+2] = 0; return b })
		wantDiags(t, g, "warning:syntax@1036")
		if len(g.Root.Children) != 0 {
			t.Errorf("moves")
		}
	})
}

// TestLimits: the record and depth caps (lowered for the test).
func TestLimits(t *testing.T) {
	defer func(n, p int) { maxNodes, maxPly = n, p }(maxNodes, maxPly)
	maxNodes, maxPly = 3, 2
	g := decodeT(t, base(t))
	wantDiags(t, g, "syntax@1056 ply 3 H0-G2", "syntax@1064")
	if got := treeDump(g); !strings.HasSuffix(got, "line 1 @1: H2-E2 {中炮} H9-G7\n") {
		t.Errorf("dump\n%s", got)
	}
}

// TestEncodings: the Encoding option.
func TestEncodings(t *testing.T) {
	b := base(t)
	big5 := []byte{0xAC, 0xF5} // 紅 in Big5
	b[0x130] = 2
	copy(b[0x131:], big5)
	for _, tc := range []struct {
		enc       textenc.Encoding
		red, name string
	}{
		{textenc.Big5, "紅", "big5"},
		{textenc.GBK, "\uFFFD", "gb18030"}, // AC F5 is not GBK... (AC is an unassigned lead byte)
		{textenc.GB18030, "\uFFFD", "gb18030"},
		{textenc.UTF8, "\uFFFD\uFFFD", "utf-8"},
	} {
		g, err := Decode(bytes.NewReader(b), Config{Encoding: tc.enc})
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := g.Tag("Red"); v != tc.red || g.Encoding.String() != tc.name {
			t.Errorf("%q: Red %q, encoding %s", tc.enc, v, g.Encoding)
		}
	}
	// auto reads GBK unless the text of the file (here only the Red field) is clearly
	// something else.
	plain := encodeT(t, buildGame(t, board.StartFEN, "h2e2 {ascii}"))
	for _, tc := range []struct {
		red  []byte
		want string
		name string
	}{
		{[]byte("胡荣华"), "胡荣华", "utf-8"},
		{[]byte{0xBA, 0xFA, 0xC8, 0xD9, 0xBB, 0xAA}, "胡荣华", "gb18030"},
		{[]byte("Hu"), "Hu", "gb18030"},
	} {
		b := bytes.Clone(plain)
		b[0x130] = byte(len(tc.red))
		copy(b[0x131:], tc.red)
		g, err := Decode(bytes.NewReader(b), Config{Encoding: textenc.Auto})
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := g.Tag("Red"); v != tc.want || g.Encoding.String() != tc.name {
			t.Errorf("auto % x: Red %q, encoding %s", tc.red, v, g.Encoding)
		}
	}
}

// TestAutoBig5: "auto" recognizes a file written on a traditional-Chinese Windows (Big5), and
// reads every file of the corpus as GBK.
func TestAutoBig5(t *testing.T) {
	red, err1 := textenc.EncodeString("許銀川", textenc.Big5)
	com, err2 := textenc.EncodeString("紅方炮二平五，黑方馬８進７，雙方互有顧忌。", textenc.Big5)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	plain := encodeT(t, buildGame(t, board.StartFEN, "h2e2"))
	b := bytes.Clone(plain[:HeaderSize])
	b[0x130] = byte(len(red))
	copy(b[0x131:], red)
	b = append(b, 0x18, 0x20, 0xF0, 0xFF, byte(len(com)), 0, 0, 0)
	b = append(b, com...)
	b = append(b, plain[HeaderSize+8:]...)
	g, err := Decode(bytes.NewReader(b), Config{Encoding: textenc.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Tag("Red"); v != "許銀川" || g.Encoding.String() != "big5" || len(g.Diagnostics) != 0 ||
		len(g.Root.Comments) != 1 || g.Root.Comments[0] != "紅方炮二平五，黑方馬８進７，雙方互有顧忌。" {
		t.Errorf("Red %q, encoding %s, comments %q, diagnostics %v", v, g.Encoding, g.Root.Comments, g.Diagnostics)
	}
	for _, f := range corpusXQF(t) {
		g, err := Decode(bytes.NewReader(f.data), Config{Path: f.rel, Encoding: textenc.Auto})
		if err != nil || g.Encoding.String() != "gb18030" {
			t.Errorf("%s: %v, encoding %s", f.rel, err, g.Encoding)
		}
	}
}

// TestAutoShortGBK: a file whose only text is a short GBK title that also decodes as valid
// Big5 (笙箫夹鼓 → 鯔鵿標嘆) is read as GBK, the encoding every XQF writer uses.
func TestAutoShortGBK(t *testing.T) {
	title, err := textenc.EncodeString("笙箫夹鼓", textenc.GBK)
	if err != nil {
		t.Fatal(err)
	}
	b := encodeT(t, buildGame(t, board.StartFEN, "h2e2 h9g7"))
	b[0x50] = byte(len(title))
	copy(b[0x51:], title)
	g, err := Decode(bytes.NewReader(b), Config{Encoding: textenc.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Tag("Title"); v != "笙箫夹鼓" || g.Encoding.String() != "gb18030" {
		t.Errorf("Title %q, encoding %s; want 笙箫夹鼓, gb18030", v, g.Encoding)
	}
}

func TestIsXQF(t *testing.T) {
	b := base(t)
	for _, tc := range []struct {
		prefix []byte
		want   bool
	}{
		{b, true},
		{b[:3], true},
		{b[:2], false},
		{[]byte("XQ\x13"), false},
		{[]byte("XQ\x00"), false},
		{[]byte("XQF file"), false},
		{obfuscate(t, b, 18, 0xFF, [4]byte{1, 2, 3, 250}, 10, 20, 30, nil)[:64], true},
		{append([]byte("XQ\x0a\x00"), make([]byte, 8)...)[:12], true},
		{append([]byte("XQ\x0a\x00"), bytes.Repeat([]byte{1}, 12)...), false}, // key checksum 4
		{[]byte("[Game \"Chinese Chess\"]"), false},
	} {
		if got := IsXQF(tc.prefix); got != tc.want {
			t.Errorf("IsXQF(% x) = %v", tc.prefix[:min(len(tc.prefix), 16)], got)
		}
	}
}
