package family_test

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// outCase is a random small position of a player in the last packet,
// after drawing: the meld policy and the house rules are random too.
type outCase struct {
	c *family.Config
	t family.Table
}

func (oc outCase) String() string {
	var b strings.Builder
	p := oc.c.Meld
	fmt.Fprintf(&b, "policy %+v second %v goOut %+v layRed %v minimum %d down %v laid %d\n",
		p, oc.c.SecondMeld, oc.c.GoOut, oc.c.Kinds.Has(family.LayRed), oc.c.Minimums[0], oc.t.IsDown(0), oc.t.Laid)
	fmt.Fprintf(&b, "hand [%v]\n", oc.t.Hands[0])
	for _, tm := range oc.t.Melds {
		fmt.Fprintf(&b, "meld of side %d: %v\n", tm.Side, tm.M)
	}
	return b.String()
}

// drawPolicy draws a meld policy that RankPolicy.Check accepts, with small
// canastas so that small hands reach them.
func drawPolicy(t *rapid.T) meld.RankPolicy {
	for {
		ranks := meld.Ranks(card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight, card.Nine,
			card.Ten, card.Jack, card.Queen, card.King)
		if rapid.IntRange(0, 3).Draw(t, "dropRank") == 0 {
			ranks = ranks.Without(card.Seven)
		}
		p := meld.RankPolicy{
			Ranks:           ranks,
			MinSize:         rapid.IntRange(1, 4).Draw(t, "minSize"),
			MinNaturals:     rapid.IntRange(1, 2).Draw(t, "minNaturals"),
			MaxWilds:        rapid.IntRange(0, 3).Draw(t, "maxWilds"),
			Ratio:           meld.WildRatio(rapid.IntRange(0, 2).Draw(t, "ratio")),
			CanastaSize:     rapid.IntRange(2, 6).Draw(t, "canastaSize"),
			CleanClosed:     rapid.Bool().Draw(t, "cleanClosed"),
			RedThreeOnClean: rapid.Bool().Draw(t, "redThreeOnClean"),
		}
		if p.Check() == nil {
			return p
		}
	}
}

// outRanks are the ranks a random position draws from: few, so that cards
// of a rank meet.
var outRanks = []card.Rank{card.Seven, card.Nine, card.King}

