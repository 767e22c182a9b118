package handfoot

// Hostile positions: Positions made up by hand at the edges of what
// FromPosition accepts, each played out by a few policies with every
// promise of the package checked at every step.

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// hostilePlayOut plays the Hand and Foot of s out (famtest.PlayOut).
func hostilePlayOut(t *testing.T, s State) {
	t.Helper()
	step := func(a Action) (lays, back bool) {
		return a.Kind() == KindMeld || a.Kind() == KindAdd, a.Kind() == KindTakeBack
	}
	famtest.PlayOut(t, conformGame(), s, func(s State) bool { return s.Phase() == Drawing }, step)
}

// hostileRefused: FromPosition, and JSON, refuse p (famtest.Refused).
func hostileRefused(t *testing.T, p Position, why string) {
	t.Helper()
	famtest.Refused(t, FromPosition, ErrPosition, p, why)
}

// hostileNoStock moves the stock of b's position into seat's hand.
func hostileNoStock(b *scBuilder, seat int) Position {
	p := b.position()
	_ = p.Seats[seat].Hand.AddCards(p.Stock)
	p.Stock = nil
	return p
}

// The canasta bug of a pile taken for the first melds with nothing left
// to discard, from the foot: K K + upcard and A A A reach 50 only with
// the whole foot laid, and the pile brings no card. The take was legal,
// then only taking back, and with the stock empty the player took again,
// forever. Now the take is refused (ErrPile) and such a turn with an empty
// stock is no position.
func TestHostileTakeFromTheFootKeepsADiscard(t *testing.T) {
	for _, r := range []Rules{RulesA(), RulesB()} {
		b := scPos(t, r).seat(0, "KC KS AC AD AH", "").inFoot(0).pile("KD")
		s := b.build()
		if scHasKind(s, KindTake) {
			t.Errorf("%s: Legal lists a take after which only taking back is legal: %v", r.Name, Legal(s))
		}
		scReject(t, s, Take(), ErrPile)
		hostileRefused(t, hostileNoStock(scPos(t, r).seat(0, "KC KS AC AD AH", "").inFoot(0).pile("KD"), 1),
			r.Name+": an empty stock and a pile the player can take only to take back")
		// With a card more to discard the take stands.
		s = scPos(t, r).seat(0, "KC KS AC AD AH 5C 6C", "").inFoot(0).pile("KD").build()
		scDo(t, scDo(t, s, Take()), scMeld(t, "AC AD AH"))
		// From the hand the player plays on into the foot.
		s = scPos(t, r).seat(0, "KC KS AC AD AH", "").pile("KD").build()
		scDo(t, scDo(t, s, Take()), scMeld(t, "AC AD AH"))
	}
}

// A foot of one card on the table: Validate refuses FootSize 1 because a
// player who melds the whole hand picks it up and can neither meld nor
// discard it, but FromPosition took such a foot (the scenario builder
// even filled empty feet with one black three), and play reached a seat
// to act with no legal action: seat 0, its team down, melds 9C 9D 9H, picks up the foot
// 3S, and the team has no canasta to go out with.
func TestHostileFootOfOneCard(t *testing.T) {
	for _, r := range []Rules{RulesA(), RulesB()} {
		p := scPos(t, r).seat(0, "9C 9D 9H", "3S 3C").meld(0, "KC KD KH").phase(Melding).position()
		c := p.Seats[0].Foot.Cards()[0]
		_ = p.Seats[0].Foot.Remove(c)
		p.Stock = append(p.Stock, c)
		hostileRefused(t, p, r.Name+": a foot of one card")
		// Of two cards, the player melds the hand and discards from the foot.
		s := scDo(t, scPos(t, r).seat(0, "9C 9D 9H", "3S 3C").meld(0, "KC KD KH").phase(Melding).build(), scMeld(t, "9C 9D 9H"))
		if !s.InFoot(0) || !scHasKind(s, KindDiscard) {
			t.Errorf("%s: after melding the hand: in the foot %v, legal %v", r.Name, s.InFoot(0), Legal(s))
		}
	}
}

