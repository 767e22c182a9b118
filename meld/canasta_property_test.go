package meld_test

// Property tests of the canasta-family melds: random sequences of RankPolicy.Add
// under each preset, checked against the rules that must hold at every step.

import (
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"pgregory.net/rapid"
)

var cnSuits = []card.Suit{card.Clubs, card.Diamonds, card.Hearts, card.Spades}

// cnGenRank draws a rank the policy melds in normal play.
func cnGenRank(p meld.RankPolicy) *rapid.Generator[card.Rank] {
	var ranks []card.Rank
	for r := card.Ace; r <= card.King; r++ {
		if p.Ranks.Has(r) {
			ranks = append(ranks, r)
		}
	}
	return rapid.SampledFrom(ranks)
}

func cnGenSuit() *rapid.Generator[card.Suit] { return rapid.SampledFrom(cnSuits) }

// cnGenWild draws a two of any suit or a joker.
func cnGenWild(t *rapid.T, label string) card.Card {
	if rapid.Bool().Draw(t, label+" joker") {
		return card.Joker
	}
	return card.New(card.Two, cnGenSuit().Draw(t, label+" suit"))
}

// cnGenStart draws the cards of a meld that every preset accepts: 3 to 7
// naturals of one meldable rank and fewer wilds than naturals, at most 3.
// Under Canasta it sometimes draws a set of 3 or 4 black threes instead.
func cnGenStart(t *rapid.T, p meld.RankPolicy) []card.Card {
	var cs []card.Card
	if p.BlackThreesOut && rapid.IntRange(0, 4).Draw(t, "black threes start") == 0 {
		for range rapid.IntRange(3, 4).Draw(t, "black threes") {
			cs = append(cs, card.New(card.Three, rapid.SampledFrom([]card.Suit{card.Clubs, card.Spades}).Draw(t, "black suit")))
		}
		return cs
	}
	r := cnGenRank(p).Draw(t, "rank")
	n := rapid.IntRange(3, 7).Draw(t, "naturals")
	// A quarter of the starts are clean melds of 6 or 7, so that sequences
	// reach clean canastas (closed under B, red threes under A) often.
	clean := rapid.IntRange(0, 3).Draw(t, "clean start") == 0
	if clean {
		n = rapid.IntRange(6, 7).Draw(t, "clean naturals")
	}
	for range n {
		cs = append(cs, card.New(r, cnGenSuit().Draw(t, "natural suit")))
	}
	if clean {
		return cs
	}
	for range rapid.IntRange(0, min(3, n-1)).Draw(t, "wilds") {
		cs = append(cs, cnGenWild(t, "start wild"))
	}
	// Shuffle by drawing a permutation: New must not care about order.
	return rapid.Permutation(cs).Draw(t, "start order")
}

// cnGenCard draws a card to add to a meld of rank r: mostly the meld's rank
// and wild cards, sometimes threes, other ranks and invalid card values.
func cnGenCard(t *rapid.T, r card.Rank) card.Card {
	switch k := rapid.IntRange(0, 19).Draw(t, "card kind"); {
	case k < 8:
		return card.New(r, cnGenSuit().Draw(t, "natural suit"))
	case k < 12:
		return card.New(card.Two, cnGenSuit().Draw(t, "two suit"))
	case k < 14:
		return card.Joker
	case k < 17:
		return card.New(card.Three, cnGenSuit().Draw(t, "three suit"))
	case k < 19:
		return card.New(card.Rank(rapid.IntRange(1, 13).Draw(t, "other rank")), cnGenSuit().Draw(t, "other suit"))
	default:
		return rapid.SampledFrom([]card.Card{0, 54, 200}).Draw(t, "invalid card")
	}
}

