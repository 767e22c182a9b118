package rummy

// Scenario tests: one rule each, from an exact position. Each doc comment
// says the rule in plain words, or quotes the sentence of the basic rummy
// rule text it follows, or states the engine's documented decisions where
// the text is silent.

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// Basic rummy is one deck for two players (up to six as an option), any
// card discarded (KeepTaken off), the stock rebuilt every time it runs out
// (no limit on Rebuilds), one hand, aces 20, tens and pictures 10, the
// rest 5.
func TestRuleBasicRules(t *testing.T) {
	r := Basic()
	want := Rules{Name: "basic", Players: 2, Values: score.Uniform(BasicValues()), Rounds: 1}
	if r != want {
		t.Errorf("Basic() = %+v, want %+v", r, want)
	}
	if err := r.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

// Ten cards each to two players, seven each to three or four, six each to
// five or six; HandSize, when set, is the count.
func TestRuleDealtCounts(t *testing.T) {
	for n, want := range map[int]int{2: 10, 3: 7, 4: 7, 5: 6, 6: 6} {
		r := scBasic(n)
		if got := r.Dealt(); got != want {
			t.Errorf("%d players: Dealt() = %d, want %d", n, got, want)
		}
		s, err := New(r, 11)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range n {
			if s.HandSize(seat) != want {
				t.Errorf("%d players: seat %d is dealt %d cards, want %d", n, seat, s.HandSize(seat), want)
			}
		}
		if s.PileSize() != 1 || s.StockSize() != 52-n*want-1 {
			t.Errorf("%d players: pile %d, stock %d: want 1 and %d", n, s.PileSize(), s.StockSize(), 52-n*want-1)
		}
		scAt(t, s, Drawing, 0, 0)
	}
	r := Basic()
	r.HandSize = 13
	if r.Dealt() != 13 {
		t.Errorf("HandSize 13: Dealt() = %d", r.Dealt())
	}
}

// A table must seat two to six players, deal hands that leave an upcard and
// a stock, limit the stock's rebuilds to 1 to MaxRebuilds or set no limit
// (0), and have an end.
func TestRuleValidateRefusesBadTables(t *testing.T) {
	ok := func(f func(*Rules)) Rules { r := Basic(); f(&r); return r }
	for name, r := range map[string]Rules{
		"one player":                 ok(func(r *Rules) { r.Players = 1 }),
		"seven players":              ok(func(r *Rules) { r.Players = 7 }),
		"26 cards each to two":       ok(func(r *Rules) { r.HandSize = 26 }),
		"9 cards each to six":        ok(func(r *Rules) { r.Players, r.HandSize = 6, 9 }),
		"a negative hand":            ok(func(r *Rules) { r.HandSize = -1 }),
		"negative rebuilds":          ok(func(r *Rules) { r.Rebuilds = -1 }),
		"too many rebuilds":          ok(func(r *Rules) { r.Rebuilds = MaxRebuilds + 1 }),
		"no end":                     ok(func(r *Rules) { r.Rounds, r.Target = 0, 0 }),
		"negative rounds":            ok(func(r *Rules) { r.Rounds = -1 }),
		"too many rounds":            ok(func(r *Rules) { r.Rounds = MaxRounds + 1 }),
		"a negative target":          ok(func(r *Rules) { r.Target = -1 }),
		"a card of negative value":   ok(func(r *Rules) { r.Values.Melded = r.Values.Melded.With(card.MustParse("AS"), -1) }),
		"a held card counting for":   ok(func(r *Rules) { r.Values.Held = r.Values.Held.With(card.MustParse("AS"), 1) }),
		"a name too long":            ok(func(r *Rules) { r.Name = strings.Repeat("x", MaxName+1) }),
		"the zero Rules (no player)": {},
	} {
		err := r.Validate()
		if !errors.Is(err, ErrRules) {
			t.Errorf("%s: Validate() = %v, want ErrRules", name, err)
			continue
		}
		if _, err := New(r, 1); !errors.Is(err, ErrRules) {
			t.Errorf("%s: New: %v, want ErrRules", name, err)
		}
	}
	for name, r := range map[string]Rules{
		"25 cards each to two": ok(func(r *Rules) { r.HandSize = 25 }),
		"six players":          ok(func(r *Rules) { r.Players = 6 }),
		"no limit on rebuilds": ok(func(r *Rules) { r.Rebuilds = 0 }),
		"the largest limit":    ok(func(r *Rules) { r.Rebuilds = MaxRebuilds }),
		"rounds to 500":        ok(func(r *Rules) { r.Rounds, r.Target = 0, 500 }),
	} {
		if err := r.Validate(); err != nil {
			t.Errorf("%s: Validate() = %v, want nil", name, err)
		}
	}
}

// The presets are "basic" and "basic-2" to "basic-6", the basic game for
// that many players; a name is read in any case, as in every game.
func TestRulePresetNames(t *testing.T) {
	if r, err := Preset("Basic-3"); err != nil || r.Name != "basic-3" || r.Players != 3 {
		t.Errorf("Preset(Basic-3) = %+v, %v", r, err)
	}
	r, err := Preset("basic")
	if err != nil || r != Basic() {
		t.Errorf("Preset(basic) = %+v, %v", r, err)
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		name := "basic-" + itoa(n)
		want := scBasic(n)
		want.Name = name
		if r, err := Preset(name); err != nil || r != want {
			t.Errorf("Preset(%s) = %+v, %v", name, r, err)
		}
	}
	for _, name := range []string{"", "basic-1", "basic-7", "basic-", "basic-10", "gin"} {
		if _, err := Preset(name); !errors.Is(err, ErrPreset) {
			t.Errorf("Preset(%q): %v, want ErrPreset", name, err)
		}
	}
}

// The cards are dealt one at a time, seat 0 first; the next card is turned
// up to start the pile and the rest is the stock; seat 0 plays first.
func TestRuleDealOneAtATime(t *testing.T) {
	order := card.All()
	deck := order[:52] // AC AD AH AS 2C ... KS
	s, err := Deal(Basic(), deck, 1)
	if err != nil {
		t.Fatal(err)
	}
	scHand(t, s, 0, "AC AH 2C 2H 3C 3H 4C 4H 5C 5H")
	scHand(t, s, 1, "AD AS 2D 2S 3D 3S 4D 4S 5D 5S")
	scPile(t, s, "6C")
	if got := s.Position().Stock; !slices.Equal(got, deck[21:]) {
		t.Errorf("the stock is %v, want the rest of the order top first", cardList(got))
	}
	scAt(t, s, Drawing, 0, 0)
	s = scOK(t, s, "draw stock")
	scHand(t, s, 0, "AC AH 2C 2H 3C 3H 4C 4H 5C 5H 6D")

	for n := 3; n <= MaxPlayers; n++ {
		r := scBasic(n)
		s, err := Deal(r, deck, 1)
		if err != nil {
			t.Fatal(err)
		}
		k := r.Dealt()
		for i, c := range deck[:n*k] {
			if !slices.Contains(s.Hand(i%n).Cards(), c) {
				t.Errorf("%d players: card %d of the order, %v, is not in seat %d's hand", n, i+1, c, i%n)
			}
		}
		if s.Upcard() != deck[n*k] || s.StockSize() != 52-n*k-1 {
			t.Errorf("%d players: upcard %v, stock %d", n, s.Upcard(), s.StockSize())
		}
		scAt(t, s, Drawing, 0, 0)
	}
}

// Deal takes the 52 cards of one deck, each once, and rules that Validate
// accepts.
func TestRuleDealRefusesBadOrders(t *testing.T) {
	all := card.All()
	deck := all[:52]
	dup := slices.Clone(deck)
	dup[51] = dup[0]
	joker := slices.Clone(deck)
	joker[51] = card.Joker
	for name, order := range map[string][]card.Card{
		"51 cards":  deck[:51],
		"53 cards":  all[:],
		"a repeat":  dup,
		"the joker": joker,
		"nothing":   nil,
	} {
		if _, err := Deal(Basic(), order, 1); !errors.Is(err, ErrDeal) {
			t.Errorf("%s: %v, want ErrDeal", name, err)
		}
	}
	if _, err := Deal(scBasic(7), deck, 1); !errors.Is(err, ErrRules) {
		t.Errorf("seven players: %v, want ErrRules", err)
	}
}

// A seeded deal is the same game every time.
func TestRuleNewSeeded(t *testing.T) {
	a, _ := New(Basic(), 42)
	b, _ := New(Basic(), 42)
	c, _ := New(Basic(), 43)
	if !a.Equal(b) || a.Equal(c) {
		t.Errorf("seed 42 twice equal %v, seeds 42 and 43 equal %v", a.Equal(b), a.Equal(c))
	}
}

// A player who draws from the stock adds the card to its hand without
// showing it: the others see a card more in its hand and a card less in the
// stock, not the card.
func TestRuleDrawStockUnseen(t *testing.T) {
	at := func(top string) State {
		return newScene(t, Basic()).hand(0, "2C 3D 4H").hand(1, "5S 6S 7S").pile("KH").stockTop(top).build()
	}
	s := at("AS")
	stock := s.StockSize()
	s = scOK(t, s, "draw stock")
	scHand(t, s, 0, "2C 3D 4H AS")
	scAt(t, s, Playing, 0, 0)
	if s.StockSize() != stock-1 || s.Taken() != 0 || len(s.Known(0)) != 0 {
		t.Errorf("stock %d (was %d), taken %v, known %v", s.StockSize(), stock, s.Taken(), s.Known(0))
	}
	v := s.View(1)
	if v.Players[0].Hand != 4 || len(v.Players[0].Known) != 0 || v.Taken != 0 || v.Hand.Count(card.MustParse("AS")) > 0 {
		t.Errorf("seat 1 sees %+v", v.Players[0])
	}
	// Had the stock's top been another card, seat 1 would see the same.
	if other := scOK(t, at("AD"), "draw stock"); !reflect.DeepEqual(other.View(1), v) {
		t.Errorf("seat 1's View tells the AS drawn from the AD")
	}
	mine, theirs := s.Happened(0, 0), s.Happened(1, 0)
	if len(mine) != 1 || !slices.Equal(mine[0].Drawn, card.MustParseCards("AS")) || mine[0].Action != DrawStock() || mine[0].Seat != 0 || mine[0].Seq != 1 {
		t.Errorf("seat 0 saw %+v", mine)
	}
	if len(theirs) != 1 || theirs[0].Drawn != nil || theirs[0].Action != DrawStock() {
		t.Errorf("seat 1 saw %+v", theirs)
	}
}

// The discard pile is face up: a card drawn from it is seen by everyone,
// and stays known while its taker holds it.
func TestRuleDrawPileSeen(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3D 4H").hand(1, "5S 6S 7S").pile("9C KH").build()
	s = scOK(t, s, "draw pile")
	kh := card.MustParse("KH")
	scHand(t, s, 0, "2C 3D 4H KH")
	scPile(t, s, "9C")
	scAt(t, s, Playing, 0, 0)
	if s.Taken() != kh || cardList(s.Known(0)) != "KH" || s.Upcard() != card.MustParse("9C") {
		t.Errorf("taken %v, known %v, upcard %v", s.Taken(), s.Known(0), s.Upcard())
	}
	v := s.View(1)
	if cardList(v.Players[0].Known) != "KH" || v.Taken != kh || v.Players[0].Hand != 4 {
		t.Errorf("seat 1 sees %+v, taken %v", v.Players[0], v.Taken)
	}
	if ev := s.Happened(1, 0); len(ev) != 1 || ev[0].Action != DrawPile() {
		t.Errorf("seat 1 saw %+v", ev)
	}
}

// A turn begins with the draw: melding, laying off, discarding (or dealing
// the next round) before it is refused.
func TestRuleDrawFirst(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3C 4C 8D").hand(1, "5S 6S 7S").meld(1, "5D 6D 7D").pile("KH").build()
	for _, text := range []string{"meld 2C 3C 4C", "lay 8D on 1", "discard 8D", "next"} {
		scNo(t, s, text, ErrNotNow)
	}
	all := card.All()
	if got, err := DealNext(s, all[:52]); !errors.Is(err, ErrNotNow) || !got.Equal(s) {
		t.Errorf("DealNext during the round: %v", err)
	}
	scLegal(t, s, "draw stock", "draw pile")
}

// One card is drawn a turn: a second draw, from either the stock or the
// pile, is refused.
func TestRuleDrawOnce(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3C 4C 8D").hand(1, "5S 6S 7S").pile("QH KH").build()
	for _, first := range []string{"draw stock", "draw pile"} {
		after := scOK(t, s, first)
		scNo(t, after, "draw stock", ErrNotNow)
		scNo(t, after, "draw pile", ErrNotNow)
	}
}

// The ace is low only: A-2-3 is a run, Q-K-A and K-A-2 are not, whether
// built, read from text or forced into an Action.
func TestRuleRunAceLow(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "AC 2C 3C QD KD AD KS 2S 9H").hand(1, "5S 6S 7S").pile("JH").playing("").build()
	after := scOK(t, s, "meld 3C AC 2C")
	scMelds(t, after, "0: AC 2C 3C")
	scHand(t, after, 0, "QD KD AD KS 2S 9H")
	scLaid(t, after, 0, "AC 2C 3C")
	for _, text := range []string{"QD KD AD", "KS AS 2S"} {
		if _, err := Meld(card.MustParseCards(text)...); !errors.Is(err, ErrMeld) || !errors.Is(err, meld.ErrNotRun) {
			t.Errorf("Meld(%s): %v, want ErrMeld and meld.ErrNotRun", text, err)
		}
		if _, err := ParseAction("meld " + text); !errors.Is(err, ErrMeld) {
			t.Errorf("ParseAction(meld %s): %v, want ErrMeld", text, err)
		}
		x, _ := setOf(card.MustParseCards(text))
		scRefused(t, s, Action{kind: KindMeld, cards: x}, ErrMalformed)
	}
}

