package game

import (
	"strings"
	"testing"
)

// TestBuilderCommentCaps: past MaxComments comments, or MaxCommentBytes bytes, comments are
// dropped with one diagnostic, so a game's memory follows the caps.
func TestBuilderCommentCaps(t *testing.T) {
	b := newBuilder()
	b.Move("h2e2", loc(1, 1))
	for i := 0; i < MaxComments+1000; i++ {
		b.Comment("c")
	}
	g := b.Finish()
	if n := len(g.MainLine()[0].Comments); n != MaxComments {
		t.Errorf("%d comments kept, want %d", n, MaxComments)
	}
	if len(g.Diagnostics) != 1 || !strings.Contains(g.Diagnostics[0].Message, "comments") || g.Valid() {
		t.Errorf("diagnostics %v", g.Diagnostics)
	}

	b = newBuilder()
	big := strings.Repeat("长", 1<<20/3+1) // just over 1 MiB
	b.Comment(big)
	b.Move("h2e2", loc(1, 1))
	for i := 0; i < 40; i++ {
		b.Comment(big)
	}
	g = b.Finish()
	kept := len(g.Root.Comments) + len(g.MainLine()[0].Comments)
	if kept != MaxCommentBytes/len(big) || len(g.Diagnostics) != 1 {
		t.Errorf("%d big comments kept, %d diagnostics", kept, len(g.Diagnostics))
	}
}

// TestBuilderTagCaps: past MaxTags tags or MaxTagBytes bytes, tags are dropped with one
// diagnostic naming the first tag dropped.
func TestBuilderTagCaps(t *testing.T) {
	b := newBuilder()
	for i := 0; i < MaxTags+500; i++ {
		b.Tag("T"+strings.Repeat("x", i%7), "v")
	}
	g := b.Finish()
	if len(g.Tags) != MaxTags || len(g.Diagnostics) != 1 || !strings.Contains(g.Diagnostics[0].Message, "tags") {
		t.Errorf("%d tags, diagnostics %v", len(g.Tags), g.Diagnostics)
	}

	b = newBuilder()
	b.Tag("Event", "e")
	b.Tag("Annotation", strings.Repeat("x", MaxTagBytes))
	b.Tag("Red", "r")
	g = b.Finish()
	if len(g.Tags) != 1 || len(g.Diagnostics) != 1 || !strings.Contains(g.Diagnostics[0].Message, `"Annotation"`) {
		t.Errorf("tags %d, diagnostics %v", len(g.Tags), g.Diagnostics)
	}
}
