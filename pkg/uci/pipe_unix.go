//go:build unix

package uci

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// rawReader reads the engine's output pipe, which the runtime polls, with raw read system
// calls: the pipe does not block, so a read needs none of the runtime's bookkeeping for a
// call that may (an ordinary read wakes the runtime's monitor thread when the program was
// idle, and a program waiting on its engines is idle between every two lines they write).
// It waits for the pipe to be readable through the runtime's poller, under the file's
// deadline, as os.File.Read does.
type rawReader struct {
	rc    syscall.RawConn
	buf   []byte
	n     int
	errno syscall.Errno
	read  func(fd uintptr) bool
}

// newPipeReader returns the reader of the engine's output pipe f.
func newPipeReader(f *os.File) io.Reader {
	rc, err := f.SyscallConn()
	if err != nil {
		return f
	}
	r := &rawReader{rc: rc}
	r.read = func(fd uintptr) bool {
		n, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(unsafe.SliceData(r.buf))), uintptr(len(r.buf)))
		if errno == syscall.EAGAIN {
			return false // wait until the pipe is readable
		}
		r.n, r.errno = int(n), errno
		return true
	}
	return r
}

// Read reads what the pipe holds, waiting for it if it holds nothing.
func (r *rawReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.buf = p
	defer func() { r.buf = nil }()
	for {
		if err := r.rc.Read(r.read); err != nil {
			return 0, err // the deadline passed, or the file was closed
		}
		switch {
		case r.errno == syscall.EINTR:
			continue
		case r.errno != 0:
			return 0, os.NewSyscallError("read", r.errno)
		case r.n == 0:
			return 0, io.EOF
		}
		return r.n, nil
	}
}

// rawWriter writes the engine's input pipe with raw write system calls, as rawReader reads
// its output, waiting through the runtime's poller when the pipe is full.
type rawWriter struct {
	rc    syscall.RawConn
	buf   []byte
	errno syscall.Errno
	write func(fd uintptr) bool
}

// newPipeWriter returns the writer of the engine's input pipe f.
func newPipeWriter(f *os.File) io.Writer {
	rc, err := f.SyscallConn()
	if err != nil {
		return f
	}
	w := &rawWriter{rc: rc}
	w.write = func(fd uintptr) bool {
		for len(w.buf) > 0 {
			n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(unsafe.SliceData(w.buf))), uintptr(len(w.buf)))
			switch errno {
			case 0:
				w.buf = w.buf[n:]
			case syscall.EINTR:
			case syscall.EAGAIN:
				return false // wait until the pipe has room
			default:
				w.errno = errno
				return true
			}
		}
		return true
	}
	return w
}

// Write writes all of p, waiting for room in the pipe as it needs.
func (w *rawWriter) Write(p []byte) (int, error) {
	w.buf, w.errno = p, 0
	err := w.rc.Write(w.write)
	n := len(p) - len(w.buf)
	w.buf = nil
	if err == nil && w.errno != 0 {
		err = os.NewSyscallError("write", w.errno)
	}
	return n, err
}
