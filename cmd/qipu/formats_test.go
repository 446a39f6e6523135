package main

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// formatOfExt is the JSON Lines "format" of the files of the 象棋桥 and 东萍 formats, by
// extension.
var formatOfExt = map[string]string{".cbr": "cbr", ".cbl": "cbl", ".cbf": "cbf",
	".html": "dhtmlxq", ".htm": "dhtmlxq", ".ubb": "dhtmlxq", ".txt": "dhtmlxq",
	".sg": "sg", ".qp": "qp", ".xqn": "xqn"}

// textGames are the .txt files of the shared corpus that hold plain-text games, not DhtmlXQ:
// read by content as "txt".
var textGames = []string{
	"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/对局谱/各类杯赛及散谱/各类杯赛及散谱（无讲评的）/2001年象棋排位赛对局谱/2001年象棋排位赛（文本版本）/象棋排位赛01a.txt",
	"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/布局/象棋定式与战理/【顺炮局】/001.TXT",
	"walker8088__cchess/tests/data/test1_move.txt",
	"walker8088__cchess/tests/data/ucci_test1_move.txt",
	"walker8088__cchess/tests/data/uci_test_move.txt",
}

// noBlockPages are the real web pages of the shared corpus without a single [DhtmlXQ] marker
// (vschess pages that load their game from another file at run time): not game files.
var noBlockPages = []string{
	"FastLight126__vschess/_older_versions/6e4e210d6e/dhtmlxq.html",
	"FastLight126__vschess/dhtmlxq.html",
	"FastLight126__vschess/test-4.html",
}

// newFormatFiles returns the CBR, CBL, CBF, HTML, UBB, text, SG, QP and .xqn files of the shared corpus,
// relative to dir, slash-separated, sorted.
func newFormatFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := formatOfExt[strings.ToLower(filepath.Ext(p))]; ok {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// reportEntry is a line of --report.
type reportEntry struct {
	Source string `json:"source"`
	Index  int    `json:"index"`
	Format string `json:"format"`
	Status string `json:"status"`
	Errors []struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
		Line    int    `json:"line"`
		Offset  *int64 `json:"offset"`
	} `json:"errors"`
	Notes []struct {
		Kind string `json:"kind"`
	} `json:"notes"`
}

// TestCheckNewFormats runs qipu check over the shared corpus and accounts for every file of
// the 象棋桥 and 东萍 formats, SG, QP, .xqn and plain-text games: each is read (report entries with its format's name), except the
// pages without a [DhtmlXQ] marker, which are skipped like any file that is no game record;
// every game of each library is there, in order, as many as its header counts; every game is
// valid or has a positioned error.
func TestCheckNewFormats(t *testing.T) {
	dir := sharedCorpus(t)
	files := newFormatFiles(t, dir)
	if len(files) < 30 {
		t.Fatalf("only %d CBR/CBL/CBF/DhtmlXQ files in the shared corpus", len(files))
	}
	// One argument per file keeps the run to these formats; the sources are then the paths
	// as given.
	report := filepath.Join(t.TempDir(), "report.jsonl")
	args := []string{"check", "-q", "--report", report}
	for _, f := range files {
		args = append(args, filepath.Join(dir, filepath.FromSlash(f)))
	}
	code, out, errs := qipu(t, context.Background(), "", args...)
	if code != exitInvalid && code != exitOK || out != "" {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, errs)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	byFile := map[string][]reportEntry{}
	empty := map[string]int{} // a library's empty records, which keep their numbers
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var e reportEntry
		if err := json.Unmarshal(l, &e); err != nil {
			t.Fatalf("report line %q: %v", l, err)
		}
		rel, _ := filepath.Rel(dir, e.Source)
		rel = filepath.ToSlash(rel)
		if e.Index == 0 && len(e.Errors) == 0 {
			// The file's own notes: a library's empty records, which keep their numbers.
			for _, n := range e.Notes {
				if n.Kind == "empty-record" {
					empty[rel]++
				}
			}
			continue
		}
		byFile[rel] = append(byFile[rel], e)
		for _, er := range e.Errors {
			if er.Line == 0 && er.Offset == nil {
				t.Errorf("%s game %d: error without a position: %s: %s", rel, e.Index, er.Kind, er.Message)
			}
		}
		if e.Status == "invalid" && len(e.Errors) == 0 {
			t.Errorf("%s game %d: invalid without an error", rel, e.Index)
		}
	}
	games := 0
	for _, f := range files {
		es := byFile[f]
		if slices.Contains(noBlockPages, f) {
			if len(es) != 0 {
				t.Errorf("%s: a page without a block is reported: %+v", f, es)
			}
			// Named on the command line, it only says that the argument held no game file.
			for _, l := range strings.Split(errs, "\n") {
				if strings.Contains(l, f) && l != "qipu: no game files found in "+filepath.Join(dir, filepath.FromSlash(f)) {
					t.Errorf("%s: a page without a block has a diagnostic: %s", f, l)
				}
			}
			continue
		}
		if len(es) == 0 {
			t.Errorf("%s: not read", f)
			continue
		}
		want := formatOfExt[strings.ToLower(filepath.Ext(f))]
		if slices.Contains(textGames, f) {
			want = "txt"
		}
		for i, e := range es {
			// In order; an empty record leaves its number out.
			if e.Index < i+1 || e.Index > i+1+empty[f] || i > 0 && e.Index <= es[i-1].Index {
				t.Errorf("%s: entry %d has index %d (a file-level error, or a game missing)", f, i+1, e.Index)
			}
			if e.Format != want {
				t.Errorf("%s game %d: format %q, want %q", f, e.Index, e.Format, want)
			}
		}
		games += len(es)
		if want == "cbl" {
			if n := libraryCount(t, filepath.Join(dir, filepath.FromSlash(f))); len(es)+empty[f] < n {
				t.Errorf("%s: %d games read and %d empty records, the library holds %d", f, len(es), empty[f], n)
			}
		}
	}
	t.Logf("%d files, %d games", len(files), games)
	args[1] = "--format"
	args = slices.Insert(args, 2, "json")
	_, out, _ = qipu(t, context.Background(), "", args...)
	var s map[string]any
	if err := json.Unmarshal([]byte(out), &s); err != nil || s["skipped"] != float64(len(noBlockPages)) ||
		s["unreadable"] != 0.0 || s["games"] != float64(games) {
		t.Errorf("summary %s (%v): want %d skipped, 0 unreadable, %d games", out, err, len(noBlockPages), games)
	}
}

