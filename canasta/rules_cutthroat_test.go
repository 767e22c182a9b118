package canasta

// Scenario tests of Cutthroat Canasta (the Cutthroat preset): the lone
// hand and the partnership that forms against it, their minimums, red
// threes and scores, and the end of play with the stock. Each quotes the
// library's rule for Cutthroat, as the Hoyle-derived rules give it.

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// The Cutthroat rule set says: "13 cards, draw 2 and discard 1", three
// players. A game dealt under the preset gives 13 cards to each of three
// seats, and a draw takes the stock's two top cards, the turn ending with
// one discard.
func TestRuleCutthroatDealAndDrawTwo(t *testing.T) {
	r := scOf[Rules](t)(Preset("Cutthroat"))
	scEq(t, "the preset", r, Cutthroat())
	scEq(t, "players, teams, cards, drawn", [4]int{r.Players, r.Teams, r.HandSize, r.DrawCount}, [4]int{3, 3, 13, 2})
	s := scOf[State](t)(New(r, 7))
	for seat := range 3 {
		scEq(t, "cards in seat "+itoa(seat)+"'s hand (red threes replaced)", s.Hand(seat).Len(), 13)
	}
	scEq(t, "no lone hand at the deal", s.LoneHand(), -1)
	s = scAt(t, r).hand(0, "8C 9D 5S").stock("6S KH 7C").build()
	s = scOK(t, s, Draw())
	scHand(t, s, 0, "8C 9D 5S 6S KH")
	s = scOK(t, s, scDiscard(t, "5S"))
	scTurn(t, s, Drawing, 1, 1)
}

// The Cutthroat rule set says: "the first player to take the pile becomes
// the lone hand and the other two play as partners from then on, combining
// their melds". Seat 0 takes the pile for its first meld; seats 1 and 2,
// each with its own melds until then, become one side: their kings become
// one meld (seven cards, a mixed canasta), and of their two melds of eights,
// each with two wild cards, one meld holds the naturals and three wild cards
// (a meld's most), the joker left over going back to seat 2, who laid the
// younger meld. A later take by a partner leaves the lone hand as it is.
func TestRuleCutthroatFirstTakeMakesLoneHand(t *testing.T) {
	b := scAt(t, Cutthroat()).hand(0, "AC AD 9S").pile("4C AH").
		meld(1, "KC KD KH", "8C 8D 2D JK").hand(1, "5C").
		meld(2, "KS KC KD 2C", "8H 8S 2S JK", "7C 7D 7H").hand(2, "6D")
	s := b.build()
	scMelds(t, s, 1, "KC KD KH", "8C 8D 2D JK")
	scMelds(t, s, 2, "KS KC KD 2C", "8H 8S 2S JK", "7C 7D 7H")
	s = scOK(t, s, Take())
	scEq(t, "the lone hand", s.LoneHand(), 0)
	scMelds(t, s, 0, "AC AD AH")
	for _, p := range []int{1, 2} {
		scMelds(t, s, p, "KC KC KD KD KH KS 2C", "8C 8D 8H 8S 2D 2S JK", "7C 7D 7H")
		scEq(t, "partner "+itoa(p)+" down", s.Down(p), true)
		scEq(t, "canastas of partner "+itoa(p), s.View(p).Teams[p].Canastas, Canastas{Mixed: 2})
	}
	scHand(t, s, 2, "6D JK")
	scHand(t, s, 0, "9S 4C")
	scEq(t, "a View shows the lone hand", s.View(1).LoneHand, 0)
	scEq(t, "the lone hand turns later", scOK(t, s, scDiscard(t, "9S"), Draw(), scDiscard(t, "5C")).LoneHand(), 0)
	// Seat 2 takes the pile onto the partnership's sevens: seat 0 stays
	// the lone hand.
	s = scAt(t, Cutthroat()).lone(0).meld(0, "AC AD AH").hand(0, "9S 4C").
		meld(1, "KC KC KD KD KH KS 2C", "7C 7D 7H").hand(1, "5C").hand(2, "6D JK 7S").
		pile("4D 7S").turn(2).build()
	s = scOK(t, s, mustTakeTo())
	scEq(t, "the lone hand after another take", s.LoneHand(), 0)
	scMelds(t, s, 2, "KC KC KD KD KH KS 2C", "7C 7D 7H 7S")
}

