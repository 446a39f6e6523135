package fsio

import (
	"context"
	"fmt"
	"hash/maphash"
	"sync"
)

// Under an output directory, creating the files is most of the work of the system (ext4
// spends it finding a free inode), and one goroutine doing all of it was the run's bottleneck:
// at -j 2 the ordered writer spent 14 of 19 s in system calls and 3.4 s more waiting for a
// processor, while the workers waited for it. So the writer decides every name, in input
// order, and hands the creation of the file (and the renames of the temporary files the
// workers wrote) to a few creator goroutines, each of which owns the directories whose name
// hashes to it: two never work in one directory at once, which is what made the kernel spin
// on the directories' locks when the workers created their own files.

// maxCreators bounds the creator goroutines; creatorQueue is the tasks each may have waiting
// (the caller keeps each task's data small, so that the memory they hold stays small).
const (
	maxCreators  = 4
	creatorQueue = 16
)

// CreateTask is a complete output file for a creator: Data written to a temporary file in
// Dir, renamed to Target; or, with Data nil and Temp set, a temporary file written by someone
// else (in Dir), renamed to Target.
type CreateTask struct {
	Dir, Target string
	Data        []byte
	Temp        string
}

// Creators are the goroutines that create the output files of a run, each owning the
// directories whose name hashes to it.
type Creators struct {
	temps  *TempSet
	ctx    context.Context
	cancel context.CancelFunc
	queues []chan CreateTask
	seed   maphash.Seed
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error // the first error; the run stops
}

// NewCreators starts n creators (at least 1, at most 4) that create files through temps.
// cancel stops the run when one of them fails; once ctx is done they only remove the
// temporary files of the tasks left.
func NewCreators(ctx context.Context, cancel context.CancelFunc, temps *TempSet, n int) *Creators {
	n = min(max(n, 1), maxCreators)
	c := &Creators{temps: temps, ctx: ctx, cancel: cancel, seed: maphash.MakeSeed()}
	for range n {
		q := make(chan CreateTask, creatorQueue)
		c.queues = append(c.queues, q)
		c.wg.Add(1)
		go func() {
			defer c.wg.Done()
			for t := range q {
				c.do(t)
			}
		}()
	}
	return c
}

// Send queues t with the creator of its directory: the tasks of one directory are carried
// out in the order sent.
func (c *Creators) Send(t CreateTask) {
	q := c.queues[maphash.String(c.seed, t.Dir)%uint64(len(c.queues))]
	select {
	case q <- t:
	case <-c.ctx.Done():
		c.drop(t)
	}
}

// do carries out a task; once the run has stopped it only removes a worker's temporary file.
func (c *Creators) do(t CreateTask) {
	if c.ctx.Err() != nil {
		c.drop(t)
		return
	}
	var err error
	if t.Data != nil {
		err = c.create(t)
	} else {
		err = c.temps.Rename(t.Temp, t.Target)
	}
	if err != nil {
		c.drop(t)
		c.mu.Lock()
		if c.err == nil {
			c.err = err
		}
		c.mu.Unlock()
		c.cancel()
	}
}

// create writes t.Data to a temporary file in t.Dir and moves it to t.Target.
func (c *Creators) create(t CreateTask) error {
	f, err := c.temps.CreateTemp(t.Dir)
	if err != nil {
		return err
	}
	_, err = f.Write(t.Data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		c.temps.Remove(f.Name())
		return fmt.Errorf("writing under %s: %w", t.Dir, err)
	}
	return c.temps.Rename(f.Name(), t.Target)
}

// drop removes what a task left: a temporary file written by someone else.
func (c *Creators) drop(t CreateTask) {
	if t.Temp != "" {
		c.temps.Remove(t.Temp)
	}
}

// Wait lets the creators finish the tasks sent and returns the first error. Nothing may be
// sent after it.
func (c *Creators) Wait() error {
	for _, q := range c.queues {
		close(q)
	}
	c.wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}
