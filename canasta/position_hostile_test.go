package canasta

// Hostile positions: Positions made up by hand at the edges of what
// FromPosition accepts, each played out by a few policies with every
// promise of the package checked at every step.

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// hostilePlayOut plays s to the game's end through the harness: see
// famtest.PlayOut.
func hostilePlayOut(t *testing.T, s State) {
	t.Helper()
	lays := func(a Action) (bool, bool) {
		return a.Kind() == KindMeld || a.Kind() == KindAdd, a.Kind() == KindTakeBack
	}
	famtest.PlayOut(t, conformGame(), s, func(s State) bool { return s.Phase() == Drawing }, lays)
}

// hostileRefused checks that FromPosition refuses p, JSON too.
func hostileRefused(t *testing.T, p Position, why string) {
	t.Helper()
	famtest.Refused(t, FromPosition, ErrPosition, p, why)
}

func TestHostilePositionsPlay(t *testing.T) {
	short := Classic()
	short.Rounds = 1 // the game ends with this round
	cases := []struct {
		name string
		b    func(t *testing.T) *scTable
	}{
		{"empty stock, pile taken with a pair", func(t *testing.T) *scTable {
			return scAt(t, short).hand(0, "KC KS AC AD AH 5C 6C").pile("KD").restTo(1)
		}},
		{"empty stock, pile onto a meld", func(t *testing.T) *scTable {
			return scAt(t, short).hand(0, "5H 6H").meld(0, "9C 9S 9H").pile("9D").restTo(1)
		}},
		{"one-card hand, one-card pile", func(t *testing.T) *scTable {
			return scAt(t, short).hand(0, "5H").meld(0, "9C 9S 9H").pile("9D")
		}},
		{"only black threes", func(t *testing.T) *scTable { return scAt(t, short).hand(0, "3C 3S 3C") }},
		{"only black threes, melding", func(t *testing.T) *scTable {
			return scAt(t, short).hand(0, "3C 3S 3C 3S").meld(0, "KC KC KD KD KH KH KS").melding()
		}},
		{"all wild", func(t *testing.T) *scTable { return scAt(t, short).hand(0, "JK JK 2C 2D 2H") }},
		{"all wild, melding", func(t *testing.T) *scTable { return scAt(t, short).hand(0, "JK JK 2C 2D 2H").melding() }},
		{"frozen pile", func(t *testing.T) *scTable { return scAt(t, short).hand(0, "9C 9S 2H").pile("2C 9D") }},
		{"black three on top", func(t *testing.T) *scTable { return scAt(t, short).hand(0, "9C 9S 2H").pile("9D 3C") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hostilePlayOut(t, c.b(t).build())
		})
	}
}

// A pile of one card taken for the first melds joins the hand with no
// card: melds reaching the minimum with all but one card of the hand leave
// nothing to discard. The take was allowed, after it only taking back was,
// and with an empty stock the player had to take it again: a game that
// never ended. Now such a take is refused (ErrPile), and FromPosition
// refuses the turn that could only loop, as a turn whose player cannot
// take the pile with an empty stock.
func TestHostileTakeForFirstMeldsKeepsADiscard(t *testing.T) {
	r := Classic()
	// K K + upcard 30, A A A 60: 90 reaches 50 only with every card laid.
	s := scAt(t, r).hand(0, "KC KS AC AD AH").pile("KD").build()
	if scListed(s, Take()) {
		t.Errorf("Legal lists a take after which only taking back is legal: %v", Legal(s))
	}
	scNo(t, s, Take(), ErrPile)
	hostileRefused(t, scAt(t, r).hand(0, "KC KS AC AD AH").pile("KD").restTo(1).position(),
		"an empty stock and a pile the player can take only to take back")

	// Two cards more and the melds leave two: the take stands.
	s = scAt(t, r).hand(0, "KC KS AC AD AH 5C 6C").pile("KD").build()
	s = scOK(t, s, Take(), scMeld(t, "AC AD AH"))
	scEq(t, "the hand after the first melds", s.Hand(0).String(), "5C 6C")

	// A pile of two cards brings one: one card of the hand is enough.
	scOK(t, scAt(t, r).hand(0, "KC KS AC AD AH 5C").pile("4D KD").build(), Take(), scMeld(t, "AC AD AH"))

	// Going out is the other way to end the turn: 120 needed, 130 only with
	// every card laid, and the seven kings are a canasta.
	p := scAt(t, r).totals(3000, 0).hand(0, "KC KS KH KD KC KS AC AD AH").pile("KD").restTo(1).position()
	s = scOf[State](t)(FromPosition(p))
	s = scOK(t, s, Take(), scMeld(t, "AC AD AH"), scAdd(t, card.King, "KS KS KH KD"))
	scEq(t, "the round is over", s.Phase(), RoundOver)
	scEq(t, "seat 0 went out", s.Results()[len(s.Results())-1].WentOut, 0)
}

