package doublets

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// New deals a game of r shuffled from seed: the same rules and seed give
// the same game, forever. An error wraps [ErrRules] for rules
// [Rules.Validate] refuses.
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
// first. One card goes face up to each reserve slot and to the foundation,
// in the layout's order: slots 1 to 6, the foundation (which sits in the
// arch's middle), slot 7. A king dealt to any of these eight places goes to
// the bottom of the stock, and the place takes the next card. The rest is
// the stock; with Rules.TurnAfterDeal its top card is turned onto the
// waste. An error wraps [ErrRules] for rules Validate refuses, and
// [ErrDeal] for an order that is not the deck.
func Deal(r Rules, order []card.Card) (State, error) {
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
	return deal(&game{rules: r, order: slices.Clone(order)}, order), nil
}

// deal lays out order (top first).
func deal(g *game, order []card.Card) State {
	s := State{g: g, pass: 1}
	stock := slices.Clone(order)
	take := func() card.Card {
		for {
			c := stock[0]
			stock = stock[1:]
			if c.Rank() != card.King {
				return c
			}
			stock = append(stock, c) // a king goes to the bottom of the stock
		}
	}
	for place := range Slots + 1 {
		c := take()
		switch {
		case place < 6:
			s.reserve[place] = c
		case place == 6:
			s.found[0], s.count = c, 1
		default:
			s.reserve[6] = c
		}
	}
	s.n = uint8(copy(s.talon[:], stock))
	if g.rules.TurnAfterDeal {
		s.w = 1
	}
	s.over = !s.canMove()
	return s
}
