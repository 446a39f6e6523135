package ciformat

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// spoolLimit is how much a spool keeps in memory before it moves to a temporary file.
const spoolLimit = 1 << 20

// spool keeps the bytes of a document that can only be written at the end (JUnit's suites,
// behind totals that come first): in memory up to spoolLimit, then in a temporary file, so
// that an archive of millions of games does not hold its report in memory.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	err  error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && s.mem.Len()+len(p) > spoolLimit {
		f, err := os.CreateTemp("", "qipu-spool-*")
		if err != nil {
			s.err = fmt.Errorf("ciformat: spooling the report: %w", err)
			return 0, s.err
		}
		os.Remove(f.Name()) // unlinked: it goes away with the process, whatever happens
		s.file = f
		if _, err := f.Write(s.mem.Bytes()); err != nil {
			s.err = fmt.Errorf("ciformat: spooling the report: %w", err)
			return 0, s.err
		}
		s.mem = bytes.Buffer{}
	}
	if s.file != nil {
		n, err := s.file.Write(p)
		if err != nil {
			s.err = fmt.Errorf("ciformat: spooling the report: %w", err)
		}
		return n, s.err
	}
	return s.mem.Write(p)
}

// copyTo writes what was spooled to w and releases the spool.
func (s *spool) copyTo(w io.Writer) error {
	if s.err != nil {
		return s.err
	}
	if s.file == nil {
		_, err := w.Write(s.mem.Bytes())
		s.mem = bytes.Buffer{}
		return err
	}
	defer s.file.Close()
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("ciformat: reading the spooled report: %w", err)
	}
	_, err := io.Copy(w, s.file)
	return err
}
