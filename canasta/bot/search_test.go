package bot

import (
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/search/searchtest"
	"github.com/cardrules/cardrules/meld"
)

// searched reports whether the seat to act in s makes a decision the
// search player searches: the start of its turn, when it may take the
// pile as well as draw.
func searched(s canasta.State) bool {
	return s.Phase() == canasta.Drawing && len(s.AppendLegal(nil)) > 1
}

// small is a budget for the tests: few play-outs.
var small = Budget{Playouts: 8}

// The search player chooses legal actions only, the same for the same View
// and seed, and the same for two States that show the seat the same View.
func TestSearchProperties(t *testing.T) {
	s, err := canasta.New(canasta.Classic(), 5)
	if err != nil {
		t.Fatal(err)
	}
	positions := searchtest.Positions(t, s, []Player{Heuristic(1), Heuristic(2), Heuristic(3), Heuristic(4)}, 4, searched)
	searchtest.Check(t, positions, 3, func(seed uint64) cardrules.Player[canasta.View, canasta.Action] {
		return SearchWith(seed, small)
	}, canasta.Determinize)
}

// A whole round between a search player (on a small budget) and heuristic
// players ends without an illegal action, and no decision spends more
// play-outs than its budget.
func TestSearchPlaysARound(t *testing.T) {
	s, err := canasta.New(canasta.Classic(), 9)
	if err != nil {
		t.Fatal(err)
	}
	p := SearchWith(4, small).(*searchPlayer)
	decisions := 0
	b := searchtest.Within(t, Player(p), func() int { return p.s.Playouts }, small.Playouts, &decisions)
	players := []Player{b, Heuristic(2), Heuristic(3), Heuristic(4)}
	if _, err := cardrules.Run(s, players, Options{Limit: 10_000, Until: func(s canasta.State) bool { return s.Round() > 1 }}); err != nil {
		t.Fatal(err)
	}
	if decisions == 0 {
		t.Fatal("no decision searched")
	}
}

// Cards hands out the cards of a scenario's position, each card of the
// rules' shoe once, and builds its melds. It is exported for the external
// tests of the package.
type Cards struct {
	t    testing.TB
	r    canasta.Rules
	rest card.Multiset
}

// NewCards returns the shoe of r's cards, for t.
func NewCards(t testing.TB, r canasta.Rules) *Cards {
	shoe, _ := deck.Shoe(r.Decks, r.JokersPerDeck)
	rest, _ := card.MultisetOf(shoe...)
	return &Cards{t: t, r: r, rest: rest}
}

// Use takes the cards s names out of the shoe.
func (c *Cards) Use(s string) []card.Card {
	c.t.Helper()
	cs := card.MustParseCards(s)
	for _, x := range cs {
		if err := c.rest.Remove(x); err != nil {
			c.t.Fatal(err)
		}
	}
	return cs
}

// Meld takes the cards s names out of the shoe as a meld of team's.
func (c *Cards) Meld(team int, s string) canasta.TeamMeld {
	c.t.Helper()
	m, err := c.r.Meld.New(c.Use(s)...)
	if err != nil {
		c.t.Fatal(err)
	}
	return canasta.TeamMeld{Team: team, Meld: m}
}

// Rest returns the cards left in the shoe.
func (c *Cards) Rest() []card.Card { return c.rest.Cards() }

