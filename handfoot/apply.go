package handfoot

import (
	"github.com/cardrules/cardrules/internal/family"
)

// Apply plays a for the seat to act ([State.ToAct]) and returns the new
// state. It is pure: s is never changed, and when a breaks a rule the error
// (matching one of the package's sentinels with errors.Is) comes back with
// s itself. Apply never panics, whatever s and a are.
//
// A turn: draw from the stock, or take the whole discard pile; then lay new
// melds, add to the team's melds and (rule set A) lay red threes on clean
// canastas, in as many steps as the player likes; then discard one card.
// Emptying the hand by melding picks up the foot at once, and the player
// plays on; discarding the last card of the hand picks it up for the next
// turn. Emptying the foot is going out. Under rule set B a player in the
// foot who can go out asks first ([Ask], after drawing and before laying
// any card) and the partner's [Answer] binds the rest of the turn.
func Apply(s State, a Action) (State, error) {
	// Apply is small enough for the compiler to inline, so that a caller
	// copies s once into it and once out of it, and no more.
	err := s.play(a)
	return s, err
}

// play plays a on s in place, or reports why it cannot be played and
// leaves s unchanged.
func (s *State) play(a Action) error {
	if s.r == nil {
		return errNotAGame
	}
	if s.t.Phase == family.GameOver {
		return errGameOver
	}
	f := a.f
	if !a.valid() {
		return family.Fault{Code: family.NotAGameAction, N: [4]int32{int32(f.Kind)}}.Err(pkg)
	}
	m := s.mark()
	if f.Kind == family.Ask {
		family.NoteOut(&s.h, &s.t) // what Legal found for s, if it was asked
	}
	err := s.apply(f)
	s.t.Note = nil
	if err != nil {
		return err // apply changed nothing
	}
	s.record(&m, f)
	return nil
}

// apply plays the well-formed action f on s, the caller's copy, in place;
// it leaves s as it was when it reports a fault.
func (s *State) apply(f family.Action) error {
	switch f.Kind {
	case family.Choose:
		if s.t.Phase != family.Choosing {
			return errNotChoosing
		}
		s.choose(int(f.Target))
		return nil
	case family.Next:
		if s.t.Phase != family.RoundOver {
			return errRoundNotOver
		}
		next, err := s.nextRound()
		if err == nil {
			*s = next
		}
		return err
	}
	ev, err := s.t.Apply(&s.r.cfg, f)
	if err != nil {
		return err
	}
	s.after(ev)
	return nil
}

// after does what Hand and Foot does when the engine reports ev.
func (s *State) after(ev family.Event) {
	seat := int(s.t.Turn)
	switch ev {
	case family.Emptied:
		// Playing in: the hand is melded away, the foot is picked up and
		// the player goes on.
		s.pickUpFoot(seat)
		s.t.Fix()
	case family.WentOut:
		s.endRound(seat)
	case family.TurnOver:
		if s.t.Hands[seat].IsEmpty() {
			s.pickUpFoot(seat) // the last card discarded: the foot is played from the next turn
		}
		s.beginTurn((seat + 1) % s.r.rules.Players)
	}
}

func (s *State) pickUpFoot(seat int) {
	s.t.Hands[seat] = s.foot(seat)
	s.t.Final |= 1 << seat
}

// choose keeps packet 1 or 2 as the hand of the seat choosing, and passes
// the choice on round the table; after the last, the first turn begins.
func (s *State) choose(packet int) {
	seat := int(s.t.ToAct)
	if packet == 2 {
		s.swapped |= 1 << seat
		s.t.Hands[seat] = s.r.packets[seat][1]
	} else {
		s.swapped &^= 1 << seat
		s.t.Hands[seat] = s.r.packets[seat][0]
	}
	s.chosen |= 1 << seat
	next := (seat + 1) % s.r.rules.Players
	if next == s.r.first {
		s.beginTurn(s.r.first)
		return
	}
	s.t.ToAct, s.t.Turn = uint8(next), uint8(next)
}

// beginTurn starts seat's turn. If the stock is empty and the player cannot
// take the pile, the round ends with no one going out: with an empty stock
// a player must take the pile if able, and otherwise the round is over,
// with no going-out bonus.
func (s *State) beginTurn(seat int) {
	if !s.t.BeginTurn(&s.r.cfg, seat) {
		s.endRound(-1)
	}
}

// endRound scores the round; wentOut is the seat that went out, or -1.
func (s *State) endRound(wentOut int) {
	old := s.r
	rd := *old
	res := RoundResult{Number: old.number, WentOut: wentOut, Teams: s.scoreRound(wentOut)}
	rd.results = append(append([]RoundResult(nil), old.results...), res)
	s.r = &rd
	s.wentOut = int8(wentOut)
	// The turn is over: nothing is left to take back or to answer.
	s.t.Question, s.t.Back, s.t.Laid = family.NotAsked, 0, 0
	s.t.Fix()
	s.t.Phase = family.RoundOver
	r := old.rules
	if old.gameEnds(res) {
		s.t.Phase = family.GameOver
	}
	s.t.ToAct = uint8((old.first + 1) % r.Players)
}

// gameEnds reports whether the game ends with res, the result of round
// rd: after Rounds rounds, or (with a target) once a team's total is above
// the target, or after MaxRounds.
func (rd *round) gameEnds(res RoundResult) bool {
	r := rd.rules
	if (r.Rounds > 0 && rd.number >= r.Rounds) || rd.number >= MaxRounds {
		return true
	}
	for _, t := range res.Teams {
		if r.Rounds == 0 && t.Total > r.Target {
			return true
		}
	}
	return false
}

// endText says when the game ends, for a message.
func (rd *round) endText() string {
	if rd.rules.Rounds > 0 {
		return "after round " + itoa(rd.rules.Rounds)
	}
	return "when a team's total is above " + itoa(rd.rules.Target) + ", or after round " + itoa(MaxRounds)
}
