package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckHTML: check --output html=FILE and --format html write one self-contained page
// with a board per diagnostic of a move; markup in a tag stays text; stats links to it.
func TestCheckHTML(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	hostile := `[Event "<script>alert(1)</script>"]
[Termination "</li><img src=x onerror=alert(2)>"]
[ECCO "<b>Z99</b>"]
[Result "1-0"]
1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 车８进９ 1-0
`
	pgn := filepath.Join(dir, "<i>evil.pgn")
	if err := os.WriteFile(pgn, []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	code, _, errs := qipu(t, ctx, "", "check", "-q", "--output", "html="+page, pgn, edge)
	if code != exitInvalid {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	h := string(data)
	for _, bad := range []string{"<script>alert", "<img", "<b>Z99", "<i>evil"} {
		if strings.Contains(h, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	if n := strings.Count(h, "<script"); n != 1 {
		t.Errorf("%d scripts, want the filter's one", n)
	}
	boards := regexp.MustCompile(`<svg[^>]*class="board"[^>]*data-fen="[^"]+"`).FindAllString(h, -1)
	if len(boards) < 4 {
		t.Errorf("%d boards", len(boards))
	}
	if !strings.Contains(h, `data-fen="rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 b - - 5 3"`) {
		t.Errorf("no board of the position before 车８进９")
	}
	code, out, _ := qipu(t, ctx, "", "check", "-q", "--format", "html", pgn)
	if code != exitInvalid || !strings.HasPrefix(out, "<!DOCTYPE html>") || !strings.Contains(out, `class="board"`) {
		t.Errorf("--format html: exit %d, %.200q", code, out)
	}
	stats := filepath.Join(dir, "stats.html")
	if code, _, errs := qipu(t, ctx, "", "stats", "-q", "--format", "html", "--check-report", "report.html", "-o", stats, pgn, edge); code > 1 {
		t.Fatalf("stats: exit %d\n%s", code, errs)
	}
	if data, err := os.ReadFile(stats); err != nil || !strings.Contains(string(data), `<a href="report.html">`) {
		t.Errorf("the stats page does not link report.html (%v)", err)
	}
	if code, _, _ := qipu(t, ctx, "", "stats", "-q", "--check-report", "report.html", pgn); code != exitUsage {
		t.Errorf("--check-report without --format html: exit %d", code)
	}
}
