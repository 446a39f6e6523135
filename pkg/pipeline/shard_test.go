package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/discover"
)

// shardTree is an archive whose names test the walk order: a file, a directory of the same
// stem and names that sort between them ("a-b" < "a.pgn" < "a/" in byte order), upper and
// lower case, CJK names, a broken game, a file that is no game file and a dangling link.
func shardTree(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "in")
	files := map[string]string{
		"a.pgn":         pgnText("a", randomGame(1, 30), randomGame(2, 12)),
		"a-b.pgn":       pgnText("a-b", randomGame(3, 20)),
		"a/x.pgn":       pgnText("ax", randomGame(4, 40)),
		"a/y.xqf":       xqfFile(randomGame(5, 25)...),
		"a0.pgn":        pgnText("a0", randomGame(6, 8)),
		"B.pgn":         pgnText("B", randomGame(7, 16)),
		"b/c/d.pgn":     pgnText("bcd", randomGame(8, 10), randomGame(9, 3)),
		"b.c/e.pgn":     pgnText("bce", randomGame(10, 18)),
		"bad.pgn":       "[Event \"bad\"]\n\n1. H2-E2 H9-G7 2. Z9-Z8 *\n",
		"notes.txt":     "not a game",
		"棋谱/梅花谱.pgn":    pgnText("mhp", randomGame(11, 22)),
		"棋谱/第1局.xqf":    xqfFile(randomGame(12, 14)...),
		"z/深/1.pgn":     pgnText("z1", randomGame(13, 9)),
		"empty.pgn":     "",
		"sub dir/s.pgn": pgnText("s", randomGame(14, 11)),
		// Outputs that would take each other's names: a-2.pgn, game.pgn, game-2.pgn, ...
		"a-2.pgn":      pgnText("a-2", randomGame(15, 7)),
		"a.xqf":        xqfFile(randomGame(16, 9)...),
		"g/game.pgn":   pgnText("g", randomGame(17, 7), randomGame(18, 5), randomGame(19, 6)),
		"g/game.xqf":   xqfFile(randomGame(20, 9)...),
		"g/game-2.pgn": pgnText("g2", randomGame(21, 4)),
		"g/game-3.xqf": xqfFile(randomGame(22, 9)...),
	}
	for i := range 40 {
		files[fmt.Sprintf("many/%02d.pgn", i)] = pgnText("m", randomGame(uint64(100+i), 5+i))
	}
	writeTree(t, dir, files)
	if err := os.Symlink("missing.pgn", filepath.Join(dir, "a", "dangling.pgn")); err != nil {
		t.Log("no symbolic links here:", err)
	}
	return dir
}

// sortBySource sorts JSON lines stably by their "source" value in byte order, as
// scripts/cluster/merge-reports.sh does (LC_ALL=C sort -s -t '"' -k4,4).
func sortBySource(lines []string) {
	key := func(l string) string {
		f := strings.Split(l, `"`)
		if len(f) < 4 {
			return ""
		}
		return f[3]
	}
	slices.SortStableFunc(lines, func(a, b string) int { return strings.Compare(key(a), key(b)) })
}

func reportLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	return lines[:len(lines)-1] // after the last newline
}

// TestShardsMergeToTheSingleRun runs the pipeline once and in N shards (N = 1..5): the
// reports of the shards, concatenated and stably sorted by source, are the single run's
// report byte for byte; the single run's report is already in that order; the -o trees of
// the shards do not overlap and together are the single run's tree.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	in := shardTree(t)
	tmp := t.TempDir()
	var output Output
	run := func(sh Shard, name string, cmd Command) (report, out string) {
		name += "-" + output.String()
		report = filepath.Join(tmp, name+".jsonl")
		cfg := options{Command: cmd, Paths: []string{in}, Report: report, Shard: sh, Jobs: 3, Output: output}
		if cmd == Convert {
			out = filepath.Join(tmp, name+"-out")
			cfg.Out = out
		}
		code, _, stderr, err := runCfg(t, context.Background(), cfg)
		if code > ExitInvalid || err != nil {
			t.Fatalf("shard %v: exit %d, %v\n%s", sh, code, err, stderr)
		}
		return report, out
	}
	for _, tc := range []struct {
		cmd Command
		out Output
	}{{Check, PGN}, {Convert, PGN}, {Convert, XQF}} {
		cmd := tc.cmd
		output = tc.out
		single, singleOut := run(Shard{}, "single-"+cmd.String(), cmd)
		want := reportLines(t, single)
		sorted := slices.Clone(want)
		sortBySource(sorted)
		if !slices.Equal(sorted, want) {
			t.Errorf("%s: the single run's report is not in byte order of source:\n%s", cmd, strings.Join(want, ""))
		}
		for n := 1; n <= 5; n++ {
			var got []string
			seen := map[string]int{}
			for k := range n {
				name := fmt.Sprintf("%s-%d-of-%d", cmd, k, n)
				rep, out := run(Shard{Index: k, Count: n}, name, cmd)
				got = append(got, reportLines(t, rep)...)
				if cmd == Convert {
					for _, f := range listTree(t, out) {
						if prev, ok := seen[f]; ok {
							t.Errorf("%d shards: %s written by shards %d and %d", n, f, prev, k)
						}
						seen[f] = k
						a, _ := os.ReadFile(filepath.Join(out, f))
						b, err := os.ReadFile(filepath.Join(singleOut, f))
						if err != nil || !bytes.Equal(a, b) {
							t.Errorf("%d shards: %s differs from the single run's (%v)", n, f, err)
						}
					}
				}
			}
			sortBySource(got)
			if g, w := strings.Join(got, ""), strings.Join(want, ""); g != w {
				t.Errorf("%s, %d shards: merged reports differ from the single run's\ngot:\n%s\nwant:\n%s", cmd, n, g, w)
			}
			if cmd == Convert && len(seen) != len(listTree(t, singleOut)) {
				t.Errorf("%d shards: %d files in the shards' trees, %d in the single run's", n, len(seen), len(listTree(t, singleOut)))
			}
		}
	}
}

