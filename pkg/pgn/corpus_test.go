package pgn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// TestCorpus reads every PGN file of the corpus: no panic; every game replays to its end or
// has an error with a position inside the text; writing every game (ICCS, WXF, Chinese) and
// reading it back gives the same moves, variations and comments, and writing again gives the
// same bytes. It logs the figures.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not present")
	}
	var files, games, valid, plies int
	errKinds := map[string]int{}
	warnKinds := map[string]int{}
	encodings := map[string]int{}
	var invalid []string
	err := filepath.WalkDir(corpusDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".pgn") {
			return err
		}
		files++
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dec, err := textenc.Open(bytes.NewReader(raw), textenc.Auto)
		if err != nil {
			return err
		}
		text, err := io.ReadAll(dec)
		if err != nil {
			return err
		}
		encodings[dec.Detection().Encoding.String()]++
		rel, _ := filepath.Rel(corpusDir, path)
		gs := decodeText(t, rel, bytes.NewReader(text))
		checkLocs(t, text, gs)
		for _, g := range gs {
			games++
			plies += g.Plies()
			if g.Valid() {
				valid++
			} else {
				errKinds[string(g.Errors()[0].Kind)]++
				invalid = append(invalid, g.Errors()[0].Error())
			}
			for _, w := range g.Warnings() {
				warnKinds[string(w.Kind)]++
				if os.Getenv("PGN_WARNINGS") != "" {
					t.Log(w)
				}
			}
			for _, e := range g.Errors() {
				if e.Loc.Line <= 0 || e.Loc.Col <= 0 || e.Loc.Offset < 0 {
					t.Errorf("error without a position: %v", e)
				}
			}
		}
		for _, f := range []notation.ID{notation.ICCS, notation.WXF, notation.Chinese} {
			checkRoundTrip(t, rel, gs, f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Skip("no PGN in the corpus")
	}
	sort.Strings(invalid)
	t.Logf("%d PGN files (%v), %d games, %d plies: %d replay cleanly, %d stop at an error %v; warnings %v",
		files, sortedMap(encodings), games, plies, valid, games-valid, sortedMap(errKinds), sortedMap(warnKinds))
	for _, s := range invalid {
		t.Logf("  %s", s)
	}
}

func sortedMap(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", k, m[k])
	}
	return b.String()
}

// TestCorpusBoundaries checks, on a sample of corpus files, that skipping visitors see the
// same games as a full one.
func TestCorpusBoundaries(t *testing.T) {
	paths := []string{
		"maksimKorzh__wukong-xiangqi/xqdb/games_pgn/xqdb_international.pgn",
		"maksimKorzh__wukong-xiangqi/xiangqi_pgn_parser/bulk_games_uci.pgn",
		"liangqi__xqwizard/XQWIZARD/EXAMPLES/SAMPLE_T.PGN",
		"walker8088__cchess/tests/data/test.pgn",
	}
	for _, p := range paths {
		raw, err := os.ReadFile(filepath.Join(corpusDir, p))
		if err != nil {
			t.Skip("corpus not present")
		}
		text, _, _ := textenc.DecodeBytes(raw, textenc.Auto)
		checkBoundaries(t, p, text)
	}
}