// A game ends after the first round at which a team reaches the Target:
// a Position of round 2 whose round 1 took a team to 6000 of 5000 is a
// game that went on past its end. FromPosition took it, and played on.
func TestHostileNoRoundAfterTheEnd(t *testing.T) {
	hostileRefused(t, scAt(t, Classic()).totals(6000, 0).hand(0, "5C 6C").position(), "round 2 after a round 1 that ended the game")
	// Below the target the game goes on; reaching it is for the round played.
	scAt(t, Classic()).totals(4995, 0).hand(0, "5C 6C").build()
	r := Classic()
	r.Rounds = 3
	scAt(t, r).totals(6000, 0).hand(0, "5C 6C").build() // a game of three rounds plays them all
}

// FromPosition's errors name the Position's fields: LaidThisTurn (the
// engine's messages still said Laid, the field's name before v0.1.0).
func TestHostileLaidThisTurnNamed(t *testing.T) {
	for _, laid := range []int{10, 1000} {
		b := scAt(t, Classic()).hand(0, "5C 6C").melding()
		if laid > 10 {
			b.meld(0, "KC KD KH")
		}
		p := b.position()
		p.LaidThisTurn = laid
		_, err := FromPosition(p)
		if !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), "LaidThisTurn") {
			t.Errorf("LaidThisTurn %d: %v, want an ErrPosition naming LaidThisTurn", laid, err)
		}
	}
}

// Tables at the corners Validate allows deal, play and end.
func TestHostileRulesCorners(t *testing.T) {
	bands := func(m int) score.Bands { b, _ := score.NewBands(score.Band{From: math.MinInt, Minimum: m}); return b }
	oneDeck := func(r *Rules) { r.Decks, r.JokersPerDeck = 1, 0 }
	corners := []struct {
		name string
		set  func(*Rules)
	}{
		{"one deck, hands of 2, draw 3", func(r *Rules) { oneDeck(r); r.HandSize, r.DrawCount = 2, 3 }},
		{"one deck, hands of 11", func(r *Rules) { oneDeck(r); r.HandSize = 11 }},
		{"two players, one deck, hands of 20", func(r *Rules) { *r = TwoPlayer(); r.Decks, r.HandSize = 1, 20 }},
		{"three players, one deck, hands of 15", func(r *Rules) { *r = ThreePlayer(); r.Decks, r.HandSize = 1, 15 }},
		{"three players, hands of 2, draw 3", func(r *Rules) { *r = ThreePlayer(); r.Decks, r.HandSize, r.DrawCount = 1, 2, 3 }},
		{"four decks of four jokers, hands of 20", func(r *Rules) { r.Decks, r.JokersPerDeck, r.HandSize = 4, 4, 20 }},
		{"a canasta of one card, four to go out", func(r *Rules) {
			r.Meld.MinSize, r.Meld.CanastaSize, r.Meld.MinNaturals, r.GoOut = 1, 1, 1, family.MaxGoOut
		}},
		{"a canasta of one card, none to go out", func(r *Rules) { r.Meld.MinSize, r.Meld.CanastaSize, r.Meld.MinNaturals, r.GoOut = 1, 1, 1, 0 }},
		{"no canasta ever", func(r *Rules) { r.Meld.CanastaSize = 500 }},
		{"a minimum no meld reaches", func(r *Rules) { r.Minimums = bands(math.MaxInt32) }},
		{"no minimum", func(r *Rules) { r.Minimums = bands(0) }},
		{"aces only", func(r *Rules) { r.Meld.Ranks = meld.RankSet(0).With(card.Ace) }},
		{"seven natural cards a meld", func(r *Rules) { r.Meld.MinNaturals = 7 }},
		{"natural canastas closed at 4", func(r *Rules) { r.Meld.CleanClosed, r.Meld.CanastaSize = true, 4 }},
		{"two players asking, four canastas", func(r *Rules) { *r = TwoPlayer(); r.AskPartner, r.GoOut = true, 4 }},
		{"every card worth the most", func(r *Rules) { r.Values = score.Uniform(score.NewTable(func(card.Card) int { return MaxBonus })) }},
		{"the highest target", func(r *Rules) { r.Rounds, r.Target = 0, MaxBonus*MaxRounds; r.Minimums = bands(math.MaxInt32) }},
		{"a target of 1", func(r *Rules) { r.Rounds, r.Target = 0, 1 }},
	}
	for i, c := range corners {
		if !conform.Sampled(i) || !conform.Full() && i%6 != 0 {
			continue // the quick loop: a sixth of the corners
		}
		t.Run(c.name, func(t *testing.T) {
			r := Classic()
			r.Rounds = 2
			c.set(&r)
			if err := r.Validate(); err != nil {
				t.Fatal(err)
			}
			if r.Rounds == 0 && r.Target > 1 {
				// A game no team can score in lasts MaxRounds rounds: play
				// from the last.
				p := scAt(t, r).round(MaxRounds).hand(0, "5C").position()
				hostilePlayOut(t, scOf[State](t)(FromPosition(p)))
				return
			}
			famtest.PlayTable(t, conformGame(), r, 1)
		})
	}
}

