package uci

import (
	"context"
	"errors"

	"github.com/qipu/qipu/pkg/board"
)

// Client is one engine kept for one goroutine: started at its first search, restarted after a
// crash, with the position that crashed it retried once. A timeout or garbage kills the engine
// and fails the position; the next search starts a new process.
type Client struct {
	cfg Config
	e   *Engine
	// Starts counts the processes started; Searches the searches asked for (retries
	// included).
	Starts, Searches int
}

// NewClient returns a client of the engine cfg describes; e, if not nil, is an engine started
// already with cfg, which the client takes over.
func NewClient(cfg Config, e *Engine) *Client {
	c := &Client{cfg: cfg, e: e}
	if e != nil {
		c.Starts = 1
	}
	return c
}

// Search searches pos under the limit (Engine.Search), starting the engine if need be.
func (c *Client) Search(ctx context.Context, pos *board.Position, lim Limit) (Result, error) {
	return c.SearchThen(ctx, pos, nil, lim)
}

// SearchThen searches pos under the limit and hands the engine next's search early
// (Engine.SearchThen), starting the engine if need be.
func (c *Client) SearchThen(ctx context.Context, pos, next *board.Position, lim Limit) (Result, error) {
	res, err := c.search(ctx, pos, next, lim)
	if errors.Is(err, ErrCrash) && ctx.Err() == nil {
		res, err = c.search(ctx, pos, next, lim)
	}
	return res, err
}

func (c *Client) search(ctx context.Context, pos, next *board.Position, lim Limit) (Result, error) {
	if c.e == nil || !c.e.Alive() {
		if c.e != nil {
			c.e.Kill()
		}
		e, err := Start(ctx, c.cfg)
		if err != nil {
			c.e = nil
			var ue *Error
			if errors.As(err, &ue) {
				ue.FEN = pos.FEN()
			}
			return Result{}, err
		}
		c.e = e
		c.Starts++
	}
	c.Searches++
	return c.e.SearchThen(ctx, pos, next, lim)
}

// Close ends the engine process, if one runs.
func (c *Client) Close() {
	if c.e != nil {
		c.e.Close()
		c.e = nil
	}
}
