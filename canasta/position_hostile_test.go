package canasta

// Hostile positions: Positions made up by hand at the edges of what
// FromPosition accepts, each played out by a few policies with every
// promise of the package checked at every step.

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// hostileSentinels are the errors of play: every refusal by Apply wraps one.
var hostileSentinels = []error{ErrMalformed, ErrNotNow, ErrGameOver, ErrNotHeld, ErrStock, ErrPile,
	ErrBlocked, ErrMeld, ErrNoMeld, ErrSecondMeld, ErrMinimum, ErrKeepCard, ErrGoOut, ErrPermission, ErrMustGoOut}

// hostilePolicy picks the action to play from legal.
type hostilePolicy struct {
	name string
	pick func(rng *rand.Rand, legal []Action) Action
}

var hostilePolicies = []hostilePolicy{
	{"first", func(_ *rand.Rand, l []Action) Action { return l[0] }},
	{"last", func(_ *rand.Rand, l []Action) Action { return l[len(l)-1] }},
	{"random", func(rng *rand.Rand, l []Action) Action { return l[rng.IntN(len(l))] }},
}

// hostileCheck checks the promises at s: Legal lists something until the
// game is over, Apply takes every action it lists, refusals wrap a
// sentinel and change nothing, the Position and the JSON round-trip, and
// each View shows only its seat's hand.
func hostileCheck(t *testing.T, s State, rng *rand.Rand) []Action {
	t.Helper()
	before, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	back, err := FromPosition(s.Position())
	if err != nil {
		t.Fatalf("FromPosition refuses the Position of a State play reached: %v\n%s", err, before)
	}
	if !back.Equal(s) {
		t.Fatalf("FromPosition(s.Position()) is not Equal to s\n%s", before)
	}
	var fromJSON State
	if err := json.Unmarshal(before, &fromJSON); err != nil || !fromJSON.Equal(s) {
		t.Fatalf("the JSON of a State reads back to another (%v)\n%s", err, before)
	}
	legal := Legal(s)
	if s.Over() != (len(legal) == 0) {
		t.Fatalf("Over %v and %d legal actions\n%s", s.Over(), len(legal), before)
	}
	if !reflect.DeepEqual(Legal(back), legal) {
		t.Fatalf("Legal of the State restored from its Position differs\n%s", before)
	}
	for i, a := range legal {
		if i >= 40 && rng.IntN(8) != 0 {
			continue
		}
		if _, err := Apply(s, a); err != nil {
			t.Fatalf("Legal lists %v, Apply refuses it: %v\n%s", a, err, before)
		}
	}
	// Refusals: actions most often wrong, and forged ones.
	hand := s.Hand(max(s.ToAct(), 0))
	wrong := []Action{Draw(), Take(), TakeTo(), Ask(), TakeBack(), Next(), Answer(true), Answer(false),
		{family.Action{Kind: family.Kind(rng.IntN(16)), Card: card.Card(rng.IntN(70)), Target: uint8(rng.IntN(4))}}}
	for c := card.Card(1); c <= card.Joker; c++ {
		if c.IsValid() && hand.Count(c) == 0 {
			if a, err := Discard(c); err == nil {
				wrong = append(wrong, a)
				break
			}
		}
	}
	for _, a := range wrong {
		next, err := Apply(s, a)
		if err == nil {
			continue
		}
		wraps := false
		for _, e := range hostileSentinels {
			wraps = wraps || errors.Is(err, e)
		}
		if !wraps {
			t.Fatalf("Apply(%v) refused with %v, which wraps no sentinel", a, err)
		}
		if !next.Equal(s) {
			t.Fatalf("Apply(%v) refused (%v) and returned another State", a, err)
		}
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatalf("the calls changed the State they were given")
	}
	for seat := range s.Rules().Players {
		v := s.View(seat)
		if v.Hand != s.Hand(seat) || (seat == s.ToAct()) != (v.Legal != nil) {
			t.Fatalf("View(%d) shows another hand, or the legal actions of another seat", seat)
		}
		for p, pv := range v.Players {
			if pv.Hand != s.Hand(p).Len() {
				t.Fatalf("View(%d) counts %d cards for seat %d, which holds %d", seat, pv.Hand, p, s.Hand(p).Len())
			}
		}
		if v.StockSize != s.StockSize() {
			t.Fatalf("View(%d): stock size", seat)
		}
	}
	return legal
}