// A run is three or more cards of one suit in sequence: three to thirteen,
// from ace to king.
func TestRuleRunLengths(t *testing.T) {
	spades := card.MustParseCards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
	for n := 3; n <= 13; n++ {
		for lo := 0; lo+n <= 13; lo++ {
			a, err := Meld(spades[lo : lo+n]...)
			if err != nil || a.Kind() != KindMeld || !slices.Equal(a.Cards(), spades[lo:lo+n]) {
				t.Errorf("Meld(%s) = %v, %v", cardList(spades[lo:lo+n]), a, err)
			}
		}
	}
	s := newScene(t, Basic()).hand(0, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 9D").hand(1, "5C 6C 7C").pile("JH").playing("").build()
	s = scOK(t, s, "meld "+cardList(spades))
	scMelds(t, s, "0: "+cardList(spades))
	scHand(t, s, 0, "9D")
	for _, text := range []string{"4C 5D 6C", "4C 5C 7C", "4H 5H"} {
		if _, err := ParseAction("meld " + text); !errors.Is(err, ErrMeld) {
			t.Errorf("meld %s: %v, want ErrMeld", text, err)
		}
	}
}

// A group is three or four cards of one rank; one deck has no fifth card
// of a rank, and two cards are no meld.
func TestRuleGroups(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "7C 7D 7H 9C 9D 9H 9S 2S").hand(1, "5C 6C 8C").pile("JH").playing("").build()
	s = scOK(t, s, "meld 7H 7C 7D", "meld 9S 9H 9D 9C")
	scMelds(t, s, "0: 7C 7D 7H | 0: 9C 9D 9H 9S")
	scHand(t, s, 0, "2S")
	scLaid(t, s, 0, "7C 7D 7H 9C 9D 9H 9S")
	for _, text := range []string{"9C 9D 9H 9S 9C", "7C 7D", "7C", "7C 7D 8H"} {
		if _, err := Meld(card.MustParseCards(text)...); !errors.Is(err, ErrMeld) {
			t.Errorf("Meld(%s): %v, want ErrMeld", text, err)
		}
	}
}

