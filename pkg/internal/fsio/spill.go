package fsio

import "fmt"

// WriteTemp writes data to a new temporary file in dir (CreateTemp) and closes it, for the
// caller to move into place; the file is removed again when that fails. It returns the
// file's name.
func (t *TempSet) WriteTemp(dir string, data []byte) (string, error) {
	f, err := t.CreateTemp(dir)
	if err != nil {
		return "", fmt.Errorf("writing under %s: %w", dir, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Remove(f.Name())
		return "", fmt.Errorf("writing under %s: %w", dir, err)
	}
	return f.Name(), nil
}

// Spill is an output too large to hold until its turn, written to a temporary file as it
// comes: the file is made in its directory at the first Write, Finish closes it for the
// caller to move into place, and Drop removes it. After an error the caller Drops it.
type Spill struct {
	temps *TempSet
	dir   string
	f     OutputFile // nil before the first Write
}

// NewSpill returns a Spill whose file will be made in dir; nothing is created yet.
func (t *TempSet) NewSpill(dir string) *Spill { return &Spill{temps: t, dir: dir} }

// Write appends p to the spill's file, made at the first call.
func (s *Spill) Write(p []byte) (int, error) {
	if s.f == nil {
		f, err := s.temps.CreateTemp(s.dir) // its error names the file it could not make
		if err != nil {
			return 0, err
		}
		s.f = f
	}
	n, err := s.f.Write(p)
	if err != nil {
		return n, fmt.Errorf("writing under %s: %w", s.dir, err)
	}
	return n, nil
}

// Finish closes the file and returns its name; when closing fails the file is removed.
func (s *Spill) Finish() (string, error) {
	if s.f == nil {
		if _, err := s.Write(nil); err != nil {
			return "", err
		}
	}
	name := s.f.Name()
	err := s.f.Close()
	s.f = nil
	if err != nil {
		s.temps.Remove(name)
		return "", fmt.Errorf("writing under %s: %w", s.dir, err)
	}
	return name, nil
}

// Drop closes and removes the file, if any.
func (s *Spill) Drop() {
	if s.f != nil {
		s.f.Close()
		s.temps.Remove(s.f.Name())
		s.f = nil
	}
}