// hostilePlayOut plays s with each policy, checking the steps (the first
// ones all, later ones some), until the game is over or steps actions are
// played; with over it must be over.
func hostilePlayOut(t *testing.T, s State, steps int, over bool) {
	t.Helper()
	for _, pol := range hostilePolicies {
		seeds := 1
		if pol.name == "random" {
			seeds = 2
		}
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			cur, tookBack := s, false
			for step := 0; !cur.Over() && step < steps; step++ {
				// The first steps, from the position made by hand, get
				// every check; later ones, which play reached, one in 16.
				var legal []Action
				if step < 12 || rng.IntN(16) == 0 {
					legal = hostileCheck(t, cur, rng)
				} else if legal = Legal(cur); len(legal) == 0 {
					t.Fatalf("%s/%d step %d: no legal action, and the game is not over", pol.name, seed, step)
				}
				if tookBack {
					// After taking back, end the turn another way.
					if ends := slices.DeleteFunc(slices.Clone(legal), func(a Action) bool {
						return a.Kind() == KindMeld || a.Kind() == KindAdd || a.Kind() == KindTakeBack
					}); len(ends) > 0 {
						legal = ends
					}
				}
				a := pol.pick(rng, legal)
				if a.Kind() == KindTakeBack {
					// Taking back forever is a player's choice, not
					// an endless game: play anything else.
					others := slices.DeleteFunc(slices.Clone(legal), func(a Action) bool { return a.Kind() == KindTakeBack })
					if len(others) > 0 {
						a = pol.pick(rng, others)
					}
				}
				next, err := Apply(cur, a)
				if err != nil {
					t.Fatalf("%s/%d step %d: Apply(%v): %v", pol.name, seed, step, a, err)
				}
				tookBack = a.Kind() == KindTakeBack || (tookBack && next.Turn() == cur.Turn())
				cur = next
			}
			hostileCheck(t, cur, rng)
			if over && !cur.Over() {
				t.Fatalf("%s/%d: the game is not over after %d actions", pol.name, seed, steps)
			}
		}
	}
}

// hostileRefused checks that FromPosition refuses p with ErrPosition.
func hostileRefused(t *testing.T, p Position, why string) {
	t.Helper()
	if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
		t.Fatalf("%s: FromPosition gave %v, want ErrPosition", why, err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var s State
	if err := json.Unmarshal(data, &s); !errors.Is(err, ErrPosition) {
		t.Fatalf("%s: JSON gave %v, want ErrPosition", why, err)
	}
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
			hostilePlayOut(t, c.b(t).build(), 3000, true)
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

// hostileRandomGame plays a game of r from seed to its end by random legal
// actions (taking back one time in four when something else is legal),
// with Legal never empty, Apply taking every action played, and the
// Position round-tripping now and then.
func hostileRandomGame(t *testing.T, name string, r Rules, seed uint64) {
	t.Helper()
	s, err := New(r, seed)
	if err != nil {
		t.Fatalf("%s: New: %v", name, err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for step := 0; !s.Over(); step++ {
		if step > 100000 {
			t.Fatalf("%s: not over after %d actions (round %d)", name, step, s.Round())
		}
		l := Legal(s)
		if len(l) == 0 {
			t.Fatalf("%s: no legal action, and the game is not over: %+v", name, s.Position())
		}
		a := l[rng.IntN(len(l))]
		if a.Kind() == KindTakeBack && len(l) > 1 && rng.IntN(4) > 0 {
			a = l[0]
		}
		if step%97 == 0 {
			if back, err := FromPosition(s.Position()); err != nil || !back.Equal(s) {
				t.Fatalf("%s: the Position of step %d does not round-trip: %v", name, step, err)
			}
		}
		if s, err = Apply(s, a); err != nil {
			t.Fatalf("%s: Legal lists %v, Apply refuses it: %v", name, a, err)
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
		{"a minimum no meld reaches", func(r *Rules) { r.Minimums = bands(1 << 40) }},
		{"no minimum", func(r *Rules) { r.Minimums = bands(0) }},
		{"aces only", func(r *Rules) { r.Meld.Ranks = meld.RankSet(0).With(card.Ace) }},
		{"seven natural cards a meld", func(r *Rules) { r.Meld.MinNaturals = 7 }},
		{"natural canastas closed at 4", func(r *Rules) { r.Meld.CleanClosed, r.Meld.CanastaSize = true, 4 }},
		{"two players asking, four canastas", func(r *Rules) { *r = TwoPlayer(); r.AskPartner, r.GoOut = true, 4 }},
		{"every card worth the most", func(r *Rules) { r.Values = score.NewTable(func(card.Card) int { return MaxBonus }) }},
		{"the highest target", func(r *Rules) { r.Rounds, r.Target = 0, MaxBonus*MaxRounds; r.Minimums = bands(1 << 40) }},
		{"a target of 1", func(r *Rules) { r.Rounds, r.Target = 0, 1 }},
	}
	for _, c := range corners {
		r := Classic()
		r.Rounds = 2
		c.set(&r)
		if err := r.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Rounds == 0 && r.Target > 1 {
			// A game no team can score in lasts MaxRounds rounds: play
			// from the last.
			p := scAt(t, r).round(MaxRounds).hand(0, "5C").position()
			s := scOf[State](t)(FromPosition(p))
			hostilePlayOut(t, s, 5000, true)
			continue
		}
		hostileRandomGame(t, c.name, r, 1)
	}
}
