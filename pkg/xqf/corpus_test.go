package xqf

import (
	"bytes"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// upstream is the folder of cchess's unit-test files.
const upstream = "walker8088__cchess/tests/data/"

// corpusFile is one XQF file of the corpus, read into memory.
type corpusFile struct {
	rel  string // path relative to testutil.CorpusDir
	data []byte
}

// corpusXQF returns every .xqf file of the corpus (any case), sorted by path; it skips the test
// when the corpus is absent.
func corpusXQF(tb testing.TB) []corpusFile {
	tb.Helper()
	var files []corpusFile
	for _, p := range testutil.CorpusFiles(tb, ".xqf") {
		files = append(files, corpusFile{testutil.Rel(p), testutil.ReadFile(tb, p)})
	}
	return files
}

// readCorpus reads one corpus file; it skips the test when the corpus is absent.
func readCorpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	return testutil.ReadCorpus(tb, rel)
}

func decodeBytesT(tb testing.TB, name string, data []byte) *game.Game {
	tb.Helper()
	g, err := Decode(bytes.NewReader(data), Config{Path: name})
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return g
}

// diagKey is a diagnostic in the short form the expectations below use:
// "kind@offset" for file-level ones, "kind@offset ply P TOKEN" for moves, "warning:" first
// for warnings.
func diagKey(d *game.Diagnostic) string {
	s := fmt.Sprintf("%s@%d", d.Kind, d.Loc.Offset)
	if d.Ply > 0 {
		s += fmt.Sprintf(" ply %d %s", d.Ply, d.Token)
	}
	if d.IsWarning() {
		s = "warning:" + s
	}
	return s
}

// corpusDiagnostics lists every diagnostic of the corpus, file by file; every other file must
// read without any. Each entry was checked by hand (decrypting and walking the records with an
// independent script, then looking at the position before the move):
var corpusDiagnostics = map[string][]string{
	// Ply 10 replays 仕四进五 (E1-F0) a second time: the advisor went to f0 at ply 5.
	upstream + "BadMoveTest3.xqf": {"illegal@1106 ply 10 E1-F0"},
	// Ply 74 moves from e7, empty since the red chariot left it at ply 63; the branch ends at
	// ply 73 车五退八 (E9-E1).
	upstream + "WildHouse.xqf": {"illegal@4510 ply 74 E7-F7"},
	// Ply 11: 帅六进一 (F1-E1) puts the red general face to face with the black one on e9.
	"walker8088__cchess/end_game/古典排局/烂柯神机_天巧呈能.xqf": {"illegal@1112 ply 11 F1-E1"},
	// cchess keeps these two in bad_games/: ply 13 moves Black's c6 pawn on Red's turn.
	"walker8088__cchess/game_book/bad_games/bad_035正马三兵对肋车边马 红进七兵(一).XQF": {"illegal@2160 ply 13 C6-C5"},
	// Ply 70: Black is in check from the cannon on a9 (screen d9) and 士5进6 (F9-E8) does not
	// parry it; ply 82: 将5进1 (E9-E8) walks into the chariot on c8; ply 137: a3 is empty.
	"walker8088__cchess/game_book/bad_games/bad_五七炮对屏风马进7卒.XQF": {
		"illegal@166111 ply 137 A3-B9", "illegal@180372 ply 70 F9-E8", "illegal@212182 ply 82 E9-E8"},
	// A diagram with no moves: Black is in check with Red to move.
	"walker8088__cchess/end_game/残局攻杀谱/A-铁门闩杀法示意图.XQF": {"warning:setup@16"},
	// Strings and comments with bytes that are not GBK: AA A4 after 于幼华 (user-defined area);
	// a lead byte cut off by the end of the Site field; C4 20 and B5 39 CD CB in comments.
	"walker8088__cchess/game_book/对局谱/2000年全国团体赛/第八轮/于幼华先胜郑一鸿.XQF":                  {"warning:encoding@311"},
	"walker8088__cchess/game_book/对局谱/2010年淮阴-韩信杯象棋国际名人赛小组赛/A组第三轮：江苏程鸣 和 浙江赵鑫鑫.xqf": {"warning:encoding@303"},
	"walker8088__cchess/game_book/对局谱/专辑/7_李来群专集/081 李来群胜邓颂宏(26-6-1987).XQF":        {"warning:encoding@1355"},
	upstream + "game_test.xqf": {"warning:encoding@2068"},
}

