package main

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/cardrules/cardrules"
)

// maxActions stops a table whose computer players never end the game.
const maxActions = 500_000

// The thinkers play the computer players' turns, off the requests' path:
// a fixed number of goroutines (Config.Thinkers) take the tables whose
// computer player is to act from two queues, first in, first out, the
// tables with a person's seat first. A thinker takes the Table under the
// table's lock, lets the computer players choose with the lock released,
// so that every request to the table is answered meanwhile, then takes
// the lock again and plays their actions only if the table has not moved
// on (its action count is the same). Each decision's time is
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
// queue: the queue of the tables with a person's seat, which the
// thinkers take first, or the other. A Server closed queues nothing.
func (s *Server) enqueue(tb *table) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if s.closed {
		return
	}
	if slices.ContainsFunc(tb.tokens, func(h []byte) bool { return h != nil }) {
		s.people = append(s.people, tb)
	} else {
		s.queue = append(s.queue, tb)
	}
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
		for len(s.people) == 0 && len(s.queue) == 0 && !s.closed {
			s.qcond.Wait()
		}
		if s.closed {
			s.qmu.Unlock()
			return
		}
		q := &s.people
		if len(s.people) == 0 {
			q = &s.queue
		}
		tb := (*q)[0]
		(*q)[0] = nil
		*q = (*q)[1:]
		s.qmu.Unlock()
		s.think(tb)
	}
}

// maxRun is the most computer players' actions a thinker plays in a row
// at a table before it saves them, and maxRunTime the longest it thinks
// there (it stops after the decision that passes it), so that the other
// tables have their turn.
const (
	maxRun     = 16
	maxRunTime = 50 * time.Millisecond
)

// think plays the turns of the computer players to act at the table, if
// any, up to a person's turn, the end, maxRun actions, or the end of the
// client's budget; saves them, once, without waiting for the disk; and
// queues the table again for the next once they are saved.
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
	t := tb.t
	tb.mu.Unlock()

	// The lock free: requests are answered meanwhile.
	next, texts, err := s.run(tb, t)

	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.freed || tb.t.Seq() != t.Seq() {
		// The table moved on, or was freed: think again from where it is.
		tb.queued = false
		s.schedule(tb)
		return
	}
	played := append(slices.Clip(tb.played), texts...)
	if len(texts) == 0 || s.store.dir == "" {
		s.played(tb, next, played, err)
		return
	}
	s.store.saveThen(tb, next, played, func(serr error) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		if serr != nil {
			s.logf("table %s: %v: trying again", tb.id, serr)
			s.pause(tb)
			return
		}
		if tb.freed {
			if err := s.store.remove(tb.id); err != nil { // saved after the janitor removed it
				s.logf("freeing table %s: %v", tb.id, err)
			}
			return
		}
		s.played(tb, next, played, err)
	})
}

// played makes next, reached by the actions played, the table's Table,
// stops the table if err (a computer player's failure) is not nil, and
// queues the table for its next computer player's turn. The table must
// be locked.
func (s *Server) played(tb *table, next cardrules.Table, played []string, err error) {
	tb.queued = false
	if next.Seq() != tb.t.Seq() {
		tb.set(next, played)
	}
	if err != nil {
		tb.failed = fail(errComputer, err.Error())
		s.logf("table %s: %v", tb.id, tb.failed)
		return
	}
	s.schedule(tb)
}

// run lets the computer players of the table play t, with the table
// unlocked, until a person is to act, the game is over, maxRun actions
// are played, or the client's budget is spent, charging each decision to
// the budget. It returns the Table reached, the texts of the actions, and
// the error of a computer player that failed (the Table reached before).
func (s *Server) run(tb *table, t cardrules.Table) (cardrules.Table, []string, error) {
	var texts []string
	begun := time.Now()
	for len(texts) < maxRun && time.Since(begun) < maxRunTime && !t.Over() && tb.computers[t.ToAct()] != nil && !s.closing.Load() {
		if t.Seq() >= maxActions {
			return t, texts, fmt.Errorf("no end after %d actions", t.Seq())
		}
		start := time.Now()
		next, text, err := tb.computers[t.ToAct()].Play(t)
		spent := time.Since(start)
		s.mu.Lock()
		s.charge(tb.client, spent, s.now())
		spentAll := s.thinkWait(tb.client, s.now()) > 0
		s.mu.Unlock()
		if err != nil {
			return t, texts, err
		}
		t, texts = next, append(texts, text)
		if spentAll {
			break
		}
	}
	return t, texts, nil
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