// cnCheckMeld checks the rules every meld a policy accepted must follow.
func cnCheckMeld(t *rapid.T, p meld.RankPolicy, m meld.RankMeld) {
	if err := p.Validate(m); err != nil {
		t.Fatalf("accepted meld %v fails Validate: %v", m, err)
	}
	n, w := m.Naturals(), m.Wilds()
	if m.Rank() == card.Three {
		// Canasta: black threes "as a special set of 3 or 4 cards", with no wild card.
		if !p.BlackThreesOut || w != 0 || n < 3 || n > 4 || m.Count(card.MustParse("3D"))+m.Count(card.MustParse("3H")) != 0 {
			t.Fatalf("accepted meld of threes %v", m)
		}
		return
	}
	if !p.Ranks.Has(m.Rank()) {
		t.Fatalf("accepted meld %v of a rank not in %v", m, p.Ranks)
	}
	// Hand and Foot A: "3 cards must be present in the meld".
	if m.Len() < 3 {
		t.Fatalf("accepted meld %v of %d cards", m, m.Len())
	}
	switch p.Ratio {
	case meld.MoreNatural:
		// Hand and Foot: "at all times strictly more natural than wild cards".
		if w >= n {
			t.Fatalf("accepted meld %v with %d wilds and %d naturals", m, w, n)
		}
	case meld.NoRatio:
		// Canasta: "At least 2 natural (non-wild) cards"; "A maximum of 3 wild cards".
		if n < 2 || w > 3 {
			t.Fatalf("accepted meld %v with %d naturals and %d wilds", m, n, w)
		}
	}
	// Hand and Foot B: "Clean - Max. 7 cards".
	if p.CleanClosed && w == 0 && m.Len() > 7 {
		t.Fatalf("accepted clean meld %v of %d cards under rule set B", m, m.Len())
	}
	// Hand and Foot A: a red three goes only on a completed clean canasta, which
	// then never takes a wild card.
	if m.RedThrees() > 0 && (!p.RedThreeOnClean || w > 0 || m.Len() < 7) {
		t.Fatalf("accepted red three on %v", m)
	}
	// The meld rebuilds from its cards.
	back, err := meld.Collect(m.Cards())
	if err != nil || back != m {
		t.Fatalf("Collect(%v.Cards()) = %v, %v", m, back, err)
	}
	if n+w+m.RedThrees() != len(m.Cards()) || m.Multiset().Len() != len(m.Cards()) {
		t.Fatalf("%v: %d naturals + %d wilds + %d red threes, %d cards, multiset of %d",
			m, n, w, m.RedThrees(), len(m.Cards()), m.Multiset().Len())
	}
	// Class follows the size and the wild cards.
	var want meld.Class
	switch {
	case m.Len() < p.CanastaSize:
		want = meld.Short
	case w == 0:
		want = meld.Clean
	default:
		want = meld.Dirty
	}
	if k := p.Class(m); k != want || p.IsCanasta(m) != (want != meld.Short) {
		t.Fatalf("Class(%v) = %v, IsCanasta %v; want %v", m, k, p.IsCanasta(m), want)
	}
}

func TestCanastaPropertyAdd(t *testing.T) {
	for _, pr := range cnPresets() {
		t.Run(pr.name, func(t *testing.T) {
			// How often the interesting states came up, for the log.
			var accepted, rejected, redThrees, closedTries, lockedTries int
			defer func() {
				t.Logf("accepted %d, rejected %d Adds; red threes laid %d; Adds to a closed canasta %d; wild offered to a locked canasta %d",
					accepted, rejected, redThrees, closedTries, lockedTries)
			}()
			rapid.Check(t, func(t *rapid.T) {
				p := pr.p
				start := cnGenStart(t, p)
				m, err := p.New(start...)
				if err != nil {
					t.Fatalf("New(%v) = %v", start, err)
				}
				held, err := card.MultisetOf(start...)
				if err != nil {
					t.Fatal(err)
				}
				cnCheckMeld(t, p, m)
				everRedThree := false
				// A clean canasta of 7 under rule set B, which takes no more cards.
				closed := p.CleanClosed && m.Wilds() == 0 && m.Len() == p.CanastaSize
				steps := rapid.IntRange(5, 40).Draw(t, "steps")
				for range steps {
					batch := make([]card.Card, rapid.IntRange(1, 3).Draw(t, "batch size"))
					for i := range batch {
						batch[i] = cnGenCard(t, m.Rank())
					}
					before := m
					if closed {
						closedTries++
					}
					if m.RedThrees() > 0 && meld.IsWild(batch[0]) {
						lockedTries++
					}
					got, err := p.Add(m, batch...)
					if m != before {
						t.Fatalf("Add changed its input from %v to %v", before, m)
					}
					if err != nil {
						// Rejected Adds return the input unchanged.
						if got != m {
							t.Fatalf("rejected Add(%v, %v) returned %v", m, batch, got)
						}
						var re *meld.Error
						if !errors.As(err, &re) || !errors.Is(err, re.Rule()) {
							t.Fatalf("Add error %v (%T) is not a *Error", err, err)
						}
						rejected++
						continue
					}
					accepted++
					// Hand and Foot B: "Clean - Max. 7 cards": a closed canasta never grows.
					if closed {
						t.Fatalf("closed clean canasta %v took %v: %v", m, batch, got)
					}
					cnCheckMeld(t, p, got)
					if got.Rank() != m.Rank() || got.Len() < m.Len() || got.RedThrees() < m.RedThrees() {
						t.Fatalf("Add(%v, %v) = %v lost cards", m, batch, got)
					}
					// Card conservation: the meld holds exactly the cards laid on it.
					if err := held.AddCards(batch); err != nil {
						t.Fatalf("accepted batch %v holds an invalid card: %v", batch, err)
					}
					if got.Multiset() != held {
						t.Fatalf("meld %v holds %v, want %v", got, got.Multiset(), held)
					}
					// Taking the batch back gives the meld back.
					if back, err := got.Remove(batch...); err != nil || back != m {
						t.Fatalf("Remove(%v) from %v = %v, %v; want %v", batch, got, back, err, m)
					}
					// Hand and Foot A: "Once a red three ends up on a completed clean
					// canasta, the canasta may not be dirtied."
					if everRedThree && got.Wilds() != 0 {
						t.Fatalf("meld %v that held a red three holds a wild", got)
					}
					if got.RedThrees() > m.RedThrees() {
						redThrees++
					}
					if got.RedThrees() > 0 {
						everRedThree = true
					}
					if p.CleanClosed && got.Wilds() == 0 && got.Len() == p.CanastaSize {
						closed = true
					}
					m = got
				}
			})
		})
	}
}

