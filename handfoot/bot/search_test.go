package bot

import (
	"github.com/cardrules/cardrules"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
)

// sampleChecker is a search player that, at each of its decisions in the
// middle of a turn, samples the position as its search does
// ([handfoot.Determinize]) and checks the sample against the View, and a
// take-back from it against what the View says a take-back returns to.
type sampleChecker struct {
	*searchPlayer
	t                   *testing.T
	tried, differ, back int
}

func (c *sampleChecker) Choose(v handfoot.View) handfoot.Action {
	if v.Turn == v.Seat && v.Phase != handfoot.Drawing && len(v.Legal) > 0 {
		var first handfoot.State
		for i := range uint64(2) {
			c.tried++
			s, err := handfoot.Determinize(v, 100+i)
			if err != nil {
				c.t.Fatalf("seat %d's View in the middle of its turn: %v", v.Seat, err)
			}
			if got := s.View(v.Seat); !reflect.DeepEqual(got, v) {
				c.t.Fatalf("the sample shows seat %d\n%+v\nnot\n%+v", v.Seat, got, v)
			}
			if i == 0 {
				first = s
			} else if !first.Equal(s) {
				c.differ++
			}
		}
		if slices.Contains(v.Legal, handfoot.TakeBack()) {
			c.back++
			s, err := handfoot.Apply(first, handfoot.TakeBack())
			if err != nil {
				c.t.Fatal(err)
			}
			want := v.Hand
			_ = want.AddAll(v.LaidCards)
			if w := s.View(v.Seat); w.Hand != want || !slices.Equal(w.Teams[v.Team].Melds, v.FixedMelds) || w.LaidThisTurn != v.FixedLaid {
				c.t.Fatalf("a take-back from the sample gives hand %v, melds %v, %d laid; the View says %v, %v, %d",
					w.Hand, w.Teams[v.Team].Melds, w.LaidThisTurn, want, v.FixedMelds, v.FixedLaid)
			}
		}
	}
	return c.searchPlayer.Choose(v)
}

// In the middle of its turn the search player samples positions its View
// cannot tell from the real one, and deals them anew; a take-back in a
// sample returns to the hand and melds the View says it would.
func TestSearchSamplesTheTurn(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		c := &sampleChecker{searchPlayer: SearchWith(1, Budget{Playouts: 4}).(*searchPlayer), t: t}
		for seed := range uint64(2) {
			s, err := handfoot.New(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			players := []Player{c, Heuristic(seed + 1), Heuristic(seed + 2), Heuristic(seed + 3)}
			if _, err := cardrules.Run(s, players, Options{Limit: 100_000, Until: func(s handfoot.State) bool { return s.Round() > 1 }}); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("rules %s: %d sampled, %d pairs dealt differently, %d take-backs", rules.Name, c.tried, c.differ, c.back)
		if c.tried < 60 || c.differ < c.tried/2*4/10 || c.back == 0 {
			t.Errorf("rules %s: %d sampled, %d pairs dealt differently, %d take-backs", rules.Name, c.tried, c.differ, c.back)
		}
	}
}

// decision is one of a player's decisions: the View it was shown, the
// action it chose, the play-outs it ran, and whether the last choices it
// compared were discards, and whether it compared laying every card it
// can with the heuristic's play (a turn's play, not going out).
type decision struct {
	v             handfoot.View
	a             handfoot.Action
	played        int
	discards, lay bool
}

// recorder is a search player that records its decisions.
type recorder struct {
	*searchPlayer
	log []decision
}

func (r *recorder) Choose(v handfoot.View) handfoot.Action {
	before, out := r.s.Playouts, r.h.wouldGoOut(&v)
	r.cands = r.cands[:0]
	a := r.searchPlayer.Choose(v)
	discards, turn := len(r.cands) > 1, false
	for _, c := range r.cands {
		discards = discards && c.Turn == nil && c.Action.Kind() == handfoot.KindDiscard
		turn = turn || c.Turn != nil
	}
	r.log = append(r.log, decision{v, a, r.s.Playouts - before, discards, turn && !out})
	return a
}

// The search player searches its discard, in the middle of its turn, under
// both rule sets: over a round, some of its discards run play-outs over
// discards (the heuristic's and others), none of its discards more than
// its budget, each a legal discard; and a player of the same seed shown
// the same Views discards the same cards. It compares laying every card
// with the heuristic's play only where it may lay a card: a turn whose
// first decision after the draw is its discard searches the discard.
func TestSearchSearchesTheDiscard(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		s, err := handfoot.New(rules, 3)
		if err != nil {
			t.Fatal(err)
		}
		r := &recorder{searchPlayer: SearchWith(7, small).(*searchPlayer)}
		players := []Player{r, Heuristic(2), Heuristic(3), Heuristic(4)}
		if _, err := cardrules.Run(s, players, Options{Limit: 100_000, Until: func(s handfoot.State) bool { return s.Round() > 1 }}); err != nil {
			t.Fatal(err)
		}
		searched := 0
		again := SearchWith(7, small)
		for _, d := range r.log {
			if d.lay && !canLay(d.v) {
				t.Errorf("rules %s: laying every card searched where no card can be laid: %v", rules.Name, d.v.Legal)
			}
			if a := again.Choose(d.v); a != d.a {
				t.Fatalf("rules %s: shown the same View, the same seed plays %v, not %v", rules.Name, a, d.a)
			}
			if d.a.Kind() != handfoot.KindDiscard || d.played == 0 {
				continue
			}
			if d.discards {
				searched++
			}
			if d.played > small.Playouts {
				t.Errorf("rules %s: a discard ran %d play-outs, over its budget of %d", rules.Name, d.played, small.Playouts)
			}
			if !slices.Contains(d.v.Legal, d.a) {
				t.Errorf("rules %s: %v is not legal", rules.Name, d.a)
			}
		}
		if searched == 0 {
			t.Errorf("rules %s: no discard searched", rules.Name)
		}
	}
}

// Under rule set B the search weighs laying every card it can against the
// heuristic's play; laying cards needs no partner's leave (only going out
// does), so that play lays a card where the heuristic, able to go out,
// would ask its partner first. Positions are found by heuristic play:
// the seat to act is melding from its foot, may ask and may lay a card.
func TestLayAllLaysWithoutAsking(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 40 && found < 5; seed++ {
		s, err := handfoot.New(handfoot.RulesB(), seed)
		if err != nil {
			t.Fatal(err)
		}
		players := []Player{Heuristic(seed), Heuristic(seed + 1), Heuristic(seed + 2), Heuristic(seed + 3)}
		_, err = cardrules.Run(s, players, Options{Limit: 100_000, Until: func(s handfoot.State) bool {
			v := s.View(s.ToAct())
			if v.Phase != handfoot.Melding || !canLay(v) {
				return false
			}
			if _, ok := find(&v, handfoot.KindAsk); !ok {
				return false
			}
			found++
			h := newHeuristic(seed)
			h.variant = layAll
			a := h.Choose(v)
			if k := a.Kind(); k != handfoot.KindMeld && k != handfoot.KindAdd {
				t.Errorf("seed %d: laying every card, the heuristic chose %v, not a meld step, at\n%+v", seed, a, v)
			}
			return found >= 5
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found == 0 {
		t.Fatal("no position where the player may ask and lay a card")
	}
}
