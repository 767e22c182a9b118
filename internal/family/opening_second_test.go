package family_test

// The first melds of a side may hold several melds of one rank where the
// rules allow a new meld of a rank once the earlier ones are canastas
// (Hand and Foot's "several melds of one rank: allowed once the earlier
// one is a canasta", Config.SecondMeld). A second meld counts where one
// meld cannot hold a rank's cards: a clean canasta closed at seven cards
// (rule set B), or a meld's wild cards capped (RankPolicy.MaxWilds).

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// aces returns n aces, suits in turn from clubs.
func aces(n int) []card.Card {
	cs := make([]card.Card, n)
	for i := range cs {
		cs[i] = card.New(card.Ace, card.Suit(i%4+1))
	}
	return cs
}

// openingTable is rule set B's table of two players, seat 0 (side 0, not
// yet down, not in its last packet) to draw holding hand, the pile 5C 6D
// with the upcard on top, and minimum for side 0's first melds.
func openingTable(t *testing.T, second bool, hand []card.Card, upcard string, minimum int) (*family.Config, *family.Table) {
	t.Helper()
	r := handfoot.RulesB()
	c := &family.Config{
		Pkg: "game", Players: 2, Sides: 2, Meld: r.Meld, Values: r.Values.Melded, DrawCount: 2,
		SecondMeld: second, GoOut: family.Canastas{Clean: 1, Dirty: 1},
		Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.TakeBack, family.Discard),
		Shoe:  card.MustParseCards("4C 4D"),
	}
	c.Minimums[0] = minimum
	tb := new(family.Table)
	if err := tb.Hands[0].AddCards(hand); err != nil {
		t.Fatal(err)
	}
	tb.Hands[1] = ms(t, "JS JH")
	tb.Pile = ms(t, "5C 6D "+upcard)
	tb.Upcard = card.MustParse(upcard)
	tb.BeginTurn(c, 0)
	inDecks(t, tb)
	return c, tb
}

// Under rule set B a clean canasta is closed at seven cards, so thirteen
// aces and the upcard ace are laid as seven and seven: 280 points, where
// one meld holds 140. At minimum 150, which the same hand reaches after
// drawing instead (AC AC AC AD AD AH AH, then AC AD AH AS AS AS), the take
// must be allowed and its opening playable.
func TestOpeningSecondMeldThirteenAces(t *testing.T) {
	hand := aces(13)
	c, tb := openingTable(t, true, hand, "AS", 150)
	if got := family.BestOpening(c.Meld, true, c.Values, tb.Hands[0], tb.Upcard, 2); got != 280 {
		t.Errorf("BestOpening(13 aces, upcard AS, rule set B) = %d, want 280 (7 + 7 aces)", got)
	}
	take := family.Action{Kind: family.Take}
	if f := tb.Check(c, take); !f.OK() {
		t.Fatalf("taking the pile for first melds of 280 points, minimum 150: %v", f.Err("game"))
	}
	if !slices.Contains(family.AppendLegal(nil, c, tb), take) {
		t.Error("Legal does not list the take")
	}
	mustApply(t, c, tb, take, family.Fault{}) // AS with a pair: 60
	if tb.Phase != family.Opening || tb.Laid != 60 {
		t.Fatalf("after the take: phase %v, laid %d", tb.Phase, tb.Laid)
	}
	hand = tb.Hands[0].Cards()
	a, f := family.NewAdd(family.Ref{Rank: card.Ace}, hand[:4], false)
	mustApply(t, c, tb, a, f) // a clean canasta, closed: 140
	a, f = family.NewMeld(hand[4:11], false)
	mustApply(t, c, tb, a, f) // the second meld of aces: 280
	if tb.Laid != 280 || !tb.IsDown(0) || tb.Phase != family.Melding || tb.Hands[0] != ms(t, "5C 6D") {
		t.Errorf("after the opening: laid %d, down %v, phase %v, hand %v; want 280, down, melding, the pile's 5C 6D",
			tb.Laid, tb.IsDown(0), tb.Phase, tb.Hands[0])
	}
}

// Nine aces and the upcard make seven and three: 200 points against the
// 140 of one meld, and minimum 150 is reached by the second meld.
func TestOpeningSecondMeldNineAces(t *testing.T) {
	c, tb := openingTable(t, true, aces(9), "AS", 150)
	if got := family.BestOpening(c.Meld, true, c.Values, tb.Hands[0], tb.Upcard, 2); got != 200 {
		t.Errorf("BestOpening(9 aces, upcard AS, rule set B) = %d, want 200 (7 + 3 aces)", got)
	}
	take := family.Action{Kind: family.Take}
	mustApply(t, c, tb, take, tb.Check(c, take))
	hand := tb.Hands[0].Cards()
	a, f := family.NewAdd(family.Ref{Rank: card.Ace}, hand[:4], false)
	mustApply(t, c, tb, a, f)
	if tb.Phase != family.Opening || tb.Laid != 140 {
		t.Fatalf("after the canasta: phase %v, laid %d; want opening, 140", tb.Phase, tb.Laid)
	}
	a, f = family.NewMeld(hand[4:], false)
	mustApply(t, c, tb, a, f)
	if tb.Laid != 200 || !tb.IsDown(0) {
		t.Errorf("after the opening: laid %d, down %v; want 200, down", tb.Laid, tb.IsDown(0))
	}
}

