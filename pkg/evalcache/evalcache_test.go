package evalcache_test

import (
	"database/sql"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/qipu/qipu/pkg/analysis"
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/evalcache"
)

// TestRoundTrip stores evaluations, reopens the file and reads them back; a key that differs
// in any field misses; the table answers a plain SQL query as the schema documents it.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "evals.sqlite")
	c, err := evalcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	pos := board.StartPosition()
	moves := pos.LegalMoves(nil)
	k := analysis.Key{FEN: pos.FEN(), Engine: "Fake 1", Options: "Hash=16 UCI_Variant=xiangqi", Limit: "nodes 300"}
	cp := analysis.Eval{Score: -28, Best: moves[3], PV: []board.Move{moves[3], moves[0]}, Depth: 9, Nodes: 301}
	km := k
	km.FEN = "4k4/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"
	mate := analysis.Eval{Score: 0, Mate: true, Best: board.NoMove, Depth: 0, Nodes: 0}
	c.Put(k, cp)
	c.Put(km, mate)
	if got, ok := c.Get(k); !ok || !reflect.DeepEqual(got, cp) { // pending, before any commit
		t.Errorf("pending: %+v %v", got, ok)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, err = evalcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got, ok := c.Get(k); !ok || !reflect.DeepEqual(got, cp) {
		t.Errorf("reopened: %+v %v, want %+v", got, ok, cp)
	}
	if got, ok := c.Get(km); !ok || !reflect.DeepEqual(got, mate) {
		t.Errorf("mate: %+v %v, want %+v", got, ok, mate)
	}
	for _, other := range []analysis.Key{
		{FEN: k.FEN, Engine: "Fake 2", Options: k.Options, Limit: k.Limit},
		{FEN: k.FEN, Engine: k.Engine, Options: "", Limit: k.Limit},
		{FEN: k.FEN, Engine: k.Engine, Options: k.Options, Limit: "nodes 301"},
	} {
		if _, ok := c.Get(other); ok {
			t.Errorf("%+v: a hit", other)
		}
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	var best, pv string
	if err := db.QueryRow(`SELECT count(*), max(best), max(pv) FROM evals WHERE score_cp IS NOT NULL`).Scan(&n, &best, &pv); err != nil {
		t.Fatal(err)
	}
	if n != 1 || best != moves[3].String() || pv != moves[3].String()+" "+moves[0].String() {
		t.Errorf("SQL: %d %q %q", n, best, pv)
	}
}

// TestBatches commits in batches: more than BatchSize puts reach the file before Close.
func TestBatches(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "evals.sqlite")
	c, err := evalcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range evalcache.BatchSize + 1 {
		c.Put(analysis.Key{FEN: string(rune('a'+i%26)) + string(rune('0'+i/26)), Engine: "e"}, analysis.Eval{Score: i})
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM evals`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != evalcache.BatchSize {
		t.Errorf("%d rows before Close, want one batch of %d", n, evalcache.BatchSize)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}
