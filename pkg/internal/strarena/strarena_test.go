package strarena

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	var a Arena
	var got, want []string
	buf := make([]byte, 0, 2*MaxLen)
	for i := 0; i < 3*Chunk/10; i++ {
		buf = buf[:0]
		for j := 0; j <= i%40; j++ {
			buf = append(buf, byte('a'+(i+j)%26))
		}
		want = append(want, string(buf))
		got = append(got, a.String(buf))
		for k := range buf {
			buf[k] = '#' // the caller reuses its buffer: the strings must not change
		}
	}
	long := strings.Repeat("x", MaxLen+1)
	want, got = append(want, long, ""), append(got, a.String([]byte(long)), a.String(nil))
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d = %q, want %q", i, got[i], want[i])
		}
	}
}

func TestAllocs(t *testing.T) {
	var a Arena
	b := []byte("炮二平五")
	a.String(b)
	n := testing.AllocsPerRun(100, func() { a.String(b) })
	if n > 0.05 {
		t.Errorf("%.2f allocations per string, want about %.3f", n, float64(len(b))/Chunk)
	}
}
