//go:build !unix

package pipeline

import "os"

// openFile opens a file (os.OpenFile).
func openFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag, perm)
}

// openRegular opens an input file the walk found regular (os.Open).
func openRegular(name string) (inputFile, error) { return osInput(os.Open(name)) }

// renameFile moves a complete file into place (os.Rename).
func renameFile(from, to string) error { return os.Rename(from, to) }
