package canasta

// Scenario tests: one rule each, from an exact position. Comments quote
// the rule text of Classic Canasta (Pagat's rules, which it names as its
// source) or the library's rulings where the text is silent.

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// orderWith returns a shoe order for r with the cards at, by index; every
// other place holds a card that is neither a red three nor wild, as long as
// there are such cards, the rest at the end.
func orderWith(t *testing.T, r Rules, at map[int]string) []card.Card {
	t.Helper()
	shoe, _ := deck.Shoe(r.Decks, r.JokersPerDeck)
	rest, _ := card.MultisetOf(shoe...)
	order := make([]card.Card, len(shoe))
	for i, c := range at {
		order[i] = card.MustParse(c)
		if rest.Remove(order[i]) != nil {
			t.Fatalf("no %v left", c)
		}
	}
	var plain, odd []card.Card
	for _, c := range rest.Cards() {
		if c.Rank() == card.Three && c.IsRed() || c == card.Joker || c.Rank() == card.Two {
			odd = append(odd, c)
		} else {
			plain = append(plain, c)
		}
	}
	fill := append(plain, odd...)
	for i := range order {
		if order[i] == 0 {
			order[i], fill = fill[0], fill[1:]
		}
	}
	return order
}

// "Any Red Three received is automatically placed face-up for the
// partnership and replaced by a draw from the stock" — again when the
// replacement is a red three. "If the upcard is a wild card or a red three,
// another card is turned onto it and the pile is frozen."
func TestRuleDealRedThreesAndUpcard(t *testing.T) {
	r := Classic()
	order := orderWith(t, r, map[int]string{0: "3H", 44: "3D", 45: "7C", 46: "2C", 47: "3H", 48: "9H"})
	s, err := Deal(r, order, 1)
	if err != nil {
		t.Fatal(err)
	}
	hand := s.Hand(0)
	if hand.Len() != 11 || hand.Count(card.MustParse("7C")) == 0 || hand.Count(red3[0])+hand.Count(red3[1]) != 0 {
		t.Errorf("seat 0 holds %v: want 11 cards with the 7C drawn for the red threes", hand)
	}
	if got := s.RedThrees(0); !slices.Equal(got, cs("3D 3H")) {
		t.Errorf("team 0 laid out %v, want 3D 3H", got)
	}
	if s.Upcard() != card.MustParse("9H") || s.PileSize() != 3 || !s.Frozen(0) || !s.Frozen(1) {
		t.Errorf("upcard %v, pile %d, frozen %v %v: want 9H on 3H on 2C, frozen for both", s.Upcard(), s.PileSize(), s.Frozen(0), s.Frozen(1))
	}
	if s.StockSize() != 108-49 || s.Turn() != 0 {
		t.Errorf("stock %d, turn %d", s.StockSize(), s.Turn())
	}
	// Dealt one at a time round the table from the first player.
	if s.Hand(1).Count(order[1]) == 0 || s.Hand(3).Count(order[43]) == 0 {
		t.Errorf("seat 1 lacks %v or seat 3 lacks %v", order[1], order[43])
	}
}

// 11 cards each at four, 15 at two, 13 at three; draw 1, 2, 1.
func TestRulePresetsDealAndDraw(t *testing.T) {
	for _, tc := range []struct {
		r          Rules
		hand, draw int
	}{{Classic(), 11, 1}, {TwoPlayer(), 15, 2}, {ThreePlayer(), 13, 1}} {
		s, _ := New(tc.r, 4)
		for seat := range tc.r.Players {
			if n := s.Hand(seat).Len(); n != tc.hand {
				t.Errorf("%s: seat %d holds %d cards", tc.r.Name, seat, n)
			}
		}
		before := s.StockSize()
		s = do(t, s, Draw())
		if got := before - s.StockSize() - 0; got < tc.draw {
			t.Errorf("%s: the draw took %d cards", tc.r.Name, got)
		}
		if n := s.Hand(0).Len(); n != tc.hand+tc.draw {
			t.Errorf("%s: %d cards after the draw, want %d", tc.r.Name, n, tc.hand+tc.draw)
		}
	}
}

