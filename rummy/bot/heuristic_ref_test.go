package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/score"
	"pgregory.net/rapid"
)

// sameDecisions fails t unless the heuristic player and the reference
// (refheuristic_test.go) decide v alike, and, where v is the seat's turn to
// play, read the same table, find the same best plan and rate the
// discards alike. p and ref are the two players, fed the same Views from
// the start, so their generators must still agree. It returns the action.
func sameDecisions(t rapid.TB, p *heuristic, ref *refHeuristic, v rummy.View) rummy.Action {
	t.Helper()
	if v.Phase == rummy.Playing && v.Turn == v.Seat {
		var got table
		got.read(&v)
		want := refRead(v)
		if got.hand != cards(want.hand) || got.dead != cards(want.dead) || got.keep != cards(want.keep) ||
			!slices.Equal(got.melds, asMelds(want.melds)) || got.values != v.Rules.Values.Melded {
			t.Fatalf("read: %+v, the reference %+v", got, *want)
		}
		var s searcher
		plan, wantPlan := s.bestPlan(&got), want.bestPlan()
		if plan.left != cards(wantPlan.left) || plan.score != wantPlan.score || !slices.Equal(plan.steps, asSteps(wantPlan.steps)) {
			t.Fatalf("bestPlan: %+v, the reference %+v", plan, wantPlan)
		}
		options, best := ratedDiscards(&v, &got, plan.left)
		wantOptions, wantBest := refRatedDiscards(v, want, wantPlan.left)
		if best != wantBest || !slices.Equal(options, asRated(wantOptions)) {
			t.Fatalf("ratedDiscards: %v best %d, the reference %v best %d", options, best, wantOptions, wantBest)
		}
	}
	a, want := p.Choose(v), ref.Choose(v)
	if a != want {
		t.Fatalf("the heuristic chose %v, the reference %v, for %+v", a, want, v)
	}
	return a
}