// A player melds only cards it holds.
func TestRuleMeldHeldCards(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "4C 5C 9D").hand(1, "6C 7C 8C").pile("JH").playing("").build()
	scNo(t, s, "meld 4C 5C 6C", ErrNotHeld)
	scNo(t, s, "discard 6C", ErrNotHeld)
	s = newScene(t, Basic()).hand(0, "4C 5C 9D").hand(1, "6C 7C 8C").meld(1, "AH 2H 3H").pile("JH").playing("").build()
	scNo(t, s, "lay 4H on 1", ErrNotHeld)
}

// A card is laid off at either end of a run: just below its lowest card or
// just above its highest, the ace below a two.
func TestRuleLayOffRunEnds(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "3C 7C AH 9S").hand(1, "KD QD").
		meld(1, "4C 5C 6C").meld(1, "2H 3H 4H").pile("JH").playing("").build()
	s = scOK(t, s, "lay 3C on 1")
	scMelds(t, s, "1: 3C 4C 5C 6C | 1: 2H 3H 4H")
	s = scOK(t, s, "lay 7C on 1", "lay AH on 2")
	scMelds(t, s, "1: 3C 4C 5C 6C 7C | 1: AH 2H 3H 4H")
	scHand(t, s, 0, "9S")
	scLaid(t, s, 0, "3C 7C AH")
	scLaid(t, s, 1, "4C 5C 6C 2H 3H 4H")
	scAt(t, s, Playing, 0, 0)

	// Nothing goes above a king: the ace is low only.
	s = newScene(t, Basic()).hand(0, "AC 9S").hand(1, "KD QD").meld(1, "JC QC KC").pile("JH").playing("").build()
	scNo(t, s, "lay AC on 1", ErrLayOff)
}

// A group of three takes the fourth card of its rank; a group of four takes
// nothing more.
func TestRuleLayOffGroups(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "8S 9D 2C QD").hand(1, "KD 4D").
		meld(1, "8C 8D 8H").meld(1, "QC QH QS").pile("JH").playing("").build()
	scNo(t, s, "lay 9D on 1", ErrLayOff)
	s = scOK(t, s, "lay 8S on 1")
	scMelds(t, s, "1: 8C 8D 8H 8S | 1: QC QH QS")
	scLaid(t, s, 0, "8S")
	scNo(t, s, "lay 9D on 1", ErrLayOff)
	scNo(t, s, "lay 2C on 1", ErrLayOff)
	s = scOK(t, s, "lay QD on 2")
	scMelds(t, s, "1: 8C 8D 8H 8S | 1: QC QD QH QS")
	scLegal(t, s, "discard 2C", "discard 9D")
}

// A lay-off must leave the meld a run or a group: a card of the run's
// ranks in another suit, or one past a gap, does not fit.
func TestRuleLayOffNotInTheMiddle(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "6D 10C 3D 9S").hand(1, "KD QD").meld(1, "4C 5C 6C 7C 8C").pile("JH").playing("").build()
	for _, text := range []string{"lay 6D on 1", "lay 10C on 1", "lay 3D on 1"} {
		scNo(t, s, text, ErrLayOff)
	}
	scLegal(t, s, "discard 10C", "discard 3D", "discard 6D", "discard 9S")
}

// A player may lay off on another player's meld; the card scores for the
// player who laid it off, and the meld stays its owner's.
func TestRuleLayOffOnAnothersMeld(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "7C 9S").hand(1, "KD QD").meld(1, "4C 5C 6C").pile("JH").playing("").build()
	s = scOK(t, s, "lay 7C on 1")
	scMelds(t, s, "1: 4C 5C 6C 7C")
	scLaid(t, s, 0, "7C")
	scLaid(t, s, 1, "4C 5C 6C")
	scScore(t, s, 0, 5, 5, 0)
	scScore(t, s, 1, 15, 20, -5)
	if v := s.View(1); v.Players[0].Melded != 5 || v.Players[1].Melded != 15 {
		t.Errorf("seat 1 sees melded %d and %d, want 5 and 15", v.Players[0].Melded, v.Players[1].Melded)
	}
	if ev := s.Happened(1, 0); len(ev) != 1 || ev[0].Action.String() != "lay 7C on 1" || ev[0].Seat != 0 {
		t.Errorf("seat 1 saw %+v", ev)
	}
}

// A card that fits two melds goes on the one the lay-off names, and only
// on it.
func TestRuleLayOffNamesTheMeld(t *testing.T) {
	runs := newScene(t, Basic()).hand(0, "7C 9S").hand(1, "KD QD").meld(1, "4C 5C 6C").meld(1, "8C 9C 10C").pile("JH").playing("").build()
	scLegal(t, runs, "lay 7C on 1", "lay 7C on 2", "discard 7C", "discard 9S")
	scMelds(t, scOK(t, runs, "lay 7C on 1"), "1: 4C 5C 6C 7C | 1: 8C 9C 10C")
	scMelds(t, scOK(t, runs, "lay 7C on 2"), "1: 4C 5C 6C | 1: 7C 8C 9C 10C")

	mixed := newScene(t, Basic()).hand(0, "7C 9S").hand(1, "KD QD").meld(1, "7D 7H 7S").meld(0, "4C 5C 6C").pile("JH").playing("").build()
	scMelds(t, scOK(t, mixed, "lay 7C on 1"), "1: 7C 7D 7H 7S | 0: 4C 5C 6C")
	scMelds(t, scOK(t, mixed, "lay 7C on 2"), "1: 7D 7H 7S | 0: 4C 5C 6C 7C")
}

// A lay-off names a meld on the table, numbered from 1 in the order laid.
func TestRuleLayOffNoSuchMeld(t *testing.T) {
	none := newScene(t, Basic()).hand(0, "7C 9S").hand(1, "KD QD").pile("JH").playing("").build()
	scNo(t, none, "lay 7C on 1", ErrLayOff)
	one := newScene(t, Basic()).hand(0, "7C 9S").hand(1, "KD QD").meld(1, "4C 5C 6C").pile("JH").playing("").build()
	scNo(t, one, "lay 7C on 2", ErrLayOff)
	scNo(t, one, "lay 7C on 17", ErrLayOff)
	for _, text := range []string{"lay 7C on 0", "lay 7C on 18", "lay 7C on -1"} {
		if _, err := ParseAction(text); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", text, err)
		}
	}
}

