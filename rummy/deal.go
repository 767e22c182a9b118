package rummy

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/eventlog"
)

// New deals a game of r shuffled from seed: the same rules and seed give
// the same game, forever. The seed also drives the shuffles of the stocks
// rebuilt from the pile and of the later rounds. An error wraps
// [ErrRules] for rules [Rules.Validate] refuses.
func New(r Rules, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	rng := deck.NewRNG(seed)
	g := &game{rules: r, round: 1, origin: &origin{seed: seed}}
	s := deal(g, shuffled(&rng), rng)
	s.h = eventlog.NewWords()
	return s, nil
}

// Deal deals a game of r from an explicit order of the 52 cards, top
// first, as a real table's shuffle left them (for tests, and for replaying
// a game dealt by hand). The cards go one at a time to each seat in turn,
// seat 0 first; the next card is turned up to start the discard pile, and
// the rest is the stock. seed drives the shuffles of the stocks rebuilt
// from the pile and of the later rounds. An error wraps [ErrRules] for
// rules Validate refuses, and [ErrDeal] for an order that is not the deck.
func Deal(r Rules, order []card.Card, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	if err := checkOrder(order); err != nil {
		return State{}, err
	}
	g := &game{rules: r, round: 1, origin: &origin{seed: seed, shoes: map[int][]card.Card{1: slices.Clone(order)}}}
	s := deal(g, order, deck.NewRNG(seed))
	s.h = eventlog.NewWords()
	return s, nil
}

// DealNext deals the round that follows the one s has ended from an
// explicit order of the 52 cards, as [Deal] does, in place of [Next]'s
// shuffle. An error wraps [ErrNotNow] when s is not between rounds, and
// [ErrDeal] for an order that is not the deck.
func DealNext(s State, order []card.Card) (State, error) {
	if s.g == nil || s.phase != RoundOver {
		return s, fail(ErrNotNow, "the next round is dealt once a round is over and the game goes on")
	}
	if err := checkOrder(order); err != nil {
		return s, err
	}
	g := *s.g
	g.round++
	o := *g.origin
	o.shoes = make(map[int][]card.Card, len(o.shoes)+1)
	for k, v := range g.origin.shoes {
		o.shoes[k] = v
	}
	o.shoes[g.round] = slices.Clone(order)
	g.origin = &o
	next := deal(&g, order, s.rng)
	next.h = s.h
	next.h.Append(uint64(newEntry(Next(), 0, 0).withFlags(dealtFromOrder)))
	return next, nil
}

// checkOrder reports whether order is the 52 cards of one deck, each once.
func checkOrder(order []card.Card) error {
	if len(order) != 52 {
		return fail(ErrDeal, "an order of "+itoa(len(order))+" cards: the deck is 52 cards, no jokers")
	}
	var seen set
	for i, c := range order {
		b := bit(c)
		if b == 0 {
			return fail(ErrDeal, "card "+itoa(i+1)+" of the order, "+cardText(c)+", is not a card of the deck")
		}
		if seen&b != 0 {
			return fail(ErrDeal, "card "+itoa(i+1)+" of the order, "+c.String()+", comes twice")
		}
		seen |= b
	}
	return nil
}

// shuffled returns the deck shuffled by rng, top first.
func shuffled(rng *deck.RNG) []card.Card {
	d := card.All()
	order := d[:card.Joker-1]
	rng.Shuffle(order)
	return order
}

// deal deals the round g.round from order (top first), with rng for the
// round's rebuilds.
func deal(g *game, order []card.Card, rng deck.RNG) State {
	s := State{state: state{g: g, rng: rng, phase: Drawing, wentOut: -1}}
	n, k := g.rules.Players, g.rules.Dealt()
	for i := range n * k {
		s.hands[i%n] |= bit(order[i])
	}
	s.cards[51], s.npile = order[n*k], 1
	rest := order[n*k+1:]
	for i, c := range rest {
		s.cards[len(rest)-1-i] = c
	}
	s.nstock = uint8(len(rest))
	return s
}
