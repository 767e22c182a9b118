package handfoot_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/handfoot"
)

// A new table of four under rule set A: who plays first, and what the
// seat to act holds and may do.
func Example() {
	s, err := handfoot.New(handfoot.RulesA(), 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	first, draws := s.FirstPlayer()
	fmt.Println("drawn for first player:", draws)
	fmt.Println("first player:", first)

	seat := s.ToAct()
	fmt.Println("to act:", seat, s.Phase())
	fmt.Println("hand:", s.Hand(seat).Len(), "cards:", s.Hand(seat))
	fmt.Println("foot:", s.Foot(seat).Len(), "cards, face down")
	fmt.Println("upcard:", s.Upcard())
	fmt.Println("stock:", s.StockSize(), "cards")
	fmt.Println("legal:", handfoot.Legal(s))

	// After the draw the same seat may meld, then must discard.
	s, err = handfoot.Apply(s, handfoot.Draw())
	if err != nil {
		fmt.Println(err)
		return
	}
	legal := handfoot.Legal(s)
	fmt.Println("after drawing, hand:", s.Hand(seat))
	fmt.Println(len(legal), "legal actions, the first five:")
	for _, a := range legal[:5] {
		fmt.Println("  ", a)
	}
	// Output:
	// drawn for first player: [3D AH AC 5C 6H JS]
	// first player: 2
	// to act: 2 drawing
	// hand: 11 cards: 2C 3D 7C 9C 9D 9H JS QC QH KS KS
	// foot: 11 cards, face down
	// upcard: AH
	// stock: 181 cards
	// legal: [draw]
	// after drawing, hand: 2C 3D 7C 7S 9C 9D 9H JS QC QH QS KS KS
	// 20 legal actions, the first five:
	//    meld 7C 7S 2C
	//    meld 9C 9D 2C
	//    meld 9C 9D 9H
	//    meld 9C 9D 9H 2C
	//    meld QC QH 2C
}

// A turn is several actions: draw, then (here) discard. Apply returns a
// new State and leaves the old one as it was.
func ExampleApply() {
	s, _ := handfoot.New(handfoot.RulesA(), 42)
	seat := s.ToAct()

	drawn, err := handfoot.Apply(s, handfoot.Draw())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("after draw:", drawn.Phase(), "- hand", s.Hand(seat).Len(), "->", drawn.Hand(seat).Len(),
		"- stock", s.StockSize(), "->", drawn.StockSize())

	// Drawing twice breaks a rule: the error says which, in words.
	_, err = handfoot.Apply(drawn, handfoot.Draw())
	fmt.Println(errors.Is(err, handfoot.ErrNotNow), err)

	// Discard the last card Legal offers (Legal lists discards by card).
	legal := handfoot.Legal(drawn)
	discard := legal[len(legal)-1]
	done, err := handfoot.Apply(drawn, discard)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(discard, "- upcard", done.Upcard(), "- pile", done.PileSize(), "- hand", done.Hand(seat).Len(),
		"- next to act", done.ToAct(), done.Phase())
	fmt.Println("the first State is unchanged:", s.Phase(), s.Hand(seat).Len(), "cards")
	// Output:
	// after draw: melding - hand 11 -> 13 - stock 181 -> 179
	// true handfoot: that is not allowed now: you draw only at the start of your turn
	// discard KS - upcard KS - pile 2 - hand 12 - next to act 3 drawing
	// the first State is unchanged: drawing 11 cards
}

// Taking the discard pile under rule set B needs a natural pair from the
// hand matching the upcard. Deal builds the table from a shoe order; a few
// cards are put where the deal finds them.
func ExampleApply_takePile() {
	order, _ := deck.Shuffled(4, 2, 1) // rule set B: four decks with two jokers each
	put := func(i int, c string) {
		j := i + slices.Index(order[i:], card.MustParse(c))
		order[i], order[j] = order[j], order[i]
	}
	// The top four cards are drawn for the first player (the joker is
	// highest) and then dealt, one card a seat, from seat 0: seat 0's hand
	// is cards 0, 4, 8 ... 40. Hands and feet take 88 cards; card 88 is
	// the upcard.
	put(0, "JK")
	put(1, "4C")
	put(2, "4D")
	put(3, "4H")
	put(4, "AC")
	put(8, "AD")
	put(88, "AH")
	s, err := handfoot.Deal(handfoot.RulesB(), order, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Rule set B lets each player choose which packet is the hand: every
	// seat keeps the first.
	keepFirst, _ := handfoot.Choose(0) // "packet 1"
	for s.Phase() == handfoot.Choosing {
		if s, err = handfoot.Apply(s, keepFirst); err != nil {
			fmt.Println(err)
			return
		}
	}
	seat := s.ToAct()
	fmt.Println("seat", seat, "holds", s.Hand(seat))
	fmt.Println("upcard", s.Upcard(), "- team minimum", s.Minimum(0))
	fmt.Println("legal:", handfoot.Legal(s))

	s, err = handfoot.Apply(s, handfoot.Take())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("melds of team 0:", s.Melds(0))
	fmt.Println("laid", s.LaidThisTurn(), "points - down:", s.Down(0), "-", s.Phase())
	fmt.Println("hand", s.Hand(seat).Len(), "cards - pile", s.PileSize())
	// Output:
	// seat 0 holds AC AD 2H 2S 3C 7H JS KD KH JK JK
	// upcard AH - team minimum 50
	// legal: [draw take]
	// melds of team 0: [AC AD AH]
	// laid 60 points - down: true - melding
	// hand 9 cards - pile 0
}

// Going out under rule set B: the player, in the foot after drawing and
// able to go out, asks the partner, who answers; the yes binds, so the
// player must go out this turn (Legal lists only what keeps that
// possible), and does. The position is built with FromPosition from a new
// game's, moving cards between the stock, seat 0's packets and the table.
func ExampleApply_goingOut() {
	rules := handfoot.RulesB()
	s, _ := handfoot.New(rules, 1)
	p := s.Position()
	seat, team := p.Turn, p.Turn%rules.Teams

	// Seat's hand and foot go back to the stock; cards are taken from it.
	spare := append(p.Stock, p.Seats[seat].Hand.Cards()...)
	spare = append(spare, p.Seats[seat].Foot.Cards()...)
	take := func(text string) []card.Card {
		cs := card.MustParseCards(text)
		for _, c := range cs {
			i := slices.Index(spare, c)
			spare = slices.Delete(spare, i, i+1)
		}
		return cs
	}
	newMeld := func(text string) handfoot.TeamMeld {
		m, err := rules.Meld.New(take(text)...)
		if err != nil {
			panic(err)
		}
		return handfoot.TeamMeld{Team: team, Meld: m}
	}
	p.Melds = []handfoot.TeamMeld{
		newMeld("KC KC KD KH KH KS KS"), // a clean canasta
		newMeld("QC QD QH QS 2C JK QS"), // a dirty canasta
		newMeld("7C 7D 7D"),
	}
	hand, _ := card.MultisetOf(take("7H 7S")...)
	p.Seats[seat] = handfoot.SeatPosition{Hand: hand, InFoot: true} // playing from the foot
	p.Stock = spare
	p.Phase, p.Down[team] = handfoot.Melding, true // the player has drawn; the team is down
	s, err := handfoot.FromPosition(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seat", seat, "holds", s.Hand(seat), "in the foot")
	for _, m := range s.Melds(team) {
		fmt.Println("team", team, "meld:", m)
	}

	out, _ := handfoot.ParseAction("add 7H 7S to 7") // empties the foot: going out
	_, err = handfoot.Apply(s, out)
	fmt.Println("without asking:", errors.Is(err, handfoot.ErrPermission), err)

	s, _ = handfoot.Apply(s, handfoot.Ask())
	fmt.Println("asked: seat", s.ToAct(), "answers -", s.Phase(), handfoot.Legal(s))
	s, _ = handfoot.Apply(s, handfoot.Answer(true))
	fmt.Println("yes: seat", s.ToAct(), "must go out -", s.Phase(), handfoot.Legal(s))
	discard, _ := handfoot.Discard(card.MustParse("7S"))
	_, err = handfoot.Apply(s, discard)
	fmt.Println("a discard that does not go out:", errors.Is(err, handfoot.ErrMustGoOut))

	s, err = handfoot.Apply(s, out)
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Results()[0]
	fmt.Println(out, "-", s.Phase(), "- seat", res.WentOut, "went out")
	for _, ts := range res.Teams {
		for _, line := range ts.Breakdown {
			if line.Item == handfoot.ItemGoingOut {
				fmt.Printf("team %d: %d points, %d of them for going out\n", ts.Team, ts.Points, line.Points)
			}
		}
	}
	// Output:
	// seat 2 holds 7H 7S in the foot
	// team 0 meld: KC KC KD KH KH KS KS
	// team 0 meld: QC QD QH QS QS 2C JK
	// team 0 meld: 7C 7D 7D
	// without asking: true handfoot: your partner has not let you go out: ask your partner first
	// asked: seat 0 answers - answering [yes no]
	// yes: seat 2 must go out - melding [add 7H to 7 add 7H 7S to 7]
	// a discard that does not go out: true
	// add 7H 7S to 7 - round over - seat 2 went out
	// team 0: 370 points, 100 of them for going out
	// team 1: -985 points, 0 of them for going out
}

// Scoring a round: once it is over, Score gives each team's score with the
// breakdown that produced it, in the order rule set A scores it. Here four
// players play one round at random.
func ExampleState_Score() {
	s, _ := handfoot.New(handfoot.RulesA(), 5)
	rng := rand.NewPCG(5, 5)
	for s.Phase() != handfoot.RoundOver && !s.Over() {
		legal := handfoot.Legal(s)
		s, _ = handfoot.Apply(s, legal[rng.Uint64()%uint64(len(legal))])
	}
	if out := s.Results()[0].WentOut; out >= 0 {
		fmt.Println("seat", out, "went out")
	} else {
		fmt.Println("the stock ran out")
	}
	for _, ts := range s.Score() {
		fmt.Printf("team %d:\n%s\n", ts.Team, ts.Breakdown)
	}
	fmt.Println("totals:", s.Totals())
	// Output:
	// the stock ran out
	// team 0:
	// clean canastas                 500
	// dirty canastas                1800
	// red threes on clean canastas     0
	// cards on the table            1055
	// cards in hand and foot        -605
	// going out                        0
	// Total                         2750
	// team 1:
	// clean canastas                2000
	// dirty canastas                1800
	// red threes on clean canastas   500
	// cards on the table            1395
	// cards in hand and foot        -295
	// going out                        0
	// Total                         5400
	// totals: [2750 5400]
}

// Actions have a text form for logs, tests and people typing; String
// writes it back canonically.
func ExampleParseAction() {
	for _, text := range []string{"draw", "Meld 7h, 7d 2c", "take", "Take to 2", "add ts jk to 10#2", "lay 3H on K",
		"discard Q♦", "undo", "meld 7H 8H 9H", "fly"} {
		a, err := handfoot.ParseAction(text)
		if err != nil {
			fmt.Printf("%-20q error: %v\n", text, err)
			continue
		}
		fmt.Printf("%-20q %-8v %q\n", text, a.Kind(), a)
	}
	// Output:
	// "draw"               draw     "draw"
	// "Meld 7h, 7d 2c"     meld     "meld 7D 7H 2C"
	// "take"               take     "take"
	// "Take to 2"          take     "take to #2"
	// "add ts jk to 10#2"  add      "add 10S JK to 10#2"
	// "lay 3H on K"        lay      "lay 3H on K"
	// "discard Q♦"         discard  "discard QD"
	// "undo"               back     "back"
	// "meld 7H 8H 9H"      error: handfoot: that breaks a meld rule: "meld 7H 8H 9H": a meld holds one rank, not sevens and eights
	// "fly"                error: handfoot: not a well-formed action: "fly": unknown action "fly" (try draw, take, meld, add, lay, discard, back, ask, yes, no, packet, next)
}

// A table of four from the deal to the final score: every seat plays a
// random legal action until the game is over (rule set B: four rounds),
// then the rounds, the totals and the winning team are printed. A real
// player would choose from s.View(s.ToAct()) instead.
func Example_wholeGame() {
	s, err := handfoot.New(handfoot.RulesB(), 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	rng := rand.New(rand.NewPCG(7, 0))
	var buf []handfoot.Action // reused: AppendLegal allocates nothing
	for !s.Over() {
		buf = handfoot.AppendLegal(buf[:0], s)
		if s, err = handfoot.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, r := range s.Results() {
		fmt.Printf("round %d: team 0 %+d, team 1 %+d\n", r.Number, r.Teams[0].Points, r.Teams[1].Points)
	}
	fmt.Println("totals:", s.Totals(), "winners:", s.Winners())
	fmt.Println(s.Results()[3].Teams[0].Breakdown)
	// Output:
	// round 1: team 0 -2615, team 1 +2080
	// round 2: team 0 +885, team 1 -1920
	// round 3: team 0 -1875, team 1 +1765
	// round 4: team 0 -865, team 1 -275
	// totals: [-4470 1650] winners: [1]
	// clean canastas              0
	// dirty canastas            900
	// cards on the table        695
	// cards in hand and foot  -2460
	// going out                   0
	// Total                    -865
}
