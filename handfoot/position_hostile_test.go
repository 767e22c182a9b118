package handfoot

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
		t.Fatalf("FromPosition refuses the Position of a State play reached: %v\nLegal %v, phase %v, question %v\n%s", err, Legal(s), s.Phase(), s.View(s.ToAct()).Asked, before)
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
	hand := s.Hand(max(s.ToAct(), 0))
	wrong := []Action{Draw(), Take(), Ask(), TakeBack(), Next(), Answer(true), Answer(false),
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
		if (seat == s.ToAct()) != (v.Legal != nil) {
			t.Fatalf("View(%d) shows the legal actions of another seat", seat)
		}
		if s.Phase() != Choosing && v.Hand != s.Hand(seat) {
			t.Fatalf("View(%d) shows another hand", seat)
		}
		for p, pv := range v.Players {
			if s.Phase() != Choosing && pv.Hand != s.Hand(p).Len() {
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
		for seed := range 1 {
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
					if others := slices.DeleteFunc(slices.Clone(legal), func(a Action) bool { return a.Kind() == KindTakeBack }); len(others) > 0 {
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

// hostileRefused checks that FromPosition, and JSON decoding, refuse p
// with ErrPosition.
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
	for _, base := range []Rules{RulesA(), RulesB()} {
		r := base
		r.Rounds, r.Target = 1, 0 // the game ends with this round
		for _, c := range cases {
			t.Run(base.Name+"/"+c.name, func(t *testing.T) {
				s, err := FromPosition(c.b(t, r))
				if err != nil {
					t.Fatal(err)
				}
				hostilePlayOut(t, s, 3000, true)
			})
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

// Every layout of both rule sets, and tables at the corners Validate
// allows, deal, play and end.
func TestHostileRulesCorners(t *testing.T) {
	bands := func(m int) score.Bands { b, _ := score.NewBands(score.Band{From: math.MinInt, Minimum: m}); return b }
	corners := []struct {
		name string
		set  func(*Rules)
	}{
		{"as the rule set says", func(*Rules) {}},
		{"a hand of 1, a foot of 2, draw 5", func(r *Rules) { r.HandSize, r.FootSize, r.DrawCount = 1, 2, MaxDraw }},
		{"packets of 2, chosen", func(r *Rules) { r.HandSize, r.FootSize, r.ChoosePacket = 2, 2, true }},
		{"packets of 30, 12 decks", func(r *Rules) { r.HandSize, r.FootSize, r.Decks = MaxPacket, MaxPacket, MaxDecks }},
		{"no canasta ever", func(r *Rules) { r.Meld.CanastaSize = 500 }},
		{"a minimum no meld reaches", func(r *Rules) { r.Minimums = bands(1 << 40) }},
		{"no minimum, nothing to go out", func(r *Rules) { r.Minimums = bands(0); r.GoOut, r.GoOutLarge = Canastas{}, Canastas{} }},
		{"aces only, one at a time", func(r *Rules) { r.Meld.Ranks = meld.RankSet(0).With(card.Ace); r.SecondMeld = false }},
		{"asking, four of each to go out", func(r *Rules) {
			r.AskPartner = true
			r.GoOut, r.GoOutLarge = Canastas{family.MaxGoOut, family.MaxGoOut}, Canastas{family.MaxGoOut, family.MaxGoOut}
		}},
		{"no jokers, one wild a meld", func(r *Rules) { r.JokersPerDeck, r.Meld.MaxWilds, r.Meld.Ratio = 0, 1, meld.NoRatio }},
	}
	layouts := [][2]int{{2, 2}, {3, 3}, {4, 4}, {4, 2}, {5, 5}, {6, 6}, {6, 3}, {6, 2}, {7, 7}, {8, 8}, {8, 4}, {8, 2}}
	for _, base := range []Rules{RulesA(), RulesB()} {
		for i, l := range layouts {
			for _, c := range corners {
				r := base.WithLayout(l[0], l[1])
				r.Rounds, r.Target = 1, 0
				c.set(&r)
				name := base.Name + " " + itoa(l[0]) + "x" + itoa(l[1]) + ", " + c.name
				if err := r.Validate(); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				hostileRandomGame(t, name, r, uint64(i+1))
			}
		}
	}
}
