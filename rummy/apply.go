package rummy

import (
	"errors"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"

	"github.com/cardrules/cardrules/internal/errs"
)

// The fixed rejections, built once.
var (
	errNotAGame  = fail(ErrNotNow, errs.NotAGame)
	errGameOver  = fail(ErrGameOver, "no action is left to play")
	errDrawFirst = fail(ErrNotNow, "draw first: draw stock or draw pile")
	errDrawn     = fail(ErrNotNow, "you have drawn this turn: meld, lay off or discard")
	errRoundOver = fail(ErrNotNow, "the round is over: next deals the next one")
	errNotOver   = fail(ErrNotNow, "next is played once a round is over")
	errMalformed = fail(ErrMalformed, "no constructor builds this action")
	errNoStock   = fail(ErrStock, "no card to draw")
	errNoPile    = fail(ErrEmptyPile, "draw from the stock")
	errLastTaken = fail(ErrTaken, "that would leave only the card you took from the pile, which you may not discard this turn: meld it or lay it off, or keep another card")
)

// Apply plays a for the seat to act and returns the new State; s itself
// never changes. A turn is a draw (the stock's top card, or the pile's),
// then any melds and lay-offs, then one discard; a player who empties its
// hand, by melding, laying off or discarding, goes out and the round ends
// at once and is scored. When the turn passes with the stock used up, the
// pile below its top card is shuffled into a new stock, as often as the
// stock runs out. With a limit set by [Rules].Rebuilds, a rebuild beyond
// it ends the round instead, with no one out. A round still going after
// [MaxTurns] turns ends with no one out and is scored as it stands.
//
// An illegal action returns s unchanged and an error saying why in a
// player's words, wrapping one of the package's sentinel errors.
func Apply(s State, a Action) (State, error) {
	// Apply is small enough for the compiler to inline, so that a caller
	// copies s once into it and once out of it, and no more.
	err := s.apply(a)
	return s, err
}

// apply plays a on s in place, or reports why it cannot be played and
// leaves s unchanged.
func (s *State) apply(a Action) error {
	switch {
	case s.g == nil:
		return errNotAGame
	case s.phase == GameOver:
		return errGameOver
	case !a.valid():
		return errMalformed
	}
	if err := s.check(a); err != nil {
		return err
	}
	s.play(a)
	return nil
}

// check reports why a, a well-formed action, cannot be played in s.
func (s *State) check(a Action) error {
	seat := int(s.turn)
	hand := s.hands[seat]
	switch a.kind {
	case KindNext:
		if s.phase != RoundOver {
			return errNotOver
		}
		return nil
	case KindDrawStock, KindDrawPile:
		switch {
		case s.phase == RoundOver:
			return errRoundOver
		case s.phase != Drawing:
			return errDrawn
		case a.kind == KindDrawStock && s.nstock == 0:
			return errNoStock
		case a.kind == KindDrawPile && s.npile == 0:
			return errNoPile
		}
		return nil
	}
	switch s.phase {
	case RoundOver:
		return errRoundOver
	case Drawing:
		return errDrawFirst
	}
	switch a.kind {
	case KindMeld:
		if miss := a.cards &^ hand; miss != 0 {
			return fail(ErrNotHeld, "meld "+a.cards.String()+": you do not hold "+miss.String())
		}
		return s.checkKeep(hand &^ a.cards)
	case KindLayOff:
		b := bit(a.card)
		if hand&b == 0 {
			return fail(ErrNotHeld, "lay off "+a.card.String()+": you do not hold it")
		}
		if int(a.target) > int(s.nmelds) {
			return fail(ErrLayOff, "lay "+a.card.String()+" on "+itoa(int(a.target))+": there is no meld "+itoa(int(a.target))+
				" on the table ("+plural(int(s.nmelds), "meld")+")")
		}
		if m := s.melds[a.target-1].set(); !fits(m, b) {
			_, err := combination(m).LayOff(a.card)
			var me *meld.Error
			detail := ""
			if errors.As(err, &me) {
				detail = ": " + me.Detail()
			}
			return fail(ErrLayOff, "meld "+itoa(int(a.target))+detail)
		}
		return s.checkKeep(hand &^ b)
	case KindDiscard:
		switch {
		case hand&bit(a.card) == 0:
			return fail(ErrNotHeld, "discard "+a.card.String()+": you do not hold it")
		case a.card == s.taken && s.g.rules.KeepTaken:
			return fail(ErrTaken, "you drew "+a.card.String()+" from the pile this turn: discard another card")
		}
	}
	return nil
}

