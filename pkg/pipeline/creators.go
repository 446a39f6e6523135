package pipeline

import (
	"context"
	"fmt"
	"hash/maphash"
	"sync"

	"github.com/qipu/qipu/pkg/internal/fsio"
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
// (each at most a piece of chunkSize bytes, so that the memory they hold stays small).
const (
	maxCreators  = 4
	creatorQueue = 16
)

// createTask is a complete output file for a creator: data written to a temporary file in
// dir, renamed to target; or, with data nil and temp set, a temporary file a worker wrote,
// renamed to target.
type createTask struct {
	dir, target string
	data        []byte
	temp        string
}

// creators are the goroutines that create the output files of a run.
type creators struct {
	temps  *fsio.TempSet
	ctx    context.Context
	cancel context.CancelFunc
	queues []chan createTask
	seed   maphash.Seed
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error // the first error; the run stops
}

// newCreators starts n creators (at least 1, at most maxCreators). cancel stops the run when
// one of them fails.
func newCreators(ctx context.Context, cancel context.CancelFunc, temps *fsio.TempSet, n int) *creators {
	n = min(max(n, 1), maxCreators)
	c := &creators{temps: temps, ctx: ctx, cancel: cancel, seed: maphash.MakeSeed()}
	for range n {
		q := make(chan createTask, creatorQueue)
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

// send queues t with the creator of its directory.
func (c *creators) send(t createTask) {
	q := c.queues[maphash.String(c.seed, t.dir)%uint64(len(c.queues))]
	select {
	case q <- t:
	case <-c.ctx.Done():
		c.drop(t)
	}
}

// do carries out a task; once the run has stopped it only removes a worker's temporary file.
func (c *creators) do(t createTask) {
	if c.ctx.Err() != nil {
		c.drop(t)
		return
	}
	var err error
	if t.data != nil {
		err = c.create(t)
	} else {
		err = c.temps.Rename(t.temp, t.target)
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

// create writes t.data to a temporary file in t.dir and moves it to t.target.
func (c *creators) create(t createTask) error {
	f, err := c.temps.CreateTemp(t.dir)
	if err != nil {
		return err
	}
	_, err = f.Write(t.data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		c.temps.Remove(f.Name())
		return fmt.Errorf("writing under %s: %w", t.dir, err)
	}
	return c.temps.Rename(f.Name(), t.target)
}

// drop removes what a task left: a worker's temporary file.
func (c *creators) drop(t createTask) {
	if t.temp != "" {
		c.temps.Remove(t.temp)
	}
}

// wait lets the creators finish the tasks sent and returns the first error.
func (c *creators) wait() error {
	for _, q := range c.queues {
		close(q)
	}
	c.wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}
