package ciformat_test

import (
	"io"

	// The rules table of the SARIF output lists every registered rule: the checks register
	// theirs when their package is loaded, and the command line runs the opening check.
	_ "github.com/qipu/qipu/pkg/ecco"
)

type ioWriter = io.Writer