func TestShardKeepsEachFileOnce(t *testing.T) {
	keys := []string{"a.pgn", "a/x.pgn", "棋谱/第1局.xqf", "-", "0000/xqf/game-001.xqf"}
	for n := 1; n <= 7; n++ {
		for _, k := range keys {
			c := 0
			for i := range n {
				if (Shard{Index: i, Count: n}).Keeps(k) {
					c++
				}
			}
			if c != 1 {
				t.Errorf("%q is in %d of %d shards", k, c, n)
			}
		}
	}
}

func TestParseMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"", 0, true},
		{"128MiB", 128 << 20, true},
		{"1g", 1 << 30, true},
		{"200MB", 200e6, true},
		{"1048576", 1 << 20, true},
		{"1.5GiB", 3 << 29, true},
		{"off", NoMemoryLimit, true},
		{"12 parsecs", 0, false},
		{"-5MiB", 0, false},
	} {
		got, err := ParseMemoryLimit(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseMemoryLimit(%q) = %d, %v", tc.in, got, err)
		}
	}
}

func TestDiscover(t *testing.T) {
	in := shardTree(t)
	all, err := listInputs(options{Paths: []string{in}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for k := range 3 {
		part, err := listInputs(options{Paths: []string{in}, Shard: Shard{Index: k, Count: 3}})
		if err != nil {
			t.Fatal(err)
		}
		n += len(part)
	}
	if n != len(all) || len(all) < 50 {
		t.Errorf("%d inputs in 3 shards, %d in all", n, len(all))
	}
	if _, err := listInputs(options{Paths: []string{filepath.Join(in, "missing")}}); err == nil {
		t.Error("a missing PATH is no error")
	}
	list, err := listInputs(options{FilesFrom: "-", Stdin: strings.NewReader(filepath.Join(in, "a.pgn") + "\x00" + filepath.Join(in, "nope.pgn") + "\x00")})
	if err != nil || len(list) != 2 || list[0].Err != nil || list[1].Err == nil {
		t.Errorf("listed: %+v, %v", list, err)
	}
}

// inputFile is an input file as listInputs finds it.
type inputFile struct {
	// Path is what to open and what diagnostics show; "-" is standard input.
	Path string
	// Source is the file's "source" in JSON Lines and reports.
	Source string
	// Err is set when the walk could not reach the file (a dangling link, an unreadable
	// directory): report it as an io diagnostic.
	Err error
	// Skipped, if set, says why the file is not read (a named pipe or another special file
	// found by a walk): report it as skipped.
	Skipped string
}

// listInputs lists, for the tests, the input files of cfg as Run reads them, in the same order: Paths, then the
// entries of FilesFrom (read from cfg.Stdin for "-"), keeping those of cfg.Shard, leaving out
// the output directory of a Convert. Tests see through it what Run reads. A PATH that does
// not exist is a *UsageError.
func listInputs(cfg options) ([]inputFile, error) {
	if cfg.Stdin == nil {
		cfg.Stdin = strings.NewReader("")
	}
	s := settingsOf(cfg)
	s.stdin, s.stderr = cfg.Stdin, io.Discard
	if err := s.validateScale(); err != nil {
		return nil, err
	}
	d, listed, err := s.prepareDiscovery()
	if err != nil {
		return nil, err
	}
	var out []inputFile
	d.Discover(cfg.Paths, listed, func(in *discover.Input) bool {
		out = append(out, inputFile{Path: in.Path, Source: in.Source, Err: in.WalkErr, Skipped: in.Special})
		return true
	})
	return out, nil
}
