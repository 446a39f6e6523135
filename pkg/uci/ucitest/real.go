package ucitest

import (
	"os"
	"path/filepath"
	"testing"
)

// RealEngine returns the path of the real engine the tests run against: $QIPU_ENGINE, or
// ../shared/anchors/fsf beside the repository root (Fairy-Stockfish, which needs
// UCI_Variant=xiangqi). It skips tb when neither is there.
func RealEngine(tb testing.TB) string {
	tb.Helper()
	if p := os.Getenv("QIPU_ENGINE"); p != "" {
		return p
	}
	dir, err := os.Getwd()
	for err == nil {
		if _, serr := os.Stat(filepath.Join(dir, "go.mod")); serr == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("no repository root above the test's directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", "anchors", "fsf")
	if st, err := os.Stat(p); err != nil || st.Mode()&0o111 == 0 {
		tb.Skipf("no real engine: set QIPU_ENGINE or provide %s", p)
	}
	return p
}

// Self returns the path of the running test binary, set (through Env, for the rest of the
// test) to act as the fake engine in the given mode when it is started: the program of a
// uci.Config. The test binary's TestMain must call Main first.
func Self(tb testing.TB, mode string) string {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Setenv(Env, mode)
	return exe
}