// A red three drawn is laid out and replaced at once.
func TestRuleDrawnRedThreeReplaced(t *testing.T) {
	s := newScene(t, Classic()).stockTop("3H 7C").build()
	s = do(t, s, Draw())
	if !slices.Equal(s.RedThrees(0), cs("3H")) || s.Hand(0) != ms("9S 10S JS 7C") {
		t.Errorf("red threes %v, hand %v", s.RedThrees(0), s.Hand(0))
	}
	// The fixed point after the draw is the hand with the replacement.
	if p := s.Position(); len(p.Actions) != 0 || p.Phase != Melding {
		t.Errorf("the position after the draw replays %v from %v", p.Actions, p.Phase)
	}
}

// "Drawing a red three as the last stock card ends the hand at once."
func TestRuleRedThreeLastCardEndsRound(t *testing.T) {
	s := newScene(t, Classic()).stockOnly("3H", 2)
	s = do(t, s, Draw())
	if s.Phase() != RoundOver {
		t.Fatalf("phase %v after drawing the last card, a red three", s.Phase())
	}
	res := s.Results()[0]
	if res.WentOut != -1 || res.Teams[0].Breakdown[5].Points != 0 {
		t.Errorf("result %+v: no one went out", res)
	}
}

// The pile is frozen for a team that has not melded: only a natural pair
// takes it, and the minimum counts the upcard and the pair alone.
func TestRuleFrozenBeforeFirstMeld(t *testing.T) {
	s := newScene(t, Classic()).hand(0, "8S 8D 2C KC KD KH 5C").pile("AC AD 8H").build()
	if !s.Frozen(0) {
		t.Fatal("the pile is not frozen for a team that has not melded")
	}
	with, _ := TakeWith(card.MustParse("2C"))
	reject(t, s, with, ErrPile)
	// 8H 8S 8D: 30 points of 50; the aces under the upcard do not count.
	s = do(t, s, Take())
	if s.Phase() != Opening || s.LaidThisTurn() != 30 {
		t.Fatalf("after the take: %v, laid %d", s.Phase(), s.LaidThisTurn())
	}
	reject(t, s, act(t, "discard 5C"), ErrMinimum)
	back := do(t, s, TakeBack())
	if back.Phase() != Drawing || back.Upcard() != card.MustParse("8H") || back.Hand(0) != ms("8S 8D 2C KC KD KH 5C") {
		t.Errorf("taking back the take: %v, upcard %v, hand %v", back.Phase(), back.Upcard(), back.Hand(0))
	}
	s = do(t, s, act(t, "meld KC KD KH"))
	if s.Phase() != Melding || !s.Down(0) || s.Hand(0) != ms("2C 5C AC AD") {
		t.Errorf("after reaching 60: %v, down %v, hand %v", s.Phase(), s.Down(0), s.Hand(0))
	}
}

// A wild card or a red three in the pile freezes it for everyone; frozen,
// the pile is taken only with a natural pair, also onto the team's meld.
func TestRuleFrozenByWildCard(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "KC 2D 8S 5C").pile("2C 4D KD").build()
	if !s.Frozen(0) {
		t.Fatal("a wild card in the pile does not freeze it")
	}
	with, _ := TakeWith(card.MustParse("2D"))
	reject(t, s, with, ErrPile)
	reject(t, s, Take(), ErrPile)

	s = newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "7S 7S 8S 5C").pile("3D 4D 7C").build()
	if !s.Frozen(0) || !s.Frozen(1) {
		t.Fatal("a red three in the pile does not freeze it")
	}
	// Frozen: the upcard alone does not go on the meld; with the pair it does.
	s = do(t, s, mustTakeTo())
	if s.Melds(0)[0].Len() != 6 || s.Hand(0) != ms("8S 5C 4D") || !slices.Equal(s.RedThrees(0), cs("3D")) {
		t.Errorf("meld %v, hand %v, red threes %v", s.Melds(0)[0], s.Hand(0), s.RedThrees(0))
	}
}

