package canasta

// Scenario tests of melds, canastas, the first-meld minimum and arranging
// melds within a turn. (See rules_test.go.)

import (
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// scMelding is seat 0 melding, holding hand, with team 0's melds.
func scMelding(t *testing.T, r Rules, hand string, melds ...string) State {
	t.Helper()
	return scAt(t, r).melding().hand(0, hand).meld(0, melds...).build()
}

// The Classic Canasta text: "A meld is composed of 3 or more cards of the same
// rank." The library's ruling: "Meld: 3+ cards of one rank".
func TestRuleMeldThreeOrMoreOfOneRank(t *testing.T) {
	s := scMelding(t, Classic(), "7C 7D 7H 7S 8S 5C", "KC KD KH")
	scNo(t, s, scMeld(t, "7C 7D"), ErrMeld, meld.ErrTooSmall)
	scRefused[Action](t, "Meld of sevens and an eight", ErrMeld)(Meld(scCards(t, "7C 7D 8S")...))
	next := scOK(t, s, scMeld(t, "7C 7D 7H"))
	scMelds(t, next, 0, "KC KD KH", "7C 7D 7H")
	scHand(t, next, 0, "7S 8S 5C")
	next = scOK(t, s, scMeld(t, "7C 7D 7H 7S"))
	scMelds(t, next, 0, "KC KD KH", "7C 7D 7H 7S")
	scHand(t, next, 0, "8S 5C")
}

// The Classic Canasta text: "At least 2 natural (non-wild) cards are required
// per meld." "Melds consisting entirely of wild cards are prohibited."
func TestRuleMeldTwoNaturalCards(t *testing.T) {
	s := scMelding(t, Classic(), "7C 7D 2C JK 6S 5C", "KC KD KH")
	scNo(t, s, scMeld(t, "7C 2C JK"), ErrMeld, meld.ErrTooFewNaturals)
	scRefused[Action](t, "Meld of wild cards", ErrMeld)(Meld(scCards(t, "2C 2D JK")...))
	s = scOK(t, s, scMeld(t, "7C 7D 2C"))
	scMelds(t, s, 0, "KC KD KH", "7C 7D 2C")
	s = scOK(t, s, scAdd(t, card.Seven, "JK"))
	scMelds(t, s, 0, "KC KD KH", "7C 7D 2C JK")
}

// The Classic Canasta text: "A maximum of 3 wild cards is permitted in any
// single meld." It holds for canastas too.
func TestRuleMeldAtMostThreeWildCards(t *testing.T) {
	s := scMelding(t, Classic(), "7C 7D 7H 7S 2C 2D 2H 2S JK 5C", "KC KD KH")
	scNo(t, s, scMeld(t, "7C 7D 2C 2D 2H 2S"), ErrMeld, meld.ErrTooManyWilds)
	s = scOK(t, s, scMeld(t, "7C 7D 2C 2D JK"))
	scNo(t, s, scAdd(t, card.Seven, "2H"), ErrMeld, meld.ErrTooManyWilds)
	s = scOK(t, s, scAdd(t, card.Seven, "7H 7S"))
	scMelds(t, s, 0, "KC KD KH", "7C 7D 7H 7S 2C 2D JK")
	scEq(t, "canastas", s.View(0).Teams[0].Canastas, Canastas{Mixed: 1})
	scNo(t, s, scAdd(t, card.Seven, "2S"), ErrMeld, meld.ErrTooManyWilds)
}

// The library's ruling: "one meld per rank per partnership". A second meld of
// a rank is refused even when the first is a canasta, and the partner's meld
// counts; the other team's melds of the rank do not.
func TestRuleOneMeldPerRankPerTeam(t *testing.T) {
	s := scMelding(t, Classic(), "8D 8D 8H 5C 6D", "8S 8S 8C")
	scNo(t, s, scMeld(t, "8D 8D 8H"), ErrSecondMeld)
	scSays(t, s, scMeld(t, "8D 8D 8H"), "already has a meld of eights")
	s = scOK(t, s, scAdd(t, card.Eight, "8D 8D 8H"))
	scMelds(t, s, 0, "8S 8S 8C 8D 8D 8H")

	s = scMelding(t, Classic(), "7H 7S 2D 5C 6D", "7C 7D 7H 7S 7C 7D 2C")
	scNo(t, s, scMeld(t, "7H 7S 2D"), ErrSecondMeld)

	// Seat 2 melds for team 0 too.
	s = scAt(t, Classic()).turn(2).melding().hand(2, "8D 8D 8H 5C").meld(0, "8S 8S 8C").build()
	scNo(t, s, scMeld(t, "8D 8D 8H"), ErrSecondMeld)

	// Team 1's nines do not stop team 0's, and team 0 adds only to its own
	// melds (the Classic Canasta text: "cards may be added to existing
	// partnership melds").
	s = scAt(t, Classic()).melding().hand(0, "9S 9S 9D 5C 6D").meld(0, "KC KD KH").meld(1, "9C 9D 9H").build()
	scNo(t, s, scAdd(t, card.Nine, "9S"), ErrNoMeld)
	s = scOK(t, s, scMeld(t, "9S 9S 9D"))
	scMelds(t, s, 0, "KC KD KH", "9S 9S 9D")
	scMelds(t, s, 1, "9C 9D 9H")
}

// The Classic Canasta text: "Black Threes (3♣️, 3♠️) are prohibited from being
// melded during normal play. They are only permitted to be melded as a special
// set of 3 or 4 cards when the player is going out." The library's ruling:
// "Black threes only when going out, as a set of 3-4 with no wild."
func TestRuleBlackThreesOnlyGoingOut(t *testing.T) {
	// Not going out: two cards would be left.
	s := scMelding(t, Classic(), "3C 3S 3C 5D 6D", scNines)
	scNo(t, s, scMeld(t, "3C 3S 3C"), ErrMeld)
	scSays(t, s, scMeld(t, "3C 3S 3C"), "only by a player going out")

	// Going out: the threes, then the last card discarded.
	s = scMelding(t, Classic(), "3C 3S 3C 5D", scNines)
	s = scOK(t, s, scMeld(t, "3C 3S 3C"), scDiscard(t, "5D"))
	scTurn(t, s, RoundOver, 0, 1)
	scMelds(t, s, 0, scNines, "3C 3C 3S")
	scEq(t, "cards melded", s.Score()[0].Breakdown[3].Points, 70+15)

	// Each step is checked as it is laid: the threes go last, after the
	// other melds of the turn (the same turns reach the same end).
	s = scMelding(t, Classic(), "3C 3S 3C KS 5D", scNines, "KC KD KH")
	scNo(t, s, scMeld(t, "3C 3S 3C"), ErrMeld)
	s = scOK(t, s, scAdd(t, card.King, "KS"), scMeld(t, "3C 3S 3C"), scDiscard(t, "5D"))
	scEq(t, "gone out", s.Phase(), RoundOver)

	// Four of them, melding the whole hand.
	s = scOK(t, scMelding(t, Classic(), "3C 3S 3C 3S", scNines), scMeld(t, "3C 3S 3C 3S"))
	scEq(t, "gone out", s.Phase(), RoundOver)

	// Never with a wild card, nor by a team that cannot go out.
	s = scMelding(t, Classic(), "3C 3S 2C 5D", scNines)
	scNo(t, s, scMeld(t, "3C 3S 2C"), ErrMeld)
	s = scMelding(t, Classic(), "3C 3S 3C 5D", "9C 9D 9H")
	scNo(t, s, scMeld(t, "3C 3S 3C"), ErrKeepCard, ErrGoOut)

	// Threes go in no other meld, and red threes in none.
	scRefused[Action](t, "Add(9, 3C)", ErrMeld)(Add(card.Nine, scCard("3C")))
	scRefused[Action](t, "Meld(3D 3H 3D)", ErrMeld)(Meld(scCards(t, "3D 3H 3D")...))
}

// The Classic Canasta text: "A canasta is any meld containing 7 or more
// cards." "Natural Canasta: No wild cards are included (500 pts). Mixed
// Canasta: One or more wild cards are included (300 pts)." A wild card added
// to a natural canasta makes it mixed.
func TestRuleCanastaOfSevenNaturalOrMixed(t *testing.T) {
	s := scMelding(t, Classic(), "KH 2C 5C 6D", "KC KD KH KS KC KD")
	scEq(t, "six kings", s.View(0).Teams[0].Canastas, Canastas{})
	natural := scOK(t, s, scAdd(t, card.King, "KH"))
	scEq(t, "seven kings", natural.View(0).Teams[0].Canastas, Canastas{Natural: 1})
	// As the round stands: seat 0's 2C 5C 6D and seat 2's 3C in hand.
	scScore(t, natural.Score()[0], scLines{natural: 500, melded: 70, held: -35}, 535)
	mixed := scOK(t, natural, scAdd(t, card.King, "2C"))
	scEq(t, "seven kings and a two", mixed.View(0).Teams[0].Canastas, Canastas{Mixed: 1})
	scScore(t, mixed.Score()[0], scLines{mixed: 300, melded: 90, held: -15}, 375)
	mixed = scOK(t, s, scAdd(t, card.King, "2C"))
	scEq(t, "six kings and a two", mixed.View(0).Teams[0].Canastas, Canastas{Mixed: 1})
}

// ---------------------------------------------------------------- the minimum

// The Classic Canasta text: "The first meld made by a partnership must meet a
// point threshold based on their cumulative total score: Below 0: 15 pts, 0 –
// 1495: 50 pts, 1500 – 2995: 90 pts, 3000+: 120 pts". The band edges, both
// ways: the first melds worth the band's minimum are enough, a few points
// fewer are refused at the discard.
func TestRuleMinimumByTotal(t *testing.T) {
	tests := []struct {
		total, minimum int
		enough, short  string // melds, separated by "|"
	}{
		{-5, 15, "4C 4D 4H", ""},
		{0, 50, "KC KD KH 2C", "KC KD KH|4C 4D 4H"},
		{1495, 50, "KC KD KH 2C", "KC KD KH|4C 4D 4H"},
		{1500, 90, "AC AD AH|KC KD KH", "AC AD AH|5C 5D 5H 5S 5C"},
		{2995, 90, "AC AD AH|KC KD KH", "AC AD AH|5C 5D 5H 5S 5C"},
		{3000, 120, "AC AD AH AS|10C 10D 10H 10S", "AC AD AH AS|6C 6D 6H 6S 6C 6D 6H"},
	}
	for _, tt := range tests {
		t.Run(itoa(tt.total), func(t *testing.T) {
			for _, melds := range []string{tt.enough, tt.short} {
				if melds == "" {
					continue
				}
				s := scAt(t, Classic()).totals(tt.total, 0).melding().
					hand(0, strings.ReplaceAll(melds, "|", " ")+" QS JS").build()
				scEq(t, "Minimum(0)", s.Minimum(0), tt.minimum)
				scEq(t, "View minimum", s.View(0).Teams[0].Minimum, tt.minimum)
				scEq(t, "Minimum(1), total 0", s.Minimum(1), 50)
				laid := 0
				for _, m := range strings.Split(melds, "|") {
					s = scOK(t, s, scMeld(t, m))
					laid += Classic().Values.Melded.Sum(scSet(t, m))
				}
				scEq(t, "laid", s.LaidThisTurn(), laid)
				if melds == tt.short {
					scNo(t, s, scDiscard(t, "QS"), ErrMinimum)
					scSays(t, s, scDiscard(t, "QS"), itoa(laid)+" of the "+itoa(tt.minimum)+" points")
					continue
				}
				s = scOK(t, s, scDiscard(t, "QS"))
				scEq(t, "down", s.Down(0), true)
				scEq(t, "Minimum(0) once down", s.Minimum(0), 0)
				scTurn(t, s, Drawing, 1, 1)
			}
		})
	}
}

// The Classic Canasta text: "Capturing the Pile: When the discard pile is
// taken, the top card must be melded immediately. The point value of this card
// contributes toward the initial meld requirement." The library's ruling: "For
// an initial meld only the upcard and the cards from the hand count toward the
// minimum." The pile's other cards, however rich, do not.
func TestRuleMinimumCountsUpcardAndHandOnly(t *testing.T) {
	at := func(hand string) State {
		return scAt(t, Classic()).hand(0, hand).pile("KC KD AH AS 7S").build()
	}
	// The upcard and the pair make 15, the fours 15 more: 30 of 50, though
	// the kings and aces under the upcard would make 90.
	s := at("7C 7D 4C 4D 4H 6S")
	scNo(t, s, Take(), ErrMinimum)
	scSays(t, s, Take(), "at most 30 points of the 50")
	scLegal(t, s, "draw")

	s = scOK(t, at("7C 7D AC AD AH 6S"), Take(), scMeld(t, "AC AD AH"))
	scTurn(t, s, Melding, 0, 0)
	scMelds(t, s, 0, "7S 7C 7D", "AC AD AH")
	scHand(t, s, 0, "6S KC KD AH AS")
	scEq(t, "laid", s.LaidThisTurn(), 75)
	scEq(t, "down", s.Down(0), true)
}

// The library's ruling: the first melds may be made by taking the pile and
// reaching the minimum with more melds from the hand in the same turn; until
// then the pile waits (the Opening phase) and the take may be taken back.
func TestRuleOpeningPhase(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "7C 7D AC AD AH 6S").pile("KC KD AH AS 7S").stock("QH").build()
	fixed := s
	s = scOK(t, s, Take())
	scTurn(t, s, Opening, 0, 0)
	scPile(t, s, "", 4)
	scHand(t, s, 0, "AC AD AH 6S")
	scMelds(t, s, 0, "7S 7C 7D")
	scEq(t, "laid", s.LaidThisTurn(), 15)
	scEq(t, "View laid", s.View(1).LaidThisTurn, 15)
	scEq(t, "down", s.Down(0), false)
	scNo(t, s, scDiscard(t, "6S"), ErrMinimum)
	scSays(t, s, scDiscard(t, "6S"), "15 of the 50 points needed to take the pile")
	scNo(t, s, Draw(), ErrNotNow)
	scNo(t, s, Take(), ErrNotNow)

	back := scOK(t, s, TakeBack())
	scEq(t, "taken back to the turn's start", back.Equal(fixed), true)
	scTurn(t, back, Drawing, 0, 0)
	scPile(t, back, "7S", 5)
	scOK(t, back, Draw())

	s = scOK(t, s, scMeld(t, "AC AD AH"))
	scTurn(t, s, Melding, 0, 0)
	scHand(t, s, 0, "6S KC KD AH AS")
	scNo(t, s, TakeBack(), ErrNotNow) // the pile has joined the hand: a fixed point
	s = scOK(t, s, scDiscard(t, "6S"))
	scTurn(t, s, Drawing, 1, 1)

	// Laying down to the last card does not take the pile short of the
	// minimum: 15 and 20 are 35 of 50.
	s = scAt(t, Classic()).hand(0, "7C 7D 4C 4D 4H 4S JK").pile("KC QD 7S").build()
	s = scOK(t, s, Take())
	scNo(t, s, scMeld(t, "4C 4D 4H 4S"), ErrKeepCard, ErrMinimum)
	s = scOK(t, s, scMeld(t, "4C 4D 4H 4S JK"))
	scTurn(t, s, Melding, 0, 0)
	scHand(t, s, 0, "KC QD")
}

