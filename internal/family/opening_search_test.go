package family_test

// BestOpening against searches over meld steps: one told by counts under
// random meld policies, and one over the engine's own steps, as Legal
// lists them and Apply lays them.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// stepCounts returns the pairs (natural cards from the hand, wild cards)
// one rank's melds reach by meld steps from the hand's nat natural cards
// and wilds wild cards, told by counts alone: a new meld when the rank
// has none, or with second when every one it has is a canasta; a step
// adding to a meld that is not a closed clean canasta. With forced, the
// rank starts with the meld of the upcard and pair natural cards, the
// take's; without, (0, 0) is among the pairs.
func stepCounts(p meld.RankPolicy, second bool, nat, wilds int, forced bool, pair int) map[[2]int]bool {
	type meldCounts struct{ n, w int }
	reached := map[[2]int]bool{}
	seen := map[string]bool{}
	var walk func(melds []meldCounts, usedNat, usedWild int)
	walk = func(melds []meldCounts, usedNat, usedWild int) {
		sorted := slices.Clone(melds)
		slices.SortFunc(sorted, func(a, b meldCounts) int { return a.n*100 + a.w - b.n*100 - b.w })
		key := fmt.Sprint(sorted, usedNat, usedWild)
		if seen[key] {
			return
		}
		seen[key] = true
		reached[[2]int{usedNat, usedWild}] = true
		canStart := true
		for _, m := range melds {
			canStart = canStart && second && m.n+m.w >= p.CanastaSize
		}
		for a := 0; a <= nat-usedNat; a++ {
			for b := 0; b <= wilds-usedWild; b++ {
				if canStart && a > 0 && p.Fits(a, b) {
					walk(append(slices.Clone(melds), meldCounts{a, b}), usedNat+a, usedWild+b)
				}
				for i, m := range melds {
					closed := p.CleanClosed && m.w == 0 && m.n >= p.CanastaSize
					if a+b > 0 && !closed && p.Fits(m.n+a, m.w+b) {
						next := slices.Clone(melds)
						next[i] = meldCounts{m.n + a, m.w + b}
						walk(next, usedNat+a, usedWild+b)
					}
				}
			}
		}
	}
	switch {
	case !forced:
		walk(nil, 0, 0)
	case nat >= pair:
		walk([]meldCounts{{pair + 1, 0}}, pair, 0)
	}
	return reached
}

// searchOpening returns the most points the hand lays as first melds by
// meld steps, each rank's melds found by stepCounts and the ranks'
// choices tried together: -1 when the upcard's meld cannot be laid.
func searchOpening(p meld.RankPolicy, second bool, v score.Table, hand card.Multiset, upcard card.Card, pair int) int {
	var wilds []int
	type rankChoice struct {
		points []int // points[n]: the n most valuable natural cards
		counts [][2]int
	}
	var ranks []rankChoice
	for c, n := range hand.Kinds() {
		if meld.IsWild(c) {
			for range n {
				wilds = append(wilds, v.Points(c))
			}
		}
	}
	slices.SortFunc(wilds, func(a, b int) int { return b - a })
	for r := card.Ace; r <= card.King; r++ {
		if !p.Ranks.Has(r) {
			continue
		}
		var nats []int
		for c, n := range hand.Kinds() {
			if !meld.IsWild(c) && c.Rank() == r {
				for range n {
					nats = append(nats, v.Points(c))
				}
			}
		}
		slices.SortFunc(nats, func(a, b int) int { return b - a })
		points := []int{0}
		for _, x := range nats {
			points = append(points, points[len(points)-1]+x)
		}
		forced := upcard != 0 && r == upcard.Rank()
		if forced {
			for i := range points {
				points[i] += v.Points(upcard)
			}
		}
		reached := stepCounts(p, second, len(nats), len(wilds), forced, pair)
		if forced && len(reached) == 0 {
			return -1
		}
		ch := rankChoice{points: points}
		for k := range reached {
			ch.counts = append(ch.counts, k)
		}
		ranks = append(ranks, ch)
	}
	best := -1
	var try func(i, points, used int)
	try = func(i, points, used int) {
		if i == len(ranks) {
			for _, w := range wilds[:used] {
				points += w
			}
			best = max(best, points)
			return
		}
		for _, k := range ranks[i].counts {
			if used+k[1] <= len(wilds) {
				try(i+1, points+ranks[i].points[k[0]], used+k[1])
			}
		}
	}
	try(0, 0, 0)
	return best
}

