package family_test

// Tables past 64 melds. The engine finds a side's melds among the first 64
// of the table as bit sets (sideMelds, rankMelds, meldIndex while the table
// holds 64 or fewer) and walks the melds past the 64th one by one; these
// tests lay a side's melds on both sides of that line. Hand and Foot with
// many decks reaches such tables: a team may lay several melds of a rank.

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
)

// config64 is the engine's view of a Hand and Foot table of rule set A (a
// team may take the pile by putting the upcard alone on one of its melds)
// with one player a side; secondMeld says whether a side may start another
// meld of a rank once its earlier ones are canastas (rule set A's rule) or
// holds one meld per rank.
func config64(sides int, secondMeld bool) *family.Config {
	r := handfoot.RulesA()
	return &family.Config{
		Pkg: "game", Players: sides, Sides: sides, Meld: r.Meld, Values: r.Values.Melded, DrawCount: 1,
		SecondMeld: secondMeld, PileOnMeld: true,
		Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.LayRed, family.TakeBack, family.Discard),
		Shoe:  card.MustParseCards("5S 5D 5H"),
	}
}

// crowdRanks is the order in which crowd gives out ranks: kings and sevens,
// which the tests' own melds use, last.
var crowdRanks = [...]card.Rank{card.Ace, card.Four, card.Five, card.Six, card.Eight, card.Nine,
	card.Ten, card.Jack, card.Queen, card.King, card.Seven}

// crowd returns n melds of the sides other than side 0, laid in turn (side
// 1, 2, and so on, then side 1 again), each of size natural cards of one
// rank: every side gets a meld of a rank before the next rank starts,
// ranks in the order of crowdRanks, suits clubs to spades in turn.
func crowd(t testing.TB, sides, n, size int) []family.TableMeld {
	t.Helper()
	var next [card.King + 1]int // the next suit of each rank
	out := make([]family.TableMeld, 0, n)
	for i := range n {
		rank := crowdRanks[i/(sides-1)%len(crowdRanks)]
		cs := make([]card.Card, size)
		for k := range cs {
			cs[k] = card.New(rank, card.Suit(next[rank]%4+1))
			next[rank]++
		}
		m, err := meld.Collect(cs)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, family.TableMeld{Side: uint8(1 + i%(sides-1)), M: m})
	}
	return out
}

// table64 returns a table of c where melds lie, every side is down, no seat
// may go out yet, and seat 0, holding hand, is to draw.
func table64(t testing.TB, c *family.Config, melds []family.TableMeld, hand string) *family.Table {
	t.Helper()
	tb := new(family.Table)
	tb.Down = uint8(1<<c.Sides - 1)
	tb.Melds = melds
	tb.Hands[0] = ms(t, hand)
	for s := 1; s < c.Players; s++ {
		tb.Hands[s] = ms(t, "JS JH")
	}
	tb.BeginTurn(c, 0)
	inDecks(t, tb)
	return tb
}

