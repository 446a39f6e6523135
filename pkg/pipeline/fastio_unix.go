//go:build unix

package pipeline

import (
	"os"
	"syscall"
)

// openFile opens a regular file like os.OpenFile, with fewer system calls: the file is not
// registered with the runtime's poller (a regular file never waits there), which spares the
// registration attempt and the switches of the non-blocking flag around it. Converting an
// archive of small files opens two files per input.
func openFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, flag|syscall.O_CLOEXEC, uint32(perm.Perm()))
		if err == nil {
			return os.NewFile(uintptr(fd), name), nil
		}
		if err != syscall.EINTR {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
	}
}

// renameFile moves a complete file into place. Unlike os.Rename it does not look at the
// target first: the run's own bookkeeping already knows the name is free.
func renameFile(from, to string) error {
	if err := syscall.Rename(from, to); err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}