// Once the round is over, Position.WentOut and the round's result both
// name the seat that went out; FromPosition took any seat for WentOut, a
// State whose Position said one seat went out and whose Results another.
func TestHostileWentOutIsTheResults(t *testing.T) {
	r := RulesA().WithLayout(2, 2)
	s := scPos(t, r).seat(0, "4C", "").inFoot(0).
		meld(0, "9C 9D 9H 9S 9C 9D 9H").meld(0, "KC KD KH KS 2C 2D JK").phase(Melding).build()
	s = scDo(t, s, must(Discard(scC("4C"))))
	p := s.Position()
	if p.Phase != RoundOver || p.WentOut != 0 || s.Results()[0].WentOut != 0 {
		t.Fatalf("phase %v, WentOut %d", p.Phase, p.WentOut)
	}
	for _, seat := range []int{-1, 1} {
		p.WentOut = seat
		hostileRefused(t, p, "WentOut "+itoa(seat)+" where the result says seat 0")
	}
}

// A game ends after the first round after which a team's total is above
// the Target: a Position of round 2 whose round 1 took a team to 10500 of
// 10000 is a game that went on past its end. FromPosition took it.
func TestHostileNoRoundAfterTheEnd(t *testing.T) {
	hostileRefused(t, scPos(t, RulesA()).totals(10500, 0).round(2).seat(0, "5C 6C", "").position(), "round 2 after a round 1 that ended the game")
	scPos(t, RulesA()).totals(10000, 0).round(2).seat(0, "5C 6C", "").build() // at the target, not above
	scPos(t, RulesB()).totals(10500, 0).round(2).seat(0, "5C 6C", "").build() // B plays four rounds
}

func TestHostilePositionsPlay(t *testing.T) {
	type build func(t *testing.T, r Rules) Position
	pos := func(f func(t *testing.T, r Rules) *scBuilder) build {
		return func(t *testing.T, r Rules) Position { return f(t, r).position() }
	}
	cases := []struct {
		name string
		b    build
	}{
		{"empty stock, pile taken with a pair", func(t *testing.T, r Rules) Position {
			return hostileNoStock(scPos(t, r).seat(0, "KC KS AC AD AH 5C 6C", "").pile("KD"), 1)
		}},
		{"foot, pair on top", pos(func(t *testing.T, r Rules) *scBuilder {
			return scPos(t, r).seat(0, "KC KS 5C", "").inFoot(0).pile("KD")
		})},
		{"only threes", pos(func(t *testing.T, r Rules) *scBuilder { return scPos(t, r).seat(0, "3H 3D 3C", "3S 3H") })},
		{"only red threes, foot", pos(func(t *testing.T, r Rules) *scBuilder { return scPos(t, r).seat(0, "3H 3D 3H", "").inFoot(0) })},
		{"all wild", pos(func(t *testing.T, r Rules) *scBuilder { return scPos(t, r).seat(0, "JK JK 2C 2D", "2H 2S") })},
		{"a canasta and a red three, foot", pos(func(t *testing.T, r Rules) *scBuilder {
			return scPos(t, r).seat(0, "3H 5C", "").inFoot(0).meld(0, "KC KC KD KD KH KH KS")
		})},
		{"late, melding from the foot", func(t *testing.T, r Rules) Position {
			p := scPos(t, r).seat(0, "5C 6C 7C 8C", "").inFoot(0).meld(0, "KC KD KH").phase(Melding).position()
			p.Late = r.AskPartner
			return p
		}},
		{"choosing, packets of two", func(t *testing.T, r Rules) Position {
			r.ChoosePacket, r.HandSize, r.FootSize = true, 2, 2
			s, err := New(r, 4)
			if err != nil {
				t.Fatal(err)
			}
			return s.Position()
		}},
		{"the last round by MaxRounds", func(t *testing.T, r Rules) Position {
			r.Rounds, r.Target = 0, 10000
			return scPos(t, r).round(MaxRounds).seat(0, "5C 6C 7C 8C", "").position()
		}},
	}
	for k, base := range []Rules{RulesA(), RulesB()} {
		r := base
		r.Rounds, r.Target = 1, 0 // the game ends with this round
		for i, c := range cases {
			if !conform.Sampled(i+2*k) || !conform.Full() && (i+2*k)%6 != 0 {
				continue // the quick loop: a sixth of the cases, of both rule sets
			}
			t.Run(base.Name+"/"+c.name, func(t *testing.T) {
				s, err := FromPosition(c.b(t, r))
				if err != nil {
					t.Fatal(err)
				}
				hostilePlayOut(t, s)
			})
		}
	}
}

