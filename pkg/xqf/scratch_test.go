package xqf

import (
	"bytes"
	"testing"

	"github.com/qipu/qipu/pkg/internal/memtest"
)

// TestDecodeReusesScratch: Decode gives back the memory that the game does not keep (the
// file's bytes, the tree as read, the records to read), so that decoding file after file
// allocates little more than the games.
func TestDecodeReusesScratch(t *testing.T) {
	data := base(t)
	decode := func() {
		g, err := Decode(bytes.NewReader(data), Config{})
		if err != nil || g == nil || len(g.Root.Children) == 0 {
			t.Fatalf("Decode = %v, %v", g, err)
		}
	}
	per := memtest.BytesPerRun(100, decode)
	t.Logf("%d bytes a decode of %d bytes", per, len(data))
	if per > 12<<10 { // 18 KB before the scratch was reused, 7 KB after
		t.Errorf("decoding a %d-byte file allocates %d bytes a time; want its scratch memory reused", len(data), per)
	}
}
