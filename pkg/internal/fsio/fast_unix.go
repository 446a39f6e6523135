//go:build unix

package fsio

import (
	"io"
	"os"
	"syscall"
)

// Rename moves a complete file into place. Unlike os.Rename it does not look at the
// target first: the run's own bookkeeping already knows the name is free.
func Rename(from, to string) error {
	if err := syscall.Rename(from, to); err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}

// Create creates a new file (O_EXCL) for writing, as a bare descriptor: an *os.File would
// ask whether the descriptor blocks, a system call for each output file.
func Create(name string, perm os.FileMode) (OutputFile, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, uint32(perm.Perm()))
		if err == nil {
			return &fdFile{fd: fd, name: name}, nil
		}
		if err != syscall.EINTR {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
	}
}

// OpenRegular opens an input file the walk found regular, as a bare descriptor: an *os.File
// costs a system call more (it asks whether the descriptor is non-blocking), and a converted
// archive of small files opens one per file.
func OpenRegular(name string) (InputFile, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == nil {
			return &fdFile{fd: fd, name: name}, nil
		}
		if err != syscall.EINTR {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
	}
}

// fdFile is a file read or written through its descriptor. Its end of file is sticky: bufio and
// the decoders that ask again past the end cost no system call.
type fdFile struct {
	fd   int
	name string
	eof  bool
}

func (f *fdFile) Read(p []byte) (int, error) {
	if f.eof {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			f.eof = true
			return 0, io.EOF
		}
		return n, nil
	}
}

// Write writes all of p, as os.File does.
func (f *fdFile) Write(p []byte) (int, error) {
	done := 0
	for done < len(p) {
		n, err := syscall.Write(f.fd, p[done:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return done, &os.PathError{Op: "write", Path: f.name, Err: err}
		case n == 0:
			return done, &os.PathError{Op: "write", Path: f.name, Err: io.ErrShortWrite}
		}
		done += n
	}
	return done, nil
}

// Name is the file's name, as given.
func (f *fdFile) Name() string { return f.name }

func (f *fdFile) Close() error {
	if f.fd < 0 {
		return nil
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	if err != nil {
		return &os.PathError{Op: "close", Path: f.name, Err: err}
	}
	return nil
}

func (f *fdFile) Stat() (int64, bool, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil {
		return 0, false, &os.PathError{Op: "stat", Path: f.name, Err: err}
	}
	return st.Size, st.Mode&syscall.S_IFMT == syscall.S_IFREG, nil
}