// Not frozen: the pile may also be taken with a natural card and a wild
// card, or by putting the upcard on the team's meld, a canasta included.
func TestRuleTakeNotFrozen(t *testing.T) {
	base := func() *scene {
		return newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "KC 2D 8S 5C").pile("4D 5D KD")
	}
	s := base().build()
	if s.Frozen(0) || !s.Frozen(1) {
		t.Fatalf("frozen for team 0 %v, team 1 %v: want only for team 1, which has not melded", s.Frozen(0), s.Frozen(1))
	}
	with, _ := TakeWith(card.MustParse("2D"))
	got := do(t, s, with)
	if m := got.Melds(0)[1]; m.Rank() != card.King || m.Len() != 3 || got.Hand(0) != ms("8S 5C 4D 5D") {
		t.Errorf("take with 2D: meld %v, hand %v", m, got.Hand(0))
	}
	s = base().pile("4D 5D 7S").build()
	got = do(t, s, mustTakeTo())
	if got.Melds(0)[0].Len() != 8 || got.Hand(0) != ms("KC 2D 8S 5C 4D 5D") {
		t.Errorf("take onto the canasta: %v, hand %v", got.Melds(0)[0], got.Hand(0))
	}
}

// "A black 3 on top blocks only the next player; once covered the pile is
// as before." A wild card on top can never be taken.
func TestRuleBlackThreeAndWildOnTop(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "3C 8S 8D 5C").pile("8H 3S").build()
	reject(t, s, Take(), ErrBlocked)
	s = do(t, s, Draw())
	if s = do(t, s, act(t, "discard 8S")); s.Upcard() != card.MustParse("8S") || s.Turn() != 1 {
		t.Fatalf("the discard did not cover the three: upcard %v", s.Upcard())
	}
	// Covered, the pile is as before: taken with a pair of eights.
	s = newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "8C 8D 5C").pile("8H 3S 8S").build()
	if s = do(t, s, Take()); s.Melds(0)[1].Rank() != card.Eight {
		t.Errorf("the covered pile was not taken: %v", s.Melds(0))
	}
	s = newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "2C 2D 5C").pile("8H JK").build()
	reject(t, s, Take(), ErrPile)
}

// "A player holding exactly one card may not take a pile of exactly one
// card."
func TestRuleOneCardPile(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "KC").pile("7S").build()
	reject(t, s, mustTakeTo(), ErrPile)
	s = newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "KC").pile("4D 7S").build()
	s = do(t, s, mustTakeTo())
	if s.Hand(0) != ms("KC 4D") {
		t.Errorf("hand %v", s.Hand(0))
	}
}

// A meld: 3+ cards of one rank, at least 2 natural, at most 3 wild; one
// meld per rank per team.
func TestRuleMeldShape(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "KC KD 2C 2D 2H JK QC 5C 5D").phase(Melding).build()
	reject(t, s, act(t, "meld KC 2C JK"), ErrMeld)          // one natural
	reject(t, s, act(t, "meld KC KD 2C 2D 2H JK"), ErrMeld) // four wild
	do(t, s, act(t, "meld KC KD 2C 2D 2H"))
	s = newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "7S 7S 7D 5C 6C").phase(Melding).build()
	reject(t, s, act(t, "meld 7S 7S 7D"), ErrSecondMeld)
	do(t, s, act(t, "add 7S 7S 7D to 7"))
}

// Black threes are melded only by a player going out, three or four of
// them with no wild card.
func TestRuleBlackThreesGoingOut(t *testing.T) {
	canasta := "7C 7D 7H 7S 7C 7D 7H"
	s := newScene(t, Classic()).meld(0, canasta).hand(0, "3C 3S 3S 5C 6C").phase(Melding).build()
	reject(t, s, act(t, "meld 3C 3S 3S"), ErrMeld) // two cards would be left
	s = newScene(t, Classic()).meld(0, canasta).hand(0, "3C 3S 3S 5C").phase(Melding).build()
	s = do(t, s, act(t, "meld 3C 3S 3S"))
	s = do(t, s, act(t, "discard 5C"))
	if s.Phase() != RoundOver || s.Results()[0].WentOut != 0 {
		t.Fatalf("phase %v: the discard did not go out", s.Phase())
	}
	s = newScene(t, Classic()).meld(0, canasta).hand(0, "3C 3S 2C 5C").phase(Melding).build()
	reject(t, s, act(t, "meld 3C 3S 2C"), ErrMeld)
}