// drawOutCase draws a position: side 0's player, seat 0, in its last packet
// after drawing, with a few melds of the side on the table.
func drawOutCase(t *rapid.T) outCase {
	p := drawPolicy(t)
	values := score.NewTable(func(c card.Card) int {
		switch {
		case c == card.Joker:
			return 50
		case c.Rank() == card.Two:
			return 20
		case c.Rank() == card.Three:
			return 0
		}
		return 5 * int(c.Rank()%3+1)
	})
	kinds := family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.TakeBack, family.Discard)
	if rapid.Bool().Draw(t, "knowsLayRed") {
		kinds |= family.KindsOf(family.LayRed)
	}
	c := &family.Config{
		Pkg: "game", Players: 4, Sides: 2, Meld: p, Values: values, DrawCount: 2,
		SecondMeld: rapid.Bool().Draw(t, "secondMeld"),
		GoOut: family.Canastas{
			Clean: rapid.IntRange(0, 2).Draw(t, "needClean"),
			Dirty: rapid.IntRange(0, 2).Draw(t, "needDirty"),
		},
		Kinds: kinds,
		Shoe:  card.MustParseCards("4C 4D"),
	}
	c.Minimums[0] = rapid.SampledFrom([]int{0, 15, 50, 120}).Draw(t, "minimum")
	if rapid.Bool().Draw(t, "canasta") {
		// Canasta's options: canastas of either kind, going out concealed
		// without the minimum, black threes melded going out.
		c.AnyCanasta, c.GoOut = true, family.Canastas{Dirty: rapid.IntRange(0, 2).Draw(t, "needAny")}
		c.ConcealedOut = rapid.Bool().Draw(t, "concealedOut")
		c.Meld.BlackThreesOut = rapid.Bool().Draw(t, "blackThreesOut")
	}
	var tb family.Table
	tb.Final = 1
	if rapid.Bool().Draw(t, "down") {
		tb.Down = 1
	}
	tb.Laid = rapid.SampledFrom([]int{0, 10, 40}).Draw(t, "laid")
	// The side's melds: valid under the policy, most of them a card or two
	// short of a canasta or just one.
	var ranks []card.Rank
	for i := range rapid.IntRange(0, 3).Draw(t, "melds") {
		r := rapid.SampledFrom(outRanks).Draw(t, fmt.Sprint("meldRank", i))
		n := rapid.IntRange(max(1, p.CanastaSize-3), p.CanastaSize+1).Draw(t, fmt.Sprint("meldNat", i))
		w := rapid.IntRange(0, 2).Draw(t, fmt.Sprint("meldWild", i))
		if !p.Fits(n, w) || !p.Ranks.Has(r) {
			continue
		}
		var cs []card.Card
		for j := range n {
			cs = append(cs, card.New(r, card.Suit(j%4+1)))
		}
		for range w {
			cs = append(cs, card.New(card.Two, card.Spades))
		}
		m, err := p.New(cs...)
		if err != nil {
			t.Fatalf("a meld Fits accepts: %v", err)
		}
		if p.Class(m) == meld.Clean && p.RedThreeOnClean && rapid.Bool().Draw(t, fmt.Sprint("locked", i)) {
			m, _ = p.LayRedThree(m, card.New(card.Three, card.Hearts))
		}
		tb.Melds = append(tb.Melds, family.TableMeld{Side: 0, M: m})
		ranks = append(ranks, r, r)
	}
	ranks = append(ranks, outRanks...)
	// The hand: mostly natural cards of the melds' ranks and wild cards,
	// now and then a three or a card of a rank no meld has.
	for i := range rapid.IntRange(1, 9).Draw(t, "hand") {
		var k card.Card
		switch x := rapid.IntRange(0, 15).Draw(t, fmt.Sprint("card", i)); {
		case x == 0:
			k = card.Joker
		case x <= 2:
			k = card.New(card.Two, card.Suit(x))
		case x == 3:
			k = card.New(card.Three, card.Hearts)
		case x == 4:
			k = card.New(card.Three, card.Spades)
		case x == 5 && c.Meld.BlackThreesOut:
			k = card.New(card.Three, card.Clubs)
		case x == 5:
			k = card.New(card.Four, card.Clubs)
		default:
			k = card.New(ranks[x%len(ranks)], card.Suit(x%4+1))
		}
		_ = tb.Hands[0].Add(k)
	}
	tb.Phase = family.Melding
	tb.Fix()
	return outCase{c, tb}
}

// searchOut reports whether some sequence of the meld steps and discards
// Legal lists takes the player on t out: the brute force CanGoOut must
// agree with. Positions already searched are remembered by hand and melds.
func searchOut(c *family.Config, t *family.Table, seen map[string]bool) bool {
	var key strings.Builder
	fmt.Fprint(&key, t.Hands[t.Turn].String())
	for _, tm := range t.Melds {
		fmt.Fprintf(&key, "|%d:%v", tm.Side, tm.M)
	}
	if out, ok := seen[key.String()]; ok {
		return out
	}
	out := false
	for _, a := range family.AppendLegal(nil, c, t) {
		if a.Kind != family.Meld && a.Kind != family.Add && a.Kind != family.LayRed && a.Kind != family.Discard {
			continue
		}
		next := *t
		ev, err := next.Apply(c, a)
		if err != nil {
			panic(fmt.Sprintf("Legal listed %+v, Apply said %v", a, err))
		}
		if ev == family.WentOut || ev == family.Continue && searchOut(c, &next, seen) {
			out = true
			break
		}
	}
	seen[key.String()] = out
	return out
}

// The solver agrees with a search over every sequence of legal meld steps
// and discards, on random small positions under random meld policies and
// house rules: ten runs of rapid's checks (1000 positions by default; more
// with -rapid.checks).
func TestCanGoOutMatchesSearch(t *testing.T) {
	for run := range 10 {
		t.Run(fmt.Sprint(run), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				oc := drawOutCase(t)
				want := searchOut(oc.c, &oc.t, map[string]bool{})
				if got := oc.t.CanGoOut(oc.c); got != want {
					t.Fatalf("CanGoOut = %v, the search says %v\n%v", got, want, oc)
				}
			})
		})
	}
}

