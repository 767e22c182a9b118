// Package famtest holds what the conformance adapters of the
// canasta-family games share, and is not public API: the harness hooks
// every game of the family fills alike ([Conform]), forged and arbitrary
// actions, the reshuffle of what a seat cannot see and the test of a
// game's Resample, the shared part of Legal's order, and the checks of
// scores, winners and the actions a View shows.
package famtest

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// Forged returns an action value no constructor need build: any kind with
// any payload, its card from anyCard.
func Forged(r conform.Rand, anyCard func(label string) card.Card) family.Action {
	var f family.Action
	f.Kind = family.Kind(conform.Range(r, "forgedKind", 0, 13))
	f.Rank = card.Rank(conform.Range(r, "forgedRank", 0, 15))
	f.Target = uint8(conform.Range(r, "forgedTarget", 0, 3))
	if conform.Bool(r, "forgedCard") {
		f.Card = anyCard("forgedCardValue")
	}
	for i := range 4 {
		f.Nat[i] = uint8(conform.Range(r, "forgedNat", 0, 2))
		f.Twos[i] = uint8(conform.Range(r, "forgedTwo", 0, 1))
	}
	f.Jokers = uint8(conform.Range(r, "forgedJokers", 0, 2))
	return f
}

// Hidden is what a seat cannot see of a canasta-family table, to be dealt
// again: the other seats' hands (and whatever else the game hides, in
// Extra, each keeping its size) and the stock. The pile is not hidden:
// every seat saw its cards discarded face up, and a View shows them.
type Hidden struct {
	Seat  int
	Extra []card.Multiset
}

// Reshuffle deals the cards h names afresh among their places, each place
// keeping its size, from a generator seeded with seed: it returns the new
// table, shoe (a new slice) and extra packets. The hand of the player
// whose turn it is keeps the cards laid since the turn's fixed point in its
// fixed point, so that TakeBack returns the new hand.
func Reshuffle[H family.Hands](t family.TableOf[H], c *family.Config, h Hidden, seed uint64) (family.TableOf[H], []card.Card, []card.Multiset) {
	rng := rand.New(rand.NewPCG(seed, 0x7365637265))
	var hidden []card.Card
	for i := range c.Players {
		if i != h.Seat {
			hidden = t.Hands[i].AppendCards(hidden)
		}
	}
	for _, m := range h.Extra {
		hidden = m.AppendCards(hidden)
	}
	stock := c.Shoe[t.Stock:]
	hidden = append(hidden, stock...)
	rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	deal := func(n int) card.Multiset {
		m, _ := card.MultisetOf(hidden[:n]...)
		hidden = hidden[n:]
		return m
	}
	for i := range c.Players {
		if i == h.Seat {
			continue
		}
		old := t.Hands[i]
		t.Hands[i] = deal(old.Len())
		if i == int(t.Turn) {
			if laid := t.BackHand; laid.RemoveAll(old) == nil {
				t.BackHand = t.Hands[i]
				_ = t.BackHand.AddAll(laid)
			}
		}
	}
	extra := make([]card.Multiset, len(h.Extra))
	for i, m := range h.Extra {
		extra[i] = deal(m.Len())
	}
	shoe := slices.Clone(c.Shoe)
	copy(shoe[t.Stock:], hidden[:len(stock)])
	return t, shoe, extra
}

// Picker draws the parts of arbitrary actions from a hand: cards mostly
// from it, ranks mostly of its cards, and meld cards of a rank with some of
// its wild cards and now and then a stray card.
type Picker struct {
	R    conform.Rand
	Hand []card.Card
}

// Card returns a card of the hand, or (one time in three) any card value,
// valid or not.
func (p Picker) Card(label string) card.Card {
	if len(p.Hand) > 0 && conform.Range(p.R, label+"FromHand", 0, 3) > 0 {
		return conform.Pick(p.R, label, p.Hand)
	}
	return card.Card(conform.Range(p.R, label, 0, 60))
}