// The minimum for the first melds by the team's total: below 0: 15; 0 to
// 1495: 50; 1500 to 2995: 90; 3000 and more: 120.
func TestRuleMinimumBands(t *testing.T) {
	for _, tc := range []struct{ total, want int }{
		{-5, 15}, {0, 50}, {1495, 50}, {1500, 90}, {2995, 90}, {3000, 120}, {4990, 120},
	} {
		s := newScene(t, Classic()).totals(tc.total, 0).build()
		if got := s.Minimum(0); got != tc.want {
			t.Errorf("total %d: minimum %d, want %d", tc.total, got, tc.want)
		}
	}
}

// The melds of the turn are checked when it ends: a discard is refused
// while they are short of the minimum, and taking them back is allowed.
func TestRuleDiscardShortOfMinimum(t *testing.T) {
	s := newScene(t, Classic()).hand(0, "KC KD KH 5C 6C").phase(Melding).build()
	s = do(t, s, act(t, "meld KC KD KH"))
	reject(t, s, act(t, "discard 5C"), ErrMinimum)
	s = do(t, s, TakeBack())
	do(t, s, act(t, "discard 5C"))
}

// "The hand is only ended with zero cards if the partnership has completed
// at least one canasta": without one the last card may be neither melded
// nor discarded; with one, going out scores 100.
func TestRuleGoingOutNeedsCanasta(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D").hand(0, "KC KD KH 5C").phase(Melding).build()
	reject(t, s, act(t, "meld KC KD KH"), ErrKeepCard)
	s = newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D").hand(0, "7H 5C").phase(Melding).build()
	s = do(t, s, act(t, "add 7H to 7"))
	s = do(t, s, act(t, "discard 5C"))
	res := s.Results()[0]
	if res.WentOut != 0 || res.Concealed || res.Teams[0].Breakdown[5].Points != 100 {
		t.Errorf("result %+v", res)
	}
	// Melding out, the same.
	s = newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "KC KD KH").phase(Melding).build()
	if s = do(t, s, act(t, "meld KC KD KH")); s.Phase() != RoundOver {
		t.Errorf("melding the whole hand with a canasta did not go out: %v", s.Phase())
	}
}

// Going out concealed: a player whose team has not melded, having drawn,
// melds the whole hand with a canasta in one turn — with no minimum — and
// scores 200.
func TestRuleConcealedGoingOut(t *testing.T) {
	s := newScene(t, Classic()).hand(0, "4C 4D 4H 4S 4C 4D 4H 5C 5D 5H").totals(3000, 0).stockTop("6C").build()
	if s.Minimum(0) != 120 {
		t.Fatalf("minimum %d", s.Minimum(0))
	}
	s = do(t, s, Draw())
	s = do(t, s, act(t, "meld 4C 4C 4D 4D 4H 4H 4S")) // 35 points: short of 120, but going out
	s = do(t, s, act(t, "meld 5C 5D 5H"))
	s = do(t, s, act(t, "discard 6C"))
	res := s.Results()[1]
	if res.WentOut != 0 || !res.Concealed || res.Teams[0].Breakdown[5].Points != 200 {
		t.Errorf("result %+v, want a concealed going out for 200", res)
	}
	// Not concealed when the partner had melded: the minimum is met already.
	s = newScene(t, Classic()).meld(0, "9C 9D 9H").hand(0, "4C 4D 4H 4S 4C 4D 4H 5C").phase(Melding).build()
	s = do(t, s, act(t, "meld 4C 4C 4D 4D 4H 4H 4S"))
	s = do(t, s, act(t, "discard 5C"))
	if res := s.Results()[0]; res.Concealed || res.Teams[0].Breakdown[5].Points != 100 {
		t.Errorf("result %+v, want a plain going out", res)
	}
	// Not down and not going out: the minimum holds.
	s = newScene(t, Classic()).hand(0, "4C 4D 4H 4S 4C 4D 4H 5C 5D").phase(Melding).build()
	s = do(t, s, act(t, "meld 4C 4C 4D 4D 4H 4H 4S"))
	reject(t, s, act(t, "discard 5C"), ErrMinimum)
}

