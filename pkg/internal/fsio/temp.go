// Package fsio is the file system side of a batch run: outputs written to temporary files that
// are renamed into place whole (TempSet), so that no partial file is ever seen under its name
// and an interrupted run leaves none behind; files created and read through their bare
// descriptors where the system allows it (one system call less per file); inputs that may
// block (named pipes) opened and read so that a cancelled run does not wait for them; the
// goroutines that create the output files of a directory tree (Creators); paths resolved
// through their links, so that two names of one file compare equal (Resolve).
package fsio

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

// TempPrefix starts the names of qipu's temporary files: a walk of the inputs skips them.
const TempPrefix = ".qipu-"

// NewTempSet returns an empty TempSet.
func NewTempSet() *TempSet { return &TempSet{m: map[string]bool{}} }

// TempSet tracks the temporary files of a run so that none survives it, and the directories
// it created so that a failed or interrupted run leaves no empty ones behind.
type TempSet struct {
	mu    sync.Mutex
	m     map[string]bool
	dirs  []string
	known sync.Map // directories known to exist: create looks at each once
}

// MkdirAll creates dir and its missing parents, and records the ones it created.
func (t *TempSet) MkdirAll(dir string) error {
	if _, ok := t.known.Load(dir); ok {
		return nil
	}
	if err := t.makeDirs(dir); err != nil {
		return err
	}
	t.known.Store(dir, true)
	return nil
}

func (t *TempSet) makeDirs(dir string) error {
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

// CreateTemp makes a temporary file in dir (created if needed) and records it. The file has its
// final mode from the start (0644 less the umask, as cp gives), so moving it into place is
// one rename.
func (t *TempSet) CreateTemp(dir string) (OutputFile, error) {
	if err := t.MkdirAll(dir); err != nil {
		return nil, err
	}
	var f OutputFile
	var err error
	for range 10000 {
		name := filepath.Join(dir, TempPrefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		f, err = Create(name, 0o644)
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

// OutputFile is an output file being written: an *os.File, or where the system allows it a
// bare descriptor (one system call less per file: no question whether it blocks).
type OutputFile interface {
	io.Writer
	io.Closer
	Name() string
}

// Remove deletes a temporary file.
func (t *TempSet) Remove(name string) {
	os.Remove(name)
	t.mu.Lock()
	delete(t.m, name)
	t.mu.Unlock()
}

// Rename moves a complete temporary file into place.
func (t *TempSet) Rename(name, target string) error {
	if err := Rename(name, target); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	t.mu.Lock()
	delete(t.m, name)
	t.mu.Unlock()
	return nil
}

// Cleanup removes the temporary files left, and after a failed run the directories the run
// created that are still empty.
func (t *TempSet) Cleanup(succeeded bool) {
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
