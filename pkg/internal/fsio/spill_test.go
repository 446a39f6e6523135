package fsio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpill: nothing is made before the first Write; the pieces arrive whole in the file
// Finish names; Drop leaves nothing behind.
func TestSpill(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	temps := NewTempSet()
	s := temps.NewSpill(dir)
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("NewSpill made its directory")
	}
	for _, piece := range []string{"[Event \"a\"]\n", "1. h2e2 *\n"} {
		if _, err := s.Write([]byte(piece)); err != nil {
			t.Fatal(err)
		}
	}
	name, err := s.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(name); err != nil || string(b) != "[Event \"a\"]\n1. h2e2 *\n" {
		t.Fatalf("spilled %q, %v", b, err)
	}
	if !strings.HasPrefix(filepath.Base(name), TempPrefix) || filepath.Dir(name) != dir {
		t.Errorf("spill file %s: not a temporary file of %s", name, dir)
	}
	d := temps.NewSpill(dir)
	d.Write([]byte("partial"))
	d.Drop()
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("Drop left %v", entries)
	}
	// A spill that fails is reported with the directory.
	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o644)
	if _, err := temps.NewSpill(filepath.Join(blocked, "sub")).Write([]byte("x")); err == nil {
		t.Error("a spill under a file did not fail")
	}
}

// TestWriteTemp: the data is in the named temporary file; a failure leaves nothing.
func TestWriteTemp(t *testing.T) {
	dir := t.TempDir()
	temps := NewTempSet()
	name, err := temps.WriteTemp(dir, []byte("XQ"))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "XQ" || filepath.Dir(name) != dir {
		t.Errorf("WriteTemp wrote %q to %s", b, name)
	}
	blocked := filepath.Join(dir, "file")
	os.WriteFile(blocked, nil, 0o644)
	if _, err := temps.WriteTemp(blocked, []byte("x")); err == nil || !strings.Contains(err.Error(), "writing under "+blocked) {
		t.Errorf("WriteTemp under a file: %v", err)
	}
}
