package canasta

// Scenario tests of going out, of "May I go out?", and of the stock running
// out. (See rules_test.go.)

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// scWentOut checks that the round is over with seat out, concealed or not,
// and that the going-out line of its team is bonus.
func scWentOut(t *testing.T, s State, seat int, concealed bool, bonus int) {
	t.Helper()
	res := s.Results()
	if s.Phase() != RoundOver && s.Phase() != GameOver || len(res) == 0 {
		t.Fatalf("%s: the round is not over", scWhere(s))
	}
	last := res[len(res)-1]
	scEq(t, "gone out, concealed", [2]any{last.WentOut, last.Concealed}, [2]any{seat, concealed})
	if r := s.Rules(); seat >= 0 {
		scEq(t, "going-out bonus", last.Teams[r.teamOf(seat)].Breakdown[5].Points, bonus)
	}
}

// ---------------------------------------------------------------- going out

// The Classic Canasta text: "The hand is only ended with zero cards if the
// partnership has completed at least one canasta. If no canasta is held, at
// least one card is required to be retained in the hand for the final
// discard." "A final discard is made, or the hand is emptied through a legal
// melding action." "Mandatory Discard: If no canasta is held by the
// partnership, the final card in the hand is prohibited from being melded".
func TestRuleGoingOutNeedsACanasta(t *testing.T) {
	s := scMelding(t, Classic(), "KS 5C", scNines, "KC KD KH")
	scWentOut(t, scOK(t, s, scAdd(t, card.King, "KS"), scDiscard(t, "5C")), 0, false, 100)
	s = scMelding(t, Classic(), "KS KC", scNines, "KC KD KH")
	out := scOK(t, s, scAdd(t, card.King, "KS KC"))
	scWentOut(t, out, 0, false, 100)
	scMelds(t, out, 0, scNines, "KC KD KH KS KC")
	// The canasta made on the way out counts.
	s = scMelding(t, Classic(), "9H 5C", "9C 9D 9H 9S 9C 9D", "KC KD KH")
	scWentOut(t, scOK(t, s, scAdd(t, card.Nine, "9H"), scDiscard(t, "5C")), 0, false, 100)

	// No canasta: the last card is kept, and the hand is not melded whole.
	s = scMelding(t, Classic(), "KS 5C", "9C 9D 9H 9S 9C 9D", "KC KD KH")
	scNo(t, s, scAdd(t, card.King, "KS"), ErrKeepCard, ErrGoOut)
	scSays(t, s, scAdd(t, card.King, "KS"), "no canasta")
	scLegal(t, s, "discard 5C", "discard KS")
	s = scMelding(t, Classic(), "KS KC", "9C 9D 9H 9S 9C 9D", "KC KD KH")
	scNo(t, s, scAdd(t, card.King, "KS KC"), ErrGoOut)
}

// The library's ruling: "Two players: 15 cards, draw 2 (discard 1), two
// canastas to go out"; three players go out with one, as four do.
func TestRuleTwoPlayersGoOutWithTwoCanastas(t *testing.T) {
	s := scMelding(t, TwoPlayer(), "QC QD QH 5C", scNines, "KC KD KH")
	scNo(t, s, scMeld(t, "QC QD QH"), ErrKeepCard, ErrGoOut)
	scSays(t, s, scMeld(t, "QC QD QH"), "going out takes 2")
	s = scMelding(t, TwoPlayer(), "QC QD QH 5C", scNines, "KC KD KH KS KC KD KH")
	scWentOut(t, scOK(t, s, scMeld(t, "QC QD QH"), scDiscard(t, "5C")), 0, false, 100)
	s = scMelding(t, ThreePlayer(), "QC QD QH 5C", scNines, "KC KD KH")
	scWentOut(t, scOK(t, s, scMeld(t, "QC QD QH"), scDiscard(t, "5C")), 0, false, 100)
}

