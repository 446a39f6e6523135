package cbr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// tree1 has nested variations and comments.
func tree1() []*snode {
	return []*snode{
		{move: "h2e2", comment: "central cannon", children: []*snode{
			{move: "h9g7", children: line("h0g2", "i9h9")},
			{move: "b9c7", comment: "other horse", children: []*snode{
				{move: "h0g2", children: line("h9g7")},
				{move: "b0c2", children: line("a9a8")},
			}},
		}},
		{move: "c3c4", children: line("g6g5")},
	}
}

const tree1Lines = `line 1 @1: H2-E2 {central cannon} H9-G7 H0-G2 I9-H9
line 2 @2: B9-C7 {other horse} H0-G2 H9-G7
line 3 @3: B0-C2 A9-A8
line 4 @1: C3-C4 G6-G5
`

// linesOf keeps the "line" and "comment" rows of a dump.
func linesOf(g *game.Game) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(dump(g), "\n") {
		if strings.HasPrefix(l, "line ") || strings.HasPrefix(l, "comment ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// one decodes data, which must hold exactly one game and no file error.
func one(t *testing.T, data []byte) *game.Game {
	t.Helper()
	games, errs := decodeAll(data, "x")
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("got %d games, errors %v", len(games), errs)
	}
	return games[0]
}

// diagKeys lists a game's diagnostics as "kind@offset" ("warning:" first for warnings).
func diagKeys(g *game.Game) []string {
	var out []string
	for _, d := range g.Diagnostics {
		k := string(d.Kind) + "@" + itoa(d.Loc.Offset)
		if d.IsWarning() {
			k = "warning:" + k
		}
		out = append(out, k)
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestTreeAllKinds writes one tree with nested variations and comments as a CBR record, as a
// CBL library and as a compressed library, and reads back the same lines.
func TestTreeAllKinds(t *testing.T) {
	rec := cbrGame{title: "t", red: "红", black: "黑", result: 3, rootComment: "opening", moves: tree1()}.cbr()
	g := one(t, rec)
	if got, want := linesOf(g), "comment \"opening\"\n"+tree1Lines; got != want {
		t.Errorf("CBR:\n%s\nwant:\n%s", got, want)
	}
	if g.Format != FormatName || g.Encoding.String() != "utf-16le" || g.Result != "1/2-1/2" || !g.Valid() {
		t.Errorf("CBR: format %s encoding %s result %s diagnostics %v", g.Format, g.Encoding, g.Result, g.Diagnostics)
	}
	if v, _ := g.Tag("Red"); v != "红" {
		t.Errorf("Red tag %q", v)
	}

	games, errs := decodeAll(cbl("lib", 128, rec, cbrGame{moves: line("b2e2")}.cbr()), "x")
	if len(errs) > 0 || len(games) != 2 {
		t.Fatalf("CBL: %d games, %v", len(games), errs)
	}
	if got := linesOf(games[0]); got != "comment \"opening\"\n"+tree1Lines {
		t.Errorf("CBL game 1:\n%s", got)
	}
	if v, _ := games[1].Tag(LibraryTag); v != "lib" || games[1].Index != 2 || games[1].Format != CBLFormatName {
		t.Errorf("CBL game 2: library %q index %d format %s", v, games[1].Index, games[1].Format)
	}

	z := compress(zLibrary("zlib", 2, zGame{title: "t", result: 2, moves: tree1()}, zGame{moves: line("b2e2")}), 3)
	games, errs = decodeAll(z, "x")
	if len(errs) > 0 || len(games) != 2 {
		t.Fatalf("compressed: %d games, %v", len(games), errs)
	}
	if got := linesOf(games[0]); got != tree1Lines {
		t.Errorf("compressed:\n%s\nwant:\n%s", got, tree1Lines)
	}
	g = games[0]
	if g.Result != "0-1" || g.Encoding.String() != "gb18030" || !g.Valid() {
		t.Errorf("compressed: result %s encoding %s diagnostics %v", g.Result, g.Encoding, g.Diagnostics)
	}
	if v, _ := g.Tag("Author"); v != "author" {
		t.Errorf("Author tag %q", v)
	}
	if _, ok := g.Tag("Event"); ok {
		t.Errorf("an empty event string gives an Event tag")
	}

	// The layout with the event and the date set (吕钦专集): a string in the place the first
	// two libraries hold 0.
	z = compress(zLibrary("zlib", 1, zGame{event: "cup", date: "79-4-30", title: "t", red: "r", black: "b", result: 1, moves: line("h2e2", "h9g7")}), 3)
	games, errs = decodeAll(z, "x")
	if len(errs) > 0 || len(games) != 1 || !games[0].Valid() || games[0].Plies() != 2 {
		t.Fatalf("compressed with an event: %d games, %v, %v", len(games), errs, games)
	}
	for name, want := range map[string]string{"Event": "cup", "Date": "79-4-30", "Title": "t", "Red": "r", "Black": "b", "Result": "1-0"} {
		if v, _ := games[0].Tag(name); v != want {
			t.Errorf("compressed with an event: tag %s = %q, want %q", name, v, want)
		}
	}
}

// TestFileErrors: inputs that yield no game but one positioned file-level error.
func TestFileErrors(t *testing.T) {
	rec := cbrGame{moves: line("h2e2")}.cbr()
	v3 := append([]byte(nil), rec...)
	v3[19] = 3
	lib := cbl("lib", 128, rec)
	badCap := append([]byte(nil), lib...)
	binary.LittleEndian.PutUint32(badCap[libCapacity:], 1<<30)
	z := compress(zLibrary("z", 1, zGame{moves: line("h2e2")}), 1)
	badZ := append([]byte(nil), z...)
	badZ[zHeader] = 0x00 // not a zlib header
	huge := append([]byte(nil), z...)
	binary.LittleEndian.PutUint32(huge[16:], MaxDecompressed+1)
	for _, tc := range []struct {
		name string
		data []byte
		kind game.Kind
		off  int64
		err  error
	}{
		{"empty", nil, game.KindSyntax, 0, ErrNotCBR},
		{"text", []byte("[Event \"x\"]"), game.KindSyntax, 0, ErrNotCBR},
		{"cbr-cut-header", rec[:1000], game.KindTruncated, 1000, ErrTruncated},
		{"cbr-magic-only", rec[:16], game.KindTruncated, 16, ErrTruncated},
		{"cbr-version-3", v3, game.KindSyntax, 19, ErrVersion},
		{"cbl-cut-header", lib[:5000], game.KindTruncated, 5000, ErrTruncated},
		{"cbl-capacity", badCap, game.KindSyntax, libCapacity, ErrCorrupt},
		{"z-cut-header", z[:15], game.KindTruncated, 15, ErrTruncated},
		{"z-not-zlib", badZ, game.KindSyntax, zHeader, ErrCorrupt},
		{"z-too-large", huge, game.KindSyntax, 16, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, errs := decodeAll(tc.data, "f.cbr")
			if len(games) != 0 || len(errs) != 1 {
				t.Fatalf("got %d games and errors %v", len(games), errs)
			}
			var d *game.Diagnostic
			if !errors.As(errs[0], &d) || d.Kind != tc.kind || d.Loc.Offset != tc.off || !errors.Is(d, tc.err) || d.Path != "f.cbr" {
				t.Errorf("got %v (%#v), want %s@%d wrapping %v", errs[0], d, tc.kind, tc.off, tc.err)
			}
		})
	}
}

// TestRecordProblems: damaged move trees give a game with positioned diagnostics.
func TestRecordProblems(t *testing.T) {
	rec := cbrGame{moves: tree1()}.cbr()
	const first = 2214 + 4 // first move record
	cut := rec[:len(rec)-2]

	badLen := cbrGame{moves: []*snode{{move: "h2e2", comment: "x", children: line("h9g7")}}}.cbr()
	binary.LittleEndian.PutUint32(badLen[first+4:], 1<<31)

	offBoard := cbrGame{moves: []*snode{{move: "h2e2"}, {move: "b2e2"}}}.cbr()
	offBoard[first+2] = 95 // h2e2 becomes 95-e2: the main line ends there, b2e2 is not replayed

	illegal := cbrGame{moves: line("h2e2", "h9g7", "e2e9")}.cbr()
	trailing := append(cbrGame{moves: line("h2e2")}.cbr(), 1, 2, 3)
	badResult := cbrGame{result: 9, moves: line("h2e2")}.cbr()
	blackFirst := cbrGame{moves: line("h7e7")}.cbr()
	badPiece := cbrGame{moves: line("h2e2")}.cbr()
	badPiece[2120+40] = 0x3F

	for _, tc := range []struct {
		name  string
		data  []byte
		lines string
		diags []string
	}{
		{"cut", cut, strings.Replace(tree1Lines, " G6-G5", "", 1), []string{"truncated@" + itoa(int64(len(cut)-2))}},
		{"comment-length", badLen, "", []string{"truncated@" + itoa(first+4)}},
		{"off-board", offBoard, "", []string{"syntax@" + itoa(first)}},
		{"illegal", illegal, "line 1 @1: H2-E2 H9-G7\n", []string{"illegal@" + itoa(first+8)}},
		{"trailing", trailing, "line 1 @1: H2-E2\n", []string{"warning:syntax@" + itoa(first+4)}},
		{"result", badResult, "line 1 @1: H2-E2\n", []string{"warning:syntax@2076"}},
		{"black-first", blackFirst, "line 1 @1: H7-E7\n", []string{"warning:side@" + itoa(first)}},
		{"bad-piece", badPiece, "line 1 @1: H2-E2\n", []string{"warning:setup@2160"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := one(t, tc.data)
			if got := linesOf(g); got != tc.lines {
				t.Errorf("lines:\n%s\nwant:\n%s", got, tc.lines)
			}
			if got := strings.Join(diagKeys(g), " "); got != strings.Join(tc.diags, " ") {
				t.Errorf("diagnostics %q, want %q\n%v", got, tc.diags, g.Diagnostics)
			}
		})
	}
}

// TestLibraryProblems: a damaged record is reported and the next one is still read.
func TestLibraryProblems(t *testing.T) {
	r1, r2, r3 := cbrGame{moves: line("h2e2")}.cbr(), cbrGame{moves: line("b2e2")}.cbr(), cbrGame{moves: line("c3c4")}.cbr()
	lib := cbl("lib", 128, r1, r2, r3)
	start := libIndex + 128*libEntrySize

	noMagic := append([]byte(nil), lib...)
	noMagic[start+libBlock] = 'X'
	games, errs := decodeAll(noMagic, "x")
	if len(games) != 3 || len(errs) != 0 {
		t.Fatalf("no magic: %d games, %v", len(games), errs)
	}
	if games[1].Valid() || games[1].Diagnostics[0].Loc.Offset != int64(start+libBlock) || !games[0].Valid() || !games[2].Valid() {
		t.Errorf("no magic: game 2 %v; games 1, 3 valid %v %v", games[1].Diagnostics, games[0].Valid(), games[2].Valid())
	}

	cut := lib[:start+2*libBlock+100]
	games, _ = decodeAll(cut, "x")
	if len(games) != 3 || games[2].Valid() || games[2].Diagnostics[0].Kind != game.KindTruncated || !games[1].Valid() {
		t.Errorf("cut: %d games; last %v", len(games), games[len(games)-1].Diagnostics)
	}

	short := cbl("lib", 128, r1, r2)
	short = append(short, cbl("", 128, r3)[start:]...) // a third record the index does not list
	games, _ = decodeAll(short, "x")
	if len(games) != 3 || !games[2].Valid() || len(games[2].Warnings()) != 1 {
		t.Errorf("unlisted: %d games; last %v", len(games), games[len(games)-1].Diagnostics)
	}

	sizeOff := append([]byte(nil), lib...)
	binary.LittleEndian.PutUint32(sizeOff[libIndex+12:], uint32(len(r1)+4))
	games, _ = decodeAll(sizeOff, "x")
	if w := games[0].Warnings(); len(w) != 1 || w[0].Loc.Offset != int64(start+len(r1)) {
		t.Errorf("size: %v", games[0].Diagnostics)
	}
}

// TestCompressedProblems: damaged compressed libraries.
func TestCompressedProblems(t *testing.T) {
	g1, g2 := zGame{moves: line("h2e2", "h9g7")}, zGame{moves: line("b2e2")}
	full := compress(zLibrary("z", 2, g1, g2), 1)

	games, errs := decodeAll(full[:len(full)-10], "x") // the stream ends early
	if len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) {
		t.Errorf("cut stream: %d games, %v", len(games), errs)
	}

	games, errs = decodeAll(compress(zLibrary("z", 3, g1, g2), 1), "x")
	if len(games) != 2 || len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) {
		t.Errorf("count 3: %d games, %v", len(games), errs)
	}

	games, errs = decodeAll(compress(zLibrary("z", 1, g1, g2), 1), "x")
	if len(games) != 2 || len(errs) != 0 || len(games[1].Warnings()) != 1 {
		t.Errorf("count 1: %d games, %v", len(games), errs)
	}

	lib := zLibrary("z", 2, g1, g2)
	hdr := len(zLibrary("z", 0))
	recLen := len(g1.record())
	movesOff := recLen - 2*zMoveBytes - 2*2 - 4 // u32 count before the two moves and comments
	bad := append([]byte(nil), lib...)
	binary.LittleEndian.PutUint16(bad[hdr+movesOff+4+zMoveBytes:], 5) // ply 2 → 5
	games, errs = decodeAll(compress(bad, 1), "x")
	if len(games) != 2 || len(errs) != 0 || games[0].Valid() || games[0].Plies() != 1 || !games[1].Valid() {
		t.Errorf("ply gap: %d games %v; game 1 %v", len(games), errs, games[0].Diagnostics)
	}

	bad = append([]byte(nil), lib...)
	binary.LittleEndian.PutUint32(bad[hdr+movesOff:], 1<<30)
	games, _ = decodeAll(compress(bad, 1), "x")
	if len(games) != 2 || games[0].Valid() || games[0].Diagnostics[0].Loc.Offset != int64(hdr+movesOff) {
		t.Errorf("move count: %v", games[0].Diagnostics)
	}

	bad = append([]byte(nil), lib...)
	binary.LittleEndian.PutUint32(bad[hdr:], uint32(len(lib))) // record length past the end
	games, errs = decodeAll(compress(bad, 1), "x")
	if len(games) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) {
		t.Errorf("record length: %d games, %v", len(games), errs)
	}

	var big5 []error
	for g, err := range Read(bytes.NewReader(full), Config{Encoding: textenc.Big5}) {
		if err != nil {
			big5 = append(big5, err)
		} else if g.Encoding.String() != "big5" {
			t.Errorf("encoding %s", g.Encoding)
		}
	}
	if len(big5) > 0 {
		t.Error(big5)
	}
}

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		data []byte
		want bool
	}{
		{cbrGame{}.cbr(), true},
		{cbl("x", 128), true},
		{compress(zLibrary("z", 0), 3)[:32], true},
		{[]byte("CCBridge"), false},
		{[]byte("XQ\x0a"), false},
		{nil, false},
	} {
		if got := Sniff(tc.data[:min(len(tc.data), 4096)]); got != tc.want {
			t.Errorf("Sniff(%q…) = %v", tc.data[:min(len(tc.data), 20)], got)
		}
	}
}

