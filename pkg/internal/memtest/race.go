//go:build race

package memtest

// Race reports that the race detector is on: it drops pooled values at random (sync.Pool),
// so a test of reused memory cannot hold then.
const Race = true
