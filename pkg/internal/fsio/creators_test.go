package fsio

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// listTree returns the files under dir, as slash paths relative to it, with their contents.
func listTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		tree[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestCreatorsWriteEveryTask: every task sent becomes its target, whole, whether the creators
// write its data or rename a temporary file written beforehand; the directories are made on
// demand and no temporary file is left.
func TestCreatorsWriteEveryTask(t *testing.T) {
	for _, n := range []int{0, 1, 3, 99} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			out := t.TempDir()
			temps := NewTempSet()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c := NewCreators(ctx, cancel, temps, n)
			want := map[string]string{}
			for i := range 60 {
				dir := filepath.Join(out, fmt.Sprintf("d%d", i%5))
				name := fmt.Sprintf("d%d/f%02d.pgn", i%5, i)
				text := strings.Repeat(fmt.Sprint(i), 1+i)
				want[name] = text
				task := CreateTask{Dir: dir, Target: filepath.Join(out, filepath.FromSlash(name))}
				if i%3 == 0 {
					// A file written before, renamed by its creator.
					f, err := temps.CreateTemp(dir)
					if err != nil {
						t.Fatal(err)
					}
					f.Write([]byte(text))
					f.Close()
					task.Temp = f.Name()
				} else {
					task.Data = []byte(text)
				}
				c.Send(task)
			}
			if err := c.Wait(); err != nil {
				t.Fatal(err)
			}
			temps.Cleanup(true)
			got := listTree(t, out)
			if len(got) != len(want) {
				t.Fatalf("%d files, want %d: %v", len(got), len(want), got)
			}
			for name, text := range want {
				if got[name] != text {
					t.Errorf("%s = %q, want %q", name, got[name], text)
				}
			}
		})
	}
}

// TestCreatorsStopAtFirstError: a task that cannot be carried out cancels the run, Wait
// returns its error, and the temporary files of the tasks not carried out are removed.
func TestCreatorsStopAtFirstError(t *testing.T) {
	out := t.TempDir()
	blocker := filepath.Join(out, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	temps := NewTempSet()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := NewCreators(ctx, cancel, temps, 1)
	// A directory under a regular file cannot be made.
	bad := filepath.Join(blocker, "sub")
	c.Send(CreateTask{Dir: bad, Target: filepath.Join(bad, "a.pgn"), Data: []byte("a")})
	<-ctx.Done()
	f, err := temps.CreateTemp(out)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	c.Send(CreateTask{Dir: out, Target: filepath.Join(out, "b.pgn"), Temp: f.Name()})
	err = c.Wait()
	var pathErr *fs.PathError
	if !errors.As(err, &pathErr) || !strings.Contains(err.Error(), "creating output directory") {
		t.Fatalf("Wait = %v, want the error of the directory that cannot be made", err)
	}
	if got := listTree(t, out); len(got) != 1 || got["file"] != "x" {
		t.Errorf("left %v, want only the blocking file", got)
	}
}