// "May I go out?": asked after the draw and before melding; the partner
// answers; yes obliges the player to go out this turn, no forbids it.
func TestRuleAskPartner(t *testing.T) {
	mk := func() State {
		return newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "KC KD KH 5C 5D 5H 6C").phase(Melding).build()
	}
	s := do(t, mk(), Ask())
	if s.Phase() != Answering || s.ToAct() != 2 {
		t.Fatalf("after asking: %v, seat %d to act", s.Phase(), s.ToAct())
	}
	reject(t, s, act(t, "meld KC KD KH"), ErrNotNow)
	yes := do(t, s, Answer(true))
	reject(t, yes, act(t, "discard 6C"), ErrMustGoOut)
	for _, a := range Legal(yes) {
		if a.Kind() == KindDiscard || a.Kind() == KindAsk {
			t.Errorf("after a yes Legal lists %v", a)
		}
	}
	yes = do(t, yes, act(t, "meld KC KD KH"))
	yes = do(t, yes, act(t, "meld 5C 5D 5H"))
	if yes = do(t, yes, act(t, "discard 6C")); yes.Phase() != RoundOver {
		t.Errorf("after the yes the player did not go out: %v", yes.Phase())
	}
	no := do(t, s, Answer(false))
	no = do(t, no, act(t, "meld KC KD KH"))
	reject(t, no, act(t, "meld 5C 5D 5H"), ErrKeepCard)
	if no = do(t, no, act(t, "discard 6C")); no.Phase() != Drawing || no.Turn() != 1 {
		t.Errorf("after a no the turn ends as usual: %v", no.Phase())
	}
	// Asking is the player's choice: going out without asking is allowed.
	out := do(t, mk(), act(t, "meld KC KD KH"))
	out = do(t, out, act(t, "meld 5C 5D 5H"))
	if out = do(t, out, act(t, "discard 6C")); out.Phase() != RoundOver {
		t.Errorf("going out without asking: %v", out.Phase())
	}
}

// A player cannot ask once it has melded this turn, nor with one card, nor
// at a table without partners.
func TestRuleAskWhen(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "KC KD KH 5C 6C").phase(Melding).build()
	laid := do(t, s, act(t, "meld KC KD KH"))
	reject(t, laid, Ask(), ErrNotNow)
	reject(t, newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "5C").phase(Melding).build(), Ask(), ErrNotNow)
	two := newScene(t, TwoPlayer()).meld(0, "7C 7D 7H 7S 7C 7D 7H").meld(0, "8C 8D 8H 8S 8C 8D 8H").hand(0, "5C 5D 5H").pile("4C").phase(Melding).build()
	reject(t, two, Ask(), ErrNotNow)
}

// With the stock empty a player must take a pile that is not frozen for
// the team when its upcard matches the team's meld; one who cannot take
// the pile ends the round with no one going out.
func TestRuleStockExhausted(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "KC 5C").pile("7S").stockOnly("", 2)
	if legal := Legal(s); len(legal) != 1 || !legal[0].OntoMeld() {
		t.Fatalf("with the stock empty Legal is %v, want the take onto the sevens", legal)
	}
	reject(t, s, Draw(), ErrStock)
	// Seat 3 discards; seat 0 cannot take the pile: the round ends.
	s = newScene(t, Classic()).meld(0, "7C 7D 7H").hand(0, "KC 5C").hand(3, "6C 6D").pile("4S").turn(3).phase(Melding).stockOnly("", 1)
	s = do(t, s, act(t, "discard 6C"))
	if s.Phase() != RoundOver || s.Results()[0].WentOut != -1 {
		t.Fatalf("a player who cannot take the pile from an empty stock: %v", s.Phase())
	}
}