// outConfig is a table of rule set A's or B's meld policy and values,
// four players in two sides, with need canastas to go out and minimum
// for side 0's first melds.
func outConfig(b bool, need family.Canastas, minimum int) *family.Config {
	r := handfoot.RulesA()
	if b {
		r = handfoot.RulesB()
	}
	c := &family.Config{
		Pkg: "game", Players: 4, Sides: 2, Meld: r.Meld, Values: r.Values.Melded, DrawCount: 2,
		SecondMeld: true, GoOut: need,
		Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.LayRed, family.TakeBack, family.Discard),
		Shoe:  card.MustParseCards("4C 4D"),
	}
	c.Minimums[0] = minimum
	return c
}

// outTable is side 0's player in the last packet holding hand, after
// drawing, with side 0's melds (card lists; "+3H" lays a red three on the
// meld before it).
// checkOutCase checks one case of the going-out tests: what the named
// shortcut (a bound or the quick way) answered, got, against want;
// CanGoOut against can; and the brute-force search against can too.
func checkOutCase(t *testing.T, c *family.Config, tb *family.Table, why, hand, name string, got, want, can bool) {
	t.Helper()
	if got != want {
		t.Errorf("%s (%s): %s = %v, want %v", why, hand, name, got, want)
	}
	if got := tb.CanGoOut(c); got != can {
		t.Errorf("%s (%s): CanGoOut = %v, want %v", why, hand, got, can)
	}
	if search := searchOut(c, tb, map[string]bool{}); search != can {
		t.Errorf("%s (%s): the search says %v, the case %v", why, hand, search, can)
	}
}

func outTable(t testing.TB, c *family.Config, down bool, hand string, melds ...string) family.Table {
	t.Helper()
	var tb family.Table
	tb.Phase, tb.Final = family.Melding, 1
	if down {
		tb.Down = 1
	}
	tb.Hands[0] = ms(t, hand)
	for _, cs := range melds {
		if strings.HasPrefix(cs, "+") {
			last := &tb.Melds[len(tb.Melds)-1].M
			m, err := c.Meld.LayRedThree(*last, card.MustParse(cs[1:]))
			if err != nil {
				t.Fatal(err)
			}
			*last = m
			continue
		}
		m, err := c.Meld.New(card.MustParseCards(cs)...)
		if err != nil {
			t.Fatalf("meld %s: %v", cs, err)
		}
		tb.Melds = append(tb.Melds, family.TableMeld{Side: 0, M: m})
	}
	tb.Fix()
	return tb
}