// Melds are never rearranged: with 2C 2D 2H 2S and 3S 4S 5S on the table,
// the 2S may not move to the run to take the AS.
func TestRuleNoRearranging(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "AS 9D KH").hand(1, "KD QD").meld(1, "2C 2D 2H 2S").meld(1, "3S 4S 5S").pile("JH").playing("").build()
	scNo(t, s, "lay AS on 1", ErrLayOff)
	scNo(t, s, "lay AS on 2", ErrLayOff)
	scLegal(t, s, "discard 9D", "discard KH", "discard AS")
}

// The basic rummy rule text says: "You may discard any card, but you may
// not discard multiple cards." A player holding 4C 5C 6C who draws KS from
// the pile may meld the run and discard the KS, and so goes out: "A player
// wins by either melding, laying off, or discarding all of his or her
// cards."
func TestRuleDiscardTakenCardGoesOut(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "4C 5C 6C").hand(1, "KD QD").pile("2H KS").build()
	s = scOK(t, s, "draw pile")
	scLegal(t, s, "meld 4C 5C 6C", "discard 4C", "discard 5C", "discard 6C", "discard KS")
	s = scOK(t, s, "meld 4C 5C 6C")
	scLegal(t, s, "discard KS")
	s = scOK(t, s, "discard KS")
	scAt(t, s, GameOver, 0, -1)
	scPile(t, s, "2H KS")
	scHand(t, s, 0, "")
	if res := s.Results(); len(res) != 1 || res[0].WentOut != 0 {
		t.Errorf("results %+v: want seat 0 out", res)
	}
	scScore(t, s, 0, 15, 0, 15)
}

// scKeep is Basic with KeepTaken: the card drawn from the pile stays in
// the hand that turn.
func scKeep() Rules {
	r := Basic()
	r.KeepTaken = true
	return r
}

// With KeepTaken (a house rule), the card drawn from the pile may not be
// discarded the same turn, but it may be melded or laid off.
func TestRuleKeepTakenCard(t *testing.T) {
	at := func(r Rules) State {
		return newScene(t, r).hand(0, "4C 5C 9D KS").hand(1, "KD QD").meld(1, "7C 8C 9C").pile("2H 6C").build()
	}
	s := scOK(t, at(scKeep()), "draw pile")
	scNo(t, s, "discard 6C", ErrTaken)

	melded := scOK(t, s, "meld 4C 5C 6C", "discard 9D")
	scMelds(t, melded, "1: 7C 8C 9C | 0: 4C 5C 6C")
	scHand(t, melded, 0, "KS")
	scPile(t, melded, "2H 9D")
	scAt(t, melded, Drawing, 1, 1)
	if melded.Taken() != 0 || len(melded.Known(0)) != 0 {
		t.Errorf("taken %v, known %v after the turn", melded.Taken(), melded.Known(0))
	}

	laid := scOK(t, s, "lay 6C on 1")
	scMelds(t, laid, "1: 6C 7C 8C 9C")
	scLaid(t, laid, 0, "6C")
	scHand(t, laid, 0, "4C 5C 9D KS")
	// On the table the card is no longer Taken, and the State's Position
	// builds it back (FromPosition wants Taken in the hand).
	if laid.Taken() != 0 || len(laid.Known(0)) != 0 || laid.View(1).Taken != 0 {
		t.Errorf("after laying it off: taken %v, known %v", laid.Taken(), laid.Known(0))
	}
	if back, err := FromPosition(laid.Position()); err != nil || !back.Equal(laid) {
		t.Errorf("FromPosition(Position()): %v", err)
	}

	// With KeepTaken off, as in Basic, the card taken may go straight back.
	back := scOK(t, at(Basic()), "draw pile", "discard 6C")
	scPile(t, back, "2H 6C")
	scHand(t, back, 0, "4C 5C 9D KS")
	scAt(t, back, Drawing, 1, 1)
}

// With KeepTaken, a meld or lay-off may not leave the card taken from the
// pile alone in the hand: it could not be discarded to end the turn.
func TestRuleKeepTakenNotAlone(t *testing.T) {
	at := func(r Rules) State {
		return newScene(t, r).hand(0, "4C 5C 6C").hand(1, "KD QD").pile("2H KS").build()
	}
	s := scOK(t, at(scKeep()), "draw pile")
	scNo(t, s, "meld 4C 5C 6C", ErrTaken)
	scLegal(t, s, "discard 4C", "discard 5C", "discard 6C")

	lay := newScene(t, scKeep()).hand(0, "7C").hand(1, "KD QD").meld(1, "4C 5C 6C").pile("2H KS").build()
	lay = scOK(t, lay, "draw pile")
	scNo(t, lay, "lay 7C on 1", ErrTaken)
	scLegal(t, lay, "discard 7C")

	free := scOK(t, at(Basic()), "draw pile", "meld 4C 5C 6C")
	scHand(t, free, 0, "KS")
	scAt(t, free, Playing, 0, 0)
}

// With KeepTaken, the card taken from the pile is kept for that turn only:
// in a later turn it may be discarded like any other.
func TestRuleKeepTakenNextTurn(t *testing.T) {
	s := newScene(t, scKeep()).hand(0, "4C 9D").hand(1, "2S 3S").pile("2H 6C").stockTop("JH QH").build()
	s = scOK(t, s, "draw pile", "discard 9D")
	if cardList(s.Known(0)) != "6C" || cardList(s.View(1).Players[0].Known) != "6C" {
		t.Errorf("after the turn seat 0's known cards are %v", s.Known(0))
	}
	s = scOK(t, s, "draw stock", "discard JH", "draw stock", "discard 6C")
	scHand(t, s, 0, "4C QH")
	scPile(t, s, "2H 9D JH 6C")
	if len(s.Known(0)) != 0 {
		t.Errorf("seat 0 still shows %v", s.Known(0))
	}
}

// The basic rummy rule text says: "If the stock pile has run out the
// discard pile, save the top card, will be automatically shuffled and
// added to the stock so as to continue play." When the turn passes with
// the stock used up, the pile below its top card becomes the new stock;
// the top card stays as the pile.
func TestRuleStockRebuilt(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3C").pile("AD 5D 7S JS").stockOnly("9H", 1).build()
	s = scOK(t, s, "draw stock")
	if s.StockSize() != 0 || s.Phase() != Playing {
		t.Fatalf("stock %d, %v after drawing its last card", s.StockSize(), s.Phase())
	}
	s = scOK(t, s, "discard 2C")
	scPile(t, s, "2C")
	scAt(t, s, Drawing, 1, 1)
	stock := s.Position().Stock
	if x, _ := setOf(stock); x.String() != scNorm("AD 5D 7S JS") || s.Rebuilds() != 1 {
		t.Errorf("the new stock is %v, rebuilt %d times: want AD 5D 7S JS, once", cardList(stock), s.Rebuilds())
	}
	ev := s.Happened(1, 0)
	if last := ev[len(ev)-1]; !last.Rebuilt || last.RoundOver || last.Action.String() != "discard 2C" {
		t.Errorf("the last event is %+v, want the discard with Rebuilt", last)
	}
	if s.Cards().Len() != 52 {
		t.Errorf("%d cards after the rebuild", s.Cards().Len())
	}
	s = scOK(t, s, "draw stock")
	if s.StockSize() != 3 {
		t.Errorf("the new stock gave a card: %d left", s.StockSize())
	}
}

// scLimited is Basic with the house rule that limits the stock's rebuilds
// to three a round.
func scLimited() Rules {
	r := Basic()
	r.Rebuilds = 3
	return r
}