// gamePolicy reports whether the games accept p for a table whose pile is
// taken with a natural pair: the upcard and the pair are a meld, and not
// a clean canasta closed already (handfoot.Rules.Validate and
// canasta.Rules.Validate ask CanastaSize 4 or more with CleanClosed).
func gamePolicy(p meld.RankPolicy) bool {
	return p.Fits(3, 0) && !(p.CleanClosed && p.CanastaSize <= 3)
}

// drawOpeningHand draws a hand of the ranks of outRanks, many cards of
// the first, and a few wild cards.
func drawOpeningHand(t *rapid.T, most int) card.Multiset {
	var hand card.Multiset
	for i, r := range outRanks {
		for j := range rapid.IntRange(0, most>>i).Draw(t, fmt.Sprint("nat", r)) {
			_ = hand.Add(card.New(r, card.Suit(rapid.IntRange(1, 4).Draw(t, fmt.Sprint("suit", r, j)))))
		}
	}
	for i := range rapid.IntRange(0, 4).Draw(t, "wilds") {
		_ = hand.Add(rapid.SampledFrom(wildCards).Draw(t, fmt.Sprint("wild", i)))
	}
	return hand
}

var wildCards = []card.Card{card.Joker, card.New(card.Two, card.Clubs), card.New(card.Two, card.Hearts)}

// BestOpening agrees with a search over every sequence of meld steps, told
// by counts, on random hands under random meld policies, with and without
// second melds, card values that differ by suit, with and without the
// upcard's meld.
func TestBestOpeningMatchesSteps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPolicy(t)
		second := rapid.Bool().Draw(t, "second")
		bySuit := rapid.Bool().Draw(t, "bySuit")
		v := score.NewTable(func(c card.Card) int {
			switch {
			case c == card.Joker:
				return 50
			case c.Rank() == card.Two:
				return 20 + 5*int(c.Suit())
			case bySuit:
				return 5*int(c.Rank()%3+1) + 7*int(c.Suit())
			}
			return 5 * int(c.Rank()%3+1)
		})
		hand := drawOpeningHand(t, 12)
		var up card.Card
		pair := 2
		if rapid.Bool().Draw(t, "upcard") && gamePolicy(p) {
			up = card.New(rapid.SampledFrom(outRanks).Draw(t, "upRank"), card.Suit(rapid.IntRange(1, 4).Draw(t, "upSuit")))
		}
		if !p.Ranks.Has(up.Rank()) {
			up = 0
		}
		got := family.BestOpening(p, second, v, hand, up, pair)
		if want := searchOpening(p, second, v, hand, up, pair); got != want {
			t.Fatalf("BestOpening = %d, the search says %d\npolicy %+v second %v hand [%v] upcard %v", got, want, p, second, hand, up)
		}
	})
}

