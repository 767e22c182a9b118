package doublets

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/eventlog"
)

// New deals a game of r shuffled from seed, as [Deal] deals: the same
// rules and seed give the same game, forever. A seed is the library's
// own: it is not a game number of GNOME Aisleriot or PySolFC, which
// shuffle with their own generators, so the deal of seed 7 is not their
// game 7. An error wraps [ErrRules] for rules [Rules.Validate] refuses.
func New(r Rules, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	rng := deck.NewRNG(seed)
	d := card.All()
	order := d[:card.Joker-1]
	rng.Shuffle(order)
	return deal(&game{rules: r, seed: seed}, order), nil
}

// Deal deals a game of r from an explicit order of the 52 cards, top
// first.
//
// Aisleriot's deal (Rules.KingsAside false) lays one card face up on each
// of the eight places, in the layout's order: reserve slots 1 to 6, the
// foundation (the middle of the arch's bottom row), slot 7. Then, place by
// place in that order, a king there goes to the bottom of the stock and
// the place takes the stock's top card, again until it holds no king (the
// card taken may be a king too). The rule text (Aisleriot's, with GNOME
// Aisleriot's game) says: "During this deal, if a King is dealt, remove
// the King and place it on the bottom of the deck. Deal another card into
// this pile."
//
// PySol's deal (Rules.KingsAside true) sets the kings aside first: slots 1
// to 7 and then the foundation take the first eight cards of the order
// that are not kings, and the kings met before the eighth go to the bottom
// of the stock in the order met.
//
// The rest is the stock; with Rules.TurnAfterDeal its top card is turned
// onto the waste.
//
// seed is the game's seed, as in every game's Deal: there it drives the
// shuffles after the first deal (the later rounds, a stock rebuilt from
// the pile); a patience has none, so here it is only recorded, in
// [State.Record], and play never reads it. An error wraps [ErrRules] for
// rules Validate refuses, and [ErrDeal] for an order that is not the deck.
func Deal(r Rules, order []card.Card, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	if len(order) != 52 {
		return State{}, fail(ErrDeal, "an order of "+itoa(len(order))+" cards: the deck is 52 cards, no jokers")
	}
	var seen [card.Kinds]bool
	for i, c := range order {
		switch {
		case !c.IsValid() || c.IsJoker():
			return State{}, fail(ErrDeal, "card "+itoa(i+1)+" of the order is not a card of the deck")
		case seen[c]:
			return State{}, fail(ErrDeal, "card "+itoa(i+1)+" of the order, "+c.String()+", comes twice")
		}
		seen[c] = true
	}
	return deal(&game{rules: r, seed: seed, order: slices.Clone(order)}, order), nil
}

// deal lays out order (top first): the eight places, kings handled as
// the rules say (see [Deal]), then the stock, and the waste's first card
// with Rules.TurnAfterDeal.
func deal(g *game, order []card.Card) State {
	s := State{state: state{g: g, pass: 1, count: 1}}
	var places [Slots + 1]card.Card // the eight places, in the order dealt
	var stock []card.Card
	if g.rules.KingsAside {
		// PySol: the kings met are set aside to the stock's bottom before
		// the deal, and the places take the first eight other cards.
		var kings []card.Card
		i, n := 0, 0
		for ; n < len(places); i++ {
			if c := order[i]; c.Rank() == card.King {
				kings = append(kings, c)
			} else {
				places[n] = c
				n++
			}
		}
		stock = slices.Concat(order[i:], kings)
		copy(s.reserve[:], places[:Slots])
		s.found[0] = places[Slots]
	} else {
		// Aisleriot: all eight places first, then, place by place, a
		// king goes to the stock's bottom and the place takes the stock's
		// top card, until it holds no king. The stock always holds 40
		// cards that are not kings, so each place ends with one.
		copy(places[:], order)
		stock = slices.Clone(order[len(places):])
		for i := range places {
			for places[i].Rank() == card.King {
				stock = append(stock, places[i])
				places[i], stock = stock[0], stock[1:]
			}
		}
		copy(s.reserve[:6], places[:6])
		s.found[0] = places[6]
		s.reserve[6] = places[7]
	}
	s.n = uint8(copy(s.talon[:], stock))
	if g.rules.TurnAfterDeal {
		s.w = 1
	}
	s.over = !s.canMove()
	s.h = eventlog.NewWords()
	return s
}