// Every layout of both rule sets, and tables at the corners Validate
// allows, deal, play and end.
func TestHostileRulesCorners(t *testing.T) {
	bands := func(m int) score.Bands { b, _ := score.NewBands(score.Band{From: math.MinInt, Minimum: m}); return b }
	corners := []struct {
		name string
		set  func(*Rules)
	}{
		{"as the rule set says", func(*Rules) {}},
		{"a hand of 1, a foot of 2, draw 5", func(r *Rules) { r.HandSize, r.FootSize, r.DrawCount, r.ChoosePacket = 1, 2, MaxDraw, false }},
		{"packets of 2, chosen", func(r *Rules) { r.HandSize, r.FootSize, r.ChoosePacket = 2, 2, true }},
		{"packets of 30, 12 decks", func(r *Rules) { r.HandSize, r.FootSize, r.Decks = MaxPacket, MaxPacket, MaxDecks }},
		{"no canasta ever", func(r *Rules) { r.Meld.CanastaSize = 500 }},
		{"a minimum no meld reaches", func(r *Rules) { r.Minimums = bands(math.MaxInt32) }},
		{"no minimum, nothing to go out", func(r *Rules) { r.Minimums = bands(0); r.GoOut, r.GoOutLarge = Canastas{}, Canastas{} }},
		{"aces only, one at a time", func(r *Rules) { r.Meld.Ranks = meld.RankSet(0).With(card.Ace); r.SecondMeld = false }},
		{"asking, four of each to go out", func(r *Rules) {
			r.AskPartner = true
			r.GoOut, r.GoOutLarge = Canastas{family.MaxGoOut, family.MaxGoOut}, Canastas{family.MaxGoOut, family.MaxGoOut}
		}},
		{"no jokers, one wild a meld", func(r *Rules) { r.JokersPerDeck, r.Meld.MaxWilds, r.Meld.Ratio = 0, 1, meld.NoRatio }},
	}
	layouts := [][2]int{{2, 2}, {3, 3}, {4, 4}, {4, 2}, {5, 5}, {6, 6}, {6, 3}, {6, 2}, {7, 7}, {8, 8}, {8, 4}, {8, 2}}
	for k, base := range []Rules{RulesA(), RulesB()} {
		for i, l := range layouts {
			for j, c := range corners {
				if !conform.Sampled(i+j) || !conform.Full() && (i+j+6*k)%12 != 0 {
					continue // the quick loop: every layout, every corner of each rule set, a twelfth of the cases
				}
				r := base.WithLayout(l[0], l[1])
				r.Rounds, r.Target = 1, 0
				c.set(&r)
				name := base.Name + " " + itoa(l[0]) + "x" + itoa(l[1]) + ", " + c.name
				if err := r.Validate(); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				famtest.PlayTable(t, conformGame(), r, uint64(i+1))
			}
		}
	}
}

// A turn starts on the last turn's discard: at the start of a turn the
// pile is never empty (only going out ends a turn without a discard, and
// it ends the round). FromPosition took such a position, whose View
// Determinize then refused. After the draw the pile may be empty: the
// player took it.
func TestHostileEmptyPileAtTurnStart(t *testing.T) {
	p := scPos(t, RulesA()).seat(0, "5C 6C", "").pile("9D").position()
	p.Stock, p.Pile = append(p.Stock, p.Pile...), nil
	hostileRefused(t, p, "an empty pile at the start of a turn")
	p.Phase = Melding
	s, err := FromPosition(p)
	if err != nil || s.PileSize() != 0 {
		t.Fatalf("an empty pile after the draw: %v, pile %d", err, s.PileSize())
	}
}