// Exact positions for the sharp corners of going out, each checked against
// the search too.
func TestCanGoOutCases(t *testing.T) {
	one := family.Canastas{Clean: 1, Dirty: 1}
	tests := []struct {
		name    string
		b       bool // rule set B's policy (a clean canasta closes at 7)
		need    family.Canastas
		minimum int
		down    bool
		hand    string
		melds   []string
		want    bool
	}{
		{"two cards on one meld make the canasta", false, one, 0, true,
			"7S 7S", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK"}, true},
		{"two single cards on two melds, each needed", false, family.Canastas{Dirty: 2}, 0, true,
			"7S 9S", []string{"7C 7D 7H 7S 2C 2D", "9C 9D 9H 9S 2H 2S"}, false},
		{"the same, with a third card to discard", false, family.Canastas{Dirty: 2}, 0, true,
			"7S 9S 5C", []string{"7C 7D 7H 7S 2C 2D", "9C 9D 9H 9S 2H 2S"}, true},
		{"discarding a card of the meld that needs it", false, one, 0, true,
			"7S 4C", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK"}, false},
		{"a wild card turns the clean canasta dirty", false, family.Canastas{Dirty: 2}, 0, true,
			"JK 4C", []string{"7C 7D 7H 7S 7C 7D 7H", "KC KD KH KS 2C 2D JK"}, true},
		{"a closed clean canasta takes nothing (B)", true, family.Canastas{Dirty: 2}, 0, true,
			"JK 4C", []string{"7C 7D 7H 7S 7C 7D 7H", "KC KD KH KS 2C 2D JK"}, false},
		{"a red three locks the canasta against the joker", false, family.Canastas{Dirty: 2}, 0, true,
			"JK 4C", []string{"7C 7D 7H 7S 7C 7D 7H", "+3H", "KC KD KH KS 2C 2D JK"}, false},
		{"two red threes need a clean canasta that S keeps clean", false, family.Canastas{Dirty: 2}, 0, true,
			"3H 3D 7S JK", []string{"7C 7D 7H 7S 7C 7D 7H", "KC KD KH KS 2C 2D JK"}, false},
		{"two red threes on a clean canasta, S on another meld", false, family.Canastas{Clean: 1, Dirty: 2}, 0, true,
			"3H 3D 9S JK", []string{"7C 7D 7H 7S 7C 7D 7H", "KC KD KH KS 2C 2D JK", "9C 9D 9H 9S 2C"}, true},
		{"a short new meld is begun last", false, one, 0, true,
			"QC QD QH QS QC QD QH QS QC", []string{"KC KD KH KS 2C 2D JK"}, true},
		{"no second meld while the first is short", false, one, 0, true,
			"QC QD QH QS QC QD QH QS", []string{"QC QD QH", "KC KD KH KS 2C 2D JK"}, true},
		{"melding out short of the minimum", false, one, 150, false,
			"4C 4D 4H 4S 4C 4D 4H 5C 5D 5H 5S 2C 2D 2H", nil, false},
		{"melding out reaching the minimum", false, one, 115, false,
			"4C 4D 4H 4S 4C 4D 4H 5C 5D 5H 5S 2C 2D 2H", nil, true},
		{"discarding the last card short of the minimum", false, one, 120, false,
			"4C 4D 4H 4S 4C 4D 4H 5C 5D 5H 5S 2C 2D 2H 9C", nil, false},
		{"one card, laid on a meld", false, one, 0, true,
			"7S", []string{"7C 7D 7H 7S 7C 7D", "KC KD KH KS 2C 2D JK"}, true},
		{"one card, discarded", false, one, 0, true,
			"4S", []string{"7C 7D 7H 7S 7C 7D 7H", "KC KD KH KS 2C 2D JK"}, true},
		{"two cards no step lays", false, one, 0, true,
			"3S 3C 7S", []string{"7C 7D 7H 7S 7C 7D 7H", "KC KD KH KS 2C 2D JK"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := outConfig(tt.b, tt.need, tt.minimum)
			tb := outTable(t, c, tt.down, tt.hand, tt.melds...)
			if got := tb.CanGoOut(c); got != tt.want {
				t.Errorf("CanGoOut = %v, want %v", got, tt.want)
			}
			if search := searchOut(c, &tb, map[string]bool{}); search != tt.want {
				t.Errorf("the search says %v, the case %v", search, tt.want)
			}
		})
	}
}

// The way out CanGoOut finds without the solver is a way out: wherever it
// says yes, the brute-force search and the solver alone say yes too. It
// must say yes on some of the positions, or it would test nothing.
func TestQuickOutMatchesSearch(t *testing.T) {
	yes, n := 0, 0
	for run := range 5 {
		t.Run(fmt.Sprint(run), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				oc := drawOutCase(t)
				want := searchOut(oc.c, &oc.t, map[string]bool{})
				quick, solved := oc.t.QuickOut(oc.c), oc.t.SearchOut(oc.c)
				n++
				if quick {
					yes++
				}
				switch {
				case quick && !want:
					t.Fatalf("quickOut says yes, the search no\n%v", oc)
				case quick && !solved:
					t.Fatalf("quickOut says yes, the solver alone no\n%v", oc)
				}
			})
		})
	}
	t.Logf("quickOut said yes on %d of %d positions", yes, n)
	if n >= 200 && yes < n/20 {
		t.Errorf("quickOut said yes on %d of %d positions: too few to test it", yes, n)
	}
}