// The Classic Canasta text: "Initial Meld Exception: After drawing from the
// stock, if you can meld your entire hand including a canasta, you may go out
// without meeting the minimum." "Going out: +100 pts (+200 for concealed going
// out)." Classic Canasta: a player goes out concealed by melding the whole
// hand in one turn, including a canasta, having melded nothing earlier in the
// hand; one who does so is not bound by the first-meld minimum, unless they
// took the pile. Not going out, the minimum holds.
func TestRuleConcealedGoingOutScores(t *testing.T) {
	fours := func(b *scTable) State {
		return b.hand(0, "4C 4C 4D 4D 4H 4H 4S").hand(1, "7C").hand(2, "6C").hand(3, "8C").stock("5C").build()
	}
	// Seven fours are 35 points, short of 50.
	s := scOK(t, fours(scAt(t, Classic())), Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, true, 200)
	scScore(t, s.Results()[0].Teams[0], scLines{natural: 500, melded: 35, held: -5, out: 200}, 730)
	scScore(t, s.Results()[0].Teams[1], scLines{held: -15}, -15)
	// Melding the last card too.
	s = scAt(t, Classic()).hand(0, "4C 4C 4D 4D 4H 4H").stock("4S").build()
	scWentOut(t, scOK(t, s, Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S")), 0, true, 200)

	// Not going out: 35 of the 50 points.
	s = scAt(t, Classic()).hand(0, "4C 4C 4D 4D 4H 4H 4S 6S").stock("5C").build()
	s = scOK(t, s, Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"))
	scNo(t, s, scDiscard(t, "5C"), ErrMinimum)

	// The pile taken for the team's first melds (its upcard and the pair
	// reach the 15 of a team below 0), then the whole hand melded: going
	// out concealed.
	s = scAt(t, Classic()).totals(-5, 0).hand(0, "4C 4C 4D 4D 4H 4H 9C").pile("4S").build()
	s = scOK(t, s, Take(), scAdd(t, card.Four, "4D 4D 4H 4H"), scDiscard(t, "9C"))
	scWentOut(t, s, 0, true, 200)
	scScore(t, s.Results()[1].Teams[0], scLines{natural: 500, melded: 35, held: -5, out: 200}, 725)
	// Taking the pile, the minimum binds: the upcard and the pair are 15
	// of 50, and the whole hand with them 35.
	s = scAt(t, Classic()).hand(0, "4C 4C 4D 4D 4H 4H 9C").pile("4S").build()
	scNo(t, s, Take(), ErrMinimum)
}

// Classic Canasta: going out concealed is the going-out player's own feat.
// The player has melded and laid off nothing earlier in the hand (red
// threes aside), melds the whole hand in one turn including a canasta, and
// adds nothing to the partner's melds that turn; the partner may have
// melded already.
func TestRuleConcealedIsThePlayersOwn(t *testing.T) {
	// Seat 0 draws 5C, melds seven fours and discards 5C; team 0 holds the
	// kings, laid by the seats melded names.
	fours := func(hand string, melded ...int) State {
		return scAt(t, Classic()).meld(0, "KC KD KH").melded(melded...).
			hand(0, "4C 4C 4D 4D 4H 4H 4S"+hand).hand(1, "7C").hand(2, "6C").hand(3, "8C").stock("5C").build()
	}
	// The partner melded the kings earlier: concealed, 200.
	s := scOK(t, fours("", 2), Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, true, 200)
	scScore(t, s.Results()[0].Teams[0], scLines{natural: 500, melded: 65, held: -5, out: 200}, 760)
	// Seat 0 itself laid cards earlier in the hand: 100.
	s = scOK(t, fours("", 0, 2), Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	s = scOK(t, fours("", 0), Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	// Seat 0 adds a king to the partner's meld in the going-out turn: 100.
	s = scOK(t, fours(" KS", 2), Draw(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scAdd(t, card.King, "KS"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	// The canasta must be among the player's own melds: the partner's
	// canasta of nines lets seat 0 go out, not concealed.
	s = scAt(t, Classic()).meld(0, scNines).melded(2).hand(0, "KC KD KH").stock("5C").build()
	s = scOK(t, s, Draw(), scMeld(t, "KC KD KH"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	// Taking the pile onto the partner's meld is adding to it: 100.
	s = scAt(t, Classic()).meld(0, "KC KD KH").melded(2).hand(0, "4C 4C 4D 4D 4H 4H 4S 9C").pile("KS").build()
	s = scOK(t, s, mustTakeTo(), scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scDiscard(t, "9C"))
	scWentOut(t, s, 0, false, 100)
	scEq(t, "seat 0 melded", s.Melded(0), true)
}

// ---------------------------------------------------------------- May I go out?

// scAsking is seat 0 of a Classic table about to draw KC, team 0 holding a
// natural canasta of nines and a meld of kings.
func scAsking(t *testing.T, hand string) State {
	t.Helper()
	return scAt(t, Classic()).hand(0, hand).meld(0, scNines, "KC KD KH").stock("KC").build()
}

// The library's ruling: '"May I go out?" is asked after drawing and before
// melding'. Once the player has laid a card this turn it is too late, even if
// the card is taken back; the question is asked once a turn.
func TestRuleAskAfterDrawingBeforeMelding(t *testing.T) {
	s := scAsking(t, "KS 5C")
	scNo(t, s, Ask(), ErrNotNow)
	scSays(t, s, Ask(), "draw first")
	s = scOK(t, s, Draw())
	asked := scOK(t, s, Ask())
	scTurn(t, asked, Answering, 0, 2)
	scEq(t, "asked", asked.View(1).Asked, true)
	yes := scOK(t, asked, Answer(true))
	scTurn(t, yes, Melding, 0, 0)
	scEq(t, "answer seen", yes.View(3).Answer, 1)
	scNo(t, yes, Ask(), ErrNotNow)
	scSays(t, yes, Ask(), "already asked")

	laid := scOK(t, s, scAdd(t, card.King, "KS"))
	scNo(t, laid, Ask(), ErrNotNow)
	scSays(t, laid, Ask(), "before laying any")
	scNo(t, scOK(t, laid, TakeBack()), Ask(), ErrNotNow)
}

// The library's ruling for Hand and Foot, which Canasta's question follows: the
// question is asked "only when the player can go out this turn with the
// cards it holds".
func TestRuleAskOnlyWhenAbleToGoOut(t *testing.T) {
	s := scOK(t, scAsking(t, "QS 5C"), Draw())
	scNo(t, s, Ask(), ErrNotNow)
	scSays(t, s, Ask(), "cannot go out this turn")
	s = scAt(t, Classic()).hand(0, "KS 5C").meld(0, "9C 9D 9H", "KC KD KH").stock("KC").build()
	scNo(t, scOK(t, s, Draw()), Ask(), ErrNotNow)
	// Able to, it may: the question waits for the partner.
	scTurn(t, scOK(t, scAsking(t, "KS 5C"), Draw(), Ask()), Answering, 0, 2)
}

// The library's ruling: '"May I go out?" is asked after drawing and before
// melding'. Taking the pile is the turn's draw (Classic Canasta: "Phase 1:
// The Draw ... Take discard pile: The entire discard pile is captured by
// melding the top card immediately"; melding is "Phase 2"). The upcard and
// the cards that take it are laid as part of the draw: they leave the
// question open. A card laid after the take closes it.
func TestRuleAskAfterTakingThePile(t *testing.T) {
	tests := []struct {
		name  string
		table *scTable
		take  Action
		out   string // the meld that goes out with the discard of 4C
	}{
		{"with a natural pair", scAt(t, Classic()).hand(0, "QC QD 5C 5D 5H").meld(0, scNines).pile("4C QS"), Take(), "5C 5D 5H"},
		{"with a natural card and a wild card", scAt(t, Classic()).hand(0, "QC 2C 5C 5D 5H").meld(0, scNines).pile("4C QS"), scTakeWith(t, "2C"), "5C 5D 5H"},
		{"onto a meld", scAt(t, Classic()).hand(0, "5C 5D 5H").meld(0, scNines, "KC KD KH").pile("4C KS"), mustTakeTo(), "5C 5D 5H"},
		{"onto a canasta", scAt(t, Classic()).hand(0, "5C 5D 5H").meld(0, scNines).pile("4C 9S"), mustTakeTo(), "5C 5D 5H"},
		{"frozen, with the pair onto a meld", scAt(t, Classic()).hand(0, "KC KD 5C 5D 5H").meld(0, scNines, "KC KD KH").pile("2C 4C KS"), mustTakeTo(), "5C 5D 5H 2C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scOK(t, tt.table.build(), tt.take)
			scTurn(t, s, Melding, 0, 0)
			scEq(t, "too late to ask", s.Position().Late, false)
			if !scListed(s, Ask()) {
				t.Errorf("Legal = %v after the take, want ask", Legal(s))
			}
			// The take is the turn's fixed point: nothing to take back.
			scNo(t, s, TakeBack(), ErrNotNow)
			// Asked, the yes binds: the player goes out.
			yes := scOK(t, s, Ask(), Answer(true))
			scTurn(t, yes, Melding, 0, 0)
			scWentOut(t, scOK(t, yes, scMeld(t, tt.out), scDiscard(t, "4C")), 0, false, 100)
			// A card laid after the take closes the question, and taking
			// it back does not reopen it.
			laid := scOK(t, s, scMeld(t, tt.out))
			scNo(t, laid, Ask(), ErrNotNow)
			scSays(t, laid, Ask(), "before laying any")
			scNo(t, scOK(t, laid, TakeBack()), Ask(), ErrNotNow)
			// Asking stays optional: going out without asking.
			scWentOut(t, scOK(t, laid, scDiscard(t, "4C")), 0, false, 100)
		})
	}
}

// Taking the pile for the partnership's first melds needs the top card and
// cards from the hand to meet the minimum: the melds laid for it take the
// pile, part of the draw, and leave the question open. Here the queen pair
// (30) and a canasta of fives (35) take the pile; 8C 8D 8H then go out
// with the discard of 4C, concealed: the whole hand melded in one turn.
func TestRuleAskAfterTakingThePileForTheFirstMelds(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "QC QD 5C 5C 5D 5D 5H 5H 5S 8C").pile("4C 8D 8H QS").build()
	taking := scOK(t, s, Take())
	scTurn(t, taking, Opening, 0, 0)
	scNo(t, taking, Ask(), ErrNotNow)
	taken := scOK(t, taking, scMeld(t, "5C 5C 5D 5D 5H 5H 5S"))
	scTurn(t, taken, Melding, 0, 0)
	scHand(t, taken, 0, "4C 8C 8D 8H")
	scEq(t, "too late to ask", taken.Position().Late, false)
	yes := scOK(t, taken, Ask(), Answer(true))
	scWentOut(t, scOK(t, yes, scMeld(t, "8C 8D 8H"), scDiscard(t, "4C")), 0, true, 200)
	// A meld after the take closes it.
	scSays(t, scOK(t, taken, scMeld(t, "8C 8D 8H")), Ask(), "before laying any")
}

// A take for the team's first melds, taken back, leaves the turn as it
// was before the take: the player draws instead, and may then ask (going
// out concealed, with seven fours and four kings).
func TestRuleAskAfterTakeTakenBack(t *testing.T) {
	// The kings are 30 of the 50 points: the take waits for more melds.
	s := scAt(t, Classic()).hand(0, "4C 4C 4D 4D 4H 4H KC KD KH").pile("5S 8H KS").stock("4S").build()
	taking := scOK(t, s, Take())
	scTurn(t, taking, Opening, 0, 0)
	scNo(t, taking, Ask(), ErrNotNow)
	back := scOK(t, taking, TakeBack())
	scEq(t, "the State before the take", back.Equal(s), true)
	scTurn(t, back, Drawing, 0, 0)
	scTurn(t, scOK(t, back, Draw(), Ask()), Answering, 0, 2)
}

// A player holding one card has nothing to ask: discarding it goes out
// (the package's ruling). Taking the pile with a pair can leave one card.
func TestRuleAskNotWithOneCard(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "QC QD 5C").meld(0, scNines).pile("QH").build()
	s = scOK(t, s, Take())
	scHand(t, s, 0, "5C")
	scTurn(t, s, Melding, 0, 0)
	scNo(t, s, Ask(), ErrNotNow)
	scSays(t, s, Ask(), "you hold one card")
	scLegal(t, s, "discard 5C")
	scWentOut(t, scOK(t, s, scDiscard(t, "5C")), 0, false, 100)
}

// The library's ruling: "the partner's answer binds". The partner (seat+2)
// answers; nothing else is played meanwhile.
func TestRulePartnerAnswers(t *testing.T) {
	for seat := range 4 {
		t.Run(itoa(seat), func(t *testing.T) {
			partner := (seat + 2) % 4
			s := scAt(t, Classic()).turn(seat).hand(seat, "KS 5C").meld(seat%2, scNines, "KC KD KH").stock("KC").build()
			scNo(t, s, Answer(true), ErrNotNow)
			s = scOK(t, s, Draw(), Ask())
			scTurn(t, s, Answering, seat, partner)
			scLegal(t, s, "yes", "no")
			scEq(t, "the player's View lists nothing", len(s.View(seat).Legal), 0)
			scEq(t, "the partner's View lists the answers", len(s.View(partner).Legal), 2)
			for _, a := range []Action{Draw(), scDiscard(t, "5C"), scAdd(t, card.King, "KS"), Ask(), TakeBack()} {
				scNo(t, s, a, ErrNotNow)
			}
			scTurn(t, scOK(t, s, Answer(false)), Melding, seat, seat)
		})
	}
}

// The library's ruling: "yes obliges the player to go out this turn". Legal
// lists only the steps that keep going out possible; a discard that does not
// go out, and a step after which the player could not go out, are refused.
func TestRuleYesBindsToGoOut(t *testing.T) {
	s := scOK(t, scAsking(t, "KS 5C"), Draw(), Ask(), Answer(true))
	scLegal(t, s, "add KC to K", "add KC KS to K")
	scNo(t, s, scDiscard(t, "5C"), ErrMustGoOut)
	scSays(t, s, scDiscard(t, "5C"), "discard only your last card")
	scWentOut(t, scOK(t, s, scAdd(t, card.King, "KS"), scAdd(t, card.King, "KC"), scDiscard(t, "5C")), 0, false, 100)

	// Six nines: the two must go on them to make the canasta.
	// (A position replays the turn since its fixed point: the yes binds it.)
	s = scAt(t, Classic()).hand(0, "2C 5C").meld(0, "9C 9D 9H 9S 9C 9D", "KC KD KH").stock("KS").
		then(Draw(), Ask(), Answer(true)).build()
	scNo(t, s, scAdd(t, card.King, "2C"), ErrMustGoOut)
	scSays(t, s, scAdd(t, card.King, "2C"), "you could no longer go out")
	scLegal(t, s, "add 2C to 9", "add KS to K")
	s = scOK(t, s, scAdd(t, card.Nine, "2C"), scAdd(t, card.King, "KS"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	scMelds(t, s, 0, "9C 9D 9H 9S 9C 9D 2C", "KC KD KH KS")
}

// The library's ruling: "no forbids it". The player may not meld its hand
// whole, nor meld down to the last card; it discards and plays on.
func TestRuleNoForbidsGoingOut(t *testing.T) {
	s := scOK(t, scAsking(t, "KS"), Draw(), Ask(), Answer(false))
	scEq(t, "answer seen", s.View(2).Answer, -1)
	scNo(t, s, scAdd(t, card.King, "KS KC"), ErrPermission)
	scSays(t, s, scAdd(t, card.King, "KS KC"), "your partner said no")
	scNo(t, s, scAdd(t, card.King, "KS"), ErrKeepCard, ErrPermission)
	scLegal(t, s, "discard KC", "discard KS")
	s = scOK(t, s, scDiscard(t, "KS"))
	scTurn(t, s, Drawing, 1, 1)
	scHand(t, s, 0, "KC")
}

// The Classic Canasta text speaks of no question; the library's ruling: "A
// player may ask the partner for permission and must then abide by the
// answer." Asking is the player's choice: going out without asking is allowed.
func TestRuleAskingIsOptional(t *testing.T) {
	s := scOK(t, scAsking(t, "KS 5C"), Draw(), scAdd(t, card.King, "KS KC"), scDiscard(t, "5C"))
	scWentOut(t, s, 0, false, 100)
	s = scOK(t, scAsking(t, "KS"), Draw(), scAdd(t, card.King, "KS KC"))
	scWentOut(t, s, 0, false, 100)
}

// Two and three players have no partner: no one asks.
func TestRuleNoQuestionWithoutPartner(t *testing.T) {
	three := ThreePlayer()
	three.AskPartner = true // a table that would ask, with no partner to answer
	for _, r := range []Rules{TwoPlayer(), ThreePlayer(), three} {
		t.Run(r.Name, func(t *testing.T) {
			hand, stock := "KS 5C", "KC KD" // two cards drawn
			if r.DrawCount == 1 {
				hand, stock = "KS KD 5C", "KC"
			}
			s := scAt(t, r).hand(0, hand).meld(0, scNines, "QC QD QH QS QC QD QH", "KC KD KH").stock(stock).build()
			s = scOK(t, s, Draw())
			scNo(t, s, Ask(), ErrNotNow)
			scWentOut(t, scOK(t, s, scAdd(t, card.King, "KS KC KD"), scDiscard(t, "5C")), 0, false, 100)
		})
	}
	s := scOK(t, scAt(t, three).hand(0, "KS 5C").meld(0, scNines, "KC KD KH").stock("KC KD").build(), Draw())
	scSays(t, s, Ask(), "no partner")
}

// ---------------------------------------------------------------- the stock runs out

// scLastStock is seat 3 melding with the stock empty, about to discard one
// of hand3; seat 0 holds hand0 and team 0 the melds. The cards placed
// nowhere are in seat 1's hand.
func scLastStock(t *testing.T, hand3, hand0, pile string, melds ...string) State {
	t.Helper()
	return scAt(t, Classic()).turn(3).melding().hand(3, hand3).hand(0, hand0).hand(2, "6C").
		meld(0, melds...).meld(1, "QC QD QH").pile(pile).restTo(1).build()
}

// scEmptyStockTurn is seat 0's turn with the stock empty, after seat 3
// discarded 9H onto pile (see scLastStock), Legal listing legal.
func scEmptyStockTurn(t *testing.T, hand0, pile string, melds, legal []string) State {
	t.Helper()
	s := scOK(t, scLastStock(t, "9H 4S", hand0, pile, melds...), scDiscard(t, "9H"))
	scTurn(t, s, Drawing, 0, 0)
	scEq(t, "stock", s.StockSize(), 0)
	scLegal(t, s, legal...)
	return s
}

// Classic Canasta with the stock exhausted: play continues while each
// player takes the pile. A player must take it when it is not frozen for
// the player's team and its upcard matches one of the team's melds: Legal
// lists the takes alone, and drawing (declining) is refused.
func TestRuleEmptyStockPlayerMustTake(t *testing.T) {
	tests := []struct {
		name, hand0, pile string
		melds             []string
		legal             []string
	}{
		{"onto the team's meld", "6S 7S", "5C", []string{"9C 9D 9S"}, []string{"take to #1"}},
		{"onto a completed canasta", "6S 7S", "5C", []string{"9C 9D 9S 9C 9D 9S 2H"}, []string{"take to #1"}},
		{"with a pair, the team holding a meld of the rank", "9C 9D 6S", "5C", []string{"9S 9S 2D"}, []string{"take to #1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scEmptyStockTurn(t, tt.hand0, tt.pile, tt.melds, tt.legal)
			scNo(t, s, Draw(), ErrStock)
			scSays(t, s, Draw(), "take the pile")
			s = scOK(t, s, act(t, tt.legal[0]))
			scTurn(t, s, Melding, 0, 0)
			scPile(t, s, "", 0)
		})
	}
}

// Classic Canasta with the stock exhausted, when the take is not forced (a
// pile frozen for the team, or an upcard that matches none of its melds):
// taking the pile is the player's choice, and a player who does not take
// it ends the hand, with no going-out bonus. Declining is the draw action
// with the stock empty.
func TestRuleEmptyStockPlayerMayDecline(t *testing.T) {
	tests := []struct {
		name, hand0, pile string
		melds             []string
		legal             []string
	}{
		{"frozen, a natural pair", "9C 9D 6S", "5C JK", []string{"9S 9S 2D"}, []string{"draw", "take to #1"}},
		{"frozen, not down, a natural pair", "9C 9D KS KS KD 6S", "5C", nil, []string{"draw", "take"}},
		{"matching no meld, a natural pair", "9C 9D 6S", "5C", []string{"KC KD KH"}, []string{"draw", "take"}},
		{"matching no meld, a natural card and a wild card", "9C 2C 6S", "5C", []string{"KC KD KH"}, []string{"draw", "take with 2C"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scEmptyStockTurn(t, tt.hand0, tt.pile, tt.melds, tt.legal)
			if took := scOK(t, s, act(t, tt.legal[1])); took.Phase() == Melding {
				scPile(t, took, "", 0)
			} else {
				scTurn(t, took, Opening, 0, 0) // the pile waits for the first melds
			}
			declined := scOK(t, s, Draw())
			scTurn(t, declined, RoundOver, 0, 1)
			scWentOut(t, declined, -1, false, 0)
			for _, ts := range declined.Results()[0].Teams {
				scEq(t, "team "+itoa(ts.Team)+" going out", ts.Breakdown[5].Points, 0)
			}
			scHand(t, declined, 0, tt.hand0) // nothing drawn, nothing taken
			if ev := declined.Happened(0, 0); !ev[len(ev)-1].RoundOver || ev[len(ev)-1].Draws != 0 {
				t.Errorf("the decline's event %+v: want the round over, no card drawn", ev[len(ev)-1])
			}
		})
	}
}

// The library's ruling: with the stock exhausted, "a player who does not or
// cannot take it ends the hand, with no going-out bonus."
func TestRuleEmptyStockCannotTakeEndsRound(t *testing.T) {
	tests := []struct {
		name, discard, hand0, pile string
		melds                      []string
	}{
		{"no card of the rank", "9H", "6S 7S", "5C", []string{"KC KD KH"}},
		{"frozen, no pair", "9H", "9C 2C 6S", "5C JK", []string{"9S 9S 9D"}},
		{"not down, no pair", "9H", "9C 2C 6S", "5C", nil},
		{"a black three on top", "3S", "9C 9D 6S", "5C", []string{"KC KD KH"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scOK(t, scLastStock(t, tt.discard+" 4S", tt.hand0, tt.pile, tt.melds...), scDiscard(t, tt.discard))
			scTurn(t, s, RoundOver, 0, 1)
			scWentOut(t, s, -1, false, 0)
			for _, ts := range s.Results()[0].Teams {
				scEq(t, "team "+itoa(ts.Team)+" going out", ts.Breakdown[5].Points, 0)
			}
			scLegal(t, s, "next")
			if ev := s.Happened(0, 0); !ev[len(ev)-1].RoundOver {
				t.Errorf("the discard's event does not end the round")
			}
		})
	}
	// Exactly: team 0 scores its kings, less seat 0's 6S 7S and seat 2's 6C.
	s := scOK(t, scLastStock(t, "9H 4S", "6S 7S", "5C", "KC KD KH"), scDiscard(t, "9H"))
	scScore(t, s.Results()[0].Teams[0], scLines{melded: 30, held: -15}, 15)
}

// scMelded counts the cards on the table in melds.
func scMelded(s State) int {
	n := 0
	for team := range s.Rules().Teams {
		for _, m := range s.Melds(team) {
			n += m.Len()
		}
	}
	return n
}

// The package's bound on a round: each turn played on with the stock empty
// takes the pile, melding its upcard, and melded cards stay on the table,
// so after the stock's last card a round lasts fewer turns than the shoe
// has cards. From an exact position, four turns on the empty stock each
// meld one more card (every take forced), and the fifth player, who cannot
// take the pile, ends the round.
func TestRuleEmptyStockTurnBound(t *testing.T) {
	s := scAt(t, Classic()).turn(3).melding().hand(3, "9H 4S 4D").hand(0, "QS 6S").hand(2, "QD 6C").
		meld(0, "9C 9D 9S").meld(1, "QC QD QH").pile("5C").restTo(1).build()
	s = scOK(t, s, scDiscard(t, "9H"))
	for i, discard := range []string{"QS", "9C", "QD", "4S"} {
		seat := i % 4
		scTurn(t, s, Drawing, seat, seat)
		scEq(t, "stock", s.StockSize(), 0)
		legal := Legal(s)
		scEq(t, "the only action", len(legal) == 1 && legal[0].Kind() == KindTake, true)
		before := scMelded(s)
		s = scOK(t, s, legal[0])
		scEq(t, "cards melded by the take", scMelded(s)-before, 1)
		s = scOK(t, s, scDiscard(t, discard))
	}
	scWentOut(t, s, -1, false, 0)
}

// A Position says who has melded this round (Position.Melded), so that a
// concealed going out is told from a plain one after the game is saved and
// restored: mid-turn after a take that began the player's own meld, the
// restored State is the same, and goes out concealed as the played one
// does. FromPosition checks Melded against the teams that are down.
func TestRuleConcealedPosition(t *testing.T) {
	b := scAt(t, Classic()).meld(0, "KC KD KH").melded(2).
		hand(0, "9C 9D 4C 4C 4D 4D 4H 4H 4S 6S").hand(1, "7C").hand(2, "6C").hand(3, "8C").pile("9H")
	s := scOK(t, b.build(), Take())
	p := s.Position()
	scEq(t, "Melded", fmt.Sprint(p.Melded), "[false false true false]")
	back := scOf[State](t)(FromPosition(p))
	scEq(t, "restored equal", back.Equal(s), true)
	var viaJSON State
	if err := json.Unmarshal(scOf[[]byte](t)(json.Marshal(s)), &viaJSON); err != nil || !viaJSON.Equal(s) {
		t.Fatalf("JSON round trip: %v", err)
	}
	for _, st := range []State{s, back, viaJSON} {
		out := scOK(t, st, scMeld(t, "4C 4C 4D 4D 4H 4H 4S"), scDiscard(t, "6S"))
		scWentOut(t, out, 0, true, 200)
		scEq(t, "seat 0 melded", out.Melded(0), true)
	}
	scEq(t, "seen by all", s.View(1).Players[2].Melded, true)

	p = b.position()
	p.Melded = []bool{false, false, false}
	hostileRefused(t, p, "one entry per seat")
	p.Melded = []bool{false, true, true, false}
	hostileRefused(t, p, "seat 1 has melded, but its team is not down")
	p.Melded = []bool{false, false, false, false}
	hostileRefused(t, p, "team 0 is down")
}