// checkKeep refuses a meld or lay-off that would leave the player holding
// only the card it drew from the pile, which it could not then discard.
func (s *State) checkKeep(left set) error {
	if s.g.rules.KeepTaken && s.taken != 0 && left == bit(s.taken) {
		return errLastTaken
	}
	return nil
}

// fits reports whether the card b (a bit) extends the meld m: a run by
// the card just below or above it in its suit, a group of three by the
// fourth card of its rank.
func fits(m, b set) bool { return m&b == 0 && fitting(m)&b != 0 }

// fitting returns the cards that extend the meld m.
func fitting(m set) set {
	if m.isGroup() {
		return rankSet(card.Rank(lowBit(m)%16)) &^ m
	}
	return (m<<1 | m>>1) &^ m & full
}

// play plays a, which check has accepted.
func (s *State) play(a Action) {
	seat := int(s.turn)
	e := newEntry(a, seat, s.g.round)
	switch a.kind {
	case KindNext:
		g := *s.g
		g.round++
		rng := s.rng
		order := shuffled(&rng)
		h := s.h
		h.Append(uint64(newEntry(a, 0, g.round-1)))
		*s = deal(&g, order, rng)
		s.h = h
		return
	case KindDrawStock:
		s.nstock--
		c := s.cards[s.nstock]
		s.cards[s.nstock] = 0
		s.hands[seat] |= bit(c)
		s.phase, e = Playing, e.withDrawn(c)
	case KindDrawPile:
		c := s.cards[52-int(s.npile)]
		s.cards[52-int(s.npile)] = 0
		s.npile--
		s.hands[seat] |= bit(c)
		s.known |= bit(c)
		s.phase, s.taken, e = Playing, c, e.withDrawn(c)
	case KindMeld:
		s.melds[s.nmelds] = encode(a.cards, seat)
		s.nmelds++
		s.lay(seat, a.cards)
	case KindLayOff:
		b := bit(a.card)
		m := &s.melds[a.target-1]
		*m = encode(m.set()|b, m.owner())
		s.lay(seat, b)
	case KindDiscard:
		b := bit(a.card)
		s.hands[seat] &^= b
		s.known &^= b
		s.npile++
		s.cards[52-int(s.npile)] = a.card
		s.taken = 0
		if s.hands[seat] == 0 {
			s.endRound(seat)
		} else {
			s.turn = uint8((seat + 1) % s.g.rules.Players)
			s.phase = Drawing
			s.turns++
			switch {
			case s.turns >= MaxTurns:
				s.endRound(-1)
			case s.nstock == 0:
				e = e.withFlags(s.rebuild())
			}
		}
	}
	switch s.phase {
	case RoundOver:
		e = e.withFlags(roundOver)
	case GameOver:
		e = e.withFlags(roundOver | gameOver)
	}
	if !s.h.TryAppend(uint64(e)) {
		s.h.Put(uint64(e))
	}
}

// lay moves the cards x from seat's hand to the table, credited to seat;
// a player who empties its hand so goes out. The card taken from the pile,
// once on the table, is no longer Taken.
func (s *State) lay(seat int, x set) {
	s.hands[seat] &^= x
	s.known &^= x
	s.credit(seat, x)
	if x&bit(s.taken) != 0 {
		s.taken = 0 // the card taken from the pile is on the table: none is left to keep
	}
	if s.hands[seat] == 0 {
		s.endRound(seat)
	}
}

// rebuild turns the pile below its top card, shuffled, into a new stock,
// at the start of a turn that finds the stock used up; it ends the round
// instead when the rules set a limit and it is reached. It returns the
// flag to log. The pile then holds two cards or more (the turn drew from
// the stock, the pile kept its card, and the discard came on it), which
// FromPosition holds to as well; a pile of its top card alone would end
// the round too, rather than deal an empty stock.
func (s *State) rebuild() uint8 {
	if limit := s.g.rules.Rebuilds; limit > 0 && int(s.rebuilds) >= limit || s.npile < 2 {
		s.endRound(-1)
		return 0
	}
	k := s.npile - 1
	top := s.cards[52-int(s.npile)]
	// The pile below its top, bottom card first, becomes the stock, then
	// is shuffled. (The two may overlap in cards: go through a copy.)
	var under [51]card.Card
	for i := range k {
		under[i] = s.cards[51-int(i)]
	}
	clear(s.cards[52-int(s.npile):])
	copy(s.cards[:k], under[:k])
	s.cards[51], s.npile = top, 1
	s.rng.Shuffle(s.cards[:k])
	s.nstock = k
	s.rebuilds++
	return rebuilt
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}
