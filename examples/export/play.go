package main

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/cardrules/cardrules"
)

// game is one game's decisions, one row each, and its outcome.
type game struct {
	seed     uint64
	obs      []float32 // rows × the Shape's Size
	mask     []bool    // rows × the Shape's Actions
	action   []int32
	seat     []int32
	step     []int32
	outcomes []cardrules.Outcome
}

// rows is the number of decisions.
func (g *game) rows() int { return len(g.action) }

// stats is what a run took.
type stats struct {
	elapsed time.Duration
}

// open deals the table of o's game from seed.
func (o options) open(seed uint64) (cardrules.Table, error) {
	if o.Rules != "" {
		return cardrules.OpenRules(o.Game, []byte(o.Rules), seed)
	}
	return cardrules.Open(o.Game, o.Preset, o.Seats, seed)
}

// players returns the computer players of a table of seats seats dealt
// from seed, one a seat.
func (o options) players(seats int, seed uint64) ([]cardrules.Computer, error) {
	if n := len(o.Strengths); n == 0 || n > seats || seats%n != 0 {
		return nil, usagef("%d strengths for a table of %d seats: give one a seat, one a team (seat s plays the strength s %% their number) or one for all", len(o.Strengths), seats)
	}
	out := make([]cardrules.Computer, seats)
	for seat := range out {
		c, err := cardrules.NewComputer(o.Game, o.Strengths[seat%len(o.Strengths)], botSeed(seed, seat))
		if err != nil {
			return nil, err
		}
		out[seat] = c
	}
	return out, nil
}

// botSeed is the seed of the computer player at seat in the game dealt
// from seed, as examples/play and examples/server make it.
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}

// play plays the game dealt from seed and returns its decisions, each
// encoded for the seat to act before its action.
func (o options) play(shape cardrules.Shape, seed uint64) (*game, error) {
	t, err := o.open(seed)
	if err != nil {
		return nil, err
	}
	players, err := o.players(t.Seats(), seed)
	if err != nil {
		return nil, err
	}
	size, actions := shape.Size(), shape.Actions
	g := &game{seed: seed}
	for n := 0; !t.Over(); n++ {
		if n >= o.Limit {
			return nil, fmt.Errorf("more than %d actions (-limit)", o.Limit)
		}
		seat, i := t.ToAct(), g.rows()
		g.obs = slices.Grow(g.obs, size)[:(i+1)*size]
		g.mask = slices.Grow(g.mask, actions)[:(i+1)*actions]
		if err := t.Encode(seat, g.obs[i*size:], g.mask[i*actions:]); err != nil {
			return nil, err
		}
		next, text, err := players[seat].Play(t)
		if err != nil {
			return nil, err
		}
		id, err := t.ActionID(text)
		if err != nil {
			return nil, fmt.Errorf("action %d, %q: %w", n, text, err)
		}
		if id < 0 || id >= actions || !g.mask[i*actions+id] {
			return nil, fmt.Errorf("action %d, %q: its id %d is not in the legal mask", n, text, id)
		}
		g.action = append(g.action, int32(id))
		g.seat = append(g.seat, int32(seat))
		g.step = append(g.step, int32(t.Seq()))
		t = next
	}
	g.outcomes = t.Outcomes()
	return g, nil
}

// export plays o's games and writes their decisions as a set in o.Dir.
func export(o options) (meta, stats, error) {
	start := time.Now()
	switch {
	case o.Games < 1:
		return meta{}, stats{}, usagef("%d games: play at least one", o.Games)
	case o.First+uint64(o.Games-1) < o.First:
		return meta{}, stats{}, usagef("the seeds from %d pass 2^64", o.First)
	case o.Limit < 1 || o.Workers < 1:
		return meta{}, stats{}, usagef("-limit and -workers are 1 or more")
	}
	t, err := o.open(o.First)
	if err != nil {
		return meta{}, stats{}, err
	}
	shape, err := t.Shape()
	if err != nil {
		return meta{}, stats{}, err
	}
	if _, err := o.players(t.Seats(), o.First); err != nil {
		return meta{}, stats{}, err
	}
	m := meta{
		Game: o.Game, Preset: o.Preset, Seats: t.Seats(), Strengths: o.Strengths, Shape: shape,
		First: o.First, Last: o.First + uint64(o.Games-1), Games: o.Games,
	}
	if o.Rules != "" {
		m.Rules = []byte(o.Rules)
		m.Preset = ""
	}
	m.Strengths = slices.Repeat(m.Strengths, t.Seats()/len(m.Strengths)) // one a seat
	w, err := createSet(o.Dir, m)
	if err != nil {
		return meta{}, stats{}, err
	}
	// The games are played a batch at a time on the workers, and written
	// in the order of their seeds: a batch's decisions are in memory.
	batch := make([]*game, 2*o.Workers)
	errs := make([]error, len(batch))
	for first := 0; first < o.Games; first += len(batch) {
		n := min(len(batch), o.Games-first)
		var wg sync.WaitGroup
		next := make(chan int)
		for range min(o.Workers, n) {
			wg.Go(func() {
				for i := range next {
					seed := o.First + uint64(first+i)
					batch[i], errs[i] = o.play(shape, seed)
					if errs[i] != nil {
						errs[i] = fmt.Errorf("the game of seed %d: %w", seed, errs[i])
					}
				}
			})
		}
		for i := range n {
			next <- i
		}
		close(next)
		wg.Wait()
		for _, err := range errs[:n] {
			if err != nil {
				w.abort()
				return meta{}, stats{}, err
			}
		}
		for _, g := range batch[:n] {
			if err := w.add(g); err != nil {
				w.abort()
				return meta{}, stats{}, err
			}
		}
	}
	m, err = w.close()
	return m, stats{elapsed: time.Since(start)}, err
}
