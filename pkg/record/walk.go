package record

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"

	"github.com/qipu/qipu/pkg/walk"
)

// WalkOption adjusts Walk.
type WalkOption func(*walkOptions)

type walkOptions struct {
	shard walk.Shard
}

// InShard keeps only the files of one shard of the archive (see walk.Shard): N programs that
// walk the same root with shards 0 … N−1 see every game file once.
func InShard(s walk.Shard) WalkOption {
	return func(o *walkOptions) { o.shard = s }
}

// Walk lists the game files of root, a directory or a file, as qipu's commands read them: a
// directory's files in the byte order of their paths (see package walk), hidden directories
// left out, links to directories not followed. A file is yielded when its first SniffLen bytes
// show a format, or when its name does (NameMeansGame); other files (notes, images, a web page
// or text without a game in its first bytes) are skipped. What cannot be reached — a
// directory that cannot be read, a link that leads nowhere or in a loop, a file that cannot
// be opened, a special file named like a game file — is yielded as an error that names the
// path; the walk goes on.
func Walk(root string, opts ...WalkOption) iter.Seq2[string, error] {
	var o walkOptions
	for _, opt := range opts {
		opt(&o)
	}
	return func(yield func(string, error) bool) {
		fi, err := os.Stat(root)
		if err != nil {
			yield("", err)
			return
		}
		if !fi.IsDir() {
			if ok, err := isGameFile(root); ok || err != nil {
				yield(root, err)
			}
			return
		}
		prefix := make([]byte, SniffLen)
		wo := walk.Options{Shard: o.shard, Named: NameMeansGame}
		walk.Dir(root, &wo, func(e *walk.Entry) bool {
			switch {
			case e.Err != nil:
				return yield("", &fs.PathError{Op: "walk", Path: e.Path, Err: e.Err})
			case e.Special != "":
				return yield("", &fs.PathError{Op: "walk", Path: e.Path, Err: fmt.Errorf("%w: %s", ErrNotRegular, e.Special)})
			}
			ok, err := sniffFile(e.Path, prefix)
			if !ok && err == nil {
				return true
			}
			return yield(e.Path, err)
		})
	}
}

// ErrNotRegular is wrapped by the error of Walk for a special file (a named pipe, a socket,
// a device) named like a game file: it is not opened, since reading it may block.
var ErrNotRegular = errors.New("record: not a regular file")

// isGameFile reports whether the file at path is a game file, by content or name.
func isGameFile(path string) (bool, error) {
	return sniffFile(path, make([]byte, SniffLen))
}

// sniffFile reads the first bytes of path into buf and reports whether they, or the name,
// show a format.
func sniffFile(path string, buf []byte) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	var o options
	for i := range table {
		if table[i].sniff(buf[:n], o.encoding) {
			return true, nil
		}
	}
	return NameMeansGame(path), nil
}
