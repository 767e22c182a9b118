package canasta

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
)

// Apply returns the game after the seat to act ([State.ToAct]) plays a.
// It is a pure function: s itself never changes, and when a breaks a rule
// Apply returns s with an error that wraps the sentinel of that rule. No
// State and no Action, however forged, makes it panic.
//
// A turn is a draw, meld steps and a discard. The draw takes the stock's
// top card (a red three drawn is laid out for the team and replaced), or
// the whole discard pile (its red threes go to the team, not replaced).
// The meld steps lay new melds and add to the team's, as many as the
// player likes, and may be taken back until the discard. Melding the whole
// hand, or discarding the last card, goes out and ends the round, when the
// team has the canastas for it.
//
// Under Cutthroat the first take of the pile makes the taker the lone hand
// and joins the other two players' melds ([State.LoneHand]). The take counts
// once the pile has joined the hand: a take for the first melds may still be
// taken back until then. Under StockEnds the round ends, with no one going
// out, when the player who drew the stock's last card has discarded.
// Otherwise, once the stock is empty, a player must take the pile when it is
// not frozen for the team and its upcard matches one of the team's melds
// (Legal then lists only the takes); otherwise the player may take it or
// decline it with [Draw]. Declining, or being unable to take it, ends the
// round with no one going out. A red three drawn as the stock's last card
// ends the round at once.
func Apply(s State, a Action) (State, error) {
	// Apply is small enough for the compiler to inline, so that a caller
	// copies s once into it and once out of it, and no more.
	err := s.play(a)
	return s, err
}

// play plays a on s in place, or reports why it cannot be played and
// leaves s unchanged.
func (s *State) play(a Action) error {
	switch {
	case s.r == nil:
		return errNotAGame
	case s.t.Phase == family.GameOver:
		return errGameOver
	}
	if !a.valid() {
		return family.Fault{Code: family.NotAGameAction, N: [4]int32{int32(a.f.Kind)}}.Err(pkg)
	}
	// What the record needs of s before the action is kept aside.
	prev := s.mark()
	if a.f.Kind == family.Ask {
		family.NoteOut(&s.h, &s.t) // what Legal found for s, if it was asked
	}
	err := s.apply(a.f)
	s.t.Note = nil
	if err != nil {
		return err // apply changed nothing
	}
	s.record(&prev, a.f)
	return nil
}

// apply plays the valid action f on s, the caller's copy; when the engine
// refuses f it leaves s as it was.
func (s *State) apply(f family.Action) error {
	if f.Kind == family.Next {
		return s.next()
	}
	melds, phase := len(s.t.Melds), s.t.Phase
	// Only a take, or a step while Opening, empties the pile: its red
	// threes are counted before.
	taking := f.Kind == family.Take || phase == family.Opening
	var threes [4]uint8
	if taking && !s.t.Pile.IsEmpty() {
		threes = s.t.Pile.CountSuits(card.Three)
	} else {
		taking = false
	}
	ev, err := s.t.Apply(&s.r.cfg, f)
	if err != nil {
		return err
	}
	seat := int(s.t.Turn)
	if f.Kind == family.Take && len(s.t.Melds) == melds {
		// The upcard went onto a meld the team had: no concealed going out
		// for this player this round.
		s.melded |= 1 << seat
		s.kept = 0
	}
	if taking && s.t.Pile.IsEmpty() {
		// The pile joined the hand: its red threes go to the team, with no
		// replacement.
		reds := &s.reds[s.r.rules.teamOf(seat)] // diamonds, hearts
		reds[0] += threes[card.Diamonds-1]
		reds[1] += threes[card.Hearts-1]
	}
	if s.r.rules.Cutthroat && s.lone == 0 && f.Kind != family.Draw && s.t.Phase == family.Melding &&
		(phase == family.Drawing || phase == family.Opening) {
		s.join(seat) // the round's first take of the pile: the pile joined the hand
	}
	switch ev {
	case family.Continue:
		if f.Kind == family.Draw {
			if !s.layRedThrees(seat, true) {
				s.endRound(-1) // a red three was the stock's last card
				return nil
			}
			s.t.Fix() // the red threes are out of the hand at the fixed point
		}
	case family.WentOut:
		s.endRound(seat)
	case family.Declined:
		s.endRound(-1) // the pile declined with the stock empty
	case family.TurnOver:
		if s.t.Laid > 0 {
			s.melded |= 1 << seat // cards laid this turn
		}
		s.turnTo((seat + 1) % s.r.rules.Players)
	}
	return nil
}

// next deals the next round into s, once the round is over. It stays out
// of apply (go:noinline), whose frame would otherwise hold a whole State
// for the rare action.
//
//go:noinline
func (s *State) next() error {
	if s.t.Phase != family.RoundOver {
		return errRoundNotOver
	}
	*s = s.nextRound()
	return nil
}

// turnTo passes the turn to seat; when the stock is empty and seat cannot
// take the pile, the round ends instead, with no one going out.
func (s *State) turnTo(seat int) {
	if s.t.BeginTurn(&s.r.cfg, seat) {
		s.keep()
		return
	}
	s.endRound(-1)
}

// endRound scores the round and ends it (and the game, when it is the
// last): wentOut is the seat that went out, -1 for none.
func (s *State) endRound(wentOut int) {
	old, r := s.r, s.r.rules
	if r.Cutthroat && s.lone == 0 && wentOut >= 0 {
		s.join(wentOut) // out before anyone took the pile: the lone hand
		old = s.r
	}
	rd := *old
	s.wentOut = int8(wentOut)
	s.concealed = wentOut >= 0 && s.outConcealed(wentOut)
	if s.t.Laid > 0 {
		s.melded |= 1 << s.t.Turn
	}
	s.kept = 0
	res := RoundResult{Number: old.number, WentOut: wentOut, Concealed: s.concealed, Teams: s.scoreRound()}
	rd.results = append(append([]RoundResult(nil), old.results...), res)
	s.r = &rd
	// The turn is over: nothing is left to take back or to answer.
	s.t.Question, s.t.Back, s.t.Laid = family.NotAsked, 0, 0
	if s.t.Phase == family.Opening {
		s.t.Phase = family.Melding
	}
	s.t.Fix()
	s.t.Phase = family.RoundOver
	if old.gameEnds(res) {
		s.t.Phase = family.GameOver
	}
	s.t.ToAct = uint8((old.first + 1) % r.Players)
}

// gameEnds reports whether the game is over after round rd, scored res:
// its last round is played (Rounds), a team has reached the Target, or
// MaxRounds rounds have been played.
func (rd *round) gameEnds(res RoundResult) bool {
	r := rd.rules
	if r.Rounds > 0 {
		return rd.number >= r.Rounds
	}
	reached := slices.ContainsFunc(res.Teams, func(t TeamScore) bool { return t.Total >= r.Target })
	return reached || rd.number >= MaxRounds
}