// TestVersion1 reads a version-1 record as vschess does (no real one was seen).
func TestVersion1(t *testing.T) {
	g := one(t, cbrV1("v1", "h2e2", "h9g7"))
	if got := linesOf(g); got != "line 1 @1: H2-E2 H9-G7\n" || !g.Valid() {
		t.Errorf("lines %q diagnostics %v", got, g.Diagnostics)
	}
	if v, _ := g.Tag("Title"); v != "v1" {
		t.Errorf("title %q", v)
	}
}

func TestUTF16Text(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want string
		bad  int
	}{
		{utf16le("abc"), "abc", 0},
		{append(utf16le("车9进1"), 0, 0, 'x', 0), "车9进1", 0},
		{utf16le("𠀀"), "𠀀", 0},                     // a surrogate pair
		{[]byte{0x00, 0xD8, 'a', 0}, "\uFFFDa", 1}, // a lone high surrogate
		{[]byte{0x00, 0xDC}, "\uFFFD", 1},          // a lone low surrogate
		{[]byte{'a', 0, 'b'}, "a", 0},              // an odd last byte
	} {
		if got, bad := utf16Text(tc.in); got != tc.want || bad != tc.bad {
			t.Errorf("utf16Text(% x) = %q, %d; want %q, %d", tc.in, got, bad, tc.want, tc.bad)
		}
	}
}

