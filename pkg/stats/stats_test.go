package stats_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/stats"
)

const archive = `[Event "甲级联赛"]
[Red "胡荣华"]
[Black "许银川"]
[Result "1-0"]
[ECCO "C45"]
1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0

[Event "甲级联赛"]
[Red "许银川"]
[Black "胡荣华"]
[Result "1/2-1/2"]
1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1/2-1/2

[Event "友谊赛"]
[Red "胡荣华"]
[Black "吕钦"]
1. 炮二平五 马８进７ 2. 车九进九 *
`

func collect(t *testing.T) *stats.Report {
	t.Helper()
	c := stats.NewCollector()
	c.AddFile(stats.File{Folder: "a", Format: "pgn", Encoding: "utf-8", Status: stats.Read})
	err := pgn.Decode(strings.NewReader(archive), pgn.Config{Path: "a/x.pgn"}, func(g *game.Game) error {
		c.AddGame("a", 0, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c.AddFile(stats.File{Folder: "b", Format: "xqf", Status: stats.Unreadable, Errors: 1})
	c.AddFile(stats.File{Folder: "b", Status: stats.Skipped})
	return c.Report()
}

// TestFileErrors: a file read with errors of its own counts once, however many errors, as
// check counts file errors.
func TestFileErrors(t *testing.T) {
	t.Parallel()
	c := stats.NewCollector()
	c.AddFile(stats.File{Folder: "a", Format: "pgn", Status: stats.Read, Errors: 3, Warnings: 2})
	c.AddFile(stats.File{Folder: "a", Format: "pgn", Status: stats.Read})
	r := c.Report()
	if r.Files != 2 || r.FileErrors != 1 || r.Warnings != 2 {
		t.Errorf("files %d, file errors %d, warnings %d; want 2, 1, 2", r.Files, r.FileErrors, r.Warnings)
	}
}

func TestReport(t *testing.T) {
	t.Parallel()
	r := collect(t)
	if r.Files != 2 || r.Games != 3 || r.Valid != 2 || r.Invalid != 1 || r.Unreadable != 1 || r.Skipped != 1 || r.FileErrors != 0 {
		// An unreadable file is counted as unreadable, not as a file error: as check counts.
		t.Errorf("totals = %+v", r)
	}
	if r.Plies != 4+4+2 {
		t.Errorf("plies = %d, want 10", r.Plies)
	}
	if r.InvalidByKind["illegal"] != 1 || r.Results["1-0"] != 1 || r.Results["1/2-1/2"] != 1 || r.Results["*"] != 1 {
		t.Errorf("kinds %v, results %v", r.InvalidByKind, r.Results)
	}
	if r.Duplicates.Groups != 1 || r.Duplicates.Games != 1 {
		t.Errorf("duplicates = %+v", r.Duplicates)
	}
	if e := r.Players.Entries; len(e) != 3 || e[0].Name != "胡荣华" || e[0].Count != 3 {
		t.Errorf("players = %+v", r.Players)
	}
	if e := r.Events.Entries; len(e) != 2 || e[0].Name != "甲级联赛" || e[0].Count != 2 {
		t.Errorf("events = %+v", r.Events)
	}
	if e := r.Openings.Entries; len(e) != 1 || e[0].Name != "C45" {
		t.Errorf("openings = %+v", r.Openings)
	}
	if len(r.Folders) != 2 || r.Folders[0].Games != 3 || r.Folders[1].Unreadable != 1 {
		t.Errorf("folders = %+v", r.Folders)
	}
	if r.Lengths[0] != 3 {
		t.Errorf("lengths = %v", r.Lengths)
	}
}

func TestWriters(t *testing.T) {
	t.Parallel()
	r := collect(t)
	var j bytes.Buffer
	if err := r.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(j.Bytes(), &back); err != nil {
		t.Fatalf("JSON does not parse: %v\n%s", err, j.String())
	}
	for _, k := range []string{"files", "games", "valid", "invalid", "invalid_by_kind", "results", "lengths", "players", "duplicates", "folders"} {
		if _, ok := back[k]; !ok {
			t.Errorf("JSON has no %q", k)
		}
	}
	var txt bytes.Buffer
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3: 2 valid, 1 invalid", "胡荣华", "illegal 1", "1 groups of the same game"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, txt.String())
		}
	}
	var page bytes.Buffer
	if err := r.WriteHTML(&page, "archive <test>"); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	for _, bad := range []string{"<script", "src=", "href=", "@import", "url("} {
		if strings.Contains(h, bad) {
			t.Errorf("HTML contains %q: it must be self-contained", bad)
		}
	}
	for _, want := range []string{"<svg", "archive &lt;test&gt;", "胡荣华", "illegal", "1-0 Red wins"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
}

// TestDescribeFile: a file's status and counts come from its own diagnostics and games.
func TestDescribeFile(t *testing.T) {
	t.Parallel()
	warn := &game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning}
	note := &game.Diagnostic{Kind: game.KindRepaired, Level: game.LevelNote}
	fail := &game.Diagnostic{Kind: game.KindIO, Level: game.LevelError}
	for _, tc := range []struct {
		name   string
		format string
		diags  []*game.Diagnostic
		games  int
		want   stats.File
	}{
		{"read", "pgn", []*game.Diagnostic{warn, note}, 2, stats.File{Format: "pgn", Encoding: "gb18030", Status: stats.Read, Warnings: 1, Notes: 1}},
		{"skipped", "", nil, 0, stats.File{Encoding: "gb18030", Status: stats.Skipped}},
		{"unreadable", "xqf", []*game.Diagnostic{fail}, 0, stats.File{Format: "xqf", Encoding: "gb18030", Status: stats.Unreadable, Errors: 1}},
		{"errors with games", "pgn", []*game.Diagnostic{fail, fail}, 1, stats.File{Format: "pgn", Encoding: "gb18030", Status: stats.Read, Errors: 2}},
	} {
		if got := stats.DescribeFile(tc.format, "gb18030", tc.diags, tc.games); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
