package fsio

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Pending is an output file being written, buffered, under a temporary name in its target's
// directory: Commit moves it to the target whole, Abort removes it. Until then nothing is seen
// under the target's name.
type Pending struct {
	*bufio.Writer
	f      OutputFile
	target string
	temps  *TempSet
}

// Open starts the output file target: a temporary file in its directory (made if needed),
// written through a buffer of bufSize bytes.
func (t *TempSet) Open(target string, bufSize int) (*Pending, error) {
	f, err := t.CreateTemp(filepath.Dir(filepath.Clean(target)))
	if err != nil {
		return nil, err
	}
	return &Pending{Writer: bufio.NewWriterSize(f, bufSize), f: f, target: target, temps: t}, nil
}

// Target is the path the file goes to.
func (p *Pending) Target() string { return p.target }

// Commit flushes and closes the file and moves it to its target; when that fails, the
// temporary file is removed.
func (p *Pending) Commit() error {
	err := p.Flush()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		p.temps.Remove(p.f.Name())
		return fmt.Errorf("writing %s: %w", p.target, err)
	}
	if err := p.temps.Rename(p.f.Name(), p.target); err != nil {
		p.temps.Remove(p.f.Name())
		return err
	}
	return nil
}

// Abort closes and removes the file: the target is left as it was.
func (p *Pending) Abort() {
	p.f.Close()
	p.temps.Remove(p.f.Name())
}

// Spool makes a stream readable more than once: the first reading goes through a copy into a
// temporary file, which Rewind then hands out from its start. Close removes the file.
type Spool struct {
	file *os.File
}

// NewSpool starts a spool of r in the system's temporary directory and returns the reader the
// first reading goes through.
func NewSpool(r io.Reader) (*Spool, io.Reader, error) {
	f, err := os.CreateTemp("", TempPrefix+"stdin-*")
	if err != nil {
		return nil, nil, err
	}
	return &Spool{file: f}, io.TeeReader(r, f), nil
}

// Rewind copies what the first reading left unread of through (the reader NewSpool returned)
// and returns the copy from its start, for the next reading.
func (s *Spool) Rewind(through io.Reader) (io.Reader, error) {
	if _, err := io.Copy(io.Discard, through); err != nil {
		return nil, fmt.Errorf("reading standard input: %w", err)
	}
	return s.Again()
}

// Again returns the copy from its start once more.
func (s *Spool) Again() (io.Reader, error) {
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("spooling standard input: %w", err)
	}
	return s.file, nil
}

// Close removes the copy.
func (s *Spool) Close() {
	s.file.Close()
	os.Remove(s.file.Name())
}
