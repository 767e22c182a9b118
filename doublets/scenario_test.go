package doublets

import (
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// Scenario tests, one rule each, from exact orders and positions.

// orderWith returns the deck with the given cards first, in that order,
// and the rest in card order.
func orderWith(t *testing.T, first string) []card.Card {
	t.Helper()
	head := card.MustParseCards(first)
	out := slices.Clone(head)
	for c := card.Card(1); c < card.Joker; c++ {
		if !slices.Contains(head, c) {
			out = append(out, c)
		}
	}
	return out
}

// position builds the State of p, or fails.
func position(t *testing.T, p Position) State {
	t.Helper()
	s, err := FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// refused checks a is refused with rule and s is unchanged.
func refused(t *testing.T, s State, a Action, rule error) {
	t.Helper()
	next, err := Apply(s, a)
	if !errors.Is(err, rule) || next.state != s.state {
		t.Fatalf("%v: %v, want %v and the State unchanged", a, err, rule)
	}
}

func play(t *testing.T, s State, text string) State {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	next, err := Apply(s, a)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return next
}

// dealFrom deals r from the deck with first on top, or fails.
func dealFrom(t *testing.T, r Rules, first string) State {
	t.Helper()
	s, err := Deal(r, orderWith(t, first), 0)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dealt checks s's reserve (slot 1 first), foundation and stock's first
// and last cards.
func dealt(t *testing.T, s State, reserve, foundation, stockTop, stockBottom string) {
	t.Helper()
	want := [Slots]card.Card{}
	copy(want[:], card.MustParseCards(reserve))
	if s.Reserve() != want || !slices.Equal(s.Foundation(), card.MustParseCards(foundation)) {
		t.Fatalf("reserve %v, foundation %v; want %v, [%s]", s.Reserve(), s.Foundation(), want, foundation)
	}
	top, bottom := card.MustParseCards(stockTop), card.MustParseCards(stockBottom)
	stock := s.Stock()
	if len(stock)+len(s.Waste()) != 44 || !slices.Equal(stock[:len(top)], top) || !slices.Equal(stock[len(stock)-len(bottom):], bottom) {
		t.Fatalf("stock %v, want it to start %v and end %v", stock, top, bottom)
	}
}

// The deal as Aisleriot lays it out: all eight places first, in the
// layout's order (slots 1 to 6, the foundation seventh, slot 7); then,
// place by place, a king goes to the stock's bottom and the place takes
// the stock's top card. Aisleriot's rule set says: "Deal one card face up
// oneach pile. During this deal, if a King is dealt, remove the King and
// place it on the bottom of the deck. Deal another card into this pile."
// From KC AC 2C ... 7C the foundation gets 6C, its place's card, and slot
// 1 the first card after the eight dealt; replacing each king as it was
// dealt would give the foundation 7C.
func TestRuleDealKings(t *testing.T) {
	s := dealFrom(t, Aisleriot(), "KC AC 2C 3C 4C 5C 6C 7C 8C 9C")
	dealt(t, s, "8C AC 2C 3C 4C 5C 7C", "6C", "9C", "KC")
	if len(s.Waste()) != 0 {
		t.Fatalf("waste %v: Aisleriot's starts empty", s.Waste())
	}
}

// A king taken from the stock to replace a king goes to the stock's bottom
// in its turn, under the first ("Deal another card into this pile": the
// place holds no king at the end), and kings on later places, the
// foundation's included, are replaced only when their place's turn comes.
func TestRuleDealKingReplacedByKing(t *testing.T) {
	s := dealFrom(t, Aisleriot(), "AC KC 2C 3C 4C 5C KH 6C KD 7C 8C 9C")
	// Slot 2's KC takes KD, which goes to the bottom under KC and the slot
	// takes 7C; the foundation's KH then takes 8C.
	dealt(t, s, "AC 7C 2C 3C 4C 5C 6C", "8C", "9C", "KC KD KH")
}

// PySol's deal (the PySol preset) is PySolFC's: it moves the kings it
// would deal to the stock's bottom before dealing, then deals reserve
// slots 1 to 7 and the foundation last, so the eight places take the
// first eight cards that are not kings, and PySol turns one card to the
// waste after the deal.
func TestRuleDealKingsPySol(t *testing.T) {
	s := dealFrom(t, PySol(), "KC AC 2C 3C 4C 5C 6C 7C 8C 9C")
	dealt(t, s, "AC 2C 3C 4C 5C 6C 7C", "8C", "AD", "KC")
	if !slices.Equal(s.Waste(), card.MustParseCards("9C")) {
		t.Fatalf("PySol turns one card after the deal: waste %v", s.Waste())
	}
	s = dealFrom(t, PySol(), "AC KC 2C 3C 4C 5C KH 6C KD 7C 8C 9C")
	dealt(t, s, "AC 2C 3C 4C 5C 6C 7C", "8C", "AD", "KC KH KD")
}

// The foundation builds by doubling, suit ignored: A 2 4 8 3 6 Q J 9 5
// 10 7 and round to A again; a king never goes there.
func TestRuleDoublingCycle(t *testing.T) {
	cycle := []card.Rank{card.Ace, card.Two, card.Four, card.Eight, card.Three, card.Six, card.Queen, card.Jack,
		card.Nine, card.Five, card.Ten, card.Seven, card.Ace}
	for i := 0; i+1 < len(cycle); i++ {
		if got := next(cycle[i]); got != cycle[i+1] {
			t.Fatalf("after %v comes %v, want %v", cycle[i], got, cycle[i+1])
		}
	}
	for r := card.Ace; r < card.King; r++ {
		if next(r) == card.King || next(r) == 0 {
			t.Fatalf("after %v comes %v", r, next(r))
		}
	}
}

// basePosition is a game with the foundation on an ace of clubs, the
// reserve 2D 5C KS 9H 3D 7S 4H, the waste 6D 2H (2H on top), and the rest
// in the stock in card order.
func basePosition(t *testing.T) Position {
	t.Helper()
	var res [Slots]card.Card
	copy(res[:], card.MustParseCards("2D 5C KS 9H 3D 7S 4H"))
	used := append(card.MustParseCards("AC 6D 2H"), res[:]...)
	var stock []card.Card
	for c := card.Card(1); c < card.Joker; c++ {
		if !slices.Contains(used, c) {
			stock = append(stock, c)
		}
	}
	return Position{Rules: Aisleriot(), Stock: stock, Waste: card.MustParseCards("6D 2H"), Reserve: res,
		Foundation: card.MustParseCards("AC"), Pass: 1}
}

// Only the waste's top card or a reserve card of the rank needed goes to
// the foundation, whatever its suit.
func TestRulePlays(t *testing.T) {
	s := position(t, basePosition(t))
	if s.Needed() != card.Two {
		t.Fatalf("needed %v", s.Needed())
	}
	refused(t, s, mustReserve(t, 1), ErrFoundation) // 5C
	refused(t, s, mustReserve(t, 2), ErrFoundation) // KS: a king never goes up
	w := play(t, s, "play waste")                   // 2H from the waste's top
	if w.points() != 2 || !slices.Equal(w.Waste(), card.MustParseCards("6D")) || w.Needed() != card.Four {
		t.Fatalf("after play waste: score %d, waste %v, needed %v", w.points(), w.Waste(), w.Needed())
	}
	w = play(t, w, "play 7") // 4H
	if w.Needed() != card.Eight {
		t.Fatalf("needed %v", w.Needed())
	}
}

// A reserve slot emptied by a play is filled at once from the waste's
// top; with the waste empty, from the stock's top; with both empty it
// stays empty.
func TestRuleRefill(t *testing.T) {
	s := position(t, basePosition(t))
	s = play(t, s, "play 1") // 2D; the slot takes 2H from the waste
	if s.Reserve()[0] != card.MustParse("2H") || !slices.Equal(s.Waste(), card.MustParseCards("6D")) {
		t.Fatalf("slot 1 %v, waste %v", s.Reserve()[0], s.Waste())
	}
	p := basePosition(t)
	p.Stock = append(p.Waste, p.Stock...)
	p.Waste = nil
	s = position(t, p)
	top := s.Stock()[0]
	s = play(t, s, "play 1")
	if s.Reserve()[0] != top {
		t.Fatalf("with the waste empty slot 1 took %v, want the stock's top %v", s.Reserve()[0], top)
	}
	// Both empty: the talon used up, 45 cards on the foundation (three
	// whole cycles in clubs, diamonds, hearts, and A to 9 in spades).
	s = play(t, position(t, endgame(t)), "play 1")
	if s.Reserve()[0] != 0 || s.Needed() != card.Ten {
		t.Fatalf("with no talon slot 1 holds %v; needed %v", s.Reserve()[0], s.Needed())
	}
	s = play(t, play(t, s, "play 2"), "play 3")
	if !s.Won() || !s.Over() || s.points() != MaxScore {
		t.Fatalf("48 cards up: won %v, over %v, score %d", s.Won(), s.Over(), s.points())
	}
	// The Doublets rule text (Aisleriot's) says: "Each card in the
	// foundation pile scores one point." The results have every game's
	// shape: one seat's score with its breakdown, its total, and seat 0
	// the winner of a won game.
	want := []PlayerScore{{Seat: 0, Points: MaxScore, Breakdown: score.Breakdown{{Item: ItemFoundation, Points: MaxScore}}, Total: MaxScore}}
	if got := s.Score(); !slices.EqualFunc(got, want, PlayerScore.Equal) || !slices.Equal(s.Totals(), []int{MaxScore}) || !slices.Equal(s.Winners(), []int{0}) {
		t.Fatalf("won: Score %+v, Totals %v, Winners %v; want %+v, [48], [0]", got, s.Totals(), s.Winners(), want)
	}
}

// mustReserve is the play of reserve slot index slot (0 to 6).
func mustReserve(t *testing.T, slot int) Action {
	t.Helper()
	a, err := PlayReserve(slot)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A king that fills a reserve slot after the deal stays there: it can
// never be played, so the slot is frozen.
func TestRuleKingFreezesSlot(t *testing.T) {
	p := basePosition(t)
	p.Waste = card.MustParseCards("6D KH") // the king on the waste's top
	p.Stock = slices.DeleteFunc(p.Stock, func(c card.Card) bool { return c == card.MustParse("KH") })
	p.Stock = append(p.Stock, card.MustParse("2H"))
	s := position(t, p)
	s = play(t, s, "play 1") // 2D; KH fills slot 1
	if s.Reserve()[0] != card.MustParse("KH") {
		t.Fatalf("slot 1 holds %v", s.Reserve()[0])
	}
	for _, a := range Legal(s) {
		if a.Slot() == 0 { // slot 1 in text
			t.Fatal("Legal lists a play of the king")
		}
	}
	refused(t, s, mustReserve(t, 0), ErrFoundation)
}

// Three passes: the waste is turned over, its order kept, only when the
// stock is empty and a pass is left; turning an empty stock is refused.
func TestRuleThreePasses(t *testing.T) {
	s, _ := New(Aisleriot(), 5)
	refused(t, s, Redeal(), ErrTurn)
	order := s.Stock()
	for pass := 1; pass <= 3; pass++ {
		for s.StockSize() > 0 {
			s = play(t, s, "turn")
		}
		if !s.Over() {
			refused(t, s, Turn(), ErrStock)
		}
		if pass < 3 {
			if !slices.Equal(s.Waste(), order) {
				t.Fatalf("pass %d: the waste %v is not the stock's order", pass, s.Waste())
			}
			s = play(t, s, "redeal")
			if s.Pass() != pass+1 || !slices.Equal(s.Stock(), order) {
				t.Fatalf("redeal %d: pass %d, stock %v", pass, s.Pass(), s.Stock())
			}
		}
	}
	if s.Over() {
		if _, err := Apply(s, Redeal()); !errors.Is(err, ErrGameOver) {
			t.Fatalf("a redeal after the third pass: %v", err)
		}
	} else {
		refused(t, s, Redeal(), ErrTurn)
	}
}

// The game is over when no move is left: every action is refused with
// ErrGameOver, Legal is empty, ToAct is -1; the score counts the
// foundation's first card.
func TestRuleGameOver(t *testing.T) {
	s, _ := New(Aisleriot(), 5)
	for !s.Over() {
		legal := Legal(s)
		// Never play: turn and redeal until nothing is left.
		a := legal[len(legal)-1]
		if a.Kind() == KindPlayWaste || a.Kind() == KindPlayReserve {
			a = legal[0]
		}
		s = play(t, s, a.String())
	}
	if len(Legal(s)) != 0 || s.ToAct() != -1 || s.points() < 1 {
		t.Fatalf("over: legal %v, ToAct %d, score %d", Legal(s), s.ToAct(), s.points())
	}
	// "Each card in the foundation pile scores one point": a lost game
	// scores its foundation, and has no winner.
	n := len(s.Foundation())
	if sc := s.Score(); len(sc) != 1 || sc[0].Points != n || sc[0].Total != n || sc[0].Breakdown.Total() != n || !slices.Equal(s.Totals(), []int{n}) || s.Winners() != nil {
		t.Fatalf("lost with %d cards up: Score %+v, Totals %v, Winners %v", n, sc, s.Totals(), s.Winners())
	}
	for _, a := range []Action{Turn(), Redeal(), PlayWaste(), mustReserve(t, 3), {}} {
		if _, err := Apply(s, a); !errors.Is(err, ErrGameOver) {
			t.Fatalf("%v after the end: %v", a, err)
		}
	}
}

// The View shows the stock as a count: two States that differ only in
// the stock's order give equal Views.
func TestRuleViewHidesStock(t *testing.T) {
	p := basePosition(t)
	a := position(t, p)
	slices.Reverse(p.Stock)
	b := position(t, p)
	va, vb := a.View(0), b.View(0)
	if va.StockSize != vb.StockSize || !slices.Equal(va.Waste, vb.Waste) || va.Reserve != vb.Reserve ||
		!slices.Equal(va.Foundation, vb.Foundation) || !slices.Equal(va.Legal, vb.Legal) {
		t.Fatal("the Views differ with the stock's order")
	}
	if v := a.View(1); v.Legal != nil || v.Waste != nil || v.StockSize != 0 {
		t.Fatal("a second seat sees the game")
	}
}

// FromPosition refuses positions play cannot reach.
func TestRulePositionRefused(t *testing.T) {
	for name, change := range map[string]func(p *Position){
		"a card missing":       func(p *Position) { p.Stock = p.Stock[1:] },
		"a card twice":         func(p *Position) { p.Stock[0] = p.Waste[0] },
		"not doubling":         func(p *Position) { p.Foundation = append(p.Foundation, p.Stock[0]); p.Stock = p.Stock[1:] },
		"a king first":         func(p *Position) { p.Foundation[0], p.Reserve[2] = p.Reserve[2], p.Foundation[0] },
		"an empty slot":        func(p *Position) { p.Stock = append(p.Stock, p.Reserve[1]); p.Reserve[1] = 0 },
		"pass out of range":    func(p *Position) { p.Pass = 4 },
		"a joker":              func(p *Position) { p.Stock[0] = card.Joker },
		"rules Validate fails": func(p *Position) { p.Rules.Passes = 0 },
	} {
		p := basePosition(t)
		change(&p)
		if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
			t.Errorf("%s: %v, want ErrPosition", name, err)
		}
	}
}
