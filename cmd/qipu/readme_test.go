package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readmeCommand is one command line of the README's shell examples.
type readmeCommand struct {
	line int    // 1-based line in README.md
	cmd  string // the command, with `go run ./cmd/qipu` spelled `qipu`
	exit int    // the exit status the README announces ("# exits 1"), else 0
}

var exitsComment = regexp.MustCompile(`#.*\bexits? (\d+)`)

// notRun are the starts of the README's shell lines that the test does not run: the test suite
// itself, installing, the benchmark and licence scripts, and regenerating the bundled corpus.
var notRun = []string{"go test", "go install", "go build", "go run ./scripts", "scripts/bench.sh", "scripts/licensecheck.sh", "sbatch", "kubectl"}

// readmeCommands returns the command lines of the README's ```sh blocks, with a trailing
// comment stripped and `go run ./cmd/qipu` spelled `qipu`, except the lines notRun names.
func readmeCommands(t *testing.T) []readmeCommand {
	t.Helper()
	f, err := os.Open("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []readmeCommand
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "```"):
			in = !in && strings.TrimPrefix(l, "```") == "sh"
			continue
		case !in:
			continue
		}
		cmd := strings.TrimSpace(l)
		if cmd == "" || strings.HasPrefix(cmd, "#") || slices.ContainsFunc(notRun, func(p string) bool { return strings.HasPrefix(cmd, p) }) {
			continue
		}
		exit := 0
		if m := exitsComment.FindStringSubmatch(cmd); m != nil {
			exit, _ = strconv.Atoi(m[1])
		}
		if i := strings.Index(cmd, " #"); i >= 0 {
			cmd = strings.TrimSpace(cmd[:i])
		}
		cmd = strings.ReplaceAll(cmd, "go run ./cmd/qipu ", "qipu ")
		out = append(out, readmeCommand{line: n, cmd: cmd, exit: exit})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReadmeExamples runs the command lines of the README's shell examples, in order, with a
// freshly built qipu on PATH, from a directory that holds the bundled corpus and the scripts
// (as corpus/ and scripts/) the way a reader at the repository root runs them, and checks the
// exit status each announces.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds qipu")
	}
	cmds := readmeCommands(t)
	if len(cmds) < 5 {
		t.Fatalf("only %d qipu commands found in the README's sh blocks", len(cmds))
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "qipu"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	for _, dir := range []string{"corpus", "scripts"} {
		abs, err := filepath.Abs(filepath.Join("../..", dir))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(work, dir)); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, c := range cmds {
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			sh := exec.Command("bash", "-o", "pipefail", "-c", c.cmd)
			sh.Dir, sh.Env = work, env
			out, err := sh.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.exit {
				t.Errorf("README.md:%d: %s\nexit %d, the README says %d\n%.2000s", c.line, c.cmd, code, c.exit, out)
			}
		})
	}
}

// TestReadmeLibraryExample builds the README's Go program (the ```go block that calls
// record.ReadFile) against this module and checks that it prints, for bundled files in
// several formats and encodings and for a directory it walks with record.Walk, the same ICCS
// main lines as `qipu convert --to jsonl`, in the same order.
func TestReadmeLibraryExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var src string
	for _, block := range strings.Split(string(data), "```go\n")[1:] {
		if body, _, ok := strings.Cut(block, "```"); ok && strings.Contains(body, "record.ReadFile") {
			src = body
			break
		}
	}
	if src == "" {
		t.Fatal("README.md has no ```go block calling record.ReadFile")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module readmeexample\n\ngo 1.26\n\nrequire github.com/qipu/qipu v0.0.0\n\nreplace github.com/qipu/qipu => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum, "main.go": []byte(src)} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := exec.Command("go", "build", "-mod=mod", "-o", "example", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the README's program: %v\n%s", err, out)
	}
	// Files and a directory, which the program walks.
	paths := []string{
		filepath.Join(root, "corpus/classic/masters-gbk.pgn"),
		filepath.Join(root, "corpus/classic/masters-big5.pgn"),
		filepath.Join(root, "corpus/classic/masters-utf8.pgn"),
		filepath.Join(root, "corpus/xqf"),
	}
	run := exec.Command(filepath.Join(dir, "example"), paths...)
	out, err := run.Output()
	if err != nil {
		t.Fatalf("running the README's program: %v", err)
	}
	var want strings.Builder
	for _, p := range paths {
		code, jsonl, errs := qipu(t, t.Context(), "", "convert", "-q", "--to", "jsonl", p)
		if code > 1 {
			t.Fatalf("qipu convert %s: exit %d\n%s", p, code, errs)
		}
		for _, l := range strings.Split(strings.TrimSpace(jsonl), "\n") {
			var g struct {
				Source string
				Index  int
				Moves  []struct{ ICCS string }
			}
			if err := json.Unmarshal([]byte(l), &g); err != nil {
				t.Fatal(err)
			}
			line := make([]string, len(g.Moves))
			for i, m := range g.Moves {
				line[i] = m.ICCS
			}
			fmt.Fprintln(&want, g.Source, g.Index, strings.Join(line, " "))
		}
	}
	if string(out) != want.String() {
		t.Errorf("the README's program prints\n%.3000s\nwant (qipu convert --to jsonl)\n%.3000s", out, want.String())
	}
}