// New either builds a meld that follows every rule and holds exactly the
// given cards, or rejects them with a *Error and the zero RankMeld.
func TestCanastaPropertyNew(t *testing.T) {
	for _, pr := range cnPresets() {
		t.Run(pr.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := pr.p
				r := cnGenRank(p).Draw(t, "rank")
				if p.BlackThreesOut && rapid.IntRange(0, 5).Draw(t, "threes") == 0 {
					r = card.Three
				}
				cs := make([]card.Card, rapid.IntRange(0, 12).Draw(t, "size"))
				for i := range cs {
					cs[i] = cnGenCard(t, r)
				}
				m, err := p.New(cs...)
				if err != nil {
					var re *meld.Error
					if !errors.As(err, &re) {
						t.Fatalf("New(%v) error %v (%T) is not a *Error", cs, err, err)
					}
					if m != (meld.RankMeld{}) {
						t.Fatalf("rejected New(%v) returned %v", cs, m)
					}
					return
				}
				cnCheckMeld(t, p, m)
				want, err := card.MultisetOf(cs...)
				if err != nil {
					t.Fatalf("New accepted invalid cards %v", cs)
				}
				if m.Multiset() != want {
					t.Fatalf("New(%v) holds %v", cs, m.Multiset())
				}
				// The order of the cards does not matter.
				again, err := p.New(rapid.Permutation(cs).Draw(t, "order")...)
				if err != nil || again != m {
					t.Fatalf("New of the same cards reordered = %v, %v; want %v", again, err, m)
				}
			})
		})
	}
}

// Every meld survives a text round trip.
func TestCanastaPropertyText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cs := make([]card.Card, rapid.IntRange(1, 40).Draw(t, "size"))
		r := rapid.IntRange(1, 13).Draw(t, "rank")
		for i := range cs {
			cs[i] = cnGenCard(t, card.Rank(r))
		}
		m, err := meld.Collect(cs)
		if err != nil {
			return
		}
		text, err := m.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back meld.RankMeld
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Fatalf("round trip of %q = %v, %v; want %v", text, back, err, m)
		}
	})
}

// RankPolicy.Fits and RankPolicy.CanAdd answer on counts what RankPolicy.New and
// RankPolicy.Add answer on cards. Melds of black threes are left out: CanAdd
// does not apply their rules (see the report).
func TestCanastaPropertyFitsCanAdd(t *testing.T) {
	for _, pr := range cnPresets() {
		t.Run(pr.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := pr.p
				r := cnGenRank(p).Draw(t, "rank")
				cards := func(n, w int) []card.Card {
					var cs []card.Card
					for range n {
						cs = append(cs, card.New(r, cnGenSuit().Draw(t, "natural suit")))
					}
					for range w {
						cs = append(cs, cnGenWild(t, "wild"))
					}
					return cs
				}
				n := rapid.IntRange(0, 10).Draw(t, "new naturals")
				w := rapid.IntRange(0, 6).Draw(t, "new wilds")
				m, err := p.New(cards(n, w)...)
				if p.Fits(n, w) != (err == nil) {
					t.Fatalf("Fits(%d, %d) = %v, New = %v", n, w, p.Fits(n, w), err)
				}
				if err != nil {
					if p.CanAdd(m, 0, 0) {
						t.Fatalf("CanAdd(zero RankMeld, 0, 0) = true")
					}
					return
				}
				// Lock a clean canasta with a red three now and then.
				if p.RedThreeOnClean && rapid.Bool().Draw(t, "lay a red three") {
					if locked, err := p.LayRedThree(m, card.MustParse("3H")); err == nil {
						m = locked
					}
				}
				an := rapid.IntRange(0, 6).Draw(t, "added naturals")
				aw := rapid.IntRange(0, 6).Draw(t, "added wilds")
				got, err := p.Add(m, rapid.Permutation(cards(an, aw)).Draw(t, "order")...)
				if p.CanAdd(m, an, aw) != (err == nil) {
					t.Fatalf("CanAdd(%v, %d, %d) = %v, Add = %v, %v", m, an, aw, p.CanAdd(m, an, aw), got, err)
				}
				if p.CanAdd(m, -1, 0) || p.CanAdd(m, 0, -1) || p.Fits(-1, 3) || p.Fits(3, -1) {
					t.Fatal("negative counts fit")
				}
			})
		})
	}
}

