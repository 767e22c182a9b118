package handfoot

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestViewShowsOwnHand: a change the seat can see (its own hand) changes
// its View. (That changes it cannot see leave its View alone is the
// conformance harness's secrecy check, with resample in conform_test.go.)
func TestViewShowsOwnHand(t *testing.T) {
	viewChecks = 0
	defer func() {
		if want := 50; viewChecks < want && !(testing.Short() && viewChecks >= want/5) { // -short: rapid checks a fifth
			t.Errorf("only %d of the random positions were checked", viewChecks)
		}
	}()
	rapid.Check(t, func(rt *rapid.T) {
		rules := rapid.SampledFrom([]Rules{RulesA(), RulesB(), RulesA().WithLayout(6, 3), RulesB().WithLayout(2, 2)}).Draw(rt, "rules")
		seed := rapid.Uint64().Draw(rt, "seed")
		s, err := New(rules, seed)
		if err != nil {
			rt.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		steps := rapid.IntRange(0, 400).Draw(rt, "steps")
		for range steps {
			if s.Over() {
				break
			}
			legal := Legal(s)
			s, _ = Apply(s, legal[rng.IntN(len(legal))])
		}
		// Play on to the start of a turn, where a hand may change and the
		// position stay one of the game.
		for guard := 0; s.Phase() != Drawing && !s.Over() && guard < 100; guard++ {
			legal := Legal(s)
			s, _ = Apply(s, legal[rng.IntN(len(legal))])
		}
		if s.Phase() != Drawing {
			return
		}
		viewChecks++
		seat := rapid.IntRange(0, rules.Players-1).Draw(rt, "seat")
		// Its own hand is visible: swapping a card of it with the stock's
		// top changes the View.
		if s.Hand(seat).Len() > 0 && s.StockSize() > 0 {
			q := s.Position()
			q.Seats = append([]SeatPosition(nil), q.Seats...)
			own := q.Seats[seat].Hand
			var first card.Card
			for c := range own.All() {
				first = c
				break
			}
			top := q.Stock[0]
			if top != first {
				_ = own.Remove(first)
				_ = own.Add(top)
				q.Seats[seat].Hand = own
				q.Stock = append([]card.Card{first}, q.Stock[1:]...)
				if changed, err := FromPosition(q); err == nil && cmp.Equal(s.View(seat), changed.View(seat), cmpOpts) {
					rt.Fatalf("seat %d: a different own hand gives the same View", seat)
				}
			}
		}
	})
}

// A View holds counts, not cards, for everything the seat cannot see.
func TestViewShowsCountsOnly(t *testing.T) {
	s, err := New(RulesA(), 11)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(1)
	if v.Hand != s.Hand(1) || v.Foot != 11 || v.StockSize != s.StockSize() || v.Upcard != s.Upcard() {
		t.Fatalf("View(1) = hand %v foot %d stock %d upcard %v", v.Hand, v.Foot, v.StockSize, v.Upcard)
	}
	for _, pv := range v.Players {
		if pv.Hand != 11 || pv.Foot != 11 || pv.InFoot {
			t.Errorf("player %d seen as hand %d foot %d", pv.Seat, pv.Hand, pv.Foot)
		}
	}
	if (v.Legal != nil) != (s.ToAct() == 1) {
		t.Errorf("View(1).Legal = %v with seat %d to act", v.Legal, s.ToAct())
	}
	if got := s.View(s.ToAct()).Legal; len(got) == 0 {
		t.Error("the seat to act sees no legal actions")
	}
	for _, seat := range []int{-1, 4, 9} {
		if !cmp.Equal(s.View(seat), View{}, cmpOpts) {
			t.Errorf("seat %d outside the table gets a View", seat)
		}
	}
}

var viewChecks int

// JSON of a View round-trips, in every phase a game passes through: a
// server can send it and a client read it back, to the same View and the
// same bytes.
func TestViewJSONRoundTrip(t *testing.T) {
	seen := map[Phase]bool{}
	for seed := range uint64(8) {
		if len(seen) == int(GameOver) {
			break
		}
		rules := []Rules{RulesA(), withChoice(RulesB())}[seed%2]
		s, err := New(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 8))
		for step := 0; ; step++ {
			if !seen[s.Phase()] || step%97 == 0 {
				seen[s.Phase()] = true
				for _, seat := range []int{s.Turn(), (s.Turn() + 1) % rules.Players} {
					viewRoundTrip(t, s.View(seat))
				}
			}
			if s.Over() {
				break
			}
			legal := Legal(s)
			s, _ = Apply(s, legal[rng.IntN(len(legal))])
		}
	}
	for p := Choosing; p <= GameOver; p++ {
		// Random play seldom asks to go out: TestViewJSONQuestion does.
		if !seen[p] && p != Answering {
			t.Errorf("never saw %v", p)
		}
	}
}