// The Classic Canasta text: "Arranging Melds: Cards are permitted to be moved
// to and from the table during the melding phase." "Finalization: All
// remaining melding requirements ... are verified when the discard is made. If
// requirements are not satisfied, the discard is rejected and cards are
// required to be returned to the hand." The library's ruling: "Cards laid on
// the table during a turn may be taken back to the hand until the discard".
func TestRuleArrangingMelds(t *testing.T) {
	s := scAt(t, Classic()).melding().hand(0, "KC KD KH 4C 4D 4H 2C 6S 7S").build()
	fixed := s
	s = scOK(t, s, scMeld(t, "4C 4D 4H"), scMeld(t, "KC KD KH"))
	scEq(t, "laid", s.LaidThisTurn(), 45)
	scNo(t, s, scDiscard(t, "7S"), ErrMinimum)
	s = scOK(t, s, TakeBack())
	// As at the fixed point, but that the player laid cards before asking
	// the partner, which taking them back does not undo.
	scEq(t, "laid after taking back", s.LaidThisTurn(), 0)
	scEq(t, "too late to ask", s.Position().Late && !fixed.Position().Late, true)
	scHand(t, s, 0, "KC KD KH 4C 4D 4H 2C 6S 7S")
	scMelds(t, s, 0)
	s = scOK(t, s, scMeld(t, "KC KD KH 2C"), scDiscard(t, "7S"))
	scMelds(t, s, 0, "KC KD KH 2C")
	scEq(t, "down", s.Down(0), true)

	// A team that is down takes back what it added this turn, until the discard.
	s = scAt(t, Classic()).melding().hand(0, "9S 5C 6D").meld(0, "9C 9D 9H").stock("8H").build()
	s = scOK(t, s, scAdd(t, card.Nine, "9S"))
	scMelds(t, s, 0, "9C 9D 9H 9S")
	s = scOK(t, s, TakeBack())
	scMelds(t, s, 0, "9C 9D 9H")
	scHand(t, s, 0, "9S 5C 6D")
	s = scOK(t, s, scAdd(t, card.Nine, "9S"), scDiscard(t, "5C"))
	scTurn(t, s, Drawing, 1, 1)
	scMelds(t, s, 0, "9C 9D 9H 9S")
	s = scOK(t, s, Draw())
	scNo(t, s, TakeBack(), ErrNotNow)
}