// libraryCount returns the number of games a CBL library holds by its own account: the used
// entries of its index, or the game count of a compressed library's header.
func libraryCount(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	switch {
	case bytes.HasPrefix(data, []byte("CCBridgeLibrary\x00")):
		const index, entry = 66624, 276
		n := 0
		for i := range int(le.Uint32(data[60:])) {
			if le.Uint32(data[index+i*entry:]) != 0 {
				n++
			}
		}
		return n
	case bytes.HasPrefix(data, []byte("CCBridge")):
		zr, err := zlib.NewReader(bytes.NewReader(data[20:]))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		lib, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// Five strings (u32 length, bytes), two 19-byte times, then the count.
		p := 0
		for range 5 {
			p += 4 + int(le.Uint32(lib[p:]))
		}
		return int(le.Uint32(lib[p+38:]))
	}
	t.Fatalf("%s: not a library", path)
	return 0
}

// TestConvertRoundTrips: read → convert --to dhtmlxq (or xqf) → read keeps every game's start,
// main line, variations and comments, on the bundled corpus and on the 象棋桥 and 东萍 files of
// the shared corpus.
func TestConvertRoundTrips(t *testing.T) {
	var inputs []string
	err := filepath.WalkDir(corpus, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			inputs = append(inputs, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if dir, err := os.Stat("../../../shared/corpus"); err == nil && dir.IsDir() && !testing.Short() {
		for _, f := range newFormatFiles(t, "../../../shared/corpus") {
			inputs = append(inputs, filepath.Join("../../../shared/corpus", filepath.FromSlash(f)))
		}
	}
	for _, to := range []string{"dhtmlxq", "xqf"} {
		t.Run(to, func(t *testing.T) {
			games, lines, comments := 0, 0, 0
			for i, in := range inputs {
				want := readTrees(t, in)
				if len(want) == 0 {
					continue // not a game file, or unreadable
				}
				out := filepath.Join(t.TempDir(), fmt.Sprint(i))
				code, _, errs := qipu(t, context.Background(), "", "convert", "-q", "--to", to, "-o", out+"/", in)
				if code == exitUsage || strings.Contains(errs, "cannot write") {
					t.Fatalf("%s: exit %d\n%s", in, code, errs)
				}
				base := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
				var got []string
				if to == "dhtmlxq" {
					got = readTrees(t, filepath.Join(out, base+".txt"))
				} else {
					for n := 1; ; n++ {
						name := base + ".xqf"
						if n > 1 {
							name = fmt.Sprintf("%s-%d.xqf", base, n)
						}
						p := filepath.Join(out, name)
						if _, err := os.Stat(p); err != nil {
							break
						}
						got = append(got, readTrees(t, p)...)
					}
				}
				if len(got) != len(want) {
					t.Errorf("%s: %d games, %d read back", in, len(want), len(got))
					continue
				}
				for k := range want {
					if got[k] != want[k] {
						t.Errorf("%s game %d differs after --to %s:\nwant %.600s\ngot  %.600s", in, k+1, to, want[k], got[k])
					}
					lines += strings.Count(want[k], "(")
					comments += strings.Count(want[k], "{")
				}
				games += len(want)
			}
			t.Logf("%d files, %d games, %d variations and %d commented moves kept", len(inputs), games, lines, comments)
			if games < 100 || lines == 0 || comments == 0 {
				t.Errorf("too little to compare")
			}
		})
	}
}

// readTrees reads a file with record and renders each game's start, main line, variations
// and comments (a node's comments joined by a line break, as one-comment formats keep them;
// the writers' own "qipu: … ends here" marks left out).
func readTrees(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for g, err := range record.ReadFile(path) {
		if err != nil {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s |", g.Setup.BoardFEN(), g.Setup.Turn)
		writeTree(&b, &g.Root)
		out = append(out, b.String())
	}
	return out
}

// writeTree writes n's comments, then the line that continues from n: each move with its
// comments, followed by its alternatives in parentheses.
func writeTree(b *strings.Builder, n *game.Node) {
	writeComments(b, n)
	for len(n.Children) > 0 {
		main := n.Children[0]
		b.WriteByte(' ')
		b.Write(main.Move.AppendICCS(nil, false))
		writeComments(b, main)
		for _, v := range n.Children[1:] {
			b.WriteString(" (")
			b.Write(v.Move.AppendICCS(nil, false))
			writeTree(b, v)
			b.WriteString(")")
		}
		n = main
	}
}

// writeComments writes a node's comments as {line/line}, blank lines and the writers' marks
// left out.
func writeComments(b *strings.Builder, n *game.Node) {
	var cs []string
	for _, c := range n.Comments {
		for _, l := range strings.Split(strings.ReplaceAll(c, "\r\n", "\n"), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "qipu: ") {
				cs = append(cs, l)
			}
		}
	}
	if len(cs) > 0 {
		fmt.Fprintf(b, " {%s}", strings.Join(cs, "/"))
	}
}

// TestPagesWithoutBlock: web pages and text files are read by content. A page, a .txt note
// or a .ubb post without a single [DhtmlXQ] marker is skipped (no diagnostic, no report
// entry); one whose marker comes after a long head is read; one with DhtmlXQ fields but no
// block is unreadable, with a positioned diagnostic.
func TestPagesWithoutBlock(t *testing.T) {
	dir := t.TempDir()
	block := "[DhtmlXQ]\n[DhtmlXQ_title]t[/DhtmlXQ_title]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
	head := "<html><head><style>" + strings.Repeat("p { margin: 0; }\n", 400) + "</style></head><body>\n"
	for name, text := range map[string]string{
		"page.html":    "<!DOCTYPE html><html><body><p>棋谱</p></body></html>\n",
		"notes.txt":    "a note about 象棋\n",
		"post.ubb":     "[b]no game here[/b]\n",
		"late.htm":     head + block + "</body></html>\n",
		"late.txt":     strings.Repeat("a line of notes before the game\n", 200) + block,
		"fields.html":  "<html><body>[DhtmlXQ_title]t[/DhtmlXQ_title]</body></html>\n",
		"game.ubb":     block,
		"game-ext.dat": block,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	report := filepath.Join(t.TempDir(), "r.jsonl")
	code, out, errs := qipu(t, context.Background(), "", "check", "--format", "json", "--report", report, dir)
	if code != exitInvalid {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var s map[string]any
	if err := json.Unmarshal([]byte(out), &s); err != nil || s["games"] != 4.0 || s["skipped"] != 3.0 || s["unreadable"] != 1.0 {
		t.Errorf("summary %s: want 4 games, 3 skipped, 1 unreadable", out)
	}
	if want := filepath.Join(dir, "fields.html") + ":1:1: syntax: no [DhtmlXQ] block\n"; !strings.HasPrefix(errs, want) {
		t.Errorf("diagnostics:\n%s\nwant first %s", errs, want)
	}
	for _, name := range []string{"page.html", "notes.txt", "post.ubb"} {
		if strings.Contains(errs, name) {
			t.Errorf("%s has a diagnostic:\n%s", name, errs)
		}
	}
	data, _ := os.ReadFile(report)
	var srcs []string
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var e reportEntry
		if err := json.Unmarshal(l, &e); err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, fmt.Sprintf("%s %d %s", filepath.Base(e.Source), e.Index, e.Format))
	}
	if got, want := strings.Join(srcs, "; "), "fields.html 0 dhtmlxq; game-ext.dat 1 dhtmlxq; game.ubb 1 dhtmlxq; late.htm 1 dhtmlxq; late.txt 1 dhtmlxq"; got != want {
		t.Errorf("report %s\nwant   %s", got, want)
	}
}

// TestDhtmlXQCutGame: a game cut at its first error is written as a block with a comment at
// the cut and the result 未知; --keep-result keeps its own result.
func TestDhtmlXQCutGame(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cut.pgn")
	if err := os.WriteFile(path, []byte(illegalGame), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := qipu(t, context.Background(), "", "convert", "-q", "--to", "dhtmlxq", path)
	want := "[DhtmlXQ_result]未知[/DhtmlXQ_result]\n[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]\n" +
		"[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_comment2]qipu: game ends here: illegal move \"e2e9\" at ply 3[/DhtmlXQ_comment2]\n[/DhtmlXQ]\n\n"
	if code != exitInvalid || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d\n%s\nwant …\n%s", code, out, want)
	}
	_, out, _ = qipu(t, context.Background(), "", "convert", "-q", "--to", "dhtmlxq", "--keep-result", path)
	if !strings.Contains(out, "[DhtmlXQ_result]红胜[/DhtmlXQ_result]") {
		t.Errorf("--keep-result:\n%s", out)
	}
}
