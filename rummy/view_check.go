package rummy

import (
	"errors"
	"slices"

	"github.com/cardrules/cardrules/card"

	"github.com/cardrules/cardrules/internal/play"
)

// kindsIn are the kinds of action a seat may be offered in each phase.
var kindsIn = [...][]Kind{
	Drawing:   {KindDrawStock, KindDrawPile},
	Playing:   {KindMeld, KindLayOff, KindDiscard},
	RoundOver: {KindNext},
	GameOver:  nil,
}

// check returns an error naming what no game under v's rules shows in v,
// or nil. The rules are valid. The View is in a phase, for a seat of the
// table, with a seat of the table to play and one to act (none once the
// game is over). It is in a round the rules play, with the rounds before it
// scored. It lists the table's players in order, none holding fewer cards
// than it is known to hold. No count is below zero. The seat's hand is its
// entry's size. Every card shown is one of the deck's 52, shown once:
// those of the seat's hand, the melds, the pile and the cards known in
// the other hands; and with the cards hidden in the other hands and the
// stock they make the deck. Each meld is laid by a seat of the table, and
// the cards a player laid are on the table. The card taken from the pile
// is held by the player whose turn it is. Legal actions are listed only
// for the seat to act, each of the phase, with cards of the hand and a
// meld of the table to lay off on.
func (v *View) check() error {
	r := &v.Rules
	n := r.Players
	seat := func(s int) bool { return s >= 0 && s < n }
	switch {
	case v.Phase < Drawing || v.Phase > GameOver:
		return errors.New("the View's phase is no phase of the game")
	case len(v.Players) != n:
		return errors.New("the View lists " + itoa(len(v.Players)) + " players for a table of " + itoa(n))
	case !seat(v.Seat):
		return errors.New("the View is for seat " + itoa(v.Seat) + ", not one of the " + itoa(n) + " seats")
	case !seat(v.Turn):
		return errors.New("the View's turn is seat " + itoa(v.Turn) + ", not one of the " + itoa(n) + " seats")
	case v.Phase == GameOver && v.ToAct != -1:
		return errors.New("the game is over, and the View has seat " + itoa(v.ToAct) + " to act")
	case v.Phase != GameOver && !seat(v.ToAct):
		return errors.New("the View's seat to act is " + itoa(v.ToAct) + ", not one of the " + itoa(n) + " seats")
	case v.Round < 1 || v.Round > play.Rounds(r.Rounds, MaxRounds):
		return errors.New("the View is in round " + itoa(v.Round) + ", not one the rules play")
	case len(v.Results) != v.Round-1 && !(v.Phase >= RoundOver && len(v.Results) == v.Round):
		return errors.New("the View shows " + itoa(len(v.Results)) + " rounds scored in round " + itoa(v.Round) + ", " + v.Phase.String())
	case v.StockSize < 0 || v.Rebuilds < 0:
		return errors.New("the View's stockSize or rebuilds is below zero")
	case v.Hand.Len() != v.Players[v.Seat].Hand:
		return errors.New("the View's hand holds " + itoa(v.Hand.Len()) + " cards, and its seat's entry in players " + itoa(v.Players[v.Seat].Hand))
	}
	hand, ok := setOf(v.Hand.Cards())
	if !ok {
		return errors.New("the View's hand holds a card twice, or one not of the deck")
	}
	shown, onTable := hand, set(0)
	place := func(cs []card.Card, where string) error {
		for _, c := range cs {
			b := bit(c)
			if b == 0 || shown&b != 0 {
				return errors.New("the View shows " + cardText(c) + " " + where + ": not a card of the deck, or one shown twice")
			}
			shown |= b
		}
		return nil
	}
	if err := place(v.Pile, "in the pile"); err != nil {
		return err
	}
	for i, m := range v.Melds {
		if !seat(m.Seat) || !m.Meld.IsValid() {
			return errors.New("the View's meld " + itoa(i+1) + " is laid by seat " + itoa(m.Seat) + ", or is no meld")
		}
		cs := m.Meld.Cards()
		if err := place(cs, "in meld "+itoa(i+1)); err != nil {
			return err
		}
		s, _ := setOf(cs)
		onTable |= s
	}
	hidden := 0
	for i, p := range v.Players {
		laid, ok := setOf(p.Laid)
		switch {
		case p.Seat != i:
			return errors.New("the View's player " + itoa(i) + " is seat " + itoa(p.Seat))
		case p.Hand < len(p.Known):
			return errors.New("the View's seat " + itoa(i) + " holds " + itoa(p.Hand) + " cards, fewer than the " + itoa(len(p.Known)) + " known in its hand")
		case !ok || laid&^onTable != 0:
			return errors.New("the View's seat " + itoa(i) + " laid cards that are not on the table")
		case i == v.Seat:
			if known, ok := setOf(p.Known); !ok || known&^hand != 0 {
				return errors.New("the View's seat is known to hold cards its hand does not")
			}
			continue
		}
		if err := place(p.Known, "known in the hand of seat "+itoa(i)); err != nil {
			return err
		}
		hidden += p.Hand - len(p.Known)
	}
	if unseen := (full &^ shown).len(); unseen != hidden+v.StockSize {
		return errors.New("the View's counts do not add up: " + itoa(unseen) + " cards unseen for " + itoa(hidden) +
			" in the other hands and " + itoa(v.StockSize) + " in the stock")
	}
	if v.Taken != 0 {
		holder := hand
		if v.Turn != v.Seat {
			holder, _ = setOf(v.Players[v.Turn].Known)
		}
		if holder&bit(v.Taken) == 0 {
			return errors.New("the View's taken card " + cardText(v.Taken) + " is not in the hand of the player whose turn it is")
		}
	}
	return v.checkLegal(hand)
}

// checkLegal returns an error naming a legal action v cannot offer, or
// nil: see [View.check].
func (v *View) checkLegal(hand set) error {
	if len(v.Legal) > 0 && v.Seat != v.ToAct {
		return errors.New("the View lists legal actions for seat " + itoa(v.Seat) + ", which is not to act")
	}
	for _, a := range v.Legal {
		cs, _ := setOf(a.Cards())
		switch {
		case !slices.Contains(kindsIn[v.Phase], a.kind):
			return errors.New("the View lists " + a.String() + " among its legal actions, which is not played " + v.Phase.String())
		case cs&^hand != 0:
			return errors.New("the View lists " + a.String() + " among its legal actions, with cards its hand does not hold")
		case a.kind == KindLayOff && a.Target() >= len(v.Melds):
			return errors.New("the View lists " + a.String() + " among its legal actions, and the table has " + itoa(len(v.Melds)) + " melds")
		case a.kind == KindDrawPile && len(v.Pile) == 0:
			return errors.New("the View lists " + a.String() + " among its legal actions, and the pile is empty")
		}
	}
	return nil
}