// Scoring: canastas 500 natural and 300 mixed; red threes 100 each, 800
// for all four, counted against a team that has melded nothing; the cards
// melded; less the cards in hand; 100 for going out.
func TestRuleScoring(t *testing.T) {
	s := newScene(t, Classic()).
		meld(0, "7C 7D 7H 7S 7C 7D 7H").meld(0, "KC KD KH 2C 2D").meld(0, "AC AD AH AS AC AD 2H").
		reds(0, "3D 3H").reds(1, "3D 3H").
		hand(0, "5C").hand(2, "JK 4C").hand(1, "QC QD").hand(3, "8S").
		phase(Melding).build()
	s = do(t, s, act(t, "discard 5C"))
	got := s.Results()[0].Teams
	// Team 0: natural 500 + mixed 300; red threes 200; melded 7×5 + 3×10 +
	// 2×20 + 6×20 + 20 = 245; in hand JK 4C: -55; going out 100.
	want0 := []int{500, 300, 200, 245, -55, 100}
	// Team 1: no meld, so its red threes count -200; in hand QC QD 8S: -30.
	want1 := []int{0, 0, -200, 0, -30, 0}
	for i := range want0 {
		if got[0].Breakdown[i].Points != want0[i] || got[1].Breakdown[i].Points != want1[i] {
			t.Fatalf("breakdowns %v / %v, want %v / %v", got[0].Breakdown, got[1].Breakdown, want0, want1)
		}
	}
	if got[0].Points != 1290 || got[1].Points != -230 {
		t.Errorf("points %d, %d", got[0].Points, got[1].Points)
	}
	// All four red threes: 800.
	s = newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").reds(0, "3D 3D 3H 3H").hand(0, "5C").phase(Melding).build()
	s = do(t, s, act(t, "discard 5C"))
	if p := s.Results()[0].Teams[0].Breakdown[2].Points; p != 800 {
		t.Errorf("four red threes score %d", p)
	}
}

// The game ends when a team reaches the target (5000); the next round's
// minimum comes from the totals; the first player moves one seat a round.
func TestRuleGameEndAndNextRound(t *testing.T) {
	s := newScene(t, Classic()).totals(4800, 1000).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "5C").phase(Melding).build()
	s = do(t, s, act(t, "discard 5C"))
	if !s.Over() || !slices.Equal(s.Winners(), []int{0}) {
		t.Fatalf("over %v, winners %v, totals %v", s.Over(), s.Winners(), s.Totals())
	}
	s = newScene(t, Classic()).totals(1400, 2000).meld(0, "7C 7D 7H 7S 7C 7D 7H").hand(0, "5C").phase(Melding).build()
	s = do(t, s, act(t, "discard 5C"))
	next := do(t, s, Next())
	if next.Round() != 3 || next.Turn() != 2 || next.Minimum(0) != 90 || next.Minimum(1) != 90 {
		t.Errorf("round %d, first seat %d, minimums %d %d (totals %v)", next.Round(), next.Turn(), next.Minimum(0), next.Minimum(1), next.Totals())
	}
}

// The two-player game needs two canastas to go out.
func TestRuleTwoPlayerGoOut(t *testing.T) {
	s := newScene(t, TwoPlayer()).meld(0, "7C 7D 7H 7S 7C 7D").hand(0, "7H 5C").phase(Melding).build()
	reject(t, s, act(t, "add 7H to 7"), ErrKeepCard) // it would leave a card to discard with one canasta
	s = newScene(t, TwoPlayer()).meld(0, "7C 7D 7H 7S 7C 7D 7H").meld(0, "8C 8D 8H 8S 8C 8D").hand(0, "2C 5C").pile("4C").phase(Melding).build()
	s = do(t, s, act(t, "add 2C to 8"))
	if s = do(t, s, act(t, "discard 5C")); s.Phase() != RoundOver {
		t.Errorf("two canastas did not go out")
	}
}

