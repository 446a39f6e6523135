package dhtmlxq

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
)

// knownBad lists the real files with a defect the reader must report, by the diagnostic.
var knownBad = map[string]string{
	// vschess's opening book: in variation 1194 an elephant move unblocks a horse's leg and
	// leaves Red's general in check (vschess does not check legality).
	"FastLight126__vschess/dhtmlxq.txt":                            ":1517:244: game 1, ply 65: illegal: move leaves the general in check",
	"FastLight126__vschess/_older_versions/6530a65ac7/dhtmlxq.txt": ":1517:244: game 1, ply 65: illegal: move leaves the general in check",
}

// noBlock lists the real pages that hold no block: vschess pages that load a block from
// another file at run time.
var noBlock = map[string]bool{
	"FastLight126__vschess/dhtmlxq.html":                            true,
	"FastLight126__vschess/_older_versions/6e4e210d6e/dhtmlxq.html": true,
	"FastLight126__vschess/test-4.html":                             true,
}

// TestCorpus reads every HTML, UBB and text file of the shared corpus that holds the marker or
// has a DhtmlXQ extension: each game is valid or reports a positioned reason, each file
// without a block says so, and every game survives Encode → Decode.
func TestCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".html", ".htm", ".ubb", ".txt")
	var nfiles, ngames, nplies, nvars, ncomments, nerrs int
	for _, p := range files {
		rel, _ := filepath.Rel(testutil.CorpusDir, p)
		data := testutil.ReadFile(t, p)
		ext := strings.ToLower(filepath.Ext(p))
		if ext == ".txt" && !Sniff(data[:min(len(data), 4096)]) {
			continue // a text file of another kind
		}
		nfiles++
		games, errs := decodeAll(t, rel, data)
		if noBlock[filepath.ToSlash(rel)] {
			if len(games) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrNoGame) || !errors.Is(errs[0], ErrNoMarker) {
				t.Errorf("%s: want one ErrNoGame and ErrNoMarker, got %d games, %v", rel, len(games), errs)
			}
			var d *game.Diagnostic
			if len(errs) == 1 && (!errors.As(errs[0], &d) || d.Loc.Line != 1) {
				t.Errorf("%s: file error not positioned: %v", rel, errs[0])
			}
			continue
		}
		if len(errs) > 0 || len(games) == 0 {
			t.Errorf("%s: %d games, errors %v", rel, len(games), errs)
			continue
		}
		for _, g := range games {
			ngames++
			nplies += g.Plies()
			ls := lines(g)
			nvars += len(ls) - 1
			ncomments += strings.Count(strings.Join(ls, "\n"), "{") + len(g.Root.Comments)
			for _, d := range g.Errors() {
				nerrs++
				if d.Loc.Line == 0 || d.Game != g.Index {
					t.Errorf("%s: error without line or game: %v", rel, d)
				}
				if want := knownBad[filepath.ToSlash(rel)]; want == "" || !strings.Contains(d.Error(), want) {
					t.Errorf("%s: unexpected error %v", rel, d)
				}
			}
			if want := knownBad[filepath.ToSlash(rel)]; want != "" && g.Valid() {
				t.Errorf("%s: the known defect %q was not reported", rel, want)
			}
			roundTrip(t, rel, g)
		}
	}
	t.Logf("%d files, %d games, %d main-line plies, %d variations, %d comments, %d errors",
		nfiles, ngames, nplies, nvars, ncomments, nerrs)
	if nfiles < 20 {
		t.Errorf("only %d DhtmlXQ files found in the corpus", nfiles)
	}
}