// Rank returns the rank of a card of the hand, or any rank value.
func (p Picker) Rank() card.Rank {
	if c := p.Card("rankCard"); c.Rank().IsValid() && conform.Bool(p.R, "rankFromCard") {
		return c.Rank()
	}
	return card.Rank(conform.Range(p.R, "rank", 0, 15))
}

// Lay returns some of the hand's cards of rank and wild cards, and one
// time in six a stray card.
func (p Picker) Lay(rank card.Rank) []card.Card {
	var cs []card.Card
	for _, c := range p.Hand {
		if (c.Rank() == rank || c == card.Joker || c.Rank() == card.Two) && conform.Range(p.R, "take", 0, 2) > 0 {
			cs = append(cs, c)
		}
	}
	if conform.OneIn(p.R, "stray", 6) {
		cs = append(cs, p.Card("strayCard"))
	}
	return cs
}

// Shoe returns the cards of a shoe of decks decks with jokers jokers each.
func Shoe(decks, jokers int) card.Multiset {
	cs, _ := deck.Shoe(decks, jokers)
	m, _ := card.MultisetOf(cs...)
	return m
}

// Counts returns how many of cs are natural cards, twos and jokers: the
// order in which Legal lists meld steps of one meld.
func Counts(cs []card.Card) (nat, twos, jokers int) {
	for _, c := range cs {
		switch {
		case c == card.Joker:
			jokers++
		case c.Rank() == card.Two:
			twos++
		default:
			nat++
		}
	}
	return nat, twos, jokers
}

// Variant returns a variant of one of the legal actions: its text in
// upper case read back with parse, or (shift) its meld target moved.
func Variant[A interface{ String() string }](r conform.Rand, legal []A, parse func(string) (A, error), shift func(A, uint8) A) A {
	var zero A
	if len(legal) == 0 {
		return zero
	}
	a := conform.Pick(r, "legal", legal)
	if conform.Bool(r, "upper") {
		b, _ := parse(strings.ToUpper(a.String()))
		return b
	}
	return shift(a, uint8(conform.Range(r, "targetShift", 0, 2)))
}

// MustMeld returns the meld the cards text names make, such as "7C 7D
// 2C", for building positions in tests; it panics when they make none.
func MustMeld(text string) meld.RankMeld {
	m, err := meld.Collect(card.MustParseCards(text))
	if err != nil {
		panic(err)
	}
	return m
}

// Arbitrary draws, for a game whose action type is A, the arbitrary
// actions every game of the family makes alike: the parts of actions from
// the hand (its Picker), random text read with the game's ParseAction,
// variants of legal actions, and forged values no constructor builds.
// Shift moves a legal action's meld target, for variants.
type Arbitrary[A interface{ String() string }] struct {
	Picker
	Legal        []A                        // the legal actions of the step, for variants
	Parse        func(string) (A, error)    // the game's ParseAction
	Words        []string                   // words of the game's action texts, good and bad
	Shift        func(A, uint8) A           // the action with its meld target moved on by d
	DiscardOf    func(card.Card) (A, error) // the game's Discard
	PlainActions []A                        // the game's actions without a payload: ask, the answers, take back, next
}

// Discard returns the game's discard of a card mostly from the hand (the
// zero action when the constructor refuses the card).
func (g Arbitrary[A]) Discard() A {
	a, _ := g.DiscardOf(g.Card("discard"))
	return a
}

// Plain returns one of the game's plain actions.
func (g Arbitrary[A]) Plain() A { return conform.Pick(g.R, "plain", g.PlainActions) }

// Text returns ParseAction of random text: words, cards of the hand and
// stray bytes (the zero action when it does not parse).
func (g Arbitrary[A]) Text() A {
	a, _ := g.Parse(conform.RandomText(g.R, g.Hand, g.Words))
	return a
}

// Variant returns a legal action's text in another case read back, or the
// action with its meld target moved on (see [Variant]).
func (g Arbitrary[A]) Variant() A {
	return Variant(g.R, g.Legal, g.Parse, g.Shift)
}

// Forged returns a forged action value, for the game's action to hold:
// any kind with any payload (see [Forged]).
func (g Arbitrary[A]) Forged() family.Action { return Forged(g.R, g.Card) }