// convert returns f of each of xs.
func convert[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func asMelds(xs []refCards) []meldFit {
	return convert(xs, func(x refCards) meldFit { return meldFit{cards(x), fitting(cards(x))} })
}

func asRated(xs []refRated) []rated { return convert(xs, func(x refRated) rated { return rated(x) }) }

func asSteps(xs []refStep) []step {
	return convert(xs, func(x refStep) step { return step{meld: cards(x.meld), card: cards(x.card), target: x.target} })
}

// The heuristic player decides every View of games of two to six players,
// under the basic rules and house rules (cards taken kept, bigger hands,
// limited rebuilds), exactly as the reference does, its generator's draws
// included: the same action, and in each turn the same table, best plan
// and rated discards. Some seats' actions are random, so that positions
// the heuristic would not reach are decided too.
func TestHeuristicAsReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rummy.Basic()
		r.Players = rapid.IntRange(rummy.MinPlayers, rummy.MaxPlayers).Draw(t, "players")
		r.KeepTaken = rapid.Bool().Draw(t, "keepTaken")
		r.HandSize = rapid.IntRange(0, (52-2)/r.Players).Draw(t, "handSize")
		r.Rebuilds = rapid.IntRange(0, 2).Draw(t, "rebuilds")
		r.Rounds = 2
		seed := rapid.Uint64().Draw(t, "seed")
		random := rapid.IntRange(0, 100).Draw(t, "random%")
		s, err := rummy.New(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		players := make([]*heuristic, r.Players)
		refs := make([]*refHeuristic, r.Players)
		for i := range players {
			players[i] = Heuristic(seed + uint64(i)).(*heuristic)
			refs[i] = refNewHeuristic(seed + uint64(i)).(*refHeuristic)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for n := 0; n < 600 && !s.Over(); n++ {
			who := s.ToAct()
			v := s.View(who)
			var a rummy.Action
			if rng.IntN(100) < random {
				a = v.Legal[rng.IntN(len(v.Legal))]
			} else {
				a = sameDecisions(t, players[who], refs[who], v)
			}
			if s, err = s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// The plan search, the table read and the discards rated agree with the
// reference's on random tables: any card values, up to eight melds on the
// table, hands of up to twenty cards, cards in the pile and seen in the
// other hands.
func TestPlanAsReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		deckCards := make([]card.Card, 0, 52)
		for r := card.Ace; r <= card.King; r++ {
			for su := card.Clubs; su <= card.Spades; su++ {
				deckCards = append(deckCards, card.New(r, su))
			}
		}
		order := rapid.Permutation(deckCards).Draw(t, "deck")
		var used cards
		v := rummy.View{Rules: rummy.Basic(), Phase: rummy.Playing, Players: make([]rummy.PlayerView, 2)}
		values := rapid.SliceOfN(rapid.IntRange(-5, 50), 52, 52).Draw(t, "values")
		v.Rules.Values.Melded = score.NewTable(func(c card.Card) int { return values[(int(c)+51)%52] })
		for range rapid.IntRange(0, 8).Draw(t, "melds") {
			su := card.Suit(rapid.IntRange(1, 4).Draw(t, "suit"))
			lo := rapid.IntRange(1, 11).Draw(t, "low")
			var cs []card.Card
			if rapid.Bool().Draw(t, "run") {
				for r := lo; r <= min(13, lo+rapid.IntRange(2, 6).Draw(t, "length")); r++ {
					cs = append(cs, card.New(card.Rank(r), su))
				}
			} else {
				for s := card.Clubs; s <= card.Spades; s++ {
					if s != su || rapid.Bool().Draw(t, "four") {
						cs = append(cs, card.New(card.Rank(lo), s))
					}
				}
			}
			m, err := meld.NewCombination(cs)
			if err != nil || used&setOf(cs) != 0 {
				continue
			}
			used |= setOf(cs)
			v.Melds = append(v.Melds, rummy.TableMeld{Seat: rapid.IntRange(0, 1).Draw(t, "owner"), Meld: m})
		}
		var rest []card.Card
		for _, c := range order {
			if used&bitOf(c) == 0 {
				rest = append(rest, c)
			}
		}
		hand := rest[:rapid.IntRange(0, min(20, len(rest))).Draw(t, "hand")]
		rest = rest[len(hand):]
		_ = v.Hand.AddCards(hand)
		pile := rest[:rapid.IntRange(0, len(rest)/2).Draw(t, "pile")]
		v.Pile = pile
		rest = rest[len(pile):]
		v.Seat = rapid.IntRange(0, 1).Draw(t, "seat")
		v.Turn = v.Seat
		v.Players[0].Seat, v.Players[1].Seat = 0, 1
		v.Players[1-v.Seat].Known = rest[:rapid.IntRange(0, min(3, len(rest))).Draw(t, "known")]
		if v.Rules.KeepTaken = rapid.Bool().Draw(t, "keepTaken"); len(hand) > 0 && rapid.Bool().Draw(t, "taken") {
			v.Taken = hand[rapid.IntRange(0, len(hand)-1).Draw(t, "takenCard")]
		}
		for _, c := range hand {
			a, _ := rummy.Discard(c)
			v.Legal = append(v.Legal, a)
		}
		sameDecisions(t, Heuristic(1).(*heuristic), refNewHeuristic(1).(*refHeuristic), v)
		if len(pile) > 0 {
			v.Phase, v.Legal = rummy.Drawing, []rummy.Action{rummy.DrawStock(), rummy.DrawPile()}
			sameDecisions(t, Heuristic(1).(*heuristic), refNewHeuristic(1).(*refHeuristic), v)
		}
	})
}

// fitting lists exactly the cards that lay off on a meld, for every run
// and group of the deck.
func TestFitting(t *testing.T) {
	var melds []cards
	for su := card.Clubs; su <= card.Spades; su++ {
		for lo := 1; lo <= 11; lo++ {
			for hi := lo + 2; hi <= 13; hi++ {
				melds = append(melds, cards(uint64(1)<<(hi+1)-uint64(1)<<lo)<<(16*(uint(su)-1)))
			}
		}
	}
	for r := card.Ace; r <= card.King; r++ {
		melds = append(melds, rankOf(r))
		for x := rankOf(r); x != 0; x &= x - 1 {
			melds = append(melds, rankOf(r)&^(x&-x))
		}
	}
	for _, m := range melds {
		var want cards
		for x := deck; x != 0; x &= x - 1 {
			if refFits(refCards(m), refCards(x&-x)) {
				want |= x & -x
			}
		}
		if got := fitting(m); got != want || !isMeld(m) {
			t.Errorf("fitting(%v) = %v, want %v", m.appendTo(nil), got.appendTo(nil), want.appendTo(nil))
		}
	}
	if len(melds) != 4*66+13*5 {
		t.Errorf("%d melds, want %d", len(melds), 4*66+13*5)
	}
}

// heldOf reads every card of a hand, the joker as no card.
func TestHeldOf(t *testing.T) {
	var all card.Multiset
	for c := card.Card(1); c <= card.Joker; c++ {
		var m card.Multiset
		if err := m.Add(c); err != nil {
			t.Fatal(err)
		}
		_ = all.Add(c)
		if got, want := heldOf(m), cards(refSetOf([]card.Card{c})); got != want {
			t.Errorf("heldOf(%v) = %#x, want %#x", c, got, want)
		}
	}
	if got := heldOf(all); got != deck {
		t.Errorf("heldOf(every card) = %#x, want %#x", got, deck)
	}
}
