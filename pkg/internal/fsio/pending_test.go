package fsio

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPendingCommitAndAbort: a pending file is seen under its target only once committed,
// whole; an aborted one leaves the target as it was and no temporary file behind.
func TestPendingCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub", "out.pgn")
	temps := NewTempSet()
	p, err := temps.Open(target, 16)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("1. h2e2 h9g7\n", 20) // more than the buffer
	p.WriteString(text)
	if _, err := os.Stat(target); err == nil {
		t.Fatal("the target exists before Commit")
	}
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != text || p.Target() != target {
		t.Fatalf("committed %q, %v", b, err)
	}
	q, err := temps.Open(target, 16)
	if err != nil {
		t.Fatal(err)
	}
	q.WriteString("partial")
	q.Abort()
	if b, _ := os.ReadFile(target); string(b) != text {
		t.Errorf("abort changed the target: %q", b)
	}
	if entries, _ := os.ReadDir(filepath.Dir(target)); len(entries) != 1 {
		t.Errorf("left %v", entries)
	}
}

// TestSpoolRereads: a spooled stream reads the same, whole, on every pass, also when the first
// pass stopped early; Close removes the copy.
func TestSpoolRereads(t *testing.T) {
	text := strings.Repeat("game\n", 1000)
	sp, through, err := NewSpool(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 10)
	io.ReadFull(through, head) // the first pass reads only the start
	for range 2 {
		r, err := sp.Rewind(through)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := io.ReadAll(r); string(b) != text {
			t.Fatalf("read %d bytes, want %d", len(b), len(text))
		}
	}
	r, err := sp.Again()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r); string(b) != text {
		t.Fatalf("Again: %d bytes", len(b))
	}
	name := sp.file.Name()
	sp.Close()
	if _, err := os.Stat(name); err == nil {
		t.Error("the copy is left")
	}
}
