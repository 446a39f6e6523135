package pipeline

import (
	"errors"
	"os"
)

// ioMessage shortens an *os.PathError to its cause: the path is already in the diagnostic.
func ioMessage(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