// TestEmptyRecords: a library record with no piece and no move is a note, not a game, and
// the next game keeps its index; in both kinds of library. A record with no piece but a move,
// or with pieces and no move, is a game; so is a single CBR file with no piece.
func TestEmptyRecords(t *testing.T) {
	var none [90]byte
	var noneZ [32]byte
	heading := cbrGame{title: "heading", board: &none, rootComment: "about the games"}.cbr()
	game1 := cbrGame{moves: line("h2e2")}.cbr()
	titlePage := cbrGame{title: "title page"}.cbr() // standard setup, no move: a game
	for _, tc := range []struct {
		name    string
		data    []byte
		games   []int // indexes of the games
		empty   []int // indexes of the notes
		offsets []int64
	}{
		{"cbl", cbl("lib", 128, heading, game1, titlePage, heading), []int{2, 3}, []int{1, 4},
			[]int64{libIndex + 128*libEntrySize, libIndex + 128*libEntrySize + 3*libBlock}},
		{"compressed", compress(zLibrary("z", 3, zGame{title: "heading", pieces: &noneZ}, zGame{moves: line("h2e2")},
			zGame{pieces: &noneZ}), 1), []int{2}, []int{1, 3}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, errs, notes := decodeNotes(tc.data, "lib")
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			var gi, ni []int
			for _, g := range games {
				gi = append(gi, g.Index)
				if !g.Valid() {
					t.Errorf("game %d: %v", g.Index, g.Diagnostics)
				}
			}
			for i, d := range notes {
				ni = append(ni, d.Game)
				if d.Kind != game.KindEmptyRecord || !d.IsNote() || !errors.Is(d, ErrEmptyRecord) || d.Path != "lib" ||
					!strings.Contains(d.Message, "holds no pieces and no moves") {
					t.Errorf("note %v", d)
				}
				if tc.offsets != nil && d.Loc.Offset != tc.offsets[i] {
					t.Errorf("note %d at %d, want %d", d.Game, d.Loc.Offset, tc.offsets[i])
				}
			}
			if fmt.Sprint(gi) != fmt.Sprint(tc.games) || fmt.Sprint(ni) != fmt.Sprint(tc.empty) {
				t.Errorf("games %v notes %v, want %v and %v", gi, ni, tc.games, tc.empty)
			}
		})
	}
	// A single file with no piece is a game with its setup error.
	games, errs, notes := decodeNotes(heading, "one.cbr")
	if len(games) != 1 || len(errs)+len(notes) != 0 || games[0].Valid() {
		t.Errorf("single empty CBR: %d games, %v, %v", len(games), errs, notes)
	}
}

// TestCompressedCount: the header's game count is checked against the records found: fewer
// records is a file-level error after the games, more a warning on each game beyond it.
func TestCompressedCount(t *testing.T) {
	t.Parallel()
	g1, g2 := zGame{moves: line("h2e2")}, zGame{moves: line("b2e2")}
	games, errs := decodeAll(compress(zLibrary("z", 3, g1, g2), 1), "z")
	if len(games) != 2 || len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) ||
		!strings.Contains(errs[0].Error(), "the header counts 3 games, 2 found") {
		t.Errorf("fewer records: %d games, %v", len(games), errs)
	}
	games, errs = decodeAll(compress(zLibrary("z", 1, g1, g2), 1), "z")
	if len(games) != 2 || len(errs) != 0 || !games[0].Valid() || len(games[0].Diagnostics) != 0 ||
		len(games[1].Diagnostics) != 1 || !games[1].Diagnostics[0].IsWarning() ||
		!strings.Contains(games[1].Diagnostics[0].Message, "beyond the 1 the library header counts") {
		t.Errorf("more records: %d games, %v, %v", len(games), errs, games)
	}
}