// discardScenario returns a Classic position at the start of seat 0's turn
// at the end of a round: both teams are down, the stock holds one card
// (the seven of spades, which seat 0 will draw), the discard pile holds
// 56 cards and is frozen (a two lies in it), team 1 has a canasta of
// seven kings, and seat 0 holds the four of clubs and the eighth king.
func discardScenario(t *testing.T) canasta.State {
	t.Helper()
	r := canasta.Classic()
	shoe := NewCards(t, r)
	use, melds := shoe.Use, shoe.Meld
	p := canasta.Position{
		Rules: r, Round: 1, Phase: canasta.Drawing, Turn: 0, Totals: make([]int, 2),
		Melds: []canasta.TeamMeld{melds(1, "KC KC KH KH KS KS KD"), melds(0, "QC QD QH"),
			melds(0, "8C 8D 8H 8S"), melds(1, "JD JH JS")},
		RedThrees: make([][]card.Card, 2), Down: []bool{true, true},
	}
	hand0, under, upcard, top := use("4C KD"), use("2C"), use("9D"), use("7S")
	var others []card.Card
	for _, c := range shoe.Rest() {
		if meld.IsRedThree(c) {
			p.RedThrees[0] = append(p.RedThrees[0], c)
		} else {
			others = append(others, c)
		}
	}
	deal := func(n int) []card.Card {
		cs := others[:n:n]
		others = others[n:]
		return cs
	}
	p.Hands = [][]card.Card{hand0, deal(10), deal(8), deal(10)}
	p.Pile = append(append(under, others...), upcard...)
	p.Stock = top
	s, err := canasta.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The search player searches its discard in the middle of its turn,
// rebuilt from the turn's start, where the heuristic only rates the cards:
// with a frozen pile of 30 cards, the heuristic discards a low card
// (the four or the seven, 5 points each) and keeps the king, a rank the
// next opponent has melded; the search discards the king, the eighth of
// the two decks' eight, which no one can hold a natural pair of to take
// the frozen pile with, where a four or a seven gives the pile to any
// player holding a pair of it.
func TestSearchDiscardsWhatNoOneCanTake(t *testing.T) {
	start := discardScenario(t)
	for seed := range uint64(3) {
		p, h := SearchWith(seed, Budget{}), Heuristic(seed)
		v := start.View(0)
		if a, b := p.Choose(v), h.Choose(v); a != canasta.Draw() || b != canasta.Draw() {
			t.Fatalf("seed %d: the search %v and the heuristic %v, want both to draw", seed, a, b)
		}
		s, err := start.Apply(canasta.Draw())
		if err != nil {
			t.Fatal(err)
		}
		v = s.View(0)
		if a := h.Choose(v); a.Kind() != canasta.KindDiscard || a.Card().Rank() == card.King {
			t.Fatalf("seed %d: the heuristic plays %v, want a discard other than the king", seed, a)
		}
		if a := p.Choose(v); a.String() != "discard KD" {
			t.Fatalf("seed %d: the search plays %v, want discard KD", seed, a)
		}
	}
}

// In the middle of its turn the search player samples with
// canasta.Determinize: over a round, each of its mid-turn Views gives
// States that show it the same View, dealt anew, from which a take-back
// returns to the hand and melds the View says it would.
func TestSearchSamplesTheTurn(t *testing.T) {
	s, err := canasta.New(canasta.Classic(), 9)
	if err != nil {
		t.Fatal(err)
	}
	p := SearchWith(4, small).(*searchPlayer)
	players := []Player{p, Heuristic(2), Heuristic(3), Heuristic(4)}
	tried, differ, back := 0, 0, 0
	for n := 0; !s.Over() && s.Round() == 1; n++ {
		if n > 10_000 {
			t.Fatal("the round does not end")
		}
		who := s.ToAct()
		v := s.View(who)
		if who == 0 && v.Phase == canasta.Melding {
			var first canasta.State
			for seed := range uint64(2) {
				tried++
				d, err := canasta.Determinize(v, seed)
				if err != nil {
					t.Fatalf("seat 0's View in the middle of its turn: %v", err)
				}
				if got := d.View(0); !reflect.DeepEqual(got, v) {
					t.Fatalf("the sample shows\n%+v\nnot\n%+v", got, v)
				}
				if seed == 0 {
					first = d
				} else if !first.Equal(d) {
					differ++
				}
			}
			if slices.Contains(v.Legal, canasta.TakeBack()) {
				back++
				d, err := first.Apply(canasta.TakeBack())
				if err != nil {
					t.Fatal(err)
				}
				want := v.Hand
				_ = want.AddAll(v.LaidCards)
				if w := d.View(0); w.Hand != want || !slices.Equal(w.Teams[0].Melds, v.FixedMelds) || w.LaidThisTurn != v.FixedLaid {
					t.Fatalf("a take-back from the sample gives hand %v, melds %v, %d laid; the View says %v, %v, %d",
						w.Hand, w.Teams[0].Melds, w.LaidThisTurn, want, v.FixedMelds, v.FixedLaid)
				}
			}
		}
		if s, err = s.Apply(players[who].Choose(v)); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d sampled, %d pairs dealt differently, %d take-backs", tried, differ, back)
	if tried == 0 || differ*4 < tried || back == 0 {
		t.Fatalf("%d sampled, %d pairs dealt differently, %d take-backs", tried, differ, back)
	}
}
