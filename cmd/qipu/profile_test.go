package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProfile: QIPU_CPUPROFILE names a file that holds a CPU profile once the run ends; a
// file that cannot be made is reported and the run goes on; unset, nothing happens.
func TestProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	t.Setenv("QIPU_CPUPROFILE", path)
	var errs bytes.Buffer
	stop := startProfile(&errs)
	stop()
	if st, err := os.Stat(path); err != nil || st.Size() == 0 || errs.Len() != 0 {
		t.Errorf("profile %v, %v; stderr %q", st, err, errs.String())
	}
	t.Setenv("QIPU_CPUPROFILE", filepath.Join(path, "no", "such"))
	startProfile(&errs)()
	if !strings.Contains(errs.String(), "QIPU_CPUPROFILE") {
		t.Errorf("an unwritable profile: stderr %q", errs.String())
	}
	t.Setenv("QIPU_CPUPROFILE", "")
	errs.Reset()
	startProfile(&errs)()
	if errs.Len() != 0 {
		t.Errorf("unset: stderr %q", errs.String())
	}
}
