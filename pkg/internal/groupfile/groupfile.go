// Package groupfile writes a run of output files that grow in any order (one per group of
// games: convert --split-by) without holding any of them in memory: each file is appended to
// in a temporary directory under the output directory, a bounded number of them open at a
// time, and all of them are moved into place at the end of a run that succeeds. A run that
// fails or is interrupted removes the temporary directory, so no partial file is ever seen.
package groupfile

import (
	"bufio"
	"container/list"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/qipu/qipu/pkg/internal/fsio"
)

// DefaultMaxOpen is the number of files a Set keeps open unless told otherwise: beyond it,
// the file used least recently is closed, and reopened in append mode when it grows again.
const DefaultMaxOpen = 256

// bufSize is the buffer of each open file.
const bufSize = 16 << 10

// Set is the files of one run, numbered from 0 in the order they are added.
type Set struct {
	dir     string // the output directory
	temp    string // the temporary directory in it
	maxOpen int
	files   []*file
	open    list.List     // the files open, the most recently used first
	spare   *bufio.Writer // the buffer of the last file closed, for the next one opened
}

// file is one file of a Set.
type file struct {
	num  int
	f    *os.File
	buf  *bufio.Writer
	elem *list.Element // in Set.open while f is open
}

// New makes the temporary directory of a Set in dir, which must exist. maxOpen bounds the
// files open at once (at least 1; 0 means DefaultMaxOpen).
func New(dir string, maxOpen int) (*Set, error) {
	if maxOpen <= 0 {
		maxOpen = DefaultMaxOpen
	}
	t, err := os.MkdirTemp(dir, fsio.TempPrefix+"split-")
	if err != nil {
		return nil, fmt.Errorf("writing under %s: %w", dir, err)
	}
	return &Set{dir: dir, temp: t, maxOpen: maxOpen}, nil
}

// Len is the number of files added.
func (s *Set) Len() int { return len(s.files) }

// Add adds an empty file and returns its number. The file is made at its first Append.
func (s *Set) Add() int {
	s.files = append(s.files, &file{num: len(s.files)})
	return len(s.files) - 1
}

// Append appends data to file num, opening (or reopening) it first.
func (s *Set) Append(num int, data []byte) error {
	g := s.files[num]
	if g.f == nil {
		if err := s.openFile(g); err != nil {
			return err
		}
	} else {
		s.open.MoveToFront(g.elem)
	}
	if _, err := g.buf.Write(data); err != nil {
		return fmt.Errorf("writing under %s: %w", s.dir, err)
	}
	return nil
}

// Done closes file num, if open: it gets no more data, or not soon.
func (s *Set) Done(num int) error { return s.closeFile(s.files[num]) }

// Commit completes every file and moves each into place, in the order of their numbers, at
// the path target gives; the temporary directory goes in every case. A file never appended
// to is not made.
func (s *Set) Commit(target func(num int) string) (err error) {
	defer func() {
		if rerr := os.RemoveAll(s.temp); rerr != nil && err == nil {
			err = fmt.Errorf("writing under %s: %w", s.dir, rerr)
		}
	}()
	if err := s.closeAll(); err != nil {
		return err
	}
	for _, g := range s.files {
		name := s.tempName(g.num)
		if _, err := os.Lstat(name); err != nil {
			continue
		}
		t := target(g.num)
		if err := fsio.Rename(name, t); err != nil {
			return fmt.Errorf("writing %s: %w", t, err)
		}
	}
	return nil
}

// Discard closes every file and removes the temporary directory with all of them.
func (s *Set) Discard() {
	s.closeAll()
	os.RemoveAll(s.temp)
}

// closeAll closes the files open and returns the first error.
func (s *Set) closeAll() error {
	var err error
	for s.open.Len() > 0 {
		if cerr := s.closeFile(s.open.Front().Value.(*file)); cerr != nil && err == nil {
			err = cerr
		}
	}
	return err
}

// tempName is the temporary file of file num.
func (s *Set) tempName(num int) string {
	return filepath.Join(s.temp, strconv.Itoa(num))
}

// openFile opens g's temporary file in append mode, created at its first data. The file used
// least recently is closed first when too many are open.
func (s *Set) openFile(g *file) error {
	if s.open.Len() >= s.maxOpen {
		if err := s.closeFile(s.open.Back().Value.(*file)); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(s.tempName(g.num), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("writing under %s: %w", s.dir, err)
	}
	g.f = f
	if g.buf = s.spare; g.buf != nil {
		s.spare = nil
		g.buf.Reset(f)
	} else {
		g.buf = bufio.NewWriterSize(f, bufSize)
	}
	g.elem = s.open.PushFront(g)
	return nil
}

// closeFile flushes and closes g's file, if open.
func (s *Set) closeFile(g *file) error {
	if g.f == nil {
		return nil
	}
	err := g.buf.Flush()
	if cerr := g.f.Close(); err == nil {
		err = cerr
	}
	s.open.Remove(g.elem)
	g.buf.Reset(nil)
	s.spare, g.buf, g.f, g.elem = g.buf, nil, nil, nil
	if err != nil {
		return fmt.Errorf("writing under %s: %w", s.dir, err)
	}
	return nil
}

// FoldName is the form of a file name under which the names a case-insensitive (and
// normalization-insensitive) file system holds as one are equal: NFC, each letter as the
// smallest of its simple case folds.
func FoldName(name string) string {
	return strings.Map(func(r rune) rune {
		low := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			low = min(low, f)
		}
		return low
	}, norm.NFC.String(name))
}
