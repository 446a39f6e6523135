package discover

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/walk"
)

// tree makes files (slash paths, empty) under a new directory named name.
func tree(t *testing.T, name string, files ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func collect(d *Discovery, paths, listed []string) []*Input {
	var out []*Input
	d.Discover(paths, listed, func(in *Input) bool {
		out = append(out, in)
		return true
	})
	return out
}

// TestDiscoverOrderAndPlaces: the inputs come argument by argument, each directory in the byte
// order of its paths (every regular file: what it holds is the reader's question), without
// hidden directories or qipu's temporary files; with several arguments each directory's tree goes below a folder of its name (-2 for
// the second of one name), a file argument under its base name, standard input as "-".
func TestDiscoverOrderAndPlaces(t *testing.T) {
	a := tree(t, "games", "a.pgn", "a-b.pgn", "a/x.pgn", "B.xqf", ".git/h.pgn", ".qipu-1.tmp", "photo.jpg")
	b := tree(t, "games", "z.pgn")
	file := filepath.Join(b, "z.pgn")
	got := collect(&Discovery{}, []string{a, "-", b, file}, nil)
	type place struct{ source, outRel string }
	var places []place
	for _, in := range got {
		places = append(places, place{in.Source, in.OutRel})
	}
	want := []place{
		{filepath.Join(a, "B.xqf"), "games/B.xqf"},
		{filepath.Join(a, "a-b.pgn"), "games/a-b.pgn"},
		{filepath.Join(a, "a.pgn"), "games/a.pgn"},
		{filepath.Join(a, "a", "x.pgn"), "games/a/x.pgn"},
		{filepath.Join(a, "photo.jpg"), "games/photo.jpg"},
		{"-", "stdin"},
		{file, "games-2/z.pgn"},
		{file, "z.pgn"},
	}
	if !slices.Equal(places, want) {
		t.Errorf("places\n%v\nwant\n%v", places, want)
	}
	if !got[5].Stdin || got[6].Arg != 2 || got[7].Arg != 3 || !got[0].Regular {
		t.Errorf("inputs %+v %+v %+v", got[5], got[6], got[7])
	}
	// One argument: its tree is mirrored as it is.
	if one := collect(&Discovery{}, []string{b}, nil); len(one) != 1 || one[0].OutRel != "z.pgn" {
		t.Errorf("one argument: %+v", one)
	}
}

// TestDiscoverShardsAndOutput: the shards of a walk part its inputs, each in the walk's order;
// the output directory is not entered, and is named; a listed path that does not exist is an
// input with its error.
func TestDiscoverShardsAndOutput(t *testing.T) {
	var files []string
	for _, c := range "abcdefghijklmnop" {
		files = append(files, string(c)+".pgn", "sub/"+string(c)+".pgn")
	}
	dir := tree(t, "in", append(files, "out/o.pgn")...)
	out, err := os.Stat(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	all := collect(&Discovery{Out: out}, []string{dir}, nil)
	if len(all) != len(files) {
		t.Fatalf("%d inputs, want %d", len(all), len(files))
	}
	var union []string
	for k := range 3 {
		d := &Discovery{Shard: walk.Shard{Index: k, Count: 3}, Out: out}
		for _, in := range collect(d, []string{dir}, nil) {
			union = append(union, in.Path)
		}
		if len(d.Skipped) != 1 || d.Skipped[0] != filepath.Join(dir, "out") {
			t.Errorf("shard %d: skipped %v", k, d.Skipped)
		}
	}
	slices.Sort(union)
	var paths []string
	for _, in := range all {
		paths = append(paths, in.Path)
	}
	slices.Sort(paths)
	if !slices.Equal(union, paths) {
		t.Errorf("the shards' union differs from the whole:\n%v\n%v", union, paths)
	}
	missing := collect(&Discovery{}, nil, []string{filepath.Join(dir, "gone.pgn")})
	if len(missing) != 1 || missing[0].WalkErr == nil {
		t.Errorf("a missing listed path: %+v", missing)
	}
}

// TestListWaitsForTheWalk: Get waits for an input the walk has not reached, and returns nil
// past the end; All is the whole list; Forget drops an input.
func TestListWaitsForTheWalk(t *testing.T) {
	dir := tree(t, "in", "a.pgn", "b.pgn", "c.pgn")
	l := NewList()
	got := make(chan *Input)
	go func() { got <- l.Get(2) }()
	go l.Fill(context.Background(), &Discovery{}, []string{dir}, nil)
	if in := <-got; in == nil || filepath.Base(in.Path) != "c.pgn" {
		t.Fatalf("Get(2) = %+v", in)
	}
	if l.Get(3) != nil || len(l.All()) != 3 {
		t.Errorf("past the end: %v, all %d", l.Get(3), len(l.All()))
	}
	l.Forget(0)
	if l.Get(0) != nil || l.Get(1) == nil {
		t.Error("Forget")
	}
}

// TestTopFolder: stats groups files by the first directory below their argument; a file
// argument, a file directly in a directory argument and standard input are their argument.
func TestTopFolder(t *testing.T) {
	t.Parallel()
	dir := tree(t, "games", "a/x.pgn", "a/b/y.pgn", "top.pgn")
	file := filepath.Join(dir, "top.pgn")
	args := []string{dir, file}
	got := map[string]string{}
	for _, in := range collect(&Discovery{}, args, nil) {
		got[in.Rel+"@"+filepath.Base(args[in.Arg])] = in.TopFolder(args)
	}
	want := map[string]string{"a/b/y.pgn@games": "a", "a/x.pgn@games": "a", "top.pgn@games": dir, "top.pgn@top.pgn": file}
	if len(got) != len(want) {
		t.Fatalf("inputs %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: TopFolder = %q, want %q", k, got[k], v)
		}
	}
	stdin := &Input{Path: "-", Rel: "-", Stdin: true}
	if f := stdin.TopFolder([]string{"-"}); f != "-" {
		t.Errorf("standard input: TopFolder = %q, want -", f)
	}
}
