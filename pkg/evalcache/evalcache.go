// Package evalcache keeps engine evaluations in an SQLite file (modernc.org/sqlite: pure Go,
// so qipu stays free of cgo), keyed by position, engine identity, options and limit, so that a
// rerun, a transposition or a resumed run asks the engine nothing for what is known.
//
// The file has one table, which users may query with any SQLite client:
//
//	CREATE TABLE evals (
//	    fen          TEXT NOT NULL,    -- the position (xqbase FEN, as qipu writes it)
//	    engine       TEXT NOT NULL,    -- the engine's "id name"
//	    options      TEXT NOT NULL,    -- the engine options, NAME=VALUE sorted, space-separated
//	    search_limit TEXT NOT NULL,    -- "nodes 4000", "depth 12" or "movetime 500"
//	    score_cp     INTEGER,          -- centipawns from Red's point of view; NULL for a mate
//	    mate         INTEGER,          -- moves to mate, + when Red mates; NULL otherwise
//	    best         TEXT NOT NULL,    -- the best move, ICCS lower case ("" without one)
//	    pv           TEXT NOT NULL,    -- the principal variation, space-separated
//	    depth        INTEGER NOT NULL,
//	    nodes        INTEGER NOT NULL,
//	    PRIMARY KEY (fen, engine, options, search_limit)
//	) WITHOUT ROWID;
//
// New evaluations are written in batched transactions; a run that is interrupted leaves every
// committed batch, and nothing half written.
package evalcache

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/qipu/qipu/pkg/analysis"
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/uci"

	_ "modernc.org/sqlite" // the "sqlite" driver of database/sql
)

// schema creates the table of a new cache file.
const schema = `CREATE TABLE IF NOT EXISTS evals (
	fen          TEXT NOT NULL,
	engine       TEXT NOT NULL,
	options      TEXT NOT NULL,
	search_limit TEXT NOT NULL,
	score_cp     INTEGER,
	mate         INTEGER,
	best         TEXT NOT NULL,
	pv           TEXT NOT NULL,
	depth        INTEGER NOT NULL,
	nodes        INTEGER NOT NULL,
	PRIMARY KEY (fen, engine, options, search_limit)
) WITHOUT ROWID`

// BatchSize is how many new evaluations go in one transaction.
const BatchSize = 256

// Cache is an open cache file. It is safe for concurrent use; it implements analysis.Cache.
type Cache struct {
	path string
	db   *sql.DB
	get  *sql.Stmt

	mu      sync.Mutex
	pending map[analysis.Key]analysis.Eval // written since the last commit
	order   []analysis.Key
	err     error // the first write error
	// hits and misses count the lookups.
	hits, misses int64
}

// Open opens (or creates) the cache file at path.
func Open(path string) (*Cache, error) {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, fmt.Errorf("cache %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one connection: writes and reads take turns, in process
	for _, q := range []string{"PRAGMA busy_timeout = 10000", "PRAGMA journal_mode = WAL", schema} {
		if _, err := db.Exec(q); err != nil {
			db.Close()
			return nil, fmt.Errorf("cache %s: %w", path, err)
		}
	}
	get, err := db.Prepare(`SELECT score_cp, mate, best, pv, depth, nodes FROM evals
		WHERE fen = ? AND engine = ? AND options = ? AND search_limit = ?`)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("cache %s: %w", path, err)
	}
	return &Cache{path: path, db: db, get: get, pending: map[analysis.Key]analysis.Eval{}}, nil
}

// Get returns the evaluation stored for k (its Ply and FEN unset).
func (c *Cache) Get(k analysis.Key) (analysis.Eval, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.pending[k]; ok {
		c.hits++
		return e, true
	}
	var (
		score, mate sql.NullInt64
		best, pv    string
		e           analysis.Eval
	)
	err := c.get.QueryRow(k.FEN, k.Engine, k.Options, k.Limit).Scan(&score, &mate, &best, &pv, &e.Depth, &e.Nodes)
	if err != nil {
		c.misses++
		return analysis.Eval{}, false
	}
	switch {
	case mate.Valid:
		e.Score, e.Mate = int(mate.Int64), true
	case score.Valid:
		e.Score = int(score.Int64)
	}
	e.Best = board.NoMove
	if best != "" {
		m, ok := uci.Pikafish.ParseMove(best)
		if !ok {
			c.misses++
			return analysis.Eval{}, false
		}
		e.Best = m
	}
	for _, s := range strings.Fields(pv) {
		m, ok := uci.Pikafish.ParseMove(s)
		if !ok {
			c.misses++
			return analysis.Eval{}, false
		}
		e.PV = append(e.PV, m)
	}
	c.hits++
	return e, true
}

// Put stores an evaluation; every BatchSize of them are committed together.
func (c *Cache) Put(k analysis.Key, e analysis.Eval) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.pending[k]; ok {
		return
	}
	e.Ply, e.FEN = 0, ""
	c.pending[k] = e
	c.order = append(c.order, k)
	if len(c.order) >= BatchSize {
		c.commit()
	}
}

// Stats returns the number of lookups answered and not answered.
func (c *Cache) Stats() (hits, misses int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}

// commit writes the pending evaluations in one transaction; c.mu is held.
func (c *Cache) commit() {
	if len(c.order) == 0 || c.err != nil {
		return
	}
	err := c.write()
	if err != nil {
		c.err = fmt.Errorf("cache %s: %w", c.path, err)
		return
	}
	clear(c.pending)
	c.order = c.order[:0]
}

func (c *Cache) write() error {
	tx, err := c.db.Begin()
	if err != nil {
		return err
	}
	st, err := tx.Prepare(`INSERT OR REPLACE INTO evals
		(fen, engine, options, search_limit, score_cp, mate, best, pv, depth, nodes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		tx.Rollback()
		return err
	}
	var pv []byte
	for _, k := range c.order {
		e := c.pending[k]
		var score, mate any
		if e.Mate {
			mate = e.Score
		} else {
			score = e.Score
		}
		best := ""
		if e.Best != board.NoMove {
			best = e.Best.String()
		}
		pv = pv[:0]
		for i, m := range e.PV {
			if i > 0 {
				pv = append(pv, ' ')
			}
			pv = m.AppendICCS(pv, true)
		}
		if _, err := st.Exec(k.FEN, k.Engine, k.Options, k.Limit, score, mate, best, string(pv), e.Depth, e.Nodes); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := st.Close(); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Close commits what is pending and closes the file. It returns the first write error.
func (c *Cache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.commit()
	err := errors.Join(c.err, c.get.Close(), c.db.Close())
	return err
}