// A hand of single cards, each going onto a meld of its rank: the last
// cannot be laid (nothing would be left to discard), so one of them is the
// discard. The quick way out finds it, without the solver; short of the
// minimum with the discard's points taken off, it does not.
func TestQuickOutSingleCardsOneDiscarded(t *testing.T) {
	one := family.Canastas{Dirty: 1}
	for _, tt := range []struct {
		why     string
		down    bool
		minimum int
		laid    int
		want    bool
	}{
		{"down", true, 0, 0, true},
		{"not down, the minimum met with the discard's points off", false, 30, 30, true},
		{"not down, the minimum met only with the discard's points", false, 45, 30, false},
	} {
		c := outConfig(false, one, tt.minimum)
		tb := outTable(t, c, tt.down, "7H 10D", "7C 7D 7S", "10C 10H 10S", "KC KD KH KS 2C 2D JK")
		tb.Laid = tt.laid
		if got := tb.QuickOut(c); got != tt.want {
			t.Errorf("%s: quickOut = %v, want %v", tt.why, got, tt.want)
		}
		if search := searchOut(c, &tb, map[string]bool{}); search != tt.want {
			t.Errorf("%s: the search says %v, the case %v", tt.why, search, tt.want)
		}
	}
}

// A natural card and one wild card that together complete the side's
// only canasta: discarding the wild card leaves no canasta, so the quick
// way out lays both in one step and goes out by melding everything.
func TestQuickOutWildCardCompletesCanasta(t *testing.T) {
	c := outConfig(false, family.Canastas{Dirty: 1}, 0)
	tb := outTable(t, c, true, "JC JK", "JC JD JH JS 2C")
	if !tb.QuickOut(c) {
		t.Error("quickOut = false, want true")
	}
	if !searchOut(c, &tb, map[string]bool{}) {
		t.Error("the search says false, the case true")
	}
}

// Black threes worth nothing, melded going out, leave the last card short
// of the first-meld minimum: the player cannot go out (the threes' step
// must meet the minimum itself, though it lays no points). A bug once
// read the 0 points laid as nothing laid and said yes.
func TestCanGoOutBlackThreesWorthNothing(t *testing.T) {
	c := outConfig(false, family.Canastas{}, 50)
	c.AnyCanasta, c.Meld.BlackThreesOut = true, true
	c.Values = score.NewTable(func(k card.Card) int {
		switch {
		case k.Rank() == card.Three:
			return 0
		case k == card.Joker:
			return 50
		}
		return 10
	})
	check := func(tb family.Table, hand string, down, want bool) {
		t.Helper()
		if got := tb.CanGoOut(c); got != want {
			t.Errorf("%s, down %v: CanGoOut = %v, want %v", hand, down, got, want)
		}
		if search := searchOut(c, &tb, map[string]bool{}); search != want {
			t.Errorf("%s, down %v: the search says %v, the case %v", hand, down, search, want)
		}
	}
	for _, tt := range []struct {
		hand string
		down bool
		want bool
	}{
		{"3C 3S 3C 7H", false, false}, // 0 points laid: short of 50
		{"3C 3S 3C 7H", true, true},   // down: no minimum
	} {
		tb := outTable(t, c, tt.down, tt.hand)
		check(tb, tt.hand, tt.down, tt.want)
	}
	// Not down, 30 points laid this turn: the joker cannot be the
	// discard (30 is short of 50), but laid on the sevens (80) before the
	// threes, whose step then empties the hand, it goes out. A bug once
	// took the card left beside the threes for the discard only.
	tb := outTable(t, c, false, "3C 3S 3C JK", "7C 7D 7S")
	tb.Laid = 30
	check(tb, "3C 3S 3C JK on 7C 7D 7S, 30 laid", false, true)
	tb.Hands[0] = ms(t, "3C 3S 3C 8H") // an eight has no meld to go on
	check(tb, "3C 3S 3C 8H on 7C 7D 7S, 30 laid", false, false)
	// Two single cards beside the threes, 30 laid: either laid alone
	// would leave the other short of 50, but with the threes still held
	// neither step is checked; both laid make 50 and the threes go out.
	// A bug once solved the two cards as a hand of their own and said no.
	tb = outTable(t, c, false, "3C 3S 3C 7H 8H", "7C 7D 7S", "8C 8D 8S")
	tb.Laid = 30
	check(tb, "3C 3S 3C 7H 8H on sevens and eights, 30 laid", false, true)
	tb.Laid = 20
	check(tb, "3C 3S 3C 7H 8H on sevens and eights, 20 laid", false, false)
}