// A turn starts on the last turn's discard: at the start of a turn the
// pile is never empty (only going out ends a turn without a discard, and
// it ends the round). FromPosition took such a position, whose View
// Determinize then refused. After the draw the pile may be empty: the
// player took it.
func TestHostileEmptyPileAtTurnStart(t *testing.T) {
	p := scAt(t, Classic()).hand(0, "5C 6C").pile("9D").position()
	p.Stock, p.Pile = append(p.Stock, p.Pile...), nil
	hostileRefused(t, p, "an empty pile at the start of a turn")
	p.Phase = Melding
	s := scOf[State](t)(FromPosition(p))
	scEq(t, "the pile after the draw", s.PileSize(), 0)
}

// A round over carries its result, and the result is what the table
// scores: FromPosition took a result that the cards in hand (or the melds,
// the red threes, the seat that went out, going out concealed) did not
// make, a State whose Results and table disagreed.
func TestHostileRoundOverScoredAsItsTable(t *testing.T) {
	s := famtest.PlayUntil(t, scOf[State](t)(New(Classic(), 1)), 1, Legal, Apply, // seat 1 goes out
		func(s State) bool { return s.Phase() == RoundOver }, func(a Action) bool { return a.Kind() == KindTakeBack })
	p := s.Position()
	scOf[State](t)(FromPosition(p))
	from, to := 0, 1
	for len(p.Hands[from]) == 0 {
		from += 2
	}
	p.Hands[to] = append(p.Hands[to], p.Hands[from][0])
	p.Hands[from] = p.Hands[from][1:]
	hostileRefused(t, p, "a card moved from team 0's hand to team 1's after the round was scored")
	p = s.Position()
	last := &p.Results[len(p.Results)-1]
	if last.WentOut != 1 || last.Concealed {
		t.Fatalf("the round: seat %d went out, concealed %v; the test wants seat 1, not concealed", last.WentOut, last.Concealed)
	}
	last.Concealed = true
	hostileRefused(t, p, "going out concealed, and scored as not")
}

// Positions of random games, mutated as a hostile client might send them
// (a card moved between places, the phase or the turn changed), play
// through the harness when FromPosition accepts them. CARDRULES_LONG=1
// makes many more.
func TestHostileMutantsPlay(t *testing.T) {
	position := func(s State) Position { p := s.Position(); p.Actions = nil; return p }
	famtest.Mutants(t, conformGame(), []Rules{Classic(), TwoPlayer(), ThreePlayer()}, 6, 40,
		func(a Action) bool { return a.Kind() == KindTakeBack }, position, mutate, FromPosition)
}

// mutate changes p as a hostile client might: a card of the stock or of a
// hand moved to another hand, the pile into the stock, the stock into the
// hand of the seat to play, the phase or the turn changed, Late set.
func mutate(rng *rand.Rand, p *Position) {
	n := len(p.Hands)
	switch rng.IntN(7) {
	case 0:
		if len(p.Stock) > 0 {
			h := rng.IntN(n)
			p.Hands[h], p.Stock = append(p.Hands[h], p.Stock[0]), p.Stock[1:]
		}
	case 1:
		if a, b := rng.IntN(n), rng.IntN(n); len(p.Hands[a]) > 1 {
			p.Hands[b], p.Hands[a] = append(p.Hands[b], p.Hands[a][0]), p.Hands[a][1:]
		}
	case 2:
		p.Stock, p.Pile = append(p.Stock, p.Pile...), nil
	case 3:
		p.Phase = map[Phase]Phase{Drawing: Melding, Melding: Drawing, RoundOver: Drawing}[p.Phase]
	case 4:
		p.Turn = rng.IntN(n)
	case 5:
		p.Hands[p.Turn], p.Stock = append(p.Hands[p.Turn], p.Stock...), nil
	case 6:
		p.Late = true
	}
}

// JSON a Position cannot hold is refused, not read with the excess
// dropped: encoding/json took an unknown field, and a fifth seat's name
// for the four of Rules.Names.
func TestHostileJSONNothingDropped(t *testing.T) {
	conform.NothingDropped(t, scOf[State](t)(New(Classic(), 1)), ErrPosition, "names", `"E"`)
}
