//go:build unix

package fsio

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
)

// TestOpenRegular: an input read through its descriptor gives the file's bytes, its size and
// kind, a sticky end of file, and path-named errors.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.pgn")
	want := []byte("[Event \"x\"]\n1. h2e2 *\n")
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenRegular(name)
	if err != nil {
		t.Fatal(err)
	}
	if size, regular, err := f.Stat(); err != nil || size != int64(len(want)) || !regular {
		t.Errorf("stat = %d, %v, %v", size, regular, err)
	}
	if err := iotest.TestReader(f, want); err != nil {
		t.Error(err)
	}
	if n, err := f.Read(make([]byte, 8)); n != 0 || err != io.EOF {
		t.Errorf("Read after the end = %d, %v", n, err)
	}
	if err := f.Close(); err != nil {
		t.Error(err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	var pe *os.PathError
	if _, err := OpenRegular(filepath.Join(dir, "missing.pgn")); !errors.As(err, &pe) || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	d, err := OpenRegular(dir) // a directory opens, and fails to read with its name
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, regular, _ := d.Stat(); regular {
		t.Error("a directory is regular")
	}
	if _, err := d.Read(make([]byte, 8)); !errors.As(err, &pe) || pe.Path != dir {
		t.Errorf("reading a directory: %v", err)
	}
}

// TestCreateFile: an output file written through its descriptor holds what was written,
// has its mode from the start, and a name taken already is fs.ErrExist (TempSet.create then
// draws another).
func TestCreateFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.pgn")
	f, err := Create(name, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Repeat([]byte("1. h2e2 h9g7\n"), 10000)
	if n, err := f.Write(want); n != len(want) || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if f.Name() != name {
		t.Errorf("Name = %q", f.Name())
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(name); err != nil || !bytes.Equal(got, want) {
		t.Errorf("read back %d bytes, %v; want %d", len(got), err, len(want))
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm()&^0o644 != 0 {
		t.Errorf("mode %v, %v", fi.Mode(), err)
	}
	if _, err := Create(name, 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("creating it again: %v, want fs.ErrExist", err)
	}
}