// The quick bounds refuse hands that cannot go out before any search, and
// only those: each case is checked against the brute-force search too.
// Canasta's meld rules (3 cards, 2 natural, 3 wild at most, canastas of 7),
// one canasta needed.
func TestOutOfReachBounds(t *testing.T) {
	c := outConfig(false, family.Canastas{Dirty: 1}, 0)
	c.Meld = meld.RankPolicy{Ranks: meld.Ranks(card.Ace, 4, 5, 6, 7, 8, 9, 10, card.Jack, card.Queen, card.King),
		MinSize: 3, MinNaturals: 2, MaxWilds: 3, CanastaSize: 7, BlackThreesOut: true}
	c.AnyCanasta = true
	canasta := "7C 7C 7D 7H 7S 7S 2C" // the side's canasta
	for _, tt := range []struct {
		why   string
		hand  string
		melds []string
		out   bool // outOfReach says no at once
		can   bool // CanGoOut
	}{
		{"two black threes can only be the discard", "3C 3S 5H", []string{canasta, "5C 5D 5S"}, true, false},
		{"one black three is the discard", "3C 5H", []string{canasta, "5C 5D 5S"}, false, true},
		{"three black threes go out as a meld", "3C 3S 3S", []string{canasta}, false, true},
		{"two pairs, one wild card: one pair stays", "9C 9D KC KD 2H", []string{canasta}, true, false},
		{"two pairs, two wild cards", "9C 9D KC KD 2H JK", []string{canasta}, false, true},
		{"a pair and a single to discard, one wild card", "9C 9D 2H QS", []string{canasta}, false, true},
		{"no canasta: four eights and three wild cards make one", "8C 8D 8H 8S 2C 2D JK", nil, false, true},
		{"no canasta: four eights need three wild cards, and the pair takes one", "8C 8D 8H 8S KC KD 2C 2D JK", nil, true, false},
		{"no canasta: a pair of eights cannot reach one", "8C 8D 2C 2D JK", []string{"5C 5D 5S"}, true, false},
	} {
		tb := outTable(t, c, true, tt.hand, tt.melds...)
		checkOutCase(t, c, &tb, tt.why, tt.hand, "outOfReach", tb.OutOfReach(c), tt.out, tt.can)
	}
}

// CanastasBySide counts, side by side, the melds the policy's Class calls
// clean and dirty canastas: on random melds of random policies, some of
// them short, clean and dirty canastas, and the zero meld (no meld).
func TestCanastasBySideIsClass(t *testing.T) {
	kinds := map[meld.Class]int{}
	rapid.Check(t, func(t *rapid.T) {
		p := drawPolicy(t)
		var melds []family.TableMeld
		for i := range rapid.IntRange(0, 8).Draw(t, "melds") {
			side := uint8(rapid.IntRange(0, family.MaxPlayers-1).Draw(t, fmt.Sprint("side", i)))
			n := rapid.IntRange(0, p.CanastaSize+2).Draw(t, fmt.Sprint("nat", i))
			w := rapid.IntRange(0, 3).Draw(t, fmt.Sprint("wild", i))
			var cs []card.Card
			for j := range n {
				cs = append(cs, card.New(card.Nine, card.Suit(j%4+1)))
			}
			for j := range w {
				cs = append(cs, []card.Card{card.New(card.Two, card.Hearts), card.Joker}[j%2])
			}
			m, err := p.New(cs...)
			if err != nil {
				m = meld.RankMeld{} // not a meld: counted as none
			}
			melds = append(melds, family.TableMeld{Side: side, M: m})
		}
		var want [family.MaxPlayers]family.Canastas
		for _, tm := range melds {
			switch k := p.Class(tm.M); k {
			case meld.Clean:
				want[tm.Side].Clean++
			case meld.Dirty:
				want[tm.Side].Dirty++
			}
			kinds[p.Class(tm.M)]++
		}
		if got := family.CanastasBySide(p, melds); got != want {
			t.Fatalf("CanastasBySide = %v, Class counts %v\npolicy %+v\nmelds %v", got, want, p, melds)
		}
	})
	if kinds[meld.Clean] == 0 || kinds[meld.Dirty] == 0 || kinds[meld.Short] == 0 || kinds[0] == 0 {
		t.Errorf("the melds drawn were of too few classes to test: %v", kinds)
	}
}
