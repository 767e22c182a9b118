package canasta

import (
	"github.com/cardrules/cardrules/internal/family"
)

// Apply plays a for the seat to act ([State.ToAct]) and returns the new
// state. It is pure: s is never changed, and when a breaks a rule the error
// (matching one of the package's sentinels with errors.Is) comes back with
// s itself. Apply never panics, whatever s and a are.
//
// A turn: draw from the stock (a red three drawn is laid out for the team
// and replaced at once), or take the whole discard pile (its red threes go
// to the team, unreplaced); then lay new melds and add to the team's melds,
// in as many steps as the player likes, taking them back if it likes; then
// discard one card. Melding the whole hand, or discarding the last card,
// with the canastas going out needs, is going out and ends the round.
//
// When the stock is empty a player must take the pile if able (Legal then
// lists the takes alone); a player who cannot ends the round, with no one
// going out. A red three drawn as the last card of the stock ends the round
// at once.
func Apply(s State, a Action) (State, error) {
	if s.r == nil {
		return s, errNotAGame
	}
	if s.t.Phase == family.GameOver {
		return s, errGameOver
	}
	if !a.valid() {
		return s, family.Fault{Code: family.NotAGameAction, N: [4]int32{int32(a.f.Kind)}}.Err(pkg)
	}
	next, err := s.apply(a.f)
	if err != nil {
		return s, err
	}
	next.record(&s, a.f)
	return next, nil
}

// apply plays the valid action f on s, the caller's copy.
func (s State) apply(f family.Action) (State, error) {
	if f.Kind == family.Next {
		if s.t.Phase != family.RoundOver {
			return s, errRoundNotOver
		}
		return s.nextRound(), nil
	}
	pile := s.t.Pile
	ev, err := s.t.Apply(&s.r.cfg, f)
	if err != nil {
		return s, err
	}
	seat := int(s.t.Turn)
	team := s.r.rules.teamOf(seat)
	if s.t.Pile.IsEmpty() && !pile.IsEmpty() {
		// The pile joined the hand: its red threes go to the team, with no
		// replacement.
		for i, c := range red3 {
			s.reds[team][i] += uint8(pile.Count(c))
		}
	}
	switch ev {
	case family.Continue:
		if f.Kind == family.Draw {
			if !s.layRedThrees(seat, true) {
				s.endRound(-1) // a red three was the stock's last card
				return s, nil
			}
			s.t.Fix() // the red threes are out of the hand at the fixed point
		}
	case family.WentOut:
		s.endRound(seat)
	case family.TurnOver:
		s.beginTurn((seat + 1) % s.r.rules.Players)
	}
	return s, nil
}

// beginTurn starts seat's turn. If the stock is empty and the player cannot
// take the pile, the round ends with no one going out.
func (s *State) beginTurn(seat int) {
	if !s.t.BeginTurn(&s.r.cfg, seat) {
		s.endRound(-1)
	}
}

// endRound scores the round; wentOut is the seat that went out, or -1.
func (s *State) endRound(wentOut int) {
	old := s.r
	rd := *old
	r := old.rules
	s.wentOut = int8(wentOut)
	// Concealed: the team had no meld at the turn's fixed point, after
	// drawing from the stock (a pile taken makes the team's first melds
	// part of that fixed point).
	s.concealed = wentOut >= 0
	for _, tm := range s.t.BackMelds {
		if wentOut >= 0 && int(tm.Side) == r.teamOf(wentOut) {
			s.concealed = false
		}
	}
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

// gameEnds reports whether the game ends with res, the result of round
// rd: after Rounds rounds, or (with a target) once a team's total reaches
// the target, or after MaxRounds.
func (rd *round) gameEnds(res RoundResult) bool {
	r := rd.rules
	if (r.Rounds > 0 && rd.number >= r.Rounds) || rd.number >= MaxRounds {
		return true
	}
	for _, t := range res.Teams {
		if r.Rounds == 0 && t.Total >= r.Target {
			return true
		}
	}
	return false
}
