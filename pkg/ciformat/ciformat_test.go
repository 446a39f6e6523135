package ciformat_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// readFile builds the File of one input, as the pipeline does.
func readFile(t testing.TB, name string, data []byte) *ciformat.File {
	t.Helper()
	f := &ciformat.File{Source: name}
	var known bool
	for g, err := range record.Read(bytes.NewReader(data), name, record.WithInfo(func(i record.Info) {
		f.Binary = !i.Format.Text()
		known = true
	})) {
		if err != nil {
			var d *game.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("%s: %v", name, err)
			}
			f.Diagnostics = append(f.Diagnostics, ciformat.NewDiagnostic(name, nil, d))
			continue
		}
		f.Games = append(f.Games, ciformat.NewGame(name, g))
	}
	if !known && len(f.Diagnostics) == 0 {
		return nil
	}
	return f
}

// edgeFiles reads the bundled corpus/edge archive.
func edgeFiles(t testing.TB) []*ciformat.File {
	t.Helper()
	dir := "../../corpus/edge"
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ciformat.File
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if f := readFile(t, "corpus/edge/"+e.Name(), data); f != nil {
			files = append(files, f)
		}
	}
	return files
}

func render(t *testing.T, name string, files []*ciformat.File) []byte {
	t.Helper()
	f, ok := ciformat.Lookup(name)
	if !ok {
		t.Fatalf("format %q not registered", name)
	}
	var b bytes.Buffer
	p := f.New(&b, ciformat.Options{Version: "v1.2.3", SemanticVersion: "1.2.3"})
	for _, file := range files {
		if err := p.WriteFile(file); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	files := edgeFiles(t)
	for _, tc := range []struct{ format, golden string }{
		{"sarif", "edge.sarif.golden"},
		{"junit", "edge.junit.golden"},
		{"codeclimate", "edge.codeclimate.golden"},
		{"github", "edge.github.golden"},
		{"html", "edge.html.golden"},
	} {
		t.Run(tc.format, func(t *testing.T) {
			got := render(t, tc.format, files)
			path := filepath.Join("testdata", tc.golden)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s output differs from %s (run with -update):\n%s", tc.format, path, got)
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	if got, want := ciformat.Names(), []string{"codeclimate", "github", "html", "junit", "sarif"}; !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	if _, ok := ciformat.Lookup(" SARIF "); !ok {
		t.Error("Lookup is not case-insensitive")
	}
	if _, ok := ciformat.Lookup("text"); ok {
		t.Error("Lookup(text) found a CI format")
	}
	defer func() {
		if recover() == nil {
			t.Error("registering sarif twice did not panic")
		}
	}()
	ciformat.Register(ciformat.Format{Name: "sarif", New: func(w ioWriter, _ ciformat.Options) ciformat.Printer { return nil }})
}

func TestURI(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"corpus/edge/a.pgn", "corpus/edge/a.pgn"},
		{"dir with space/棋.pgn", "dir%20with%20space/%E6%A3%8B.pgn"},
		{"c:d/x#1?.pgn", "c%3Ad/x%231%3F.pgn"},
		{"/abs/100%.pgn", "file:///abs/100%25.pgn"},
		{"-", "stdin"},
		{"bad\xffname", "bad%FFname"},
	} {
		if got := ciformat.URI(tc.in); got != tc.want {
			t.Errorf("URI(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestStripPositions(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"unexpected ] at line 12", "unexpected ] at line #"},
		{"bad byte at offset 77 (col 3)", "bad byte at offset # (col #)"},
		{"file ends inside the 1024-byte header (600 bytes)", "file ends inside the 1024-byte header (600 bytes)"},
		{"Result \"*\" but Black is checkmated after ply 3", "Result \"*\" but Black is checkmated after ply 3"},
		{"see 12:5 and @600 and game 4", "see #:# and @# and game #"},
	} {
		if got := ciformat.StripPositions(tc.in); got != tc.want {
			t.Errorf("StripPositions(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRulesMarkdown(t *testing.T) {
	md := ciformat.RulesMarkdown()
	for _, r := range game.Rules() {
		if !strings.Contains(md, "| `"+string(r.Code)+"` | "+r.Level.String()+" |") {
			t.Errorf("rules table lacks %s", r.Code)
		}
	}
}

// TestJUnitSpools: a report larger than the in-memory spool is the same document.
func TestJUnitSpools(t *testing.T) {
	files := edgeFiles(t)
	var many []*ciformat.File
	for range 2000 {
		many = append(many, files...)
	}
	out := string(render(t, "junit", many))
	if n := strings.Count(out, "<testsuite "); n != 2000*len(files) {
		t.Errorf("%d suites, want %d", n, 2000*len(files))
	}
	if len(out) < 2<<20 || !strings.HasSuffix(out, "  </testsuite>\n</testsuites>\n") ||
		!strings.Contains(out, `<testsuites name="qipu check" tests="34000" failures="6000"`) {
		t.Errorf("spooled JUnit report: %d bytes, head %.200q, tail %q", len(out), out, out[max(0, len(out)-100):])
	}
}
