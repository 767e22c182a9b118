package main

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// maxActions stops a table whose computer players never end the game.
const maxActions = 500_000

// The thinkers play the computer players' turns, off the requests' path:
// a fixed number of goroutines (Config.Thinkers) take the tables whose
// computer player is to act from one queue, first in, first out. A
// thinker takes the Table under the table's lock, lets the computer
// player choose with the lock released, so that every request to the
// table is answered meanwhile, then takes the lock again and plays the
// action only if the table has not moved on. Each decision's time is
// charged to the budget of the client that created the table (see
// Config.ThinkPerMinute); a table whose client's budget is spent waits,
// in the paused set, until it is refilled.

// schedule queues the table for a thinker if a computer player is to
// act there and it is not queued already. The table must be locked.
func (s *Server) schedule(tb *table) {
	if tb.queued || tb.freed || tb.failed != nil || !tb.computerToAct() {
		return
	}
	tb.queued = true
	s.enqueue(tb)
}

// enqueue puts the table, marked queued, at the end of the thinkers'
// queue. A Server closed queues nothing.
func (s *Server) enqueue(tb *table) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if s.closed {
		return
	}
	s.queue = append(s.queue, tb)
	s.qcond.Signal()
}

// pause keeps the table, marked queued, in the paused set, until wake
// queues it again.
func (s *Server) pause(tb *table) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	s.paused[tb] = struct{}{}
}

// wake queues again the paused tables whose client's budget is not
// spent; it returns how many it queued. The waker calls it every second.
func (s *Server) wake() int {
	s.mu.Lock()
	s.qmu.Lock()
	var ready []*table
	for tb := range s.paused {
		if s.thinkWait(tb.client, s.now()) == 0 {
			ready = append(ready, tb)
			delete(s.paused, tb)
		}
	}
	s.qmu.Unlock()
	s.mu.Unlock()
	for _, tb := range ready {
		s.enqueue(tb)
	}
	return len(ready)
}

// thinker plays computer players' turns from the queue until the Server
// is closed.
func (s *Server) thinker() {
	for {
		s.qmu.Lock()
		for len(s.queue) == 0 && !s.closed {
			s.qcond.Wait()
		}
		if s.closed {
			s.qmu.Unlock()
			return
		}
		tb := s.queue[0]
		s.queue[0] = nil
		s.queue = s.queue[1:]
		s.qmu.Unlock()
		s.think(tb)
	}
}

// think plays the turn of the computer player to act at the table, if
// any, and queues the table again for the next.
func (s *Server) think(tb *table) {
	tb.mu.Lock()
	if tb.freed || tb.failed != nil || !tb.computerToAct() {
		tb.queued = false
		tb.mu.Unlock()
		return
	}
	s.mu.Lock()
	wait := s.thinkWait(tb.client, s.now())
	s.mu.Unlock()
	if wait > 0 {
		tb.mu.Unlock()
		s.pause(tb)
		return
	}
	t, c := tb.t, tb.computers[tb.t.ToAct()]
	tb.mu.Unlock()

	start := time.Now()
	next, text, err := c.Play(t) // the lock free: requests are answered meanwhile
	spent := time.Since(start)
	s.mu.Lock()
	s.charge(tb.client, spent, s.now())
	s.mu.Unlock()

	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.queued = false
	switch {
	case tb.freed || tb.t.Seq() != t.Seq():
		// The table moved on, or was freed: think again from where it is.
	case err == nil && next.Seq() >= maxActions:
		err = fmt.Errorf("no end after %d actions", next.Seq())
		fallthrough
	case err != nil:
		tb.failed = fail(errComputer, err.Error())
		s.logf("table %s: %v", tb.id, tb.failed)
		return
	default:
		played := append(slices.Clip(tb.played), text)
		if err := s.store.save(tb, next, played); err != nil {
			s.logf("table %s: %v: trying again", tb.id, err)
			tb.queued = true
			s.pause(tb)
			return
		}
		tb.set(next, played)
	}
	s.schedule(tb)
}

// waker wakes the paused tables every second until stop is closed.
func (s *Server) waker(stop <-chan struct{}) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			s.wake()
		}
	}
}

// refill counts the client's thinking budget at now. The Server must be
// locked.
func (s *Server) refill(c *clientState, now time.Time) {
	per := s.cfg.ThinkPerMinute.Seconds()
	c.think = math.Min(per, c.think+now.Sub(c.thought).Minutes()*per)
	c.thought = now
}

// thinkWait returns how long the client of the address addr must wait
// before its computer players think again: 0 while its budget lasts (or
// with no budget set). The Server must be locked.
func (s *Server) thinkWait(addr string, now time.Time) time.Duration {
	if s.cfg.ThinkPerMinute <= 0 {
		return 0
	}
	c := s.client(addr)
	s.refill(c, now)
	if c.think > 0 {
		return 0
	}
	return time.Duration((-c.think + 0.001) / s.cfg.ThinkPerMinute.Seconds() * float64(time.Minute))
}

// charge takes the time a decision took from the budget of the client
// of the address addr. The Server must be locked.
func (s *Server) charge(addr string, spent time.Duration, now time.Time) {
	c := s.client(addr)
	c.spent += spent
	if s.cfg.ThinkPerMinute > 0 {
		s.refill(c, now)
		c.think -= spent.Seconds()
	}
}

// settled waits, at most until timeout, for the table to be at a
// person's turn or over (or stopped: freed, or its computer player
// failed), without holding its lock, and reports whether it is.
func (tb *table) settled(timeout <-chan time.Time, done <-chan struct{}) bool {
	for {
		tb.mu.Lock()
		if tb.freed || tb.failed != nil || !tb.computerToAct() {
			tb.mu.Unlock()
			return true
		}
		moved := tb.moved
		tb.mu.Unlock()
		select {
		case <-moved:
		case <-timeout:
			return false
		case <-done:
			return false
		}
	}
}
