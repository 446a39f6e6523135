//go:build !race

package export

// raceEnabled: the race detector is on, and sync.Pool drops items on purpose.
const raceEnabled = false
