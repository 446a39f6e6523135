//go:build unix

package uci

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// rawPipe reads or writes one of the engine's pipes, which the runtime polls, with raw system
// calls: the pipe does not block, so a call needs none of the runtime's bookkeeping for one
// that may (an ordinary read or write wakes the runtime's monitor thread when the program was
// idle, and a program waiting on its engines is idle between every two lines they write). It
// waits for the pipe to be ready through the runtime's poller, under the file's deadlines, as
// os.File does.
type rawPipe struct {
	rc    syscall.RawConn
	trap  uintptr // syscall.SYS_READ or syscall.SYS_WRITE
	buf   []byte
	n     int
	errno syscall.Errno
	call  func(fd uintptr) bool // one system call on buf; false when the pipe is not ready
}

func newRawPipe(f *os.File, trap uintptr) *rawPipe {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	p := &rawPipe{rc: rc, trap: trap}
	p.call = func(fd uintptr) bool {
		n, _, errno := syscall.RawSyscall(p.trap, fd, uintptr(unsafe.Pointer(unsafe.SliceData(p.buf))), uintptr(len(p.buf)))
		if errno == syscall.EAGAIN {
			return false // wait until the pipe is ready
		}
		p.n, p.errno = int(n), errno
		return true
	}
	return p
}

// newPipeReader returns the reader of the engine's output pipe f.
func newPipeReader(f *os.File) io.Reader {
	if p := newRawPipe(f, syscall.SYS_READ); p != nil {
		return p
	}
	return f
}

// newPipeWriter returns the writer of the engine's input pipe f.
func newPipeWriter(f *os.File) io.Writer {
	if p := newRawPipe(f, syscall.SYS_WRITE); p != nil {
		return p
	}
	return f
}

// do makes one system call on b, waiting until the pipe is ready, and returns its count.
func (p *rawPipe) do(b []byte, wait func(func(uintptr) bool) error, op string) (int, error) {
	p.buf = b
	defer func() { p.buf = nil }()
	for {
		if err := wait(p.call); err != nil {
			return 0, err // the deadline passed, or the file was closed
		}
		switch p.errno {
		case 0:
			return p.n, nil
		case syscall.EINTR:
			continue
		}
		return 0, os.NewSyscallError(op, p.errno)
	}
}

// Read reads what the pipe holds, waiting for it if it holds nothing.
func (p *rawPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	n, err := p.do(b, p.rc.Read, "read")
	if err == nil && n == 0 {
		return 0, io.EOF
	}
	return n, err
}

// Write writes all of b, waiting for room in the pipe as it needs.
func (p *rawPipe) Write(b []byte) (int, error) {
	done := 0
	for done < len(b) {
		n, err := p.do(b[done:], p.rc.Write, "write")
		if err != nil {
			return done, err
		}
		done += n
	}
	return done, nil
}