// treeStats walks a game's tree and checks that every move is legal in its position,
// independently of the builder.
type treeStats struct {
	moves, variations, comments, maxDepth int
}

func walkTree(tb testing.TB, name string, g *game.Game) treeStats {
	tb.Helper()
	var st treeStats
	type item struct {
		n     *game.Node
		pos   board.Position
		depth int
	}
	stack := []item{{&g.Root, *g.StartPosition(), 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		st.maxDepth = max(st.maxDepth, it.depth)
		st.comments += len(it.n.Comments)
		for i, c := range it.n.Children {
			if !it.pos.IsLegal(c.Move) {
				tb.Errorf("%s: ply %d: %s is not legal in %s", name, it.depth+1, c.Move, it.pos.FEN())
				continue
			}
			st.moves++
			if i > 0 {
				st.variations++
			}
			next := it.pos
			next.Play(c.Move)
			stack = append(stack, item{c, next, it.depth + 1})
		}
	}
	return st
}

// TestCorpus reads every XQF file of the corpus: the key checksum is clean, every move of the
// main line and of every variation replays, and the only diagnostics are the ones listed in
// corpusDiagnostics.
func TestCorpus(t *testing.T) {
	files := corpusXQF(t)
	type tally struct {
		files, moves, variations, comments, plies int
	}
	byVersion := map[byte]*tally{}
	seen := map[string]bool{}
	results := 0
	for _, f := range files {
		g := decodeBytesT(t, f.rel, f.data)
		var got []string
		for _, d := range g.Diagnostics {
			if d.IsWarning() && d.Kind == game.KindResult {
				results++ // a mate the Result tag does not give: package game tests that rule
				continue
			}
			got = append(got, diagKey(d))
		}
		want := corpusDiagnostics[f.rel]
		seen[f.rel] = true
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("%s: diagnostics\n got %q\nwant %q", f.rel, got, want)
			for _, d := range g.Diagnostics {
				t.Log(d)
			}
		}
		st := walkTree(t, f.rel, g)
		v := f.data[offVersion]
		if byVersion[v] == nil {
			byVersion[v] = &tally{}
		}
		tl := byVersion[v]
		tl.files++
		tl.moves += st.moves
		tl.variations += st.variations
		tl.comments += st.comments
		tl.plies += g.Plies()
	}
	for name := range corpusDiagnostics {
		if !seen[name] {
			t.Errorf("%s: listed in corpusDiagnostics but not in the corpus", name)
		}
	}
	wantFiles := map[byte]int{10: 62, 11: 60, 12: 61, 13: 60, 15: 60, 16: 63, 18: 82}
	var versions []int
	for v := range byVersion {
		versions = append(versions, int(v))
	}
	sort.Ints(versions)
	var total tally
	for _, v := range versions {
		tl := byVersion[byte(v)]
		t.Logf("version %2d: %3d files, %6d moves (%5d main-line plies), %5d variations, %5d comments",
			v, tl.files, tl.moves, tl.plies, tl.variations, tl.comments)
		if tl.files != wantFiles[byte(v)] {
			t.Errorf("version %d: %d files, want %d", v, tl.files, wantFiles[byte(v)])
		}
		total.files += tl.files
		total.moves += tl.moves
		total.variations += tl.variations
		total.comments += tl.comments
		total.plies += tl.plies
	}
	t.Logf("total: %d files, %d moves replayed (%d main-line plies), %d variations, %d comments; %d result warnings",
		total.files, total.moves, total.plies, total.variations, total.comments, results)
	if len(byVersion) != len(wantFiles) {
		t.Errorf("versions %v, want the keys of %v", versions, wantFiles)
	}
}