// Random play of every preset keeps the rules' bounds: every game ends.
func TestRandomGamesEnd(t *testing.T) {
	for _, r := range []Rules{Classic(), TwoPlayer(), ThreePlayer()} {
		s, _ := New(r, 99)
		rng := rand.New(rand.NewPCG(1, 2))
		for n := 0; !s.Over(); n++ {
			if n > r.MaxActions() {
				t.Fatalf("%s: no end after %d actions", r.Name, n)
			}
			legal := Legal(s)
			a := legal[rng.IntN(len(legal))]
			if a.Kind() == KindTakeBack {
				a = legal[0]
			}
			s = do(t, s, a)
		}
	}
}

// Three players play each for themselves: three teams, each with its own
// minimum by its own total, and no partner to ask.
func TestRuleThreePlayersEachForThemselves(t *testing.T) {
	s := newScene(t, ThreePlayer()).totals(-20, 1600, 3100).build()
	if s.Minimum(0) != 15 || s.Minimum(1) != 90 || s.Minimum(2) != 120 {
		t.Errorf("minimums %d %d %d, want 15 90 120", s.Minimum(0), s.Minimum(1), s.Minimum(2))
	}
	if v := s.View(1); v.Team != 1 || len(v.Teams) != 3 || len(v.Players) != 3 {
		t.Errorf("seat 1's View: team %d, %d teams, %d players", v.Team, len(v.Teams), len(v.Players))
	}
}

// A joker and a natural card take a pile that is not frozen, and the new
// meld counts the joker; a natural canasta scores 500 and a mixed one 300.
func TestRuleTakeWithJokerAndCanastaKinds(t *testing.T) {
	s := newScene(t, Classic()).meld(0, "5C 5D 5H").hand(0, "QC JK 4D").pile("9D QD").build()
	with, _ := TakeWith(card.Joker)
	s = do(t, s, with)
	m := s.Melds(0)[1]
	if m.Rank() != card.Queen || m.Wilds() != 1 || s.Hand(0) != ms("4D 9D") {
		t.Fatalf("meld %v, hand %v", m, s.Hand(0))
	}
	s = newScene(t, Classic()).meld(0, "7C 7D 7H 7S 7C 7D 7H").meld(0, "KC KD KH KS KC 2D 2H").hand(0, "5C").phase(Melding).build()
	s = do(t, s, act(t, "discard 5C"))
	b := s.Results()[0].Teams[0].Breakdown
	if b[0].Points != 500 || b[1].Points != 300 {
		t.Errorf("natural %d, mixed %d, want 500 and 300", b[0].Points, b[1].Points)
	}
}

// The events a seat is told: the drawer sees its cards, the others how
// many; red threes laid out are seen by all.
func TestRuleHappenedRedThree(t *testing.T) {
	s := newScene(t, Classic()).stockTop("3D 8S").build()
	s = do(t, s, Draw())
	own, other := s.Happened(0, 0), s.Happened(1, 0)
	if len(own) != 1 || !slices.Equal(own[0].Drawn, cs("3D 8S")) || own[0].Draws != 2 {
		t.Errorf("seat 0 is told %+v", own)
	}
	if len(other) != 1 || other[0].Drawn != nil || other[0].Draws != 2 || !slices.Equal(other[0].RedThrees, cs("3D")) {
		t.Errorf("seat 1 is told %+v", other)
	}
}

// TakeTo has Hand and Foot's shape: the index of the team's meld of the
// upcard's rank, from 0 in Go and from 1 in text; a Canasta team has one
// meld of each rank, so only index 0 is one.
func TestTakeToIndex(t *testing.T) {
	if a, err := TakeTo(0); err != nil || a.String() != "take to #1" || !a.OntoMeld() {
		t.Errorf("TakeTo(0) = %v, %v; want take to #1", a, err)
	}
	if a, err := ParseAction("take to #1"); err != nil || a != mustTakeTo() {
		t.Errorf(`ParseAction("take to #1") = %v, %v; want TakeTo(0)`, a, err)
	}
	if _, err := TakeTo(1); !errors.Is(err, ErrNoMeld) {
		t.Errorf("TakeTo(1): %v; want ErrNoMeld", err)
	}
	if _, err := TakeTo(-1); !errors.Is(err, ErrMalformed) {
		t.Errorf("TakeTo(-1): %v; want ErrMalformed", err)
	}
}