// Where a second meld cannot be laid the take stays refused: without
// SecondMeld (one meld of a rank, 140 of the thirteen aces), and with
// it when the cards past the canasta are too few for a meld (eight aces
// and the upcard: seven and two).
func TestOpeningSecondMeldRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		second bool
		n      int
	}{
		{"one meld of a rank", false, 13},
		{"two aces past the canasta", true, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, tb := openingTable(t, tc.second, aces(tc.n), "AS", 150)
			f := tb.Check(c, family.Action{Kind: family.Take})
			if want := (family.Fault{Code: family.OpeningShort, N: [4]int32{140, 150}}); f != want {
				t.Errorf("taking the pile with %d aces, minimum 150: %+v, want %+v", tc.n, f, want)
			}
		})
	}
}

// BestOpening on exact hands where several melds of a rank count.
func TestBestOpeningSecondMelds(t *testing.T) {
	a, b := handfoot.RulesA(), handfoot.RulesB()
	capped := a.Meld
	capped.MaxWilds = 3 // a house rule: at most three wild cards a meld
	cappedB := b.Meld
	cappedB.MaxWilds = 1
	tests := []struct {
		name   string
		p      meld.RankPolicy
		v      score.Table
		hand   string
		upcard string
		want   [2]int // without, with second melds
	}{
		{"B: fourteen aces", b.Meld, b.Values.Melded, strings.Repeat("AC AD AH AS ", 3) + "AC AD", "", [2]int{140, 280}},
		{"B: fifteen aces, the last one alone", b.Meld, b.Values.Melded, strings.Repeat("AC AD AH AS ", 3) + "AC AD AH", "", [2]int{140, 280}},
		{"B: seventeen aces in three melds", b.Meld, b.Values.Melded, strings.Repeat("AC AD AH AS ", 4) + "AC", "", [2]int{140, 340}},
		{"B: a wild card makes one dirty meld", b.Meld, b.Values.Melded, strings.Repeat("AC AD AH AS ", 2) + "AC JK", "", [2]int{230, 230}},
		{"B: the upcard's canasta and kings", b.Meld, b.Values.Melded, "AC AD " + strings.Repeat("KC KD KH KS ", 3) + "KC KD", "AH", [2]int{130, 200}},
		{"B: the upcard's rank in two melds", b.Meld, b.Values.Melded, "AC AD AH AS AC AD AH AS AC", "AH", [2]int{140, 200}},
		{"capped: seven kings take four wilds", capped, a.Values.Melded, "KC KD KH KS KC KD 2C 2D JK JK", "KH", [2]int{190, 210}},
		{"capped: the upcard's canasta, then a meld", capped, a.Values.Melded, "KC KD KH KS KC 2C 2D JK JK", "KH", [2]int{180, 200}},
		{"B capped at one: two dirty canastas", cappedB, b.Values.Melded, strings.Repeat("AC AD AH AS ", 3) + "2C 2D", "", [2]int{260, 280}},
	}
	for _, tt := range tests {
		var up card.Card
		if tt.upcard != "" {
			up = card.MustParse(tt.upcard)
		}
		for i, second := range []bool{false, true} {
			if got := family.BestOpening(tt.p, second, tt.v, ms(t, tt.hand), up, 2); got != tt.want[i] {
				t.Errorf("%s: BestOpening(%s, upcard %s, second %v) = %d, want %d", tt.name, tt.hand, tt.upcard, second, got, tt.want[i])
			}
		}
	}
}

// Past 64 wild cards the sets of wild-card counts take more than a word:
// capped at three wild cards a meld (a house rule on rule set A), 88 kings
// lay 22 canastas of four kings and three wild cards, 66 of the hand's 67
// wild cards, the most valuable: 48 jokers and 18 twos. One meld would
// hold three.
func TestBestOpeningSecondMeldsPast64Wilds(t *testing.T) {
	r := handfoot.RulesA()
	p := r.Meld
	p.MaxWilds = 3
	var hand card.Multiset
	for s := card.Clubs; s <= card.Spades; s++ {
		_ = hand.AddN(card.New(card.King, s), 22)
	}
	_ = hand.AddN(card.Joker, 48)
	_ = hand.AddN(card.New(card.Two, card.Clubs), 19)
	for _, tc := range []struct {
		second bool
		want   int
	}{{false, 880 + 3*50}, {true, 880 + 48*50 + 18*20}} {
		if got := family.BestOpening(p, tc.second, r.Values.Melded, hand, 0, 0); got != tc.want {
			t.Errorf("BestOpening(88 kings, 48 jokers, 19 twos, three wild cards a meld, second %v) = %d, want %d", tc.second, got, tc.want)
		}
	}
	// The same with the upcard king among the 88.
	_ = hand.Remove(card.New(card.King, card.Hearts))
	if got, want := family.BestOpening(p, true, r.Values.Melded, hand, card.New(card.King, card.Hearts), 2), 880+48*50+18*20; got != want {
		t.Errorf("BestOpening(87 kings, upcard KH, 48 jokers, 19 twos, three wild cards a meld) = %d, want %d", got, want)
	}
}
