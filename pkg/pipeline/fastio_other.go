//go:build !unix

package pipeline

import "os"

// openRegular opens an input file the walk found regular (os.Open).
func openRegular(name string) (inputFile, error) { return osInput(os.Open(name)) }

// createFile creates a new file (O_EXCL) for writing.
func createFile(name string, perm os.FileMode) (outputFile, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// renameFile moves a complete file into place (os.Rename).
func renameFile(from, to string) error { return os.Rename(from, to) }