// With a limit on the stock's rebuilds (Rules.Rebuilds 3, a house rule),
// when the stock runs out once more, the round ends with no one out.
func TestRuleRebuildLimit(t *testing.T) {
	s := newScene(t, scLimited()).hand(0, "2C 3C").pile("AD 5D").stockOnly("9H", 1).rebuilds(2).build()
	s = scOK(t, s, "draw stock", "discard 2C")
	if s.Rebuilds() != 3 || s.StockSize() != 2 {
		t.Fatalf("rebuilt %d times, stock %d: want 3 and 2", s.Rebuilds(), s.StockSize())
	}
	s = scOK(t, s, "draw stock", "discard KS", "draw stock")
	s = scOK(t, s, "discard 3C")
	// The turn passed to seat 1, whose turn found the stock used up.
	scAt(t, s, GameOver, 1, -1)
	if res := s.Results(); len(res) != 1 || res[0].WentOut != -1 || s.Rebuilds() != 3 {
		t.Errorf("results %+v, rebuilt %d times", res, s.Rebuilds())
	}
	ev := s.Happened(0, 0)
	if last := ev[len(ev)-1]; last.Rebuilt || !last.RoundOver || !last.GameOver {
		t.Errorf("the last event is %+v, want the round and game over, no rebuild", last)
	}
}

// A round that ends with no one out (here at a limit on the stock's
// rebuilds) is scored as it stands: cards laid less cards held, for every
// seat.
func TestRuleNoOneOutScored(t *testing.T) {
	s := newScene(t, scLimited()).hand(0, "2C 3C").meld(0, "QC QD QH").pile("AD 5D 7S JS").stockOnly("9H", 1).rebuilds(3).build()
	s = scOK(t, s, "draw stock", "discard 2C")
	scAt(t, s, GameOver, 1, -1)
	scPile(t, s, "AD 5D 7S JS 2C")
	scHand(t, s, 0, "3C 9H")
	if res := s.Results(); len(res) != 1 || res[0].WentOut != -1 || res[0].Number != 1 {
		t.Errorf("results %+v", res)
	}
	// The deck is worth 400: seat 1 holds all but the queens laid (30),
	// seat 0's hand (10) and the pile (45).
	scScore(t, s, 0, 30, 10, 20)
	scScore(t, s, 1, 0, 315, -315)
	if w := s.Winners(); !slices.Equal(w, []int{0}) {
		t.Errorf("Winners() = %v", w)
	}
}

// With nothing under the pile's top card to rebuild the stock from, a
// turn could not start. Play never comes to that: a turn starts with a
// card in the pile, so when its draw empties the stock the discard leaves
// two or more. FromPosition refuses the turn that would lead there, with
// the stock and the pile both empty after the draw.
func TestRulePileTopOnlyNeverToRebuild(t *testing.T) {
	p := newScene(t, Basic()).hand(0, "2C 3C").pile("").stockOnly("", 1).playing("").position()
	if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
		t.Fatalf("the stock and the pile empty after the draw: %v, want ErrPosition", err)
	}
}

// A player who melds its last cards goes out: play stops at once, even if
// others hold melds, and only next (deal the next round) is left.
func TestRuleOutByMelding(t *testing.T) {
	r := Basic()
	r.Rounds = 2
	s := newScene(t, r).hand(0, "4C 5C 6C").hand(1, "JD QD KD").pile("2H").playing("").build()
	s = scOK(t, s, "meld 4C 5C 6C")
	scAt(t, s, RoundOver, 0, 0)
	scMelds(t, s, "0: 4C 5C 6C")
	scHand(t, s, 0, "")
	scHand(t, s, 1, "JD QD KD")
	if res := s.Results(); len(res) != 1 || res[0].WentOut != 0 || s.Winners() != nil || s.Over() {
		t.Errorf("results %+v, winners %v, over %v", res, s.Winners(), s.Over())
	}
	scScore(t, s, 0, 15, 0, 15)
	scScore(t, s, 1, 0, 30, -30)
	scLegal(t, s, "next")
	for _, text := range []string{"draw stock", "draw pile", "meld JD QD KD", "discard 2H", "lay JD on 1"} {
		scNo(t, s, text, ErrNotNow)
	}
	ev := s.Happened(1, 0)
	if last := ev[len(ev)-1]; !last.RoundOver || last.GameOver {
		t.Errorf("the last event is %+v", last)
	}
}

// A player who lays off its last card goes out; going out is no win in
// itself: the highest score wins.
func TestRuleOutByLayingOff(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "7C").hand(1, "9H").meld(1, "4C 5C 6C").pile("2H").playing("").build()
	s = scOK(t, s, "lay 7C on 1")
	scAt(t, s, GameOver, 0, -1)
	scMelds(t, s, "1: 4C 5C 6C 7C")
	if res := s.Results(); len(res) != 1 || res[0].WentOut != 0 || !s.Over() {
		t.Errorf("results %+v, over %v", res, s.Over())
	}
	scScore(t, s, 0, 5, 0, 5)
	scScore(t, s, 1, 15, 5, 10)
	if w := s.Winners(); !slices.Equal(w, []int{1}) {
		t.Errorf("Winners() = %v, want [1]", w)
	}
	ev := s.Happened(0, 0)
	if last := ev[len(ev)-1]; !last.RoundOver || !last.GameOver {
		t.Errorf("the last event is %+v", last)
	}
}

// A player who discards its last card goes out.
func TestRuleOutByDiscarding(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3C").hand(1, "KH").pile("5D").turn(1).playing("").build()
	s = scOK(t, s, "discard KH")
	scAt(t, s, GameOver, 1, -1)
	scPile(t, s, "5D KH")
	if res := s.Results(); len(res) != 1 || res[0].WentOut != 1 {
		t.Errorf("results %+v", res)
	}
	scScore(t, s, 0, 0, 10, -10)
	scScore(t, s, 1, 0, 0, 0)
	if w := s.Winners(); !slices.Equal(w, []int{1}) {
		t.Errorf("Winners() = %v, want [1]", w)
	}
}

// Once the game is over no action is left: every one is refused with
// ErrGameOver, and Legal lists none.
func TestRuleGameOverRefusesAll(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "7C").hand(1, "9H").meld(1, "4C 5C 6C").pile("2H").playing("").build()
	s = scOK(t, s, "lay 7C on 1")
	for _, text := range []string{"draw stock", "draw pile", "meld 9H 10H JH", "lay 9H on 1", "discard 9H", "next"} {
		scNo(t, s, text, ErrGameOver)
	}
	scRefused(t, s, Action{}, ErrGameOver)
	scLegal(t, s)
	if v := s.View(0); len(v.Legal) != 0 || v.ToAct != -1 {
		t.Errorf("the View offers %v, to act %d", v.Legal, v.ToAct)
	}
	all := card.All()
	if _, err := DealNext(s, all[:52]); !errors.Is(err, ErrNotNow) {
		t.Errorf("DealNext after the game: %v, want ErrNotNow", err)
	}
	scRefused(t, State{}, DrawStock(), ErrNotNow)
	scRefused(t, s, Action{kind: KindDiscard}, ErrGameOver)
}

// The card values: aces 20; kings, queens, jacks and tens 10; two to nine 5.
func TestRuleCardValues(t *testing.T) {
	v := Basic().Values
	for c := card.Card(1); c < card.Joker; c++ {
		want := 5
		switch r := c.Rank(); {
		case r == card.Ace:
			want = 20
		case r >= card.Ten:
			want = 10
		}
		if got, held := v.Melded.Points(c), v.Held.Points(c); got != want || held != -want {
			t.Errorf("%v is worth %d, %d in hand; want %d, %d", c, got, held, want, -want)
		}
	}
}

