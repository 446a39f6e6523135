package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestECCORules: a game tagged as the ECCO authors' program classifies it (D03 for a line
// that the printed pages call D05) gets no ecco warning under the default reading, and one
// under --ecco-rules pages; a reading that does not exist is a usage error.
func TestECCORules(t *testing.T) {
	ctx := context.Background()
	path := writeFile(t, filepath.Join(t.TempDir(), "d03.pgn"), []byte("[ECCO \"D03\"]\n\n"+
		"1. 炮二平五 炮８平５ 2. 车一进一 马８进７ 3. 马二进三 车９平８ 4. 车一平六 车８进４ *\n"))
	for _, tc := range []struct {
		args []string
		warn bool
	}{
		{nil, false},
		{[]string{"--ecco-rules", "program"}, false},
		{[]string{"--ecco-rules", "pages"}, true},
	} {
		code, _, stderr := qipu(t, ctx, "", append(append([]string{"check"}, tc.args...), path)...)
		if code != exitOK || strings.Contains(stderr, "warning: ecco:") != tc.warn {
			t.Errorf("check %v: exit %d, stderr %q", tc.args, code, stderr)
		}
		if tc.warn && !strings.Contains(stderr, `ECCO tag "D03" but the opening rules give D05`) {
			t.Errorf("check %v: %q", tc.args, stderr)
		}
	}
	if code, _, stderr := qipu(t, ctx, "", "check", "--ecco-rules", "letter", path); code != exitUsage || !strings.Contains(stderr, "want program or pages") {
		t.Errorf("--ecco-rules letter: exit %d, %q", code, stderr)
	}
}