// A round over carries its result, and the result is what the table
// scores: FromPosition took a result that the cards in hand (or the melds,
// or the seat that went out) did not make, a State whose Results and
// table disagreed.
func TestHostileRoundOverScoredAsItsTable(t *testing.T) {
	first, err := New(RulesA(), 1)
	if err != nil {
		t.Fatal(err)
	}
	s := famtest.PlayUntil(t, first, 1, Legal, Apply,
		func(s State) bool { return s.Phase() == RoundOver }, func(a Action) bool { return a.Kind() == KindTakeBack })
	p := s.Position()
	if _, err := FromPosition(p); err != nil {
		t.Fatal(err)
	}
	from, to := 0, 1
	for p.Seats[from].Hand.IsEmpty() {
		from += 2
	}
	c := p.Seats[from].Hand.Cards()[0]
	_ = p.Seats[from].Hand.Remove(c)
	_ = p.Seats[to].Hand.Add(c)
	hostileRefused(t, p, "a card moved from team 0's hand to team 1's after the round was scored")
}

// Positions of random games, mutated as a hostile client might send them
// (a card moved between places, a foot picked up, the phase or the turn
// changed), play through the harness when FromPosition accepts them.
// CARDRULES_LONG=1 makes many more.
func TestHostileMutantsPlay(t *testing.T) {
	position := func(s State) Position { p := s.Position(); p.Actions = nil; return p }
	famtest.Mutants(t, conformGame(), []Rules{RulesA(), RulesB(), RulesA().WithLayout(2, 2), RulesB().WithLayout(6, 3)}, 4, mutantEvery(60),
		func(a Action) bool { return a.Kind() == KindTakeBack }, position, mutate, FromPosition)
}

// mutantEvery is how many steps of a game go between two positions
// mutated: every, or twice as many in the quick loop.
func mutantEvery(every int) int {
	if conform.Full() {
		return every
	}
	return 2 * every
}

// mutate changes p as a hostile client might: a card of the stock, of a
// hand or of a foot moved to a hand, a foot picked up, the pile into the
// stock, the stock into the hand of the seat to play, the phase or the
// turn changed, Late set.
func mutate(rng *rand.Rand, p *Position) {
	seat := &p.Seats[rng.IntN(len(p.Seats))]
	other := &p.Seats[rng.IntN(len(p.Seats))]
	switch rng.IntN(9) {
	case 0:
		if len(p.Stock) > 0 {
			_ = seat.Hand.Add(p.Stock[0])
			p.Stock = p.Stock[1:]
		}
	case 1:
		if cs := other.Hand.Cards(); len(cs) > 1 {
			_ = other.Hand.Remove(cs[0])
			_ = seat.Hand.Add(cs[0])
		}
	case 2:
		p.Stock, p.Pile = append(p.Stock, p.Pile...), nil
	case 3:
		p.Phase = map[Phase]Phase{Drawing: Melding, Melding: Drawing, RoundOver: Drawing}[p.Phase]
	case 4:
		p.Turn = rng.IntN(len(p.Seats))
	case 5:
		_ = p.Seats[p.Turn].Hand.AddCards(p.Stock)
		p.Stock = nil
	case 6:
		p.Late = true
	case 7:
		if cs := seat.Foot.Cards(); len(cs) > 0 {
			_ = seat.Foot.Remove(cs[0])
			_ = seat.Hand.Add(cs[0])
		}
	case 8:
		if !seat.InFoot {
			_ = seat.Hand.AddAll(seat.Foot)
			seat.Foot, seat.InFoot = card.Multiset{}, true
		}
	}
}

// As in canasta: JSON a Position cannot hold is refused, not dropped.
func TestHostileJSONNothingDropped(t *testing.T) {
	s, err := New(RulesA(), 1)
	if err != nil {
		t.Fatal(err)
	}
	conform.NothingDropped(t, s, ErrPosition, "names", `"E"`)
}