// openingBest returns the most points the player to act lays as first
// melds after tb's take (made with minimum 0: the pile joins the hand at
// once, so the meld steps are the Melding phase's), searching every
// sequence of the meld steps Legal lists; positions searched are
// remembered by hand and melds, in any order.
func openingBest(c *family.Config, tb *family.Table, seen map[string]bool) int {
	melds := make([]string, len(tb.Melds))
	for i, tm := range tb.Melds {
		melds[i] = tm.M.String()
	}
	slices.Sort(melds) // the same melds laid in another order
	key := tb.Hands[tb.Turn].String() + "|" + strings.Join(melds, "|")
	if seen[key] {
		return -1
	}
	seen[key] = true
	best := tb.Laid
	for _, a := range family.AppendLegal(nil, c, tb) {
		if a.Kind != family.Meld && a.Kind != family.Add {
			continue
		}
		next := *tb
		if _, err := next.Apply(c, a); err != nil {
			panic(fmt.Sprintf("Legal listed %v, Apply said %v", a, err))
		}
		best = max(best, openingBest(c, &next, seen))
	}
	return best
}

// BestOpening agrees with the engine: on random hands under random meld
// policies the games accept, of melds of three cards or more, with and without second melds, the most
// points of a search over every sequence of meld steps Legal lists after
// the take is BestOpening's, and the take is allowed for first melds of
// exactly that minimum and refused one point above it.
func TestBestOpeningMatchesEngine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Melds of three cards or more, as in both games: smaller ones
		// multiply the positions past what a test can search.
		p := drawPolicy(t)
		p.MinSize, p.CanastaSize = max(p.MinSize, 3), max(p.CanastaSize, 3)
		if !gamePolicy(p) {
			p = handfoot.RulesB().Meld
		}
		values := score.NewTable(func(c card.Card) int {
			switch {
			case c == card.Joker:
				return 50
			case c.Rank() == card.Two:
				return 20
			case c.Rank() == card.Three:
				return 0
			}
			return 5 * int(c.Rank()%3+1)
		})
		c := &family.Config{
			Pkg: "game", Players: 2, Sides: 2, Meld: p, Values: values, DrawCount: 2,
			SecondMeld: rapid.Bool().Draw(t, "second"), GoOut: family.Canastas{Clean: 1, Dirty: 1},
			Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.TakeBack, family.Discard),
			Shoe:  card.MustParseCards("4C 4D"),
		}
		up := card.New(outRanks[0], card.Spades)
		if !p.Ranks.Has(up.Rank()) {
			up = card.New(card.King, card.Spades)
		}
		hand := drawOpeningHand(t, 7)
		_ = hand.AddN(up-card.Card(card.Spades-card.Clubs), 2) // the pair: clubs
		table := func(minimum int) *family.Table {
			c.Minimums[0] = minimum
			tb := new(family.Table)
			tb.Hands[0] = hand
			_ = tb.Hands[0].AddCards(card.MustParseCards("3C 3S")) // never melded: the turn never goes out
			tb.Hands[1] = card.Multiset{}
			_ = tb.Hands[1].AddCards(card.MustParseCards("JS JH"))
			_ = tb.Pile.Add(up) // alone: nothing else joins the hand
			tb.Upcard = up
			tb.BeginTurn(c, 0)
			return tb
		}
		tb := table(0)
		if _, err := tb.Apply(c, family.Action{Kind: family.Take}); err != nil {
			t.Fatalf("the take at minimum 0: %v", err)
		}
		want := openingBest(c, tb, map[string]bool{})
		got := family.BestOpening(p, c.SecondMeld, values, hand, up, 2)
		if got != want {
			t.Fatalf("BestOpening = %d, the engine's steps lay %d\npolicy %+v second %v hand [%v] upcard %v", got, want, p, c.SecondMeld, hand, up)
		}
		if f := table(want).Check(c, family.Action{Kind: family.Take}); !f.OK() {
			t.Fatalf("the take for first melds of %d, the most the hand lays: %v", want, f.Err("game"))
		}
		f := table(want+1).Check(c, family.Action{Kind: family.Take})
		if short := (family.Fault{Code: family.OpeningShort, N: [4]int32{int32(want), int32(want + 1)}}); f != short {
			t.Fatalf("the take for first melds of %d, one more than the hand lays: %+v, want %+v", want+1, f, short)
		}
	})
}

