package walk

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// maxListBytes bounds a --files-from list (a path list of a few million files).
const maxListBytes = 1 << 30

// ReadList reads a list of paths (what --files-from names): the file name, or "-" for
// stdin. Paths are separated by NUL bytes when the list holds one (find -print0, xargs -0),
// else by newlines; empty entries are ignored and nothing else is trimmed, so any file name
// but one holding a newline (or a NUL) can be listed.
func ReadList(name string, stdin io.Reader) ([]string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("--files-from: %w", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxListBytes+1))
	if err != nil {
		return nil, fmt.Errorf("--files-from %s: %w", name, err)
	}
	if len(data) > maxListBytes {
		return nil, fmt.Errorf("--files-from %s: list longer than %d bytes", name, maxListBytes)
	}
	return SplitList(data), nil
}

// SplitList splits a path list at NUL bytes if it holds one, else at newlines.
func SplitList(data []byte) []string {
	sep := byte('\n')
	if bytes.IndexByte(data, 0) >= 0 {
		sep = 0
	}
	var out []string
	for len(data) > 0 {
		i := bytes.IndexByte(data, sep)
		if i < 0 {
			i = len(data)
		}
		if i > 0 {
			out = append(out, string(data[:i]))
		}
		data = data[min(i+1, len(data)):]
	}
	return out
}
