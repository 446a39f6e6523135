//go:build !unix

package fsio

import "os"

// OpenRegular opens an input file the walk found regular (os.Open).
func OpenRegular(name string) (InputFile, error) { return OSInput(os.Open(name)) }

// Create creates a new file (O_EXCL) for writing.
func Create(name string, perm os.FileMode) (OutputFile, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Rename moves a complete file into place (os.Rename).
func Rename(from, to string) error { return os.Rename(from, to) }