// The Cutthroat rule set says: "the first player to take the pile becomes
// the lone hand". A take for the first melds that is taken back is no take:
// no one is the lone hand, and each player's melds are still their own.
func TestRuleCutthroatTakeTakenBackMakesNoLoneHand(t *testing.T) {
	s := scAt(t, Cutthroat()).hand(0, "5C 5D AS AH AD 9S").pile("4C 5H").
		meld(1, "KC KD KH").meld(2, "KS KC KD").build()
	s = scOK(t, s, Take())
	scTurn(t, s, Opening, 0, 0)
	scEq(t, "no lone hand while the take can be taken back", s.LoneHand(), -1)
	s = scOK(t, s, TakeBack())
	scEq(t, "no lone hand", s.LoneHand(), -1)
	scMelds(t, s, 1, "KC KD KH")
	scMelds(t, s, 2, "KS KC KD")
	s = scOK(t, s, Take(), scMeld(t, "AS AH AD"))
	scEq(t, "the lone hand once the pile joined the hand", s.LoneHand(), 0)
	scMelds(t, s, 2, "KC KC KD KD KH KS")
}

// The Cutthroat rule set says: "(one who goes out before anyone took the
// pile is the lone hand)"; "each partner scores the partnership's total plus
// or minus their own red threes". Seat 0 goes out with no one having taken
// the pile: it is the lone hand, and seats 1 and 2 score as partners, their
// melds joined (two melds of queens, one meld of six) and both their hands
// counted against each of them, each with its own red threes.
func TestRuleCutthroatOutBeforeTakeIsLoneHand(t *testing.T) {
	s := scAt(t, Cutthroat()).melding().pile("4C").hand(0, "5C").meld(0, scNines).
		hand(1, "6C 7C").meld(1, "QC QD QH").reds(1, "3D").
		hand(2, "JK").meld(2, "QS QC QD").reds(2, "3H 3D").build()
	scEq(t, "no lone hand before", s.LoneHand(), -1)
	s = scOK(t, s, scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	scEq(t, "the lone hand", s.LoneHand(), 0)
	res := s.Results()[0]
	scScore(t, res.Teams[0], scLines{natural: 500, melded: 70, out: 100}, 670)
	scScore(t, res.Teams[1], scLines{reds: 100, melded: 60, held: -60}, 100)
	scScore(t, res.Teams[2], scLines{reds: 200, melded: 60, held: -60}, 200)
	scMelds(t, s, 2, "QC QC QD QD QH QS")
}

// The Cutthroat rule set says: "each player's minimum from their own score".
// The lone hand has taken the pile; the partners, not down, each meet their
// own minimum for the partnership's first melds: seat 1 (1600: 90) cannot
// end its turn on 60 points, where seat 2 (-40: 15) can on 15.
func TestRuleCutthroatOwnMinimum(t *testing.T) {
	b := func(turn int) State {
		return scAt(t, Cutthroat()).totals(200, 1600, -40).lone(0).meld(0, "KC KD KH").
			hand(1, "AC AD AH 9D 9H").hand(2, "5C 5D 5H 9D 9H").melding().turn(turn).build()
	}
	s := b(1)
	scEq(t, "minimums", [3]int{s.Minimum(0), s.Minimum(1), s.Minimum(2)}, [3]int{0, 90, 15})
	s = scOK(t, s, scMeld(t, "AC AD AH"))
	scNo(t, s, scDiscard(t, "9D"), ErrMinimum)
	s = scOK(t, b(2), scMeld(t, "5C 5D 5H"), scDiscard(t, "9D"))
	scEq(t, "the partnership is down", [2]bool{s.Down(1), s.Down(2)}, [2]bool{true, true})
	scEq(t, "minimums after", [2]int{s.Minimum(1), s.Minimum(2)}, [2]int{0, 0})
}

// The Cutthroat rule set says: "a red three counts for its owner alone, plus
// or minus by whether the owner's side has melded; each partner scores the
// partnership's total plus or minus their own red threes". The lone hand
// goes out; the partners share their melds and their hands' cards, and each
// adds its own red threes: for them while the partnership has melded,
// against them when it has not.
func TestRuleCutthroatRedThreesAndPartnerScores(t *testing.T) {
	for _, melded := range []bool{true, false} {
		b := scAt(t, Cutthroat()).lone(0).melding().hand(0, "5C").meld(0, scNines).
			hand(1, "6C 7C").reds(1, "3D").hand(2, "JK").reds(2, "3H 3D 3H")
		if melded {
			b.meld(1, "QC QD QH")
		}
		res := scOK(t, b.build(), scDiscard(t, "5C")).Results()[0]
		scScore(t, res.Teams[0], scLines{natural: 500, melded: 70, out: 100}, 670)
		if melded {
			scScore(t, res.Teams[1], scLines{reds: 100, melded: 30, held: -60}, 70)
			scScore(t, res.Teams[2], scLines{reds: 300, melded: 30, held: -60}, 270)
		} else {
			scScore(t, res.Teams[1], scLines{reds: -100, held: -60}, -160)
			scScore(t, res.Teams[2], scLines{reds: -300, held: -60}, -360)
		}
	}
}

// The Cutthroat rule set says: "one canasta to go out (two is an option some
// tables play)". With the preset a partner goes out on the partnership's one
// canasta, laid by the other partner; with GoOut 2 it may not.
func TestRuleCutthroatOneCanastaToGoOut(t *testing.T) {
	b := func(r Rules) State {
		return scAt(t, r).lone(0).meld(0, "KC KD KH").meld(1, scNines, "QC QD QH").
			hand(2, "QS 5C").turn(2).melding().build()
	}
	s := scOK(t, b(Cutthroat()), scAdd(t, card.Queen, "QS"), scDiscard(t, "5C"))
	scWentOut(t, s, 2, false, 100)
	two := Cutthroat()
	two.GoOut = 2
	scNo(t, b(two), scAdd(t, card.Queen, "QS"), ErrKeepCard)
}

// The Cutthroat rule set says: "when the stock runs out, play ends with the
// discard of the player who drew its last card". Seat 0 draws the stock's
// last two cards and discards: the round is over, no one going out, though
// seat 1 could take the pile with its pair of eights. No turn begins with
// the stock empty: a position that says so is refused.
func TestRuleCutthroatStockEnds(t *testing.T) {
	b := scAt(t, Cutthroat()).lone(1).meld(1, "7C 7D 7H").hand(1, "8C 8D 9D 9H").hand(0, "9C 8H").hand(2, "6S").restTo(2)
	s := b.stock("5C 5D").build()
	scEq(t, "stock", s.StockSize(), 2)
	s = scOK(t, s, Draw(), scDiscard(t, "8H"))
	scWentOut(t, s, -1, false, 0)
	scTurn(t, s, RoundOver, 1, 1)
	p := s.Position()
	p.Phase, p.Turn, p.Results = Drawing, 1, nil
	scRefused[State](t, "a turn begun with the stock empty", ErrPosition)(FromPosition(p))
}

// The Cutthroat rule set says: "if no one ever took the pile each player
// scores for themselves". The stock runs out with no lone hand: each player
// scores its own melds, its own hand and its own red threes.
func TestRuleCutthroatNoTakeScoresAlone(t *testing.T) {
	s := scAt(t, Cutthroat()).hand(0, "9C 4D").meld(1, "QC QD QH").hand(1, "6C").reds(1, "3D").
		meld(2, "KC KD KH").hand(2, "JK").restTo(2).stock("5C 5D").build()
	s = scOK(t, s, Draw(), scDiscard(t, "4D"))
	scEq(t, "no lone hand", s.LoneHand(), -1)
	res := s.Results()[0]
	scScore(t, res.Teams[0], scLines{held: -20}, -20)
	scScore(t, res.Teams[1], scLines{reds: 100, melded: 30, held: -5}, 125)
	held := -s.Rules().Values.Melded.Sum(s.Hand(2))
	reds := len(s.RedThrees(2)) * 100
	scScore(t, res.Teams[2], scLines{reds: reds, melded: 30, held: held}, reds+30+held)
}

// The Cutthroat rule set says: "game to 7500". A round that brings a player
// to 7470 leaves the game on; one that brings it to 7570 ends it.
func TestRuleCutthroatGameTo7500(t *testing.T) {
	scEq(t, "target", Cutthroat().Target, 7500)
	for _, c := range []struct {
		before int
		over   bool
	}{{6800, false}, {6900, true}} {
		s := scAt(t, Cutthroat()).totals(c.before, 0, 0).lone(0).melding().hand(0, "5C").meld(0, scNines).build()
		s = scOK(t, s, scDiscard(t, "5C"))
		scEq(t, fmt.Sprint("game over from ", c.before), [2]any{s.Over(), s.Totals()[0]}, [2]any{c.over, c.before + 670})
	}
}

// Cutthroat: the lone hand is part of the position: JSON, FromPosition, a
// View and Determinize keep it; FromPosition refuses one it cannot be.
func TestCutthroatLoneHandInPositionViewAndDeterminize(t *testing.T) {
	s := scAt(t, Cutthroat()).lone(2).meld(2, "KC KD KH").meld(0, "QC QD QH", "7C 7D 7H").
		hand(0, "5C 6D").hand(1, "9S 8S 4S").turn(1).build()
	data := scOf[[]byte](t)(json.Marshal(s))
	var back State
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	scEq(t, "JSON keeps the lone hand", back.LoneHand(), 2)
	scEq(t, "JSON keeps the state", back.Equal(s), true)
	v := s.View(1)
	scEq(t, "a View's lone hand", v.LoneHand, 2)
	d := scOf[State](t)(Determinize(v, 3))
	scEq(t, "Determinize keeps the lone hand", d.LoneHand(), 2)
	scEq(t, "and the View", fmt.Sprint(d.View(1).Teams), fmt.Sprint(v.Teams))
	// A meld of the upper partner's team, or a lone hand at another table,
	// is refused.
	p := s.Position()
	p.Melds[1].Team = 1
	scRefused[State](t, "a meld of the upper partner", ErrPosition)(FromPosition(p))
	p = s.Position()
	p.Rules = ThreePlayer()
	scRefused[State](t, "a lone hand at another table", ErrPosition)(FromPosition(p))
	// The pile taken this turn with no lone hand named is refused.
	p = scOK(t, scAt(t, Cutthroat()).hand(0, "AC AD 9S").pile("4C AH").build(), Take()).Position()
	scEq(t, "the taker is the lone hand", *p.LoneHand, 0)
	p.LoneHand = nil
	scRefused[State](t, "a pile taken with no lone hand", ErrPosition)(FromPosition(p))
}

// The Cutthroat rule set says: "the first player to take the pile becomes
// the lone hand and the other two play as partners from then on". At a
// table that asks "May I go out?" ([Rules].AskPartner, off in the preset),
// the two partners ask each other, as any partnership does; the lone hand,
// and every player before the partnership forms, has no one to ask.
func TestRuleCutthroatPartnersAsk(t *testing.T) {
	r := Cutthroat()
	r.AskPartner = true
	b := func(turn int, lone bool) State {
		tb := scAt(t, r).meld(0, "KC KD KH").meld(1, scNines, "QC QD QH").
			hand(turn, "QS 5C").turn(turn).pile("4C").melding()
		if lone {
			tb = tb.lone(0)
		}
		return tb.build()
	}
	for _, p := range [][2]int{{1, 2}, {2, 1}} {
		seat, partner := p[0], p[1]
		asked := scOK(t, b(seat, true), Ask())
		scTurn(t, asked, Answering, seat, partner)
		scWentOut(t, scOK(t, asked, Answer(true), scAdd(t, card.Queen, "QS"), scDiscard(t, "5C")), seat, false, 100)
		scNo(t, scOK(t, asked, Answer(false)), scAdd(t, card.Queen, "QS"), ErrKeepCard, ErrPermission)
	}
	lone := scAt(t, r).lone(0).meld(0, scNines, "KC KD KH").hand(0, "KS 5C").melding().build()
	scSays(t, lone, Ask(), "no partner")
	scWentOut(t, scOK(t, lone, scAdd(t, card.King, "KS"), scDiscard(t, "5C")), 0, false, 100)
	scSays(t, b(2, false), Ask(), "no partner")
	preset := scAt(t, Cutthroat()).lone(0).meld(1, scNines, "QC QD QH").hand(2, "QS 5C").turn(2).melding().build()
	scNo(t, preset, Ask(), ErrNotNow)
}