// TestUpstreamUnitFiles checks cchess's unit-test files one by one.
func TestUpstreamUnitFiles(t *testing.T) {
	read := func(t *testing.T, name string) *game.Game {
		return decodeBytesT(t, name, readCorpus(t, upstream+name))
	}
	lines := func(g *game.Game) []string {
		var out []string
		for _, l := range strings.Split(dump(g), "\n") {
			if strings.HasPrefix(l, "line ") {
				out = append(out, l)
			}
		}
		return out
	}

	t.Run("BadMoveTest1", func(t *testing.T) {
		// Version 10 with a 2,154-byte game comment (a chat log): plain, one line, 43 plies.
		g := read(t, "BadMoveTest1.xqf")
		if !g.Valid() || len(g.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", g.Diagnostics)
		}
		if g.Plies() != 43 || len(g.Root.Comments) != 1 || !strings.HasPrefix(g.Root.Comments[0], "欢迎加入中国象棋网！\n") {
			t.Errorf("plies %d, comments %q", g.Plies(), g.Root.Comments)
		}
		if last := g.MainLine()[42]; string(last.Move.AppendICCS(nil, false)) != "E5-D5" || len(last.Comments) != 1 || last.Comments[0] != "黑方认负" {
			t.Errorf("last move %s %q", string(last.Move.AppendICCS(nil, false)), last.Comments)
		}
		if v, _ := g.Tag("Red"); v != "砍瓜切菜" {
			t.Errorf("Red %q", v)
		}
	})
	t.Run("BadMoveTest2", func(t *testing.T) {
		// Version 12 with KeyMask 0: the tree is not stream-encrypted, but the square keys
		// apply. 35 plies and one alternative at ply 26.
		g := read(t, "BadMoveTest2.xqf")
		if len(g.Diagnostics) != 0 {
			t.Fatalf("diagnostics: %v", g.Diagnostics)
		}
		want := []string{
			"line 1 @1: H2-E2 B9-C7 H0-G2 H7-F7 I0-H0 H9-G7 E3-E4 A9-A8 B0-C2 A8-D8 B2-A2 D8-D3 A0-B0 B7-A7 B0-B6 D3-C3 G2-E3 F9-E8 A2-A1 G9-E7 E4-E5 E6-E5 A1-C1 C3-D3 B6-C6 A7-A8 E3-G4 A8-C8 G4-E5 C8-C6 C1-C6 D3-D6 E5-F7 E9-F9 C6-C9 {妙！！\\n1) 象5退3 马4退6 得车胜定\\n2) 将6进1 车2进8 将6进1 炮7平1\\n得车}",
			"line 2 @26: E5-E4 E3-G4 E4-F4 G4-H6 {红优}",
		}
		if got := lines(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("lines\n%s", strings.Join(got, "\n"))
		}
	})
	t.Run("BadMoveTest3", func(t *testing.T) {
		// The only illegal move of the upstream files: the record at 1106, ply 10, replays
		// E1-F0, but the advisor left e1 at ply 5. Its line stops at ply 9; the three
		// alternatives elsewhere in the tree are kept.
		g := read(t, "BadMoveTest3.xqf")
		errs := g.Errors()
		if len(errs) != 1 || len(g.Diagnostics) != 1 {
			t.Fatalf("diagnostics: %v", g.Diagnostics)
		}
		d := errs[0]
		if d.Kind != game.KindIllegal || d.Ply != 10 || d.Loc.Offset != 1106 || d.Token != "E1-F0" ||
			d.Message != "no piece on e1" || d.Game != 1 || d.Path != "BadMoveTest3.xqf" {
			t.Errorf("error %+v", d)
		}
		if got, want := d.Error(), `BadMoveTest3.xqf:@1106: game 1, ply 10: illegal: no piece on e1 ("E1-F0")`; got != want {
			t.Errorf("Error() = %s, want %s", got, want)
		}
		if g.Plies() != 9 {
			t.Errorf("main line has %d plies, want 9", g.Plies())
		}
		// BadMoveTest4 is the same tree without the bad record.
		g4 := read(t, "BadMoveTest4.xqf")
		if len(g4.Diagnostics) != 0 {
			t.Fatalf("BadMoveTest4: diagnostics %v", g4.Diagnostics)
		}
		if a, b := lines(g), lines(g4); strings.Join(a, "\n") != strings.Join(b, "\n") || len(a) != 4 {
			t.Errorf("BadMoveTest3 lines\n%s\nBadMoveTest4 lines\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	})
	for _, name := range []string{"EmptyTest.xqf", "NoMove.xqf"} {
		t.Run(name, func(t *testing.T) {
			g := read(t, name)
			if len(g.Diagnostics) != 0 || len(g.Root.Children) != 0 || !g.IsStandardStart() {
				t.Errorf("diagnostics %v, %d moves, setup %s", g.Diagnostics, len(g.Root.Children), g.Setup.FEN())
			}
		})
	}
	// cchess's own tests give the lines of these two files (in Chinese notation); here they
	// are in ICCS, in the same order.
	t.Run("game_varations", func(t *testing.T) {
		want := []string{
			"line 1 @1: H2-E2 H7-E7 H0-G2 H9-G7 I0-H0 I9-I8 B0-C2 B9-C7", // 炮二平五 炮８平５ 马二进三 马８进７ 车一平二 车９进１ 马八进七 马２进３
			"line 2 @7: G3-G4 C6-C5",                                     // 兵三进一 卒３进１
			"line 3 @7: C3-C4 I8-D8",                                     // 兵七进一 车９平４
			"line 4 @7: B0-A2 B9-C7",                                     // 马八进九 马２进３
			"line 5 @2: H9-G7 H0-G2 G6-G5 I0-H0 I9-H9 C3-C4 B9-C7",       // 马８进７ 马二进三 卒７进１ 车一平二 车９平８ 兵七进一 马２进３
			"line 6 @6: B7-E7 H0-H6 B9-C7",                               // 炮２平５ 车二进六 马２进３
		}
		if got := lines(read(t, "game_varations.xqf")); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("lines\n%s", strings.Join(got, "\n"))
		}
	})
	t.Run("test_5_variations", func(t *testing.T) {
		want := []string{
			"line 1 @1: H2-E2 H7-E7 H0-G2 H9-G7 G3-G4 I9-H9",
			"line 2 @5: I0-H0 I9-I8 H0-H6 I8-D8",
			"line 3 @6: G6-G5 C3-C4 I9-I8",
			"line 4 @5: I0-I1 I9-H9 I1-D1 B9-C7 B0-C2 C6-C5",
			"line 5 @1: H2-D2 H9-G7 H0-G2 I9-H9 I0-H0",
		}
		if got := lines(read(t, "test_5_variations.xqf")); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("lines\n%s", strings.Join(got, "\n"))
		}
	})
}

// TestFiveGoats reads the largest upstream tree (130,168 bytes, 32,124 moves, lines up to 299
// plies deep) in bounded time and memory.
func TestFiveGoats(t *testing.T) {
	data := readCorpus(t, upstream+"FiveGoatsTest.xqf")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	g := decodeBytesT(t, "FiveGoatsTest.xqf", data)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	st := walkTree(t, "FiveGoatsTest.xqf", g)
	t.Logf("%d moves, %d variations, depth %d, main line %d plies: %v, %.1f MB allocated",
		st.moves, st.variations, st.maxDepth, g.Plies(), elapsed, float64(alloc)/1e6)
	if len(g.Diagnostics) != 0 {
		t.Errorf("diagnostics: %v", g.Diagnostics)
	}
	if st.moves != 32124 || st.maxDepth != 299 || st.variations != 348 || g.Plies() != 77 {
		t.Errorf("moves %d, depth %d, variations %d, plies %d; want 32124, 299, %d, 77",
			st.moves, st.maxDepth, st.variations, g.Plies(), 348)
	}
	if elapsed > 5*time.Second {
		t.Errorf("took %v", elapsed)
	}
	if alloc > 64<<20 {
		t.Errorf("allocated %d bytes", alloc)
	}
}
