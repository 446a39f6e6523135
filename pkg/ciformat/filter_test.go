package ciformat_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/game"
)

// filterGame is a game with one diagnostic of each kind given, at plies 1, 2, ….
func filterGame(kinds ...game.Kind) *game.Game {
	g := &game.Game{Index: 3}
	for i, k := range kinds {
		g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: k, Level: game.LevelWarning,
			Game: 3, Ply: i + 1, Message: string(k) + " message"})
	}
	return g
}

func kindsOf(ds []*game.Diagnostic) []game.Kind {
	var out []game.Kind
	for _, d := range ds {
		out = append(out, d.Kind)
	}
	return out
}

func TestFilterSelection(t *testing.T) {
	t.Parallel()
	all := []game.Kind{game.KindNotation, game.KindSide, game.KindIllegal}
	for _, tc := range []struct {
		name            string
		select_, ignore []game.Kind
		want            []game.Kind
	}{
		{"everything", nil, nil, all},
		{"select", []game.Kind{game.KindSide, game.KindIllegal}, nil, []game.Kind{game.KindSide, game.KindIllegal}},
		{"ignore", nil, []game.Kind{game.KindNotation}, []game.Kind{game.KindSide, game.KindIllegal}},
		{"ignore wins over select", []game.Kind{game.KindSide}, []game.Kind{game.KindSide}, nil},
	} {
		f := ciformat.Filter{Selected: ciformat.NewSelection(tc.select_), Ignored: ciformat.NewSelection(tc.ignore)}
		g := filterGame(all...)
		var fd ciformat.FileData
		f.Game(&fd, "a.pgn", g)
		if got := kindsOf(g.Diagnostics); !slices.Equal(got, tc.want) {
			t.Errorf("%s: kept %v, want %v", tc.name, got, tc.want)
		}
		if !fd.Empty() {
			t.Errorf("%s: a filter that does not collect collected %+v", tc.name, fd)
		}
	}
}

func TestFilterBaselineAndCollect(t *testing.T) {
	t.Parallel()
	// A baseline that holds the fingerprint of the first game's side warning.
	first := filterGame(game.KindNotation, game.KindSide)
	w := ciformat.NewBaselineWriter()
	sideFP := ciformat.NewDiagnostic("a.pgn", first, first.Diagnostics[1])
	w.Add("a.pgn", &sideFP)
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	b, err := ciformat.ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	f := ciformat.Filter{Baseline: b, Collect: true, Record: true, Ignored: ciformat.NewSelection([]game.Kind{game.KindIllegal})}
	var fd ciformat.FileData
	g := filterGame(game.KindNotation, game.KindSide, game.KindIllegal)
	f.Game(&fd, "a.pgn", g)
	if got := kindsOf(g.Diagnostics); !slices.Equal(got, []game.Kind{game.KindNotation}) {
		t.Errorf("kept %v, want [notation]: side is in the baseline, illegal ignored", got)
	}
	if fd.Suppressed != 1 {
		t.Errorf("Suppressed = %d, want 1", fd.Suppressed)
	}
	// The suppressed diagnostic is recorded for a new baseline, the ignored one is not.
	if len(fd.Recorded) != 2 || fd.Recorded[1].Kind != game.KindSide {
		t.Errorf("Recorded = %+v, want notation and side", fd.Recorded)
	}
	if len(fd.File.Games) != 1 || fd.File.Games[0].Index != 3 || len(fd.File.Games[0].Diagnostics) != 1 ||
		fd.File.Games[0].Diagnostics[0].Fingerprint == "" {
		t.Errorf("collected games %+v, want game 3 with the notation warning and its fingerprint", fd.File.Games)
	}
	// The baseline held one: a second side warning is reported.
	g2 := filterGame(game.KindNotation, game.KindSide)
	f.Game(&fd, "a.pgn", g2)
	if len(g2.Diagnostics) != 2 || b.Unseen() != 0 {
		t.Errorf("second game kept %v (unseen %d), want both", kindsOf(g2.Diagnostics), b.Unseen())
	}
	// A diagnostic of the file itself.
	d := &game.Diagnostic{Kind: game.KindIO, Level: game.LevelError, Message: "unreadable"}
	if !f.FileDiagnostic(&fd, "a.pgn", d) || len(fd.File.Diagnostics) != 1 {
		t.Errorf("FileDiagnostic: file diagnostics %+v", fd.File.Diagnostics)
	}
}
