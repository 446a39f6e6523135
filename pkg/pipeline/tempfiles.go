package pipeline

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
)

// tempSet tracks the temporary files of a run so that none survives it, and the directories
// it created so that a failed or interrupted run leaves no empty ones behind.
type tempSet struct {
	mu    sync.Mutex
	m     map[string]bool
	dirs  []string
	known sync.Map // directories known to exist: create looks at each once
}

// mkdirAll creates dir and its missing parents, and records the ones it created.
func (t *tempSet) mkdirAll(dir string) error {
	if _, ok := t.known.Load(dir); ok {
		return nil
	}
	if err := t.makeDirs(dir); err != nil {
		return err
	}
	t.known.Store(dir, true)
	return nil
}

func (t *tempSet) makeDirs(dir string) error {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating output directory: %w", err)
	}
	t.mu.Lock()
	t.dirs = append(t.dirs, missing...)
	t.mu.Unlock()
	return nil
}

// create makes a temporary file in dir (created if needed) and records it. The file has its
// final mode from the start (0644 less the umask, as cp gives), so moving it into place is
// one rename.
func (t *tempSet) create(dir string) (outputFile, error) {
	if err := t.mkdirAll(dir); err != nil {
		return nil, err
	}
	var f outputFile
	var err error
	for range 10000 {
		name := filepath.Join(dir, tempPrefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		f, err = createFile(name, 0o644)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("creating output file: %w", err)
	}
	t.mu.Lock()
	t.m[f.Name()] = true
	t.mu.Unlock()
	return f, nil
}

// outputFile is an output file being written: an *os.File, or where the system allows it a
// bare descriptor (one system call less per file: no question whether it blocks).
type outputFile interface {
	io.Writer
	io.Closer
	Name() string
}

// remove deletes a temporary file.
func (t *tempSet) remove(name string) {
	os.Remove(name)
	t.mu.Lock()
	delete(t.m, name)
	t.mu.Unlock()
}

// rename moves a complete temporary file into place.
func (t *tempSet) rename(name, target string) error {
	if err := renameFile(name, target); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	t.mu.Lock()
	delete(t.m, name)
	t.mu.Unlock()
	return nil
}

// cleanup removes the temporary files left, and after a failed run the directories the run
// created that are still empty.
func (t *tempSet) cleanup(succeeded bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for name := range t.m {
		os.Remove(name)
	}
	clear(t.m)
	if !succeeded {
		// Deepest first; a directory that holds a complete output stays.
		slices.SortFunc(t.dirs, func(a, b string) int { return len(b) - len(a) })
		for _, d := range t.dirs {
			os.Remove(d)
		}
	}
	t.dirs = nil
}