// RankPolicy.FitWilds, FitNaturals and AddWilds give, for any policy,
// meld and count of cards, exactly the counts Fits and CanAdd accept one
// by one.
func TestPropertyWildRanges(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := meld.RankPolicy{
			Ranks:           meld.Ranks(card.Four, card.Seven, card.King),
			MinSize:         rapid.IntRange(1, 5).Draw(t, "MinSize"),
			MinNaturals:     rapid.IntRange(0, 4).Draw(t, "MinNaturals"),
			MaxWilds:        rapid.IntRange(0, 4).Draw(t, "MaxWilds"),
			Ratio:           meld.WildRatio(rapid.IntRange(0, 2).Draw(t, "Ratio")),
			CanastaSize:     rapid.IntRange(1, 8).Draw(t, "CanastaSize"),
			CleanClosed:     rapid.Bool().Draw(t, "CleanClosed"),
			RedThreeOnClean: rapid.Bool().Draw(t, "RedThreeOnClean"),
			BlackThreesOut:  rapid.Bool().Draw(t, "BlackThreesOut"),
		}
		inRange := func(w, lo, hi int) bool { return lo <= w && w <= hi }
		for n := -1; n <= 10; n++ {
			lo, hi := p.FitWilds(n)
			for w := 0; w <= 12; w++ {
				if p.Fits(n, w) != inRange(w, lo, hi) {
					t.Fatalf("%+v: Fits(%d, %d) = %v, FitWilds(%d) = %d..%d", p, n, w, p.Fits(n, w), n, lo, hi)
				}
			}
		}
		for w := -1; w <= 12; w++ {
			lo, hi := p.FitNaturals(w)
			for n := 0; n <= 20; n++ {
				if p.Fits(n, w) != inRange(n, lo, hi) {
					t.Fatalf("%+v: Fits(%d, %d) = %v, FitNaturals(%d) = %d..%d", p, n, w, p.Fits(n, w), w, lo, hi)
				}
			}
		}
		// Any collection of cards of one rank, wild cards and red threes:
		// AddRange must agree with CanAdd even on melds no rule accepts.
		m, ok := cnGenCollected(t)
		if !ok {
			return
		}
		// AddWildsEach answers for every count at once, each as CanAdd.
		var each [9][2]int
		k := rapid.IntRange(0, len(each)).Draw(t, "counts")
		p.AddWildsEach(m, each[:k])
		for n := -1; n <= 8; n++ {
			lo, hi := p.AddWilds(m, n)
			for w := 0; w <= 12; w++ {
				if p.CanAdd(m, n, w) != inRange(w, lo, hi) {
					t.Fatalf("%+v: CanAdd(%v, %d, %d) = %v, AddWilds(%v, %d) = %d..%d", p, m, n, w, p.CanAdd(m, n, w), m, n, lo, hi)
				}
				if n >= 0 && n < k && p.CanAdd(m, n, w) != inRange(w, each[n][0], each[n][1]) {
					t.Fatalf("%+v: CanAdd(%v, %d, %d) = %v, AddWildsEach(%v)[%d] = %v", p, m, n, w, p.CanAdd(m, n, w), m, n, each[n])
				}
			}
		}
	})
}

// cnGenCollected draws any collection of one rank's cards (black ones of
// threes), wild cards and a red three, collected into a meld no rule has
// checked; false when Collect refuses it.
func cnGenCollected(t *rapid.T) (meld.RankMeld, bool) {
	r := rapid.SampledFrom([]card.Rank{card.Three, card.Four, card.Seven, card.King}).Draw(t, "rank")
	var cs []card.Card
	for range rapid.IntRange(0, 9).Draw(t, "naturals") {
		suit := cnGenSuit().Draw(t, "suit")
		if r == card.Three {
			suit = rapid.SampledFrom([]card.Suit{card.Clubs, card.Spades}).Draw(t, "black suit")
		}
		cs = append(cs, card.New(r, suit))
	}
	for range rapid.IntRange(0, 4).Draw(t, "wilds") {
		cs = append(cs, cnGenWild(t, "wild"))
	}
	for range rapid.IntRange(0, 1).Draw(t, "red threes") {
		cs = append(cs, card.MustParse("3D"))
	}
	m, err := meld.Collect(cs)
	return m, err == nil
}
