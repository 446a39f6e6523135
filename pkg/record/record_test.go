package record_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// iccsLines is the issue's ten-line program: the ICCS main line of every game of each file.
func iccsLines(t *testing.T, paths ...string) []string {
	t.Helper()
	var out []string
	for _, path := range paths {
		for g, err := range record.ReadFile(path) {
			if d := (*game.Diagnostic)(nil); errors.As(err, &d) && d.IsNote() {
				continue // information (an empty library record): no line in JSON Lines either
			}
			if err != nil {
				out = append(out, fmt.Sprint(path, " ", err))
				continue
			}
			var line []string
			for pos, m := range g.Moves() {
				line = append(line, iccs.Format(pos, m))
			}
			out = append(out, fmt.Sprint(path, " ", g.Index, " ", strings.Join(line, " ")))
		}
	}
	return out
}

// jsonlLines is the same from `qipu convert --to jsonl`'s iccs fields.
func jsonlLines(t *testing.T, paths ...string) []string {
	t.Helper()
	var out []string
	for _, path := range paths {
		var stdout, stderr bytes.Buffer
		code, err := pipeline.Run(context.Background(), pipeline.Config{Convert: &pipeline.ConvertOptions{Writing: pipeline.Writing{Output: pipeline.JSONL}},
			Paths: []string{path}, Quiet: true, Stdout: &stdout, Stderr: &stderr})
		if err != nil || code > pipeline.ExitInvalid {
			t.Fatalf("%s: exit %d, %v\n%s", path, code, err, stderr.String())
		}
		for _, l := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
			var g struct {
				Index int
				Moves []struct{ ICCS string }
			}
			if err := json.Unmarshal([]byte(l), &g); err != nil {
				t.Fatalf("%s: %v: %s", path, err, l)
			}
			var line []string
			for _, m := range g.Moves {
				line = append(line, m.ICCS)
			}
			out = append(out, fmt.Sprint(path, " ", g.Index, " ", strings.Join(line, " ")))
		}
	}
	return out
}

const sharedCorpus = "../../../shared/corpus"

// An obfuscated XQF file (version 12) of XQStudio's, from cchess's game book.
var encryptedXQF = filepath.Join(sharedCorpus, "walker8088__cchess/game_book/古谱/橘中秘/桔中秘残局谱/车马炮局006.xqf")

func TestIssueProgramMatchesJSONL(t *testing.T) {
	t.Parallel()
	paths := []string{
		"../../corpus/pgn/chinese-gbk.pgn",
		"../../corpus/pgn/chinese-big5-traditional.pgn",
		"../../corpus/pgn/chinese-utf8.pgn",
		"../../corpus/pgn/chinese-utf16.pgn",
		"../../corpus/xqf/game-01.xqf",
		"../../corpus/edge/variations.pgn",
	}
	if data, err := os.ReadFile(encryptedXQF); err == nil {
		if len(data) < 3 || data[2] < 11 {
			t.Fatalf("%s is not an obfuscated XQF (version %d)", encryptedXQF, data[2])
		}
		paths = append(paths, encryptedXQF)
		// A CCBridge library (CBL) of several games, a CCBridge CBF document, a DhtmlXQ page.
		paths = append(paths, filepath.Join(sharedCorpus, "walker8088__cchess/tests/data/1989年龙化杯象棋名师邀请赛35局.CBL"),
			filepath.Join(sharedCorpus, "walker8088__cchess/tests/data/test.cbf"),
			filepath.Join(sharedCorpus, "maksimKorzh__wukong-xiangqi/xqdb/games_html/73.html"))
	} else {
		t.Logf("no shared corpus: %v", err)
	}
	got, want := iccsLines(t, paths...), jsonlLines(t, paths...)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("record:\n%s\njsonl:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(got) < 25 {
		t.Errorf("only %d games", len(got))
	}
	// The encodings are detected and recorded.
	for path, enc := range map[string]string{
		"../../corpus/pgn/chinese-gbk.pgn":              "gb18030",
		"../../corpus/pgn/chinese-big5-traditional.pgn": "big5",
		"../../corpus/pgn/chinese-utf16.pgn":            "utf-16le",
	} {
		for g, err := range record.ReadFile(path) {
			if err != nil || g.Encoding.String() != enc || len(g.Errors()) > 0 {
				t.Errorf("%s: %v, encoding %q, errors %v", path, err, g.Encoding, g.Errors())
			}
		}
	}
}

func TestFileLevelErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, path string
		data       []byte
		want       string // the diagnostic
		cause      error
	}{
		{"truncated", "../../corpus/edge/truncated.xqf", nil,
			"../../corpus/edge/truncated.xqf:@600: truncated: file ends inside the 1024-byte header (600 bytes)", xqf.ErrTruncated},
		{"unknown", "", []byte("just some notes\n"), "notes.md:@0: syntax: not a game record (neither its content nor its name is a known format)", record.ErrUnknownFormat},
		// Sent to DhtmlXQ by the name alone, without a marker anywhere: no game file either.
		{"no marker", "", []byte("<html><body>a page\n</body></html>"), "page.html:1:1: syntax: not a game record (no [DhtmlXQ] marker)", dhtmlxq.ErrNoMarker},
		{"no marker txt", "", []byte("just some notes\n"), "notes.txt:1:1: syntax: not a game record (no [DhtmlXQ] marker)", record.ErrUnknownFormat},
		{"no block", "", []byte("[DhtmlXQ_title]x[/DhtmlXQ_title]"), "block.txt:1:1: syntax: no [DhtmlXQ] block", dhtmlxq.ErrNoGame},
		{"no game", "", []byte("\n\n   \r\n"), "empty.pgn:1:1: syntax: no game found", record.ErrNoGame},
		{"missing", "testdata/does-not-exist.pgn", nil, "testdata/does-not-exist.pgn:@0: io: no such file or directory", os.ErrNotExist},
	} {
		var seq func(func(*game.Game, error) bool)
		if c.path != "" {
			seq = record.ReadFile(c.path)
		} else {
			name := map[string]string{"unknown": "notes.md", "no game": "empty.pgn", "no marker": "page.html",
				"no marker txt": "notes.txt", "no block": "block.txt"}[c.name]
			seq = record.Read(bytes.NewReader(c.data), name)
		}
		n := 0
		for g, err := range seq {
			n++
			var d *game.Diagnostic
			if g != nil || !errors.As(err, &d) || d.IsWarning() {
				t.Fatalf("%s: yielded %v, %v", c.name, g, err)
			}
			if err.Error() != c.want || !errors.Is(err, c.cause) || record.IsWarning(err) {
				t.Errorf("%s: %v (want %s, wrapping %v)", c.name, err, c.want, c.cause)
			}
		}
		if n != 1 {
			t.Errorf("%s: %d items, want one error", c.name, n)
		}
	}
}