// openingFloor never claims more than BestOpening finds, on random hands
// under random meld policies with an upcard, and the shortcut it gives
// openingKeeps (spare cards to hold back) agrees with holding back each
// card, or pair of cards, in turn. It is a floor that counts: on a hand of
// clean melds and a pair of the upcard's rank it finds them all.
func TestOpeningFloorBelowBest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPolicy(t)
		if !gamePolicy(p) {
			return
		}
		second := rapid.Bool().Draw(t, "second")
		v := score.NewTable(func(c card.Card) int {
			if c.Rank() == card.Two || c == card.Joker {
				return rapid.IntRange(-20, 50).Draw(t, fmt.Sprint("wild", c))
			}
			return 5*int(c.Rank()%3+1) + 3*int(c.Suit())
		})
		up := card.New(rapid.SampledFrom(outRanks).Draw(t, "upRank"), card.Suit(rapid.IntRange(1, 4).Draw(t, "upSuit")))
		if !p.Ranks.Has(up.Rank()) {
			up = card.New(card.King, up.Suit())
		}
		hand := drawOpeningHand(t, 8)
		if rapid.IntRange(0, 3).Draw(t, "pair") > 0 { // mostly a pair for the upcard's meld
			_ = hand.Add(card.New(up.Rank(), card.Clubs))
			_ = hand.Add(card.New(up.Rank(), card.Hearts))
		}
		if rapid.Bool().Draw(t, "three") {
			_ = hand.Add(card.New(card.Three, card.Spades)) // a card no meld lays
		}
		floor, laid := family.OpeningFloor(p, v, hand, up)
		best := family.BestOpening(p, second, v, hand, up, 2)
		if floor > best || laid > hand.Len() {
			t.Fatalf("openingFloor = %d laying %d cards, BestOpening %d\npolicy %+v second %v hand [%v] upcard %v", floor, laid, best, p, second, hand, up)
		}
		c := &family.Config{Meld: p, SecondMeld: second, Values: v}
		keep := rapid.IntRange(1, 2).Draw(t, "keep")
		need := rapid.IntRange(floor-10, floor+10).Draw(t, "need")
		want := false
		for a := range hand.Kinds() {
			rest := hand
			_ = rest.Remove(a)
			if keep == 1 {
				want = want || family.BestOpening(p, second, v, rest, up, 2) >= need
				continue
			}
			for b := range rest.Kinds() {
				two := rest
				_ = two.Remove(b)
				want = want || family.BestOpening(p, second, v, two, up, 2) >= need
			}
		}
		if got := family.OpeningKeeps(c, hand, up, keep, need); got != want {
			t.Fatalf("openingKeeps(keep %d, need %d) = %v, holding cards back one by one says %v\npolicy %+v second %v hand [%v] upcard %v",
				keep, need, got, want, p, second, hand, up)
		}
	})
	p := meld.RankPolicy{Ranks: meld.RankSet(0x3ff0), MinSize: 3, MinNaturals: 2, MaxWilds: 3, Ratio: meld.MoreNatural, CanastaSize: 7}
	v := score.NewTable(func(c card.Card) int { return 10 + int(c.Suit()) })
	var hand card.Multiset
	for _, c := range []card.Card{card.New(card.Five, card.Clubs), card.New(card.Five, card.Hearts),
		card.New(card.Nine, card.Clubs), card.New(card.Nine, card.Diamonds), card.New(card.Nine, card.Spades), card.Joker} {
		_ = hand.Add(c)
	}
	up := card.New(card.Five, card.Spades)
	want := family.BestOpening(p, false, v, hand, up, 2)
	if got, laid := family.OpeningFloor(p, v, hand, up); got != want || laid != hand.Len() || want != 11+13+14+11+12+14+v.Points(card.Joker) {
		t.Errorf("openingFloor = %d laying %d cards, BestOpening %d: the floor should lay every card here", got, laid, want)
	}
}