// Each player scores the cards it melded or laid off (a lay-off on another
// player's meld counts for the layer) less the cards left in its hand; the
// breakdown's two lines add up to the points.
func TestRuleScoreLaidLessHeld(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "KD 10S").hand(1, "AH 9S").
		meld(0, "AC 2C 3C").meld(1, "KC KH KS").pile("2H").playing("").build()
	scScore(t, s, 0, 30, 20, 10)
	scScore(t, s, 1, 30, 25, 5)
	s = scOK(t, s, "lay KD on 2", "discard 10S")
	scAt(t, s, GameOver, 0, -1)
	scMelds(t, s, "0: AC 2C 3C | 1: KC KD KH KS")
	scScore(t, s, 0, 40, 0, 40)
	scScore(t, s, 1, 30, 25, 5)
	if res := s.Results(); len(res) != 1 || !reflect.DeepEqual(res[0].Players, s.Score()) {
		t.Errorf("results %+v, score %+v", res, s.Score())
	}
	if tot := s.Totals(); !slices.Equal(tot, []int{40, 5}) {
		t.Errorf("Totals() = %v", tot)
	}
	if w := s.Winners(); !slices.Equal(w, []int{0}) {
		t.Errorf("Winners() = %v", w)
	}
}

// The highest total wins; equal highest totals share the win.
func TestRuleWinnersTie(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "9D").hand(1, "2D").meld(0, "4C 5C 6C").meld(1, "8C 8D 8H 8S").pile("2H").playing("").build()
	s = scOK(t, s, "discard 9D")
	scScore(t, s, 0, 15, 0, 15)
	scScore(t, s, 1, 20, 5, 15)
	if w := s.Winners(); !slices.Equal(w, []int{0, 1}) {
		t.Errorf("Winners() = %v, want [0 1]", w)
	}
}

// A game to a Target (Rounds 0) goes on while every total is below it:
// next deals a new round, seat 0 first again, the totals carry over, and
// the game ends after the round in which a total reaches the Target.
func TestRuleGameToTarget(t *testing.T) {
	r := Basic()
	r.Rounds, r.Target = 0, 50
	s := newScene(t, r).hand(0, "2D").hand(1, "9D").meld(0, "8C 8D 8H").meld(1, "4C 5C 6C").pile("JS").turn(1).playing("").build()
	s = scOK(t, s, "discard 9D")
	scAt(t, s, RoundOver, 1, 0)
	if tot := s.Totals(); !slices.Equal(tot, []int{10, 15}) || s.Round() != 1 {
		t.Errorf("round %d, totals %v", s.Round(), tot)
	}
	scLegal(t, s, "next")

	next := scOK(t, s, "next")
	scAt(t, next, Drawing, 0, 0)
	if next.Round() != 2 || next.HandSize(0) != 10 || next.HandSize(1) != 10 || next.PileSize() != 1 || next.StockSize() != 31 {
		t.Errorf("round %d: hands %d and %d, pile %d, stock %d", next.Round(), next.HandSize(0), next.HandSize(1), next.PileSize(), next.StockSize())
	}
	if len(next.Melds()) != 0 || len(next.Laid(0)) != 0 || next.Rebuilds() != 0 || len(next.Results()) != 1 || !slices.Equal(next.Totals(), []int{10, 15}) {
		t.Errorf("round 2 starts with melds %v, laid %v, results %d, totals %v", next.Melds(), next.Laid(0), len(next.Results()), next.Totals())
	}
	if next.Cards().Len() != 52 {
		t.Errorf("round 2 has %d cards", next.Cards().Len())
	}

	order := scOrder(t, []string{"AC 2C 3C 4C KD KH KS 9S 9H 9D", "2S 3S 5S 6S 7S 10C JC QC 5H 6H"}, "JH", "QS")
	s, err := DealNext(s, order)
	if err != nil {
		t.Fatal(err)
	}
	scAt(t, s, Drawing, 0, 0)
	s = scOK(t, s, "draw stock", "meld AC 2C 3C 4C", "meld KD KH KS", "meld 9D 9H 9S", "discard QS")
	scAt(t, s, GameOver, 0, -1)
	scScore(t, s, 0, 80, 0, 90)
	scScore(t, s, 1, 0, 65, -50)
	res := s.Results()
	if len(res) != 2 || res[1].Number != 2 || res[1].WentOut != 0 || res[0].Players[1].Total != 15 {
		t.Errorf("results %+v", res)
	}
	if w := s.Winners(); !slices.Equal(w, []int{0}) {
		t.Errorf("Winners() = %v", w)
	}
	scNo(t, s, "next", ErrGameOver)
}

// A game to a Target ends after the first round at which a player's total
// reaches the Target: a total exactly equal to it ends the game, a total
// one below does not.
func TestRuleTargetReachedExactly(t *testing.T) {
	at := func(target int) State {
		r := Basic()
		r.Rounds, r.Target = 0, target
		s := newScene(t, r).hand(0, "2D").hand(1, "9D").meld(0, "8C 8D 8H").meld(1, "4C 5C 6C").pile("JS").turn(1).playing("").build()
		return scOK(t, s, "discard 9D")
	}
	// Seat 1 goes out with 15, seat 0 scores 10.
	s := at(15)
	scAt(t, s, GameOver, 1, -1)
	if tot := s.Totals(); !slices.Equal(tot, []int{10, 15}) || !slices.Equal(s.Winners(), []int{1}) {
		t.Errorf("totals %v, winners %v: want [10 15], [1]", tot, s.Winners())
	}
	s = at(16)
	scAt(t, s, RoundOver, 1, 0)
	if tot := s.Totals(); !slices.Equal(tot, []int{10, 15}) || s.Over() || s.Winners() != nil {
		t.Errorf("totals %v, over %v, winners %v: want [10 15], the game going on", tot, s.Over(), s.Winners())
	}
	scLegal(t, s, "next")
}

// Legal lists, while drawing, draw stock then draw pile; while playing, the
// melds (runs by suit, then lowest card, shortest first; then groups), the
// lay-offs by card then meld, and the discards by card.
func TestRuleLegalOrder(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "AC 2C 3C 4C 5H 6H 7H 9D").hand(1, "KD QD").pile("2S").build()
	scLegal(t, s, "draw stock", "draw pile")
	s = newScene(t, Basic()).hand(0, "AC 2C 3C 4C 5H 6H 7H 9D").hand(1, "KD QD").pile("2S").playing("").build()
	scLegal(t, s, "meld AC 2C 3C", "meld AC 2C 3C 4C", "meld 2C 3C 4C", "meld 5H 6H 7H",
		"discard AC", "discard 2C", "discard 3C", "discard 4C", "discard 9D", "discard 5H", "discard 6H", "discard 7H")

	s = newScene(t, Basic()).hand(0, "5C 6C 7D 7H KS").hand(1, "2D 3D").
		meld(1, "8C 9C 10C").meld(1, "KC KD KH").pile("2H 7C").build()
	s = scOK(t, s, "draw pile")
	scLegal(t, s, "meld 5C 6C 7C", "meld 7C 7D 7H", "lay 7C on 1", "lay KS on 2",
		"discard 5C", "discard 6C", "discard 7C", "discard 7D", "discard 7H", "discard KS")
}