func TestReadErrorAfterGames(t *testing.T) {
	t.Parallel()
	one, err := os.ReadFile("../../corpus/pgn/iccs-utf8.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// More than the buffers hold, so that games come before the failure.
	data := bytes.Repeat(one, 300<<10/len(one)+1)
	errDisk := errors.New("input/output error")
	for _, buffered := range []bool{false, true} {
		var r io.Reader = &testutil.FailingReader{R: bytes.NewReader(data), Err: errDisk}
		if buffered {
			r = bufio.NewReaderSize(r, 64<<10)
		}
		games, errs := 0, []error{}
		for g, err := range record.Read(r, "x.pgn") {
			if err != nil {
				errs = append(errs, err)
				continue
			}
			games++
			_ = g
		}
		if games == 0 || len(errs) != 1 || !errors.Is(errs[0], errDisk) {
			t.Fatalf("buffered %v: %d games, errors %v", buffered, games, errs)
		}
		var d *game.Diagnostic
		errors.As(errs[0], &d)
		if d.Kind != game.KindIO || d.Loc.Offset != int64(len(data)) || d.Path != "x.pgn" {
			t.Errorf("buffered %v: %+v, want an io error at offset %d", buffered, d, len(data))
		}
	}
}

func TestInvalidBytesWarningAndStrict(t *testing.T) {
	t.Parallel()
	// UTF-8 with one stray byte in a comment.
	text := "[Event \"x\"]\n\n1. h2e2 {bad \xff byte} h9g7 *\n"
	var warn error
	games := 0
	for g, err := range record.Read(strings.NewReader(text), "w.pgn", record.WithEncoding(textenc.UTF8)) {
		if err != nil {
			warn = err
			continue
		}
		games++
		if !g.Valid() || g.Plies() != 2 {
			t.Errorf("game: %v", g.Diagnostics)
		}
	}
	// At the line and column of the bad byte in the text, with its byte offset.
	want := "w.pgn:3:14: warning: encoding: 1 byte sequence(s) invalid in utf-8, replaced by U+FFFD"
	if games != 1 || warn == nil || warn.Error() != want || !record.IsWarning(warn) {
		t.Fatalf("%d games, %v; want %s", games, warn, want)
	}
	if d := warn.(*game.Diagnostic); d.Loc.Offset != 26 {
		t.Errorf("offset %d, want 26", d.Loc.Offset)
	}
	for _, err := range record.Read(strings.NewReader(text), "w.pgn", record.WithEncoding(textenc.UTF8), record.WithStrict()) {
		if err != nil && record.IsWarning(err) {
			t.Errorf("strict: still a warning: %v", err)
		}
	}
	// Strict turns a game's warnings into errors too: Black moves first.
	for g, err := range record.Read(strings.NewReader("1. h9g7 h2e2 *\n"), "s.pgn", record.WithStrict()) {
		if err != nil || g.Valid() || len(g.Warnings()) != 0 {
			t.Errorf("strict game: %v, %v", err, g.Diagnostics)
		}
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
	path := "../../corpus/pgn/iccs-utf8.pgn"
	all := iccsLines(t, path)
	// WithMaxGames stops early; so does break.
	n := 0
	for range record.ReadFile(path, record.WithMaxGames(2)) {
		n++
	}
	if n != 2 {
		t.Errorf("WithMaxGames(2): %d", n)
	}
	for range record.ReadFile(path) {
		break
	}
	// WithReuse: the same games, read one at a time.
	var got []string
	for g, err := range record.ReadFile(path, record.WithReuse()) {
		if err != nil {
			t.Fatal(err)
		}
		var line []string
		for pos, m := range g.Moves() {
			line = append(line, iccs.Format(pos, m))
		}
		got = append(got, fmt.Sprint(path, " ", g.Index, " ", strings.Join(line, " ")))
	}
	if strings.Join(got, "\n") != strings.Join(all, "\n") {
		t.Errorf("WithReuse differs")
	}
	// WithFormat skips sniffing; WithInfo tells what was decided.
	var info record.Info
	xqfFormat, _ := record.FormatByName("XQF")
	for _, err := range record.ReadFile(path, record.WithFormat(xqfFormat), record.WithInfo(func(i record.Info) { info = i })) {
		if !errors.Is(err, xqf.ErrNotXQF) {
			t.Errorf("PGN read as XQF: %v", err)
		}
	}
	if info.Format.Name() != "xqf" || info.Encoding != textenc.Auto {
		t.Errorf("info %+v", info)
	}
	for range record.ReadFile("../../corpus/pgn/chinese-gbk.pgn", record.WithInfo(func(i record.Info) { info = i })) {
	}
	if info.Format.Name() != "pgn" || info.Encoding != textenc.GB18030 || !info.Format.Text() {
		t.Errorf("info %+v", info)
	}
}

func TestDetect(t *testing.T) {
	t.Parallel()
	xqfHeader, err := os.ReadFile("../../corpus/xqf/game-01.xqf")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		prefix []byte
		name   string
		want   string
	}{
		{xqfHeader, "game.pgn", "xqf"},                          // content wins over the name
		{[]byte("[Event \"x\"]\n1. h2e2 *"), "game.xqf", "pgn"}, // PGN text in a .xqf file
		{[]byte("garbage"), "game.XQF", "xqf"},                  // nothing in the content: the name
		{[]byte("garbage"), "game.pgn", "pgn"},
		{[]byte("\ufeff  [Game \"Chinese Chess\"]"), "", "pgn"},
		{[]byte("1. h2e2"), "-", "pgn"},
		{[]byte{0xFF, 0xFE, '[', 0, 'E', 0, 'v', 0, ' ', 0, '"', 0}, "", "pgn"}, // UTF-16
		{[]byte("[DhtmlXQ]"), "a.txt", "dhtmlxq"},
		{[]byte("<html><body>[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"), "a.txt", "dhtmlxq"},
		{[]byte("<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">"), "", "cbf"},
		{[]byte("CCBridge Record\x00"), "", "cbr"},
		{[]byte("CCBridgeLibrary\x00"), "x.cbr", "cbl"}, // a library, whatever its name
		{[]byte("CCBridge Record\x00"), "x.CBL", "cbr"},
		{[]byte("<html>"), "a.html", "dhtmlxq"},
		{[]byte("some notes"), "a.txt", "dhtmlxq"}, // by name; Read says "not a game record" without a marker
		{[]byte("some notes"), "a.md", ""},
		{[]byte("ccf0 \x01\x00\x04\x09"), "", "qp"},
		{[]byte("[Title \"x\"]\n[Score \"1=0\"] 1.H2-E2"), "a.pgn", "xqn"}, // before PGN
		{[]byte("[Title \"x\"]\n1. H2-E2"), "a.xqn", "pgn"},                // no score: PGN
		{[]byte("甲  红先胜  乙\n\n  1. 炮二平五  马８进７\n"), "a.txt", "txt"},
		{[]byte("甲  红先胜  乙\n\n说明\n"), "a.txt", "dhtmlxq"}, // a header without moves: by name
		{[]byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n炮二平五\n"), "", "txt"},
		{[]byte("<html>"), "", ""},
		{[]byte("[Event]"), "", ""},
		{nil, "", ""},
	} {
		f, ok := record.Detect(c.prefix, c.name)
		if f.Name() != c.want || ok != (c.want != "") {
			t.Errorf("Detect(%q, %q) = %q, %v; want %q", c.prefix[:min(len(c.prefix), 20)], c.name, f.Name(), ok, c.want)
		}
	}
	var names []string
	for _, f := range record.Formats() {
		names = append(names, f.Name()+strings.Join(f.Extensions(), ""))
	}
	if strings.Join(names, " ") != "xqf.xqf cbr.cbr cbl.cbl cbf.cbf mxq.mxq sg.sg qp.qp xqn.xqn pgn.pgn dhtmlxq.html.htm.ubb.txt txt" {
		t.Errorf("formats %v", names)
	}
}

func TestNameMeansGame(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"a.pgn": true, "b.XQF": true, "c.cbl": true, "d.cbr": true, "e.cbf": true,
		"page.html": false, "page.htm": false, "notes.txt": false, "post.ubb": false, "x.md": false, "noext": false,
	} {
		if got := record.NameMeansGame(name); got != want {
			t.Errorf("NameMeansGame(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestEmptyRecordNotes: a library's empty records come through as file-level notes that keep
// the library's numbering, make nothing invalid, and stay notes under WithStrict.
func TestEmptyRecordNotes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(sharedCorpus, "walker8088__cchess/tests/data/1989年龙化杯象棋名师邀请赛35局.CBL")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no shared corpus: %v", err)
	}
	for _, strict := range []bool{false, true} {
		var opts []record.Option
		if strict {
			opts = append(opts, record.WithStrict())
		}
		var notes, games []int
		for g, err := range record.ReadFile(path, opts...) {
			var d *game.Diagnostic
			switch {
			case errors.As(err, &d) && d.IsNote() && d.Kind == game.KindEmptyRecord:
				notes = append(notes, d.Game)
			case err != nil:
				t.Errorf("strict %v: %v", strict, err)
			default:
				games = append(games, g.Index)
			}
		}
		if fmt.Sprint(notes) != "[1 22]" || len(games) != 36 || games[0] != 2 || games[20] != 23 {
			t.Errorf("strict %v: notes %v, games %v", strict, notes, games)
		}
	}
}
