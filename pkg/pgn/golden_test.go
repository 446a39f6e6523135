package pgn

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/iccs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden renders games as a golden file: the games written in Chinese notation, then one
// line per diagnostic.
func golden(t *testing.T, games []*game.Game) []byte {
	var b bytes.Buffer
	b.Write(encodeAll(t, games, notation.Chinese))
	b.WriteString("--- diagnostics ---\n")
	b.WriteString(diagLines(games))
	return b.Bytes()
}

// summary renders games too many to show in full: one line per game, and the SHA-256 of the
// games written in Chinese notation.
func summary(t *testing.T, games []*game.Game) []byte {
	var b bytes.Buffer
	for _, g := range games {
		status := "ok"
		if !g.Valid() {
			status = "invalid"
		}
		red, _ := g.Tag("Red")
		black, _ := g.Tag("Black")
		fmt.Fprintf(&b, "game %d: %s - %s: %d plies, %s, %s\n", g.Index, red, black, g.Plies(), g.Result, status)
	}
	fmt.Fprintf(&b, "sha256 of the games written in Chinese: %x\n", sha256.Sum256(encodeAll(t, games, notation.Chinese)))
	b.WriteString("--- diagnostics ---\n")
	b.WriteString(diagLines(games))
	return b.Bytes()
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./pkg/pgn -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test ./pkg/pgn -update rewrites it):\n%s", path, firstDiff(want, got))
	}
}

// TestGolden reads each testdata/*.pgn, writes its games in Chinese notation with their
// diagnostics, and compares with testdata/*.golden; the output must read back to the same
// games, in every notation, and be a fixed point of writing.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			games := decodeText(t, path, bytes.NewReader(text))
			checkLocs(t, text, games)
			compareGolden(t, strings.TrimSuffix(path, ".pgn")+".golden", golden(t, games))
			for f := notation.ICCS; f <= notation.Chinese; f++ { // platform text names no origin: not always readable back
				checkRoundTrip(t, path, games, f)
			}
		})
	}
}

// corpusGolden names real files of the corpus whose output is kept in testdata.
var corpusGolden = []struct {
	path, golden string
	summary      bool
}{
	// GBK, ElephantEye layout: comments on their own lines, blank-padded black moves,
	// a handicap setup (FEN), the advertising block after the result.
	{"liangqi__xqwizard/XQWIZARD/橘中秘/4.让双马/4-03.让双马-巡河炮破右单提马.PGN", "corpus-jzm-gbk", false},
	// The same game in Big5 (traditional): the same moves must come out.
	{"liangqi__xqwizard/XQWIZARD/橘中秘(繁体)/4.让双马/4-03.让双马-巡河炮破右单提马.PGN", "corpus-jzm-big5", false},
	// Big5 with traditional characters (車九進一), tags of a modern archive.
	{"Yvonne761__Chinese-Chess-Practical-Dataset/Dataset/全盤戰術/00000115.pgn", "corpus-yvonne-big5", false},
	// Big5, tags and a result with no moves.
	{"Yvonne761__Chinese-Chess-Practical-Dataset/Dataset/對局/大師對局/以賽事分類/各地杯賽/00003826.pgn", "corpus-yvonne-nomoves", false},
	// XQWizard's Big5 sample: long comments, a handicap FEN.
	{"liangqi__xqwizard/XQWIZARD/EXAMPLES/SAMPLE_T.PGN", "corpus-sample-t", false},
	// GBK with bare CR line breaks (CR CR LF) and move numbers without a space.
	{"walker8088__cchess/games/对局谱/已转换/王保长(9段)-胜-亭亭(日帅) 09-03-14.pgn", "corpus-barecr", false},
	// Full-width WXF without separators, 15 games.
	{"maksimKorzh__wukong-xiangqi/xqdb/games_pgn/xqdb_international.pgn", "corpus-wukong-wxf", true},
	// 1,391 games in UCI/ICCS, no Game tag, no results.
	{"maksimKorzh__wukong-xiangqi/xqdb/xqdb/_unzipped/Hu_Ronghua_1391_UCI_games.pgn", "corpus-wukong-uci", true},
	// WinBoard SAN: a syntax error per game.
	{"maksimKorzh__wukong-xiangqi/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn", "corpus-winboard", false},
	// cchess's writer: moves on separate lines, FEN without counters.
	{"walker8088__cchess/tests/data/endgame_test.pgn", "corpus-cchess-endgame", false},
}

// TestCorpusGolden runs the golden test over real corpus files (skipped without the corpus).
func TestCorpusGolden(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not present")
	}
	for _, c := range corpusGolden {
		t.Run(c.golden, func(t *testing.T) {
			path := filepath.Join(corpusDir, c.path)
			games := decodeFile(t, path, filepath.Base(c.path))
			var got []byte
			if c.summary {
				got = summary(t, games)
			} else {
				got = golden(t, games)
			}
			compareGolden(t, filepath.Join("testdata", c.golden+".golden"), got)
			checkRoundTrip(t, c.path, games, notation.Chinese)
		})
	}
}

// TestSimplifiedTraditional checks that the GB2312 and Big5 editions of the same book give
// the same games.
func TestSimplifiedTraditional(t *testing.T) {
	dirs := [2]string{"liangqi__xqwizard/XQWIZARD/橘中秘", "liangqi__xqwizard/XQWIZARD/橘中秘(繁体)"}
	if _, err := os.Stat(filepath.Join(corpusDir, dirs[0])); err != nil {
		t.Skip("corpus not present")
	}
	var outs [2][]string
	for k, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(corpusDir, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			for _, g := range decodeFile(t, p, d.Name()) {
				var b bytes.Buffer
				if err := Encode(&b, g, WriteOptions{Notation: iccs.Notation{}}); err != nil {
					t.Fatal(err)
				}
				// Moves only: the tags and comments differ in script.
				body := b.String()[strings.Index(b.String(), "\n\n"):]
				outs[k] = append(outs[k], stripComments(body))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(outs[0]) != len(outs[1]) || len(outs[0]) == 0 {
		t.Fatalf("%d simplified games, %d traditional", len(outs[0]), len(outs[1]))
	}
	for i := range outs[0] {
		if outs[0][i] != outs[1][i] {
			t.Errorf("game %d differs:\n%s", i+1, firstDiff([]byte(outs[0][i]), []byte(outs[1][i])))
		}
	}
	t.Logf("%d games, the same moves in both editions", len(outs[0]))
}

func stripComments(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '{':
			depth++
		case r == '}':
			depth--
		case depth == 0 && r != '\n' && r != ' ':
			b.WriteRune(r)
		case depth == 0:
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