// With KeepTaken, Legal omits the discard of the card taken from the pile
// and any meld or lay-off that would leave it alone in the hand; without,
// it lists them.
func TestRuleLegalKeepTaken(t *testing.T) {
	at := func(r Rules) State {
		s := newScene(t, r).hand(0, "8C 8D 8H 8S").hand(1, "KD QD").meld(1, "3S 4S 5S").pile("9D 2S").build()
		return scOK(t, s, "draw pile")
	}
	s := at(scKeep())
	scLegal(t, s, "meld 8D 8H 8S", "meld 8C 8H 8S", "meld 8C 8D 8S", "meld 8C 8D 8H", "lay 2S on 1",
		"discard 8C", "discard 8D", "discard 8H", "discard 8S")
	scNo(t, s, "meld 8C 8D 8H 8S", ErrTaken)
	scNo(t, s, "discard 2S", ErrTaken)
	scLegal(t, at(Basic()), "meld 8C 8D 8H 8S", "meld 8D 8H 8S", "meld 8C 8H 8S", "meld 8C 8D 8S", "meld 8C 8D 8H", "lay 2S on 1",
		"discard 8C", "discard 8D", "discard 8H", "discard 2S", "discard 8S")
}

// Every action has a text form, also its JSON, that reads back as the
// same action: words in any case, the cards of a meld in any order.
func TestRuleActionText(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"draw stock", "draw stock"},
		{"DRAW Pile", "draw pile"},
		{"meld 6c 4c 5c", "meld 4C 5C 6C"},
		{"meld 7S 7C 7D", "meld 7C 7D 7S"},
		{"meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"},
		{"  lay 7c ON 2 ", "lay 7C on 2"},
		{"lay 10H on 17", "lay 10H on 17"},
		{"Discard kh", "discard KH"},
		{"next", "next"},
	} {
		a, err := ParseAction(tc.in)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", tc.in, err)
			continue
		}
		if a.String() != tc.out {
			t.Errorf("ParseAction(%q) = %q, want %q", tc.in, a, tc.out)
		}
		if b, err := ParseAction(a.String()); err != nil || b != a {
			t.Errorf("%q reads back as %v, %v", a, b, err)
		}
		js, err := json.Marshal(a)
		var back Action
		if err != nil || string(js) != `"`+tc.out+`"` || json.Unmarshal(js, &back) != nil || back != a {
			t.Errorf("%q: JSON %s, %v, back %v", tc.out, js, err, back)
		}
	}
	for _, a := range []Action{DrawStock(), DrawPile(), Next()} {
		if b, err := ParseAction(a.String()); err != nil || b != a || a.Cards() != nil || a.Card() != 0 || a.Target() != -1 {
			t.Errorf("%v reads back as %v, %v", a, b, err)
		}
	}
	// Indices count from 0 in Go and from 1 in text: the meld at index 1
	// of State.Melds is "on 2".
	if a, err := LayOff(card.MustParse("7C"), 1); err != nil || a.String() != "lay 7C on 2" || a.Target() != 1 || a.Card() != card.MustParse("7C") || a.Kind() != KindLayOff {
		t.Errorf("LayOff(7C, 1) = %v, %v", a, err)
	}
	if a, err := ParseAction("lay 7C on 1"); err != nil || a.Target() != 0 {
		t.Errorf(`"lay 7C on 1" = %v (target %d), %v; want index 0`, a, a.Target(), err)
	}
	if a, err := Discard(card.MustParse("KH")); err != nil || a.String() != "discard KH" || cardList(a.Cards()) != "KH" {
		t.Errorf("Discard(KH) = %v, %v", a, err)
	}
}

// Texts that are no action, and values no constructor builds, are refused
// with ErrMalformed (a meld's cards that are no run or group with ErrMeld).
func TestRuleActionTextMalformed(t *testing.T) {
	for _, text := range []string{
		"", "  ", "draw", "draw deck", "draw stock pile", "next 1", "meld", "discard", "discard KH QH", "discard XX",
		"discard JK", "lay 7C 2", "lay 7C on", "lay 7C on two", "lay 7C on 0", "lay 7C on 18", "lay XX on 1", "lay JK on 1",
		"meld 4C ZZ", "jump", "pass", "draw stock,",
	} {
		if _, err := ParseAction(text); !errors.Is(err, ErrMalformed) {
			t.Errorf("ParseAction(%q): %v, want ErrMalformed", text, err)
		} else if !strings.HasPrefix(err.Error(), "rummy: ") || !strings.Contains(err.Error(), strconv.Quote(text)) {
			t.Errorf("ParseAction(%q): the error %q does not name the package and quote the text", text, err)
		}
	}
	for _, text := range []string{"meld 4C 4C 4C", "meld 4C 5D 6C", "meld qc kc ac", "meld 4C 5C", "meld JK 4C 5C"} {
		if _, err := ParseAction(text); !errors.Is(err, ErrMeld) || !errors.Is(err, meld.ErrNotRun) && !errors.Is(err, meld.ErrNotGroup) {
			t.Errorf("ParseAction(%q): %v, want ErrMeld and the meld package's reason", text, err)
		} else if !strings.Contains(err.Error(), strconv.Quote(text)) {
			t.Errorf("ParseAction(%q): the error %q does not quote the text", text, err)
		}
	}
	for name, err := range map[string]error{
		"Discard(0)":        scErr(Discard(0)),
		"Discard(Joker)":    scErr(Discard(card.Joker)),
		"LayOff(Joker, 0)":  scErr(LayOff(card.Joker, 0)),
		"LayOff(7C, -1)":    scErr(LayOff(card.MustParse("7C"), -1)),
		"LayOff(7C, 17)":    scErr(LayOff(card.MustParse("7C"), 17)),
		"(Action{}).Marsh.": scErr(Action{}.MarshalText()),
	} {
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", name, err)
		}
	}
	if (Action{}).String() != "none" {
		t.Errorf("the zero Action reads %q", Action{})
	}
	s := newScene(t, Basic()).hand(0, "7C 9S").hand(1, "KD QD").pile("JH").build()
	scRefused(t, s, Action{}, ErrMalformed)
	scRefused(t, s, Action{kind: KindDrawStock, card: card.MustParse("7C")}, ErrMalformed)
	scRefused(t, s, Action{kind: 9}, ErrMalformed)
	var a Action
	if err := a.UnmarshalText([]byte("jump")); !errors.Is(err, ErrMalformed) || a != (Action{}) {
		t.Errorf("UnmarshalText(jump): %v, left %v", err, a)
	}
}

// scErr returns a constructor's error.
func scErr[V any](_ V, err error) error { return err }

// The turn passes to the next seat up, seat 0 after the last.
func TestRuleTurnOrder(t *testing.T) {
	s := newScene(t, scBasic(3)).hand(0, "2C 3C").hand(1, "2D 3D").hand(2, "2H 3H").pile("KS").stockTop("4C 4D 4H 4S").build()
	for _, want := range []struct {
		seat int
		play string
	}{{0, "discard 2C"}, {1, "discard 2D"}, {2, "discard 2H"}, {0, "discard 3C"}} {
		scAt(t, s, Drawing, want.seat, want.seat)
		s = scOK(t, s, "draw stock", want.play)
	}
	scAt(t, s, Drawing, 1, 1)
	scPile(t, s, "KS 2C 2D 2H 3C")
	scHand(t, s, 0, "4C 4S")
}