// inDecks fails t unless the cards tb shows fit in the shoe of Hand and
// Foot's largest table: handfoot.MaxDecks decks of handfoot.MaxJokersPerDeck
// jokers each.
func inDecks(t testing.TB, tb *family.Table) {
	t.Helper()
	var all card.Multiset
	add := func(m card.Multiset) {
		if err := all.AddAll(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range tb.Hands {
		add(h)
	}
	add(tb.Pile)
	for _, tm := range tb.Melds {
		add(tm.M.Multiset())
	}
	for c, n := range all.Kinds() {
		most := handfoot.MaxDecks
		if c == card.Joker {
			most *= handfoot.MaxJokersPerDeck
		}
		if n > most {
			t.Fatalf("the table shows %d of %v: %d decks hold %d", n, c, handfoot.MaxDecks, most)
		}
	}
}

// draw has seat 0 draw, so that it melds.
func draw(t testing.TB, c *family.Config, tb *family.Table) {
	t.Helper()
	if _, err := tb.Apply(c, family.Action{Kind: family.Draw}); err != nil {
		t.Fatal(err)
	}
}

// mustApply applies a, as its constructor returned it with f, failing t
// on any fault or error.
func mustApply(t testing.TB, c *family.Config, tb *family.Table, a family.Action, f family.Fault) {
	t.Helper()
	if !f.OK() {
		t.Fatal(f.Err("game"))
	}
	if _, err := tb.Apply(c, a); err != nil {
		t.Fatalf("%v: %v", a, err)
	}
}

// listsNew reports whether Legal lists a new meld of rank.
func listsNew(c *family.Config, tb *family.Table, rank card.Rank) bool {
	return slices.ContainsFunc(family.AppendLegal(nil, c, tb), func(a family.Action) bool {
		return a.Kind == family.Meld && a.Rank == rank
	})
}

// Past the 64th meld, a side starts a meld of a rank it already holds
// only as the rules allow: under rule set A, "several melds of one rank:
// allowed once the earlier one is a canasta"; without that rule, one meld
// of each rank. Side 1 fills the first 64 places with canastas (seven
// teams at a table of eight fill them with melds of three, without the
// rule), so side 0's sevens are the 65th meld, or the 66th after three
// sevens of side 1's, which must not count for side 0. A second meld of
// sevens, 7S 7S 7C, is refused while side 0's sevens are three cards
// (Check, Apply and Legal alike); once four more sevens make them a
// canasta, it is allowed under rule set A and still refused without it.
func TestSecondMeldPast64(t *testing.T) {
	for _, tt := range []struct {
		name        string
		sides, size int    // crowd's sides and meld size
		second      bool   // Config.SecondMeld
		others      string // a meld of side 1 after the crowd's, if any
		want        family.Code
	}{
		{"a second meld once the earlier is a canasta", 2, 7, true, "", family.MeldNotFull},
		{"side 1's sevens do not count", 2, 7, true, "1:7S 7D 7H", family.MeldNotFull},
		{"one meld per rank", 8, 3, false, "", family.MeldExists},
		{"one meld per rank, side 1's sevens do not count", 8, 3, false, "1:7S 7D 7H", family.MeldExists},
	} {
		c := config64(tt.sides, tt.second)
		melds := crowd(t, tt.sides, 64, tt.size)
		if tt.others != "" {
			melds = melds64(t, melds, tt.others)
		}
		tb := table64(t, c, melds, "7C 7C 7C 7D 7D 7H 7H 7S 7S 7S KC KD 4C")
		draw(t, c, tb)
		a, f := family.NewMeld(card.MustParseCards("7C 7D 7H"), false)
		mustApply(t, c, tb, a, f)
		at := len(melds) // side 0's sevens
		if len(tb.Melds) != at+1 || tb.Melds[at].Side != 0 {
			t.Fatalf("%s: the sevens are not meld %d", tt.name, at+1)
		}
		second, _ := family.NewMeld(card.MustParseCards("7S 7S 7C"), false)
		refused := func(when string, want family.Code) {
			t.Helper()
			if got := tb.Check(c, second).Code; got != want {
				t.Errorf("%s, %s: Check(%v) = code %d, want %d", tt.name, when, second, got, want)
			}
			if lists := listsNew(c, tb, card.Seven); lists != (want == 0) {
				t.Errorf("%s, %s: Legal lists a new meld of sevens: %v, want %v", tt.name, when, lists, want == 0)
			}
		}
		refused("the sevens of three cards", tt.want)
		before := tb.Melds[at]
		if _, err := tb.Apply(c, second); err == nil || tb.Melds[at] != before || len(tb.Melds) != at+1 {
			t.Errorf("%s: Apply(%v) = %v, melds %d", tt.name, second, err, len(tb.Melds))
		}
		a, f = family.NewAdd(family.Ref{Rank: card.Seven}, card.MustParseCards("7C 7D 7H 7S"), false)
		mustApply(t, c, tb, a, f)
		if !c.Meld.IsCanasta(tb.Melds[at].M) {
			t.Fatalf("%s: the sevens are %v, no canasta", tt.name, tb.Melds[at].M)
		}
		if tt.second {
			tt.want = 0
		}
		refused("the sevens a canasta", tt.want)
	}
}

// melds64 returns pre followed by the melds text gives, each as its side
// and cards, such as "0:KC KD KH".
func melds64(t testing.TB, pre []family.TableMeld, text ...string) []family.TableMeld {
	t.Helper()
	out := slices.Clone(pre)
	for _, s := range text {
		out = append(out, family.TableMeld{Side: s[0] - '0', M: famtest.MustMeld(s[2:])})
	}
	return out
}

// Legal lists exactly the actions Check accepts on tables whose melds run
// past 64, where side 0's melds lie on both sides of the 64th place: the
// takes of the pile onto each of the side's melds of the upcard's rank
// (rule set A: a player may "take the pile by putting the upcard alone on
// one of the team's melds of its rank, or a wild upcard on any team meld
// that stays legal with it"), the adds to each of its melds, the new melds
// ("several melds of one rank: allowed once the earlier one is a
// canasta"), and the red threes on its clean canastas. Side 0 holds a
// clean canasta of kings, three sevens and three kings, with melds of side
// 1 between.
func TestLegalMatchesCheckPast64(t *testing.T) {
	c := config64(2, true)
	const canasta = "KC KD KH KS KC KD KH"
	for _, tt := range []struct {
		before int      // side 1's canastas before side 0's melds
		melds  []string // then these, as side:cards
	}{
		{62, []string{"0:" + canasta, "0:7C 7D 7H", "0:KS KC KD"}}, // 65 melds: the last king past 64
		{63, []string{"0:" + canasta, "1:7S 7D 7H", "0:7C 7D 7H", "0:KS KC KD"}},
		{64, []string{"0:" + canasta, "0:7C 7D 7H", "1:7S 7D 7H", "0:KS KC KD"}},
	} {
		melds := melds64(t, crowd(t, 2, tt.before, 7), tt.melds...)
		for _, pos := range []struct{ hand, pile string }{
			{"KS KH 7S 7C 9C 2C 2D JK 3D 4S", ""},
			{"KS KH 7S 9C 2C JK 3D 4S", "4H KS"},
			{"KS KH 7S 9C 2C JK 3D 4S", "4H 7D"},
			{"KS KH 7S 9C 2C JK 3D 4S", "4H 2H"},
		} {
			tb := table64(t, c, melds, pos.hand)
			if pos.pile == "" {
				draw(t, c, tb)
			} else {
				cs := card.MustParseCards(pos.pile)
				tb.Pile = ms(t, pos.pile)
				tb.Upcard = cs[len(cs)-1]
				inDecks(t, tb)
			}
			listed, want := family.AppendLegal(nil, c, tb), checkAccepts(c, tb)
			if !sameActions(listed, want) {
				t.Errorf("%d melds (side 0's from %d on), hand %s, pile %q:\nLegal lists %v\nCheck accepts %v",
					len(melds), tt.before, pos.hand, pos.pile, listed, want)
			}
		}
	}
}

// checkAccepts returns every action of the seat to act that Check accepts
// among the draw, the takes (onto a meld of any rank and place up to the
// eighth, or with a wild card held), new melds and adds (meldSteps), red
// threes on any meld, take back, and the discards.
func checkAccepts(c *family.Config, tb *family.Table) []family.Action {
	const targets = 8
	var out []family.Action
	try := func(a family.Action) {
		if tb.Check(c, a).OK() {
			out = append(out, a)
		}
	}
	try(family.Action{Kind: family.Draw})
	try(family.Action{Kind: family.TakeBack})
	h := tb.Hands[tb.Turn]
	for k := range h.Kinds() {
		try(family.Action{Kind: family.Discard, Card: k})
		if meld.IsWild(k) {
			try(family.Action{Kind: family.Take, Card: k})
		}
	}
	for rank := card.Rank(0); rank <= card.King; rank++ {
		for target := range uint8(targets + 1) {
			try(family.Action{Kind: family.Take, Rank: rank, Target: target})
			if target > 0 {
				for _, three := range redThrees {
					try(family.Action{Kind: family.LayRed, Card: three, Rank: rank, Target: target})
				}
			}
		}
	}
	for a := range meldSteps(h) {
		try(a)
		for a.Kind, a.Target = family.Add, 1; a.Target <= targets; a.Target++ {
			try(a)
		}
	}
	return out
}

var redThrees = [...]card.Card{card.New(card.Three, card.Diamonds), card.New(card.Three, card.Hearts)}
