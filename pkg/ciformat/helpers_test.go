package ciformat_test

import "io"

type ioWriter = io.Writer