// With Rounds set, the game is that many rounds, whatever the totals.
func TestRuleFixedRounds(t *testing.T) {
	r := Basic()
	r.Rounds, r.Target = 2, 10
	s := newScene(t, r).hand(0, "9D").hand(1, "2D").meld(0, "4C 5C 6C").pile("2H").playing("").build()
	s = scOK(t, s, "discard 9D")
	scAt(t, s, RoundOver, 0, 0)
	if tot := s.Totals(); !slices.Equal(tot, []int{15, -5}) || s.Over() {
		t.Errorf("totals %v, over %v after round 1 of 2", tot, s.Over())
	}
	all := card.All()
	if got, err := DealNext(s, all[:51]); !errors.Is(err, ErrDeal) || !got.Equal(s) {
		t.Errorf("DealNext with 51 cards: %v", err)
	}
	s = scOK(t, s, "next")
	scAt(t, s, Drawing, 0, 0)
	if s.Round() != 2 {
		t.Errorf("round %d, want 2", s.Round())
	}
	if ev := s.Happened(1, 0); ev[len(ev)-1].Action != Next() || ev[len(ev)-1].Seat != 0 || ev[len(ev)-1].Round != 1 {
		t.Errorf("the last event is %+v, want seat 0's next closing round 1", ev[len(ev)-1])
	}
}

// The basic rummy rule text rebuilds the stock "so as to continue play",
// with no limit: under Basic (Rebuilds 0) a stock already rebuilt more
// often than any limit a table may set (MaxRebuilds) is rebuilt again when
// it runs out.
func TestRuleStockRebuiltWithoutLimit(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3C").pile("AD 5D 7S").stockOnly("9H", 1).rebuilds(MaxRebuilds).build()
	s = scOK(t, s, "draw stock", "discard 2C")
	scAt(t, s, Drawing, 1, 1)
	scPile(t, s, "2C")
	if s.Rebuilds() != MaxRebuilds+1 || s.StockSize() != 3 || len(s.Results()) != 0 {
		t.Errorf("rebuilt %d times, stock %d, results %v: want %d, 3, none", s.Rebuilds(), s.StockSize(), s.Results(), MaxRebuilds+1)
	}
}

// The stock is rebuilt from a pile of exactly two cards: the card below the
// top is the whole new stock, and the top card stays as the pile; when that
// one card is drawn, the stock is rebuilt again.
func TestRuleStockRebuiltFromTwoCards(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "2C 3C").pile("AD").stockOnly("9H", 1).build()
	s = scOK(t, s, "draw stock", "discard 2C")
	scAt(t, s, Drawing, 1, 1)
	scPile(t, s, "2C")
	if stock := cardList(s.Position().Stock); stock != "AD" || s.Rebuilds() != 1 {
		t.Fatalf("the new stock is %q, rebuilt %d times: want AD, once", stock, s.Rebuilds())
	}
	s = scOK(t, s, "draw stock", "discard KS")
	scAt(t, s, Drawing, 0, 0)
	scPile(t, s, "KS")
	if stock := cardList(s.Position().Stock); stock != "2C" || s.Rebuilds() != 2 {
		t.Errorf("the new stock is %q, rebuilt %d times: want 2C, twice", stock, s.Rebuilds())
	}
}

// Every round ends: one still going after MaxTurns turns (each ended by a
// discard) ends with no one out and is scored as it stands; the turn
// before the last passes as any other.
func TestRuleMaxTurnsEndsRound(t *testing.T) {
	at := func(turns int) State {
		b := newScene(t, Basic()).hand(0, "2C 3C 9D").hand(1, "KD 4S").meld(0, "QC QD QH").pile("AD").stockTop("5S").playing("")
		b.p.Turns = turns
		return b.build()
	}
	s := scOK(t, at(MaxTurns-2), "discard 9D")
	scAt(t, s, Drawing, 1, 1)
	if s.Position().Turns != MaxTurns-1 || len(s.Results()) != 0 {
		t.Errorf("after turn %d: %d turns, results %v", MaxTurns-1, s.Position().Turns, s.Results())
	}

	s = scOK(t, at(MaxTurns-1), "discard 9D")
	scAt(t, s, GameOver, 1, -1)
	if res := s.Results(); len(res) != 1 || res[0].WentOut != -1 || s.Position().Turns != MaxTurns {
		t.Errorf("results %+v, %d turns: want the round over with no one out after %d", res, s.Position().Turns, MaxTurns)
	}
	scHand(t, s, 0, "2C 3C")
	scScore(t, s, 0, 30, 10, 20)
	scNo(t, s, "draw stock", ErrGameOver)

	// A round in play has had fewer turns than the bound.
	p := at(MaxTurns - 1).Position()
	p.Turns = MaxTurns
	if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
		t.Errorf("a round in play after %d turns: %v, want ErrPosition", MaxTurns, err)
	}
}

// A game to a Target that no total reaches still ends, after MaxRounds
// rounds; while a round is in play, Score adds its points to the totals so
// far.
func TestRuleMaxRounds(t *testing.T) {
	r := Basic()
	r.Rounds, r.Target = 0, 500
	b := newScene(t, r).hand(0, "9D").hand(1, "2D").meld(0, "4C 5C 6C").pile("2H").playing("")
	b.p.Round = MaxRounds
	for n := 1; n < MaxRounds; n++ {
		res := RoundResult{Number: n, WentOut: -1}
		for seat := range 2 {
			res.Players = append(res.Players, PlayerScore{Seat: seat, Points: 1, Total: n,
				Breakdown: []score.Line{{Item: ItemLaid, Points: 1}, {Item: ItemHeld, Points: 0}}})
		}
		b.p.Results = append(b.p.Results, res)
	}
	s := b.build()
	scScore(t, s, 0, 15, 5, 99+10)
	scScore(t, s, 1, 0, 5, 99-5)
	s = scOK(t, s, "discard 9D")
	scAt(t, s, GameOver, 0, -1)
	scScore(t, s, 0, 15, 0, 99+15)
	if s.Round() != MaxRounds || len(s.Results()) != MaxRounds || !slices.Equal(s.Winners(), []int{0}) {
		t.Errorf("round %d, %d results, winners %v", s.Round(), len(s.Results()), s.Winners())
	}
}

// A game restored from a position whose next round is dealt from an exact
// order (DealNext) keeps both in its Record, which replays to the same
// State; a shoe for the start's round itself is refused.
func TestRuleRecordRestoredThenDealNext(t *testing.T) {
	r := Basic()
	r.Rounds = 2
	s := newScene(t, r).hand(0, "9D").hand(1, "2D").meld(0, "4C 5C 6C").pile("2H").playing("").build()
	s = scOK(t, s, "discard 9D")
	s, err := DealNext(s, scOrder(t, []string{"AC 2C 3C 4C KD KH KS 9S 9H 9D", "2S 3S 5S 6S 7S 10C JC QC 5H 6H"}, "JH", "QS"))
	if err != nil {
		t.Fatal(err)
	}
	s = scOK(t, s, "draw stock", "meld AC 2C 3C 4C")
	rec := s.Record()
	if rec.Start == nil || len(rec.Shoes) != 2 || rec.Shoes[0] != nil || rec.Shoes[1] == nil {
		t.Fatalf("the record starts at %v with %d shoes", rec.Start != nil, len(rec.Shoes))
	}
	if back, err := Replay(rec); err != nil || !back.Equal(s) {
		t.Errorf("Replay: %v", err)
	}
	text, err := rec.MarshalText()
	var read Record
	if err != nil || read.UnmarshalText(text) != nil {
		t.Fatalf("the record's text: %v\n%s", err, text)
	}
	if back, err := Replay(read); err != nil || !back.Equal(s) {
		t.Errorf("Replay of the text: %v", err)
	}
	rec.Shoes[0] = rec.Shoes[1]
	if _, err := Replay(rec); !errors.Is(err, ErrRecord) {
		t.Errorf("a shoe for the start's round: %v, want ErrRecord", err)
	}
}
