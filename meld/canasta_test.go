package meld_test

// Scenario and table tests for the canasta family of melds, under the
// policies of Hand and Foot rule sets A and B and of Classic Canasta, built
// in policies_test.go.
//
// Helpers are prefixed "cn" so that they cannot collide with the rummy tests
// of the same package.

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/meld"
	"github.com/google/go-cmp/cmp"
)

// cnCards parses card notation; an empty string gives no cards.
func cnCards(s string) []card.Card { return card.MustParseCards(s) }

type cnPreset struct {
	name string
	p    meld.RankPolicy
}

func cnPresets() []cnPreset {
	return []cnPreset{
		{"HandFootA", handFootA()},
		{"HandFootB", handFootB()},
		{"Canasta", canastaPolicy()},
	}
}

// cnNew returns the meld p builds from s, failing the test if p rejects it.
func cnNew(t testing.TB, p meld.RankPolicy, s string) meld.RankMeld {
	t.Helper()
	m, err := p.New(cnCards(s)...)
	if err != nil {
		t.Fatalf("New(%s): unexpected error %v", s, err)
	}
	return m
}

// cnCollect returns the meld Collect builds from s, failing the test on error.
func cnCollect(t testing.TB, s string) meld.RankMeld {
	t.Helper()
	m, err := meld.Collect(cnCards(s))
	if err != nil {
		t.Fatalf("Collect(%s): unexpected error %v", s, err)
	}
	return m
}

// cnCheckErr checks that err is nil when want is nil, and otherwise that it is
// a *meld.Error whose Rule is want and which errors.Is matches with want.
func cnCheckErr(t testing.TB, what string, err, want error) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("%s: unexpected error %v", what, err)
		}
		return
	}
	if err == nil {
		t.Fatalf("%s: accepted, want an error wrapping %q", what, want)
	}
	if !errors.Is(err, want) {
		t.Fatalf("%s: error %q does not wrap %q", what, err, want)
	}
	var re *meld.Error
	if !errors.As(err, &re) {
		t.Fatalf("%s: error %q (%T) is not a *meld.Error", what, err, err)
	}
	if re.Rule() != want {
		t.Fatalf("%s: RuleError.Rule = %q, want %q", what, re.Rule(), want)
	}
	if !strings.HasPrefix(err.Error(), "meld: "+want.Error()) {
		t.Fatalf("%s: message %q does not start with %q", what, err, "meld: "+want.Error())
	}
}

// RankPolicy names used in the tables below.
const (
	cnA = 1 << iota
	cnB
	cnC
	cnHF  = cnA | cnB
	cnAll = cnA | cnB | cnC
)

func cnPoliciesOf(set int) []cnPreset {
	var out []cnPreset
	for i, pr := range cnPresets() {
		if set&(1<<i) != 0 {
			out = append(out, pr)
		}
	}
	return out
}

func TestCanastaNew(t *testing.T) {
	tests := []struct {
		name     string
		policies int
		cards    string
		want     error      // nil: accepted
		wantKind meld.Class // checked when accepted
	}{
		// Hand and Foot A: "In order to start building a Canasta, 3 cards must be present in the meld."
		// Canasta: "A meld is composed of 3 or more cards of the same rank."
		{"three naturals", cnAll, "7H 7D 7C", nil, meld.Short},
		{"two naturals too small", cnAll, "7H 7D", meld.ErrTooSmall, 0},
		{"one natural too small", cnAll, "KS", meld.ErrTooSmall, 0},
		{"natural and wild too small", cnAll, "7H 2C", meld.ErrTooSmall, 0},

		// Hand and Foot A: "A meld must contain cards of the same rank."
		{"two ranks", cnAll, "7H 7D 8C", meld.ErrRank, 0},
		{"two ranks with wild", cnAll, "7H 2C 8C 8D", meld.ErrRank, 0},

		// Hand and Foot A: "Valid ranks for melds/canastas are: A,4,5,6,7,8,9,j,q,k"
		{"aces", cnAll, "AH AD AS", nil, meld.Short},
		{"fours", cnAll, "4C 4C 4S", nil, meld.Short},
		{"kings", cnAll, "KH KD KC KS", nil, meld.Short},
		// Hand and Foot: "the text's list leaves out
		// 10; the library treats that as a slip and melds 10s". Hand and Foot B: A,4-K.
		{"tens", cnAll, "10H 10D TC", nil, meld.Short},

		// Hand and Foot A: "threes: never melded"; Hand and Foot B: "Threes cannot be played."
		{"black threes under Hand and Foot", cnHF, "3C 3S 3C", meld.ErrRank, 0},
		{"red threes under Hand and Foot", cnHF, "3H 3D 3H", meld.ErrRank, 0},
		{"mixed threes under Hand and Foot", cnHF, "3C 3S 3H", meld.ErrRank, 0},
		// Canasta: "Red Threes: Any Red Three received is automatically placed face-up" - never melded.
		{"red threes under Canasta", cnC, "3H 3D 3H", meld.ErrRank, 0},

		// Canasta: "Melds consisting entirely of wild cards are prohibited." Twos are
		// wild in every text, so they are never a meld's rank.
		{"three twos", cnAll, "2C 2D 2H", meld.ErrTooFewNaturals, 0},
		{"jokers and a two", cnAll, "JK JK 2S", meld.ErrTooFewNaturals, 0},
		{"seven wilds", cnAll, "2C 2D 2H 2S JK JK JK", meld.ErrTooFewNaturals, 0},

		// Hand and Foot A and B: "at all times strictly more natural than wild
		// cards (this holds for every meld, not only canastas)";
		// Hand and Foot A: "A dirty canasta must always have at least one more card of the natural than of the wild".
		{"2 naturals 1 wild", cnAll, "7H 7D 2C", nil, meld.Short},
		{"1 natural 2 wilds", cnC, "7H 2C 2D", meld.ErrTooFewNaturals, 0},
		{"1 natural 2 wilds breaks the ratio", cnHF, "7H 2C 2D", meld.ErrWildRatio, 0},
		{"2 naturals 2 wilds (ratio)", cnHF, "7H 7D 2C 2S", meld.ErrWildRatio, 0},
		{"3 naturals 3 wilds (ratio)", cnHF, "7H 7D 7C 2C 2S JK", meld.ErrWildRatio, 0},
		{"4 naturals 3 wilds: dirty canasta", cnAll, "7H 7D 7C 7S 2C 2S JK", nil, meld.Dirty},
		{"4 naturals 4 wilds (ratio)", cnHF, "7H 7D 7C 7S 2C 2S JK JK", meld.ErrWildRatio, 0},
		// Hand and Foot B: "Dirty - 1 more natural cards than wild cards", "Dirty - No limit".
		{"6 naturals 5 wilds", cnHF, "9C 9C 9D 9H 9S 9S 2C 2D 2H JK JK", nil, meld.Dirty},

		// Canasta: "At least 2 natural (non-wild) cards are required per meld."
		// Canasta: "A maximum of 3 wild cards is permitted in any single meld."
		{"2 naturals 2 wilds", cnC, "7H 7D 2C 2S", nil, meld.Short},
		{"2 naturals 3 wilds", cnC, "7H 7D 2C 2S JK", nil, meld.Short},
		{"3 naturals 3 wilds", cnC, "7H 7D 7C 2C 2S JK", nil, meld.Short},
		{"4 naturals 3 wilds", cnC, "KH KD KC KS 2C JK JK", nil, meld.Dirty},
		{"2 naturals 3 wilds (ratio)", cnHF, "7H 7D 2C 2S JK", meld.ErrWildRatio, 0},
		{"4 naturals 4 wilds", cnC, "7H 7D 7C 7S 2C 2S JK JK", meld.ErrTooManyWilds, 0},
		{"10 naturals 4 wilds", cnC, "QC QC QD QD QH QH QS QS QC QD 2C 2D 2H 2S", meld.ErrTooManyWilds, 0},
		// Canasta example: "K♠️ K♣️ 2♥️ K♦️ (3-card set with 1 wild)".
		{"Canasta example K K 2 K", cnAll, "KS KC 2H KD", nil, meld.Short},
		// Canasta examples: "7♣️ 7♦️ 7♥️", "9♠️ 9♣️ 9♦️ 9♥️".
		{"Canasta example 9 9 9 9", cnAll, "9S 9C 9D 9H", nil, meld.Short},

		// Canasta: black threes "are only permitted to be melded as a special set
		// of 3 or 4 cards when the player is going out" (a set of
		// 3-4 with no wild").
		{"3 black threes", cnC, "3C 3S 3C", nil, meld.Short},
		{"4 black threes", cnC, "3C 3S 3C 3S", nil, meld.Short},
		{"black threes with a two", cnC, "3C 3S 3C 2D", meld.ErrTooManyWilds, 0},
		{"black threes with a joker", cnC, "3C 3S JK", meld.ErrTooManyWilds, 0},
		{"black threes with a red three", cnC, "3C 3S 3H", meld.ErrRank, 0},
		{"2 black threes", cnC, "3C 3S", meld.ErrTooSmall, 0},

		// Hand and Foot A: "A meld (pile of cards) of seven cards is called a canasta";
		// "A clean canasta contains only natural cards (no wildcards)".
		{"7 naturals: clean canasta", cnAll, "8C 8C 8D 8D 8H 8H 8S", nil, meld.Clean},
		// Hand and Foot B: "Clean - Max. 7 cards".
		{"8 naturals under B", cnB, "8C 8C 8D 8D 8H 8H 8S 8S", meld.ErrClosed, 0},
		// Hand and Foot A and Canasta set no maximum on a clean canasta.
		{"8 naturals under A and Canasta", cnA | cnC, "8C 8C 8D 8D 8H 8H 8S 8S", nil, meld.Clean},

		// Hand and Foot A: "Once a red three ends up on a completed clean canasta" - laid
		// with the canasta in one go.
		{"clean canasta with a red three under A", cnA, "8C 8C 8D 8D 8H 8H 8S 3H", nil, meld.Clean},
		// Hand and Foot A: a red three "may be laid on a completed clean canasta", nowhere else.
		{"short meld with a red three under A", cnA, "8C 8D 8H 3H", meld.ErrRedThree, 0},
		{"dirty canasta with a red three under A", cnA, "8C 8D 8H 8S 8S 2C 2D 3D", meld.ErrRedThree, 0},
		// Hand and Foot B: threes "never melded or laid anywhere"; Canasta lays red threes apart.
		{"clean canasta with a red three under B and Canasta", cnB | cnC, "8C 8C 8D 8D 8H 8H 8S 3H", meld.ErrRedThree, 0},

		// Not cards at all.
		{"no cards", cnAll, "", meld.ErrTooFewNaturals, 0},
	}
	for _, tt := range tests {
		for _, pr := range cnPoliciesOf(tt.policies) {
			t.Run(pr.name+"/"+tt.name, func(t *testing.T) {
				m, err := pr.p.New(cnCards(tt.cards)...)
				cnCheckErr(t, "New("+tt.cards+")", err, tt.want)
				if tt.want != nil {
					if m != (meld.RankMeld{}) {
						t.Errorf("rejected New returned %v, want the zero RankMeld", m)
					}
					// New is Collect then Validate: when Collect succeeds,
					// Validate names the same rule.
					if c, cerr := meld.Collect(cnCards(tt.cards)); cerr == nil {
						cnCheckErr(t, "Validate(Collect("+tt.cards+"))", pr.p.Validate(c), tt.want)
					}
					return
				}
				if got, want := m.Multiset(), cnMultiset(t, tt.cards); got != want {
					t.Errorf("New(%s) holds %v, want %v", tt.cards, got, want)
				}
				if err := pr.p.Validate(m); err != nil {
					t.Errorf("Validate(New(%s)) = %v", tt.cards, err)
				}
				if k := pr.p.Class(m); k != tt.wantKind {
					t.Errorf("Class(%v) = %v, want %v", m, k, tt.wantKind)
				}
			})
		}
	}
}

func cnMultiset(t testing.TB, s string) card.Multiset {
	t.Helper()
	ms, err := card.MultisetOf(cnCards(s)...)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestCanastaNewInvalidCard(t *testing.T) {
	for _, pr := range cnPresets() {
		for _, c := range []card.Card{0, 54, 200, 255} {
			cs := append(cnCards("7H 7D"), c, card.MustParse("7C"))
			_, err := pr.p.New(cs...)
			cnCheckErr(t, pr.name+": New with card value "+c.String(), err, meld.ErrInvalidCard)
		}
	}
}

// The five black threes case is checked only for rejection: see the report
// (the sentinel says "a meld needs more cards" for too many).
func TestCanastaNewFiveBlackThrees(t *testing.T) {
	// Canasta: "as a special set of 3 or 4 cards".
	_, err := canastaPolicy().New(cnCards("3C 3S 3C 3S 3C")...)
	var re *meld.Error
	if err == nil || !errors.As(err, &re) {
		t.Fatalf("New(3C 3S 3C 3S 3C) under Canasta = %v, want a *Error", err)
	}
}

func TestCanastaNewErrorText(t *testing.T) {
	tests := []struct {
		p     meld.RankPolicy
		cards string
		want  string
	}{
		{handFootA(), "7H 7D", "meld: a meld needs more cards: 7D 7H: 2 cards, at least 3 needed"},
		{handFootA(), "7H 7D 2C 2S", "meld: too many wild cards for the natural cards: 7D 7H 2C 2S: 2 natural cards and 2 wild cards (more natural than wild required)"},
		{handFootA(), "7H 2C 2D", "meld: too many wild cards for the natural cards: 7H 2C 2D: 1 natural card and 2 wild cards (more natural than wild required)"},
		{canastaPolicy(), "7H 2C 2D", "meld: a meld needs more natural cards: 7H 2C 2D: 1 natural card, at least 2 needed"},
		{handFootB(), "3C 3S 3C", "meld: cards of that rank cannot be melded there: threes cannot be melded under these rules"},
		{handFootA(), "7H 8H 9H", "meld: cards of that rank cannot be melded there: a meld holds one rank, not 7 and 8"},
		{canastaPolicy(), "7H 7D 7C 7S 2C 2S JK JK", "meld: too many wild cards in one meld: 7C 7D 7H 7S 2C 2S JK JK: 4 wild cards, at most 3"},
		{canastaPolicy(), "3C 3S 3H", "meld: cards of that rank cannot be melded there: 3C 3H 3S: red threes are never melded"},
		{canastaPolicy(), "2C JK JK", "meld: a meld needs more natural cards: 2C JK JK: a meld needs natural cards, not only wild cards"},
		{handFootB(), "8C 8C 8D 8D 8H 8H 8S 8S", "meld: that canasta is closed: 8C 8C 8D 8D 8H 8H 8S 8S: a clean canasta holds at most 7 cards"},
		{handFootA(), "8C 8D 8H 3H", "meld: a red three goes only on a completed clean canasta: 8C 8D 8H 3H is not a completed clean canasta"},
		{handFootB(), "8C 8C 8D 8D 8H 8H 8S 3H", "meld: a red three goes only on a completed clean canasta: red threes cannot be laid on a meld under these rules"},
	}
	for _, tt := range tests {
		_, err := tt.p.New(cnCards(tt.cards)...)
		if err == nil || err.Error() != tt.want {
			t.Errorf("New(%s) error = %v\nwant %s", tt.cards, err, tt.want)
		}
	}
	_, err := handFootA().New(cnCards("7H 7D")[0], 200, cnCards("7C")[0])
	if want := "meld: not a valid card: card value 200"; err == nil || err.Error() != want {
		t.Errorf("New(7H, 200, 7C) error = %v, want %s", err, want)
	}
}

// A meld error is one line, "meld: rule: detail"; Message, Rule and Detail
// give its parts, and a game wrapping it names the meld package once.
func TestMeldErrorParts(t *testing.T) {
	_, err := handFootA().New(cnCards("7H 7D 2C 2S")...)
	var me *meld.Error
	if !errors.As(err, &me) {
		t.Fatalf("New error %v (%T) is not a *meld.Error", err, err)
	}
	const detail = "7D 7H 2C 2S: 2 natural cards and 2 wild cards (more natural than wild required)"
	if me.Rule() != meld.ErrWildRatio || me.Detail() != detail ||
		me.Message() != meld.ErrWildRatio.Error()+": "+detail || me.Error() != "meld: "+me.Message() {
		t.Errorf("Rule %v, Detail %q, Message %q, Error %q", me.Rule(), me.Detail(), me.Message(), me.Error())
	}
	if got := me.Unwrap(); len(got) != 1 || got[0] != meld.ErrWildRatio {
		t.Errorf("Unwrap() = %v, want [ErrWildRatio]", got)
	}
	game := errs.Wrap("handfoot", errors.New("that meld is not allowed"), "", err)
	if got, want := game.Error(), "handfoot: that meld is not allowed: "+me.Message(); got != want {
		t.Errorf("wrapped = %q, want %q", got, want)
	}
	var again *meld.Error
	if !errors.As(game, &again) || again != me || !errors.Is(game, meld.ErrWildRatio) {
		t.Errorf("errors.As/Is through a game's error lost the meld error")
	}
	var other *errs.Error
	if errors.As(err, &other) {
		t.Errorf("a *meld.Error is also found as an *errs.Error: %v", other)
	}
}

// House rules are fields of RankPolicy: a looser wild ratio (at least as
// many natural as wild cards), or fewer meldable ranks.
func TestCanastaHouseRules(t *testing.T) {
	loose := handFootA()
	loose.Ratio = meld.AtLeastAsMany
	if err := loose.Check(); err != nil {
		t.Fatalf("Check(AtLeastAsMany) = %v", err)
	}
	cnNew(t, loose, "7H 7D 2C 2S")
	_, err := loose.New(cnCards("7H 7D 7C 2C 2S JK JK")...)
	cnCheckErr(t, "AtLeastAsMany: 3 naturals 4 wilds", err, meld.ErrWildRatio)

	noTens := handFootA()
	noTens.Ranks = noTens.Ranks.Without(card.Ten) // the literal list of Hand and Foot A
	_, err = noTens.New(cnCards("10C 10D 10H")...)
	cnCheckErr(t, "Ranks without ten", err, meld.ErrRank)
	if want := "meld: cards of that rank cannot be melded there: tens cannot be melded under these rules (meldable: A 4 5 6 7 8 9 J Q K)"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	cnNew(t, noTens, "9C 9D 9H")

	noRatio := handFootA()
	noRatio.Ratio = meld.NoRatio
	cnNew(t, noRatio, "7H 7D 2C 2S JK JK") // no ratio and no MaxWilds: any number of wilds
}

func TestCanastaAdd(t *testing.T) {
	const (
		clean7 = "7C 7C 7D 7D 7H 7H 7S"
		dirty7 = "7C 7D 7H 7S 7S 2C JK"
	)
	tests := []struct {
		name     string
		policies int
		start    string
		add      string
		want     error
		wantMeld string // the result when accepted
	}{
		// Hand and Foot A: "Play down any cards in your hand on the melds".
		{"a natural", cnAll, "7H 7D 7C", "7S", nil, "7C 7D 7H 7S"},
		{"two naturals", cnAll, "7H 7D 7C", "7S 7H", nil, "7C 7D 7H 7H 7S"},
		{"a two", cnAll, "7H 7D 7C", "2H", nil, "7C 7D 7H 2H"},
		{"a joker", cnAll, "7H 7D 7C", "JK", nil, "7C 7D 7H JK"},
		{"nothing", cnAll, "7H 7D 7C", "", nil, "7C 7D 7H"},
		{"naturals and wilds to a dirty canasta", cnAll, "7H 7D 7C 2C", "7S 7S JK", nil, dirty7},
		// Hand and Foot A: "A meld must contain cards of the same rank."
		{"another rank", cnAll, "7H 7D 7C", "8C", meld.ErrRank, ""},
		{"another rank after a good card", cnAll, "7H 7D 7C", "7S 8C", meld.ErrRank, ""},
		{"a black three", cnAll, "7H 7D 7C", "3C", meld.ErrRank, ""},
		// Hand and Foot A and B: "at all times strictly more natural than wild cards".
		{"ratio after Add", cnHF, "7H 7D 2C", "2D", meld.ErrWildRatio, ""},
		{"ratio after Add of a joker", cnHF, "7H 7D 7C 2C JK", "JK", meld.ErrWildRatio, ""},
		{"ratio kept by natural and wild", cnHF, "7H 7D 2C", "7C 2D", nil, "7C 7D 7H 2C 2D"},
		{"ratio broken by 1 natural 2 wilds", cnHF, "7H 7D 2C", "7C 2D JK", meld.ErrWildRatio, ""},
		// Canasta: "A maximum of 3 wild cards is permitted in any single meld."
		{"fourth wild", cnC, "7H 7D 2C 2D JK", "2H", meld.ErrTooManyWilds, ""},
		{"wilds to 2 naturals", cnC, "7H 7D 2C", "2D JK", nil, "7D 7H 2C 2D JK"},
		{"fourth wild on a canasta", cnC, "7H 7D 7C 7S 7S 2C JK", "JK 2H", meld.ErrTooManyWilds, ""},
		// Hand and Foot B: "Clean - Max. 7 cards".
		{"natural to closed clean canasta", cnB, clean7, "7S", meld.ErrClosed, ""},
		{"two to closed clean canasta", cnB, clean7, "2C", meld.ErrClosed, ""},
		{"joker to closed clean canasta", cnB, clean7, "JK", meld.ErrClosed, ""},
		{"natural and wild to closed clean canasta", cnB, clean7, "7S 2C", meld.ErrClosed, ""},
		{"two naturals to a 6-card clean meld", cnB, "7C 7C 7D 7D 7H 7H", "7S 7S", meld.ErrClosed, ""},
		// Hand and Foot B: "Dirty - No limit".
		{"natural to dirty canasta under B", cnB, dirty7, "7H", nil, "7C 7D 7H 7H 7S 7S 2C JK"},
		{"wild to dirty canasta under B", cnB, "7C 7D 7H 7S 7S 7H 2C", "JK", nil, "7C 7D 7H 7H 7S 7S 2C JK"},
		// Hand and Foot A and Canasta set no maximum on a clean canasta.
		{"natural to clean canasta", cnA | cnC, clean7, "7S", nil, "7C 7C 7D 7D 7H 7H 7S 7S"},
		{"wild to clean canasta", cnA | cnC, clean7, "2D", nil, "7C 7C 7D 7D 7H 7H 7S 2D"},
		// Canasta: black threes "as a special set of 3 or 4 cards", with no wild card.
		{"fourth black three", cnC, "3C 3S 3C", "3S", nil, "3C 3C 3S 3S"},
		{"wild to black threes", cnC, "3C 3S 3C", "2C", meld.ErrTooManyWilds, ""},
		{"red three to black threes", cnC, "3C 3S 3C", "3H", meld.ErrRank, ""},
		{"seven to black threes", cnC, "3C 3S 3C", "7C", meld.ErrRank, ""},
		// Hand and Foot A: a red three goes only on a completed clean canasta.
		{"red three to short meld", cnA, "7H 7D 7C", "3H", meld.ErrRedThree, ""},
		{"red three with the seventh card", cnA, "7C 7C 7D 7D 7H 7H", "7S 3D", nil, "7C 7C 7D 7D 7H 7H 7S 3D"},
		{"red three before the seventh card", cnA, "7C 7C 7D 7D 7H 7H", "3D 7S", meld.ErrRedThree, ""},
		// Hand and Foot B: threes "never melded or laid anywhere".
		{"red three under B and Canasta", cnB | cnC, clean7, "3H", meld.ErrRedThree, ""},
	}
	for _, tt := range tests {
		for _, pr := range cnPoliciesOf(tt.policies) {
			t.Run(pr.name+"/"+tt.name, func(t *testing.T) {
				m := cnNew(t, pr.p, tt.start)
				before := m
				add := cnCards(tt.add)
				got, err := pr.p.Add(m, add...)
				if m != before {
					t.Fatalf("Add changed its input meld: %v, was %v", m, before)
				}
				cnCheckErr(t, "Add("+tt.start+", "+tt.add+")", err, tt.want)
				if tt.want != nil {
					if got != m {
						t.Fatalf("rejected Add returned %v, want the input %v", got, m)
					}
					return
				}
				if got.String() != tt.wantMeld {
					t.Fatalf("Add(%s, %s) = %v, want %s", tt.start, tt.add, got, tt.wantMeld)
				}
				if err := pr.p.Validate(got); err != nil {
					t.Fatalf("Validate(%v) = %v", got, err)
				}
				want := cnMultiset(t, tt.start)
				if err := want.AddCards(add); err != nil {
					t.Fatal(err)
				}
				if got.Multiset() != want {
					t.Fatalf("Add result holds %v, want %v", got.Multiset(), want)
				}
			})
		}
	}
}

func TestCanastaAddInvalidCard(t *testing.T) {
	for _, pr := range cnPresets() {
		m := cnNew(t, pr.p, "7H 7D 7C")
		for _, c := range []card.Card{0, 54, 200, 255} {
			got, err := pr.p.Add(m, card.MustParse("7S"), c)
			cnCheckErr(t, pr.name+": Add(7S, card value "+c.String()+")", err, meld.ErrInvalidCard)
			if got != m {
				t.Errorf("%s: rejected Add returned %v, want %v", pr.name, got, m)
			}
		}
	}
}

func TestCanastaAddToZeroMeld(t *testing.T) {
	for _, pr := range cnPresets() {
		got, err := pr.p.Add(meld.RankMeld{}, cnCards("7H 7D 7C")...)
		cnCheckErr(t, pr.name+": Add to the zero RankMeld", err, meld.ErrTooFewNaturals)
		if got != (meld.RankMeld{}) {
			t.Errorf("%s: Add to the zero RankMeld returned %v", pr.name, got)
		}
	}
}

func TestCanastaAddErrorText(t *testing.T) {
	p := handFootA()
	m := cnNew(t, p, "7H 7D 7C")
	_, err := p.Add(m, card.MustParse("8C"))
	if want := "meld: cards of that rank cannot be melded there: 8C does not belong on a meld of sevens"; err == nil || err.Error() != want {
		t.Errorf("Add 8C: %v, want %s", err, want)
	}
	b := handFootB()
	clean := cnNew(t, b, "7C 7C 7D 7D 7H 7H 7S")
	_, err = b.Add(clean, card.MustParse("7S"))
	if want := "meld: that canasta is closed: the clean canasta 7C 7C 7D 7D 7H 7H 7S takes no more cards"; err == nil || err.Error() != want {
		t.Errorf("Add 7S to closed canasta: %v, want %s", err, want)
	}
	_, err = p.Add(m, 0)
	if want := "meld: not a valid card: card value 0"; err == nil || err.Error() != want {
		t.Errorf("Add card 0: %v, want %s", err, want)
	}
}

// Hand and Foot A and B: "at all times strictly more natural than wild cards":
// each Add is checked, so a meld grows to a dirty canasta only by keeping the
// naturals ahead.
func TestCanastaAddSequence(t *testing.T) {
	for _, pr := range cnPoliciesOf(cnHF) {
		p := pr.p
		m := cnNew(t, p, "9H 9D 2C")
		steps := []struct {
			add  string
			want error
			kind meld.Class
		}{
			{"JK", meld.ErrWildRatio, 0},
			{"9C", nil, meld.Short}, // 3 naturals, 1 wild
			{"JK", nil, meld.Short}, // 3, 2
			{"2S", meld.ErrWildRatio, 0},
			{"9S", nil, meld.Short}, // 4, 2
			{"2D", nil, meld.Dirty}, // 4, 3: a dirty canasta of 7
			{"JK", meld.ErrWildRatio, 0},
			{"9S", nil, meld.Dirty}, // 5, 3
			{"JK", nil, meld.Dirty}, // 5, 4
		}
		for i, s := range steps {
			got, err := p.Add(m, cnCards(s.add)...)
			cnCheckErr(t, pr.name+" step "+s.add, err, s.want)
			if s.want != nil {
				if got != m {
					t.Fatalf("%s step %d: rejected Add returned %v, want %v", pr.name, i, got, m)
				}
				continue
			}
			m = got
			if k := p.Class(m); k != s.kind {
				t.Fatalf("%s step %d: Class(%v) = %v, want %v", pr.name, i, m, k, s.kind)
			}
		}
		if got, want := m.String(), "9C 9D 9H 9S 9S 2C 2D JK JK"; got != want {
			t.Errorf("%s: final meld %s, want %s", pr.name, got, want)
		}
	}
}

// Hand and Foot B: "Clean - Max. 7 cards" against Hand and Foot A, which sets no maximum.
func TestCanastaEightNaturalsAtOnce(t *testing.T) {
	eight := cnCards("QC QC QD QD QH QH QS QS")
	_, err := handFootB().New(eight...)
	cnCheckErr(t, "HandFootB: New(8 naturals)", err, meld.ErrClosed)
	for _, p := range []meld.RankPolicy{handFootA(), canastaPolicy()} {
		m, err := p.New(eight...)
		if err != nil {
			t.Fatalf("New(8 naturals) = %v", err)
		}
		if m.Len() != 8 || p.Class(m) != meld.Clean {
			t.Errorf("New(8 naturals) = %v (%v)", m, p.Class(m))
		}
	}
	// Under B the same eight cards make a dirty canasta with a wild, and
	// eight naturals are fine once a wild is in: "Dirty - No limit".
	b := handFootB()
	m, err := b.New(append(eight, card.Joker)...)
	if err != nil || b.Class(m) != meld.Dirty {
		t.Errorf("HandFootB: New(8 naturals + JK) = %v, %v; want a dirty canasta", m, err)
	}
}

// Hand and Foot A: "Once a red three ends up on a completed clean canasta, the canasta
// may not be dirtied."
func TestCanastaLayRedThree(t *testing.T) {
	a := handFootA()
	h3, d3 := card.MustParse("3H"), card.MustParse("3D")

	clean := cnNew(t, a, "KC KC KD KH KH KS KS")
	locked, err := a.LayRedThree(clean, h3)
	if err != nil {
		t.Fatalf("LayRedThree on a clean canasta: %v", err)
	}
	if locked.RedThrees() != 1 || locked.Len() != 7 || a.Class(locked) != meld.Clean {
		t.Fatalf("locked canasta %v: RedThrees %d, Len %d, Class %v", locked, locked.RedThrees(), locked.Len(), a.Class(locked))
	}
	if got, want := locked.String(), "KC KC KD KH KH KS KS 3H"; got != want {
		t.Errorf("locked canasta = %s, want %s", got, want)
	}
	if err := a.Validate(locked); err != nil {
		t.Errorf("Validate(locked) = %v", err)
	}
	if clean.RedThrees() != 0 {
		t.Errorf("LayRedThree changed its input: %v", clean)
	}

	// A red three goes only on a completed clean canasta.
	for _, s := range []string{"KC KC KD KH KH KS", "KC KD KH KS KS 2C JK", "KC KD KH"} {
		m := cnNew(t, a, s)
		got, err := a.LayRedThree(m, d3)
		cnCheckErr(t, "LayRedThree on "+s, err, meld.ErrRedThree)
		if got != m {
			t.Errorf("rejected LayRedThree returned %v, want %v", got, m)
		}
	}
	// A black three, or any other card, is not a red three.
	for _, s := range []string{"3C", "3S", "KH", "2D", "JK"} {
		got, err := a.LayRedThree(clean, card.MustParse(s))
		cnCheckErr(t, "LayRedThree("+s+")", err, meld.ErrRedThree)
		if got != clean {
			t.Errorf("rejected LayRedThree(%s) returned %v", s, got)
		}
	}
	if _, err := a.LayRedThree(clean, card.MustParse("3C")); err.Error() != "meld: a red three goes only on a completed clean canasta: 3C is not a red three" {
		t.Errorf("LayRedThree(3C) error = %q", err)
	}

	// The locked canasta never takes a wild card ...
	for _, s := range []string{"2C", "2H", "JK", "KS 2D"} {
		got, err := a.Add(locked, cnCards(s)...)
		cnCheckErr(t, "Add("+s+") to a locked canasta", err, meld.ErrLocked)
		if got != locked {
			t.Errorf("rejected Add(%s) returned %v", s, got)
		}
	}
	_, err = a.Add(locked, card.MustParse("2C"))
	if want := "meld: a red three keeps that canasta clean: cannot add 2C to KC KC KD KH KH KS KS 3H"; err.Error() != want {
		t.Errorf("locked error = %q, want %q", err, want)
	}
	// ... but takes naturals.
	bigger, err := a.Add(locked, card.MustParse("KD"))
	if err != nil {
		t.Fatalf("Add(KD) to a locked canasta: %v", err)
	}
	if got, want := bigger.String(), "KC KC KD KD KH KH KS KS 3H"; got != want {
		t.Errorf("locked canasta + KD = %s, want %s", got, want)
	}

	// Hand and Foot B: threes are "never melded or laid anywhere"; Canasta lays
	// red threes apart from the melds.
	for _, pr := range cnPoliciesOf(cnB | cnC) {
		for _, s := range []string{"KC KC KD KH KH KS KS", "KC KD KH", "KC KD KH KS KS 2C JK"} {
			m := cnNew(t, pr.p, s)
			for _, c := range []card.Card{h3, d3} {
				got, err := pr.p.LayRedThree(m, c)
				cnCheckErr(t, pr.name+": LayRedThree on "+s, err, meld.ErrRedThree)
				if got != m {
					t.Errorf("%s: rejected LayRedThree returned %v", pr.name, got)
				}
			}
		}
	}
}

// A red three and a wild card in one Add are rejected whichever comes first.
// (The sentinel is not pinned: "3H 2C" reports ErrRedThree where the docs of
// Add promise ErrLocked, see the report.)
func TestCanastaAddRedThreeAndWild(t *testing.T) {
	a := handFootA()
	clean := cnNew(t, a, "7C 7C 7D 7D 7H 7H 7S")
	for _, s := range []string{"3H 2C", "2C 3H", "3D JK", "7S 3D 2S"} {
		got, err := a.Add(clean, cnCards(s)...)
		var re *meld.Error
		if !errors.As(err, &re) {
			t.Errorf("Add(clean canasta, %s) = %v, %v; want a *Error", s, got, err)
		}
		if got != clean {
			t.Errorf("rejected Add(%s) returned %v", s, got)
		}
	}
}

// Add is a function of values: it never changes the meld it is given, and a
// meld is a copy.
func TestCanastaValueSemantics(t *testing.T) {
	p := handFootA()
	m := cnNew(t, p, "5C 5D 5H")
	copyOfM := m
	n, err := p.Add(m, card.MustParse("5S"))
	if err != nil {
		t.Fatal(err)
	}
	if m != copyOfM || m.Len() != 3 || n.Len() != 4 {
		t.Fatalf("after Add: m = %v, n = %v", m, n)
	}
	if m == n {
		t.Fatal("Add returned a meld equal to its input after adding a card")
	}
	n2, _ := p.Add(m, card.MustParse("5S"))
	if n2 != n {
		t.Errorf("Add is not deterministic: %v then %v", n, n2)
	}
}

func TestCanastaKind(t *testing.T) {
	tests := []struct {
		cards     string
		kind      meld.Class
		isCanasta bool
	}{
		// Hand and Foot A: "A meld (pile of cards) of seven cards is called a canasta";
		// Canasta: "A canasta is any meld containing 7 or more cards."
		{"6C 6C 6D 6D 6H 6S", meld.Short, false},
		{"6C 6C 6D 6D 6H 2S", meld.Short, false},
		// Hand and Foot A: "A clean canasta contains only natural cards (no wildcards)."
		{"6C 6C 6D 6D 6H 6S 6S", meld.Clean, true},
		{"6C 6C 6D 6D 6H 6S 6S 6H", meld.Clean, true},
		// Hand and Foot A: "A dirty canasta contains a mixture of natural and wild cards."
		{"6C 6C 6D 6D 6H 6S 2S", meld.Dirty, true},
		{"6C 6C 6D 6D 6H 6S 6H JK", meld.Dirty, true},
		{"6C 6C 6D 6D 6H 2S 2S JK", meld.Dirty, true},
	}
	p := handFootA()
	for _, tt := range tests {
		m := cnCollect(t, tt.cards)
		if k := p.Class(m); k != tt.kind {
			t.Errorf("Class(%s) = %v, want %v", tt.cards, k, tt.kind)
		}
		if got := p.IsCanasta(m); got != tt.isCanasta {
			t.Errorf("IsCanasta(%s) = %v, want %v", tt.cards, got, tt.isCanasta)
		}
	}
	// Red threes lie on top and do not count toward the size.
	m := cnCollect(t, "6C 6C 6D 6D 6H 6S 3H")
	if p.Class(m) != meld.Short || p.IsCanasta(m) {
		t.Errorf("6 naturals + a red three: Class %v, IsCanasta %v; want meld, false", p.Class(m), p.IsCanasta(m))
	}
	// The zero RankMeld is no meld at all.
	for _, pr := range cnPresets() {
		if k := pr.p.Class(meld.RankMeld{}); k != 0 {
			t.Errorf("%s: Class(zero RankMeld) = %v, want 0", pr.name, k)
		}
		if pr.p.IsCanasta(meld.RankMeld{}) {
			t.Errorf("%s: IsCanasta(zero RankMeld) = true", pr.name)
		}
	}
	// A house rule changes the canasta size.
	eight := canastaPolicy()
	eight.CanastaSize = 8
	if k := eight.Class(cnCollect(t, "6C 6C 6D 6D 6H 6S 6S")); k != meld.Short {
		t.Errorf("CanastaSize 8: Class(7 cards) = %v, want meld", k)
	}

	for k, want := range map[meld.Class]string{
		meld.Short: "meld", meld.Clean: "clean canasta", meld.Dirty: "dirty canasta",
		0: "Class(0)", 9: "Class(9)",
	} {
		if got := k.String(); got != want {
			t.Errorf("Class(%d).String() = %q, want %q", uint8(k), got, want)
		}
	}
	for w, want := range map[meld.WildRatio]string{
		meld.NoRatio: "no ratio", meld.MoreNatural: "more natural than wild",
		meld.AtLeastAsMany: "at least as many natural as wild", 7: "WildRatio(7)",
	} {
		if got := w.String(); got != want {
			t.Errorf("WildRatio(%d).String() = %q, want %q", uint8(w), got, want)
		}
	}
}

func TestCanastaZeroMeld(t *testing.T) {
	var m meld.RankMeld
	if m.IsValid() || m.Len() != 0 || m.Naturals() != 0 || m.Wilds() != 0 || m.RedThrees() != 0 || m.Rank() != 0 {
		t.Errorf("zero RankMeld: IsValid %v Len %d Naturals %d Wilds %d RedThrees %d Rank %v",
			m.IsValid(), m.Len(), m.Naturals(), m.Wilds(), m.RedThrees(), m.Rank())
	}
	if m.String() != "" || len(m.Cards()) != 0 || !m.Multiset().IsEmpty() {
		t.Errorf("zero RankMeld: String %q Cards %v Multiset %v", m.String(), m.Cards(), m.Multiset())
	}
	if m.Count(card.Joker) != 0 || m.Count(card.MustParse("2C")) != 0 || m.Count(0) != 0 {
		t.Error("zero RankMeld counts cards")
	}
	for _, pr := range cnPresets() {
		cnCheckErr(t, pr.name+": Validate(zero RankMeld)", pr.p.Validate(m), meld.ErrTooFewNaturals)
	}
}

func TestCanastaMeldAccessors(t *testing.T) {
	// Collect applies no policy: this meld breaks every preset, which is fine here.
	m := cnCollect(t, "7S 2D JK 7C 3H 7D 2C 7D 3D JK 2D")
	if m.Rank() != card.Seven || !m.IsValid() || m.IsNatural() {
		t.Errorf("Rank %v, IsValid %v, IsNatural %v", m.Rank(), m.IsValid(), m.IsNatural())
	}
	counts := []struct {
		name      string
		got, want int
	}{
		{"Naturals", m.Naturals(), 4},
		{"Twos", m.Twos(), 3},
		{"Jokers", m.Jokers(), 2},
		{"Wilds", m.Wilds(), 5},
		{"Len", m.Len(), 9},
		{"RedThrees", m.RedThrees(), 2},
		{"Count(7D)", m.Count(card.MustParse("7D")), 2},
		{"Count(7C)", m.Count(card.MustParse("7C")), 1},
		{"Count(7H)", m.Count(card.MustParse("7H")), 0},
		{"Count(2D)", m.Count(card.MustParse("2D")), 2},
		{"Count(2S)", m.Count(card.MustParse("2S")), 0},
		{"Count(JK)", m.Count(card.Joker), 2},
		{"Count(3D)", m.Count(card.MustParse("3D")), 1},
		{"Count(3H)", m.Count(card.MustParse("3H")), 1},
		{"Count(3C)", m.Count(card.MustParse("3C")), 0},
		{"Count(8D)", m.Count(card.MustParse("8D")), 0},
		{"Count(0)", m.Count(0), 0},
		{"Count(200)", m.Count(200), 0},
	}
	for _, c := range counts {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}

	// Order: naturals by suit, twos by suit, jokers, red threes.
	const order = "7C 7D 7D 7S 2C 2D 2D JK JK 3D 3H"
	if got := m.String(); got != order {
		t.Errorf("String() = %q, want %q", got, order)
	}
	want := cnCards(order)
	if diff := cmp.Diff(want, m.Cards()); diff != "" {
		t.Errorf("Cards() mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, slices.Collect(m.All())); diff != "" {
		t.Errorf("All() mismatch (-want +got):\n%s", diff)
	}
	prefix := []card.Card{card.Joker, card.MustParse("AS")}
	got := m.AppendCards(slices.Clone(prefix))
	if diff := cmp.Diff(append(slices.Clone(prefix), want...), got); diff != "" {
		t.Errorf("AppendCards mismatch (-want +got):\n%s", diff)
	}
	text, err := m.AppendText([]byte("meld: "))
	if err != nil || string(text) != "meld: "+order {
		t.Errorf("AppendText = %q, %v", text, err)
	}
	if got, want := m.Multiset(), cnMultiset(t, order); got != want {
		t.Errorf("Multiset() = %v, want %v", got, want)
	}
	// All stops when the loop does.
	var first []card.Card
	for c := range m.All() {
		first = append(first, c)
		if len(first) == 3 {
			break
		}
	}
	if diff := cmp.Diff(want[:3], first); diff != "" {
		t.Errorf("All() with break mismatch (-want +got):\n%s", diff)
	}

	// Cards returns a new slice: changing it leaves the meld alone.
	cs := m.Cards()
	cs[0] = card.MustParse("KH")
	cs[len(cs)-1] = card.Joker
	if m.String() != order {
		t.Errorf("changing Cards() changed the meld to %v", m)
	}

	// A big meld (more than any fixed buffer) lists every card.
	var big []card.Card
	for range 40 {
		big = append(big, card.MustParse("QH"))
	}
	bm, err := meld.Collect(big)
	if err != nil {
		t.Fatal(err)
	}
	if bm.Len() != 40 || len(bm.Cards()) != 40 || len(slices.Collect(bm.All())) != 40 || strings.Count(bm.String(), "QH") != 40 {
		t.Errorf("40-card meld: Len %d, Cards %d, String %q", bm.Len(), len(bm.Cards()), bm.String())
	}
}

// A meld of black threes counts its threes as naturals.
func TestCanastaBlackThreesAccessors(t *testing.T) {
	m := cnNew(t, canastaPolicy(), "3S 3C 3S")
	if m.Rank() != card.Three || m.Naturals() != 3 || m.RedThrees() != 0 || m.Count(card.MustParse("3S")) != 2 {
		t.Errorf("black threes: Rank %v Naturals %d RedThrees %d Count(3S) %d", m.Rank(), m.Naturals(), m.RedThrees(), m.Count(card.MustParse("3S")))
	}
	if got := m.String(); got != "3C 3S 3S" {
		t.Errorf("String() = %q", got)
	}
	if canastaPolicy().IsCanasta(m) {
		t.Error("a set of black threes is a canasta")
	}
}

func TestCanastaCollect(t *testing.T) {
	tests := []struct {
		name  string
		cards []card.Card
		want  error
	}{
		{"two ranks", cnCards("7H 8H"), meld.ErrRank},
		{"black three and seven", cnCards("7H 3C 7C"), meld.ErrRank},
		{"only wilds", cnCards("2H JK"), meld.ErrTooFewNaturals},
		{"no cards", nil, meld.ErrTooFewNaturals},
		{"card value 0", []card.Card{card.MustParse("7H"), 0}, meld.ErrInvalidCard},
		{"card value 54", []card.Card{54, card.MustParse("7H")}, meld.ErrInvalidCard},
		{"256 copies", slices.Repeat(cnCards("7H"), 256), meld.ErrInvalidCard},
		{"256 jokers", append(cnCards("7H"), slices.Repeat([]card.Card{card.Joker}, 256)...), meld.ErrInvalidCard},
	}
	for _, tt := range tests {
		m, err := meld.Collect(tt.cards)
		cnCheckErr(t, "Collect: "+tt.name, err, tt.want)
		if m != (meld.RankMeld{}) {
			t.Errorf("Collect: %s: returned %v with the error", tt.name, m)
		}
	}
	// 255 copies fit.
	m, err := meld.Collect(slices.Repeat(cnCards("7H"), 255))
	if err != nil || m.Naturals() != 255 {
		t.Errorf("Collect(255 × 7H) = %d naturals, %v", m.Naturals(), err)
	}
	// Only red threes: a meld of threes (that no policy accepts as such).
	m, err = meld.Collect(cnCards("3H 3D 2C"))
	if err != nil || m.Rank() != card.Three || m.Naturals() != 2 || m.RedThrees() != 0 {
		t.Errorf("Collect(3H 3D 2C) = %v (rank %v, naturals %d, red threes %d), %v", m, m.Rank(), m.Naturals(), m.RedThrees(), err)
	}
	// Red threes with other naturals are laid on top.
	m, err = meld.Collect(cnCards("3H 9C 9D 9S"))
	if err != nil || m.Rank() != card.Nine || m.RedThrees() != 1 || m.Len() != 3 {
		t.Errorf("Collect(3H 9C 9D 9S) = %v, %v", m, err)
	}
	// RankPolicy.New is Collect followed by Validate.
	for _, pr := range cnPresets() {
		cs := cnCards("JC JD 2S")
		got, err := pr.p.New(cs...)
		c, cerr := meld.Collect(cs)
		if err != nil || cerr != nil || got != c {
			t.Errorf("%s: New = %v, %v; Collect = %v, %v", pr.name, got, err, c, cerr)
		}
	}
}

// Canasta "Arranging Melds": "Cards are permitted to be moved to and from the
// table during the melding phase."
func TestCanastaRemove(t *testing.T) {
	m := cnCollect(t, "7C 7D 7D 7S 2C 2D JK 3H")
	got, err := m.Remove(cnCards("7D JK 3H 2C")...)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != "7C 7D 7S 2D" {
		t.Errorf("Remove = %v, want 7C 7D 7S 2D", got)
	}
	if m.String() != "7C 7D 7D 7S 2C 2D JK 3H" {
		t.Errorf("Remove changed its receiver: %v", m)
	}
	// Add then Remove gives the meld back.
	p := handFootA()
	start := cnNew(t, p, "AC AD AH")
	grown, err := p.Add(start, cnCards("AS 2H")...)
	if err != nil {
		t.Fatal(err)
	}
	back, err := grown.Remove(cnCards("2H AS")...)
	if err != nil || back != start {
		t.Errorf("Remove after Add = %v, %v; want %v", back, err, start)
	}

	// Atomic failure: nothing changes when a card is missing. (The sentinel
	// is not pinned: Remove reports a missing card as ErrRank, see the report.)
	for _, s := range []string{"7H", "7C 7C", "7D 7D 7D", "JK JK", "3D", "3C", "8C", "2S", "2C 7C 7H"} {
		got, err := m.Remove(cnCards(s)...)
		var re *meld.Error
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "is not on the meld 7C 7D 7D 7S 2C 2D JK 3H") {
			t.Errorf("Remove(%s) error = %v, want a *Error naming the meld", s, err)
		}
		if got != m {
			t.Errorf("failed Remove(%s) returned %v, want %v", s, got, m)
		}
	}
	got, err = m.Remove(card.MustParse("7C"), 0)
	cnCheckErr(t, "Remove(7C, 0)", err, meld.ErrInvalidCard)
	if got != m {
		t.Errorf("failed Remove(7C, 0) returned %v", got)
	}
}

func TestCanastaMeldText(t *testing.T) {
	for _, s := range []string{"7C 7H 7H 2S", "3C 3S 3S", "KC KD KH KS KS KH KD 3D 3H", "10C 10D 2C 2C JK", "AS AS AS"} {
		m := cnCollect(t, s)
		text, err := m.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText(%s): %v", s, err)
		}
		var back meld.RankMeld
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", text, err)
		}
		if back != m {
			t.Errorf("round trip of %s: %v, want %v", s, back, m)
		}
	}
	// Lenient input, canonical output.
	var m meld.RankMeld
	if err := m.UnmarshalText([]byte("7h,7c  2s, jk tc")); err == nil {
		t.Errorf("UnmarshalText accepted two ranks: %v", m)
	}
	if err := m.UnmarshalText([]byte("7h,7c  2s, jk 7♦")); err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "7C 7D 7H 2S JK" {
		t.Errorf("UnmarshalText(lenient) = %q", got)
	}

	// On error the meld is unchanged.
	before := m
	for _, bad := range []string{"7H 8H", "XX", "7H 7Z", "2C JK", "  "} {
		err := m.UnmarshalText([]byte(bad))
		if err == nil {
			t.Errorf("UnmarshalText(%q) accepted", bad)
		}
		if m != before {
			t.Errorf("UnmarshalText(%q) changed the meld to %v", bad, m)
		}
	}
	// Empty text is the zero RankMeld, as MarshalText writes it (like netip.Addr).
	if err := m.UnmarshalText(nil); err != nil || m != (meld.RankMeld{}) {
		t.Errorf("UnmarshalText(\"\") = %v, %v; want nil, the zero RankMeld", err, m)
	}
	m = before
	if err := m.UnmarshalText([]byte("7H 7Z")); !errors.Is(err, card.ErrSyntax) {
		t.Errorf("UnmarshalText(7H 7Z) = %v, want card.ErrSyntax", err)
	}
	if err := m.UnmarshalText([]byte("7H 8H")); !errors.Is(err, meld.ErrRank) {
		t.Errorf("UnmarshalText(7H 8H) = %v, want ErrRank", err)
	}
}

func TestCanastaMeldJSON(t *testing.T) {
	type table struct {
		Team  string
		Melds []meld.RankMeld
		Best  meld.RankMeld
	}
	p := handFootA()
	in := table{
		Team:  "north",
		Melds: []meld.RankMeld{cnNew(t, p, "7C 7H 7H 2S"), cnNew(t, p, "KC KC KD KH KH KS KS 3D")},
		Best:  cnNew(t, p, "AS AD AC"),
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	// A meld is an array of card strings, and naturals are listed by suit:
	// "AS AD AC" is written ["AC","AD","AS"].
	const want = `{"Team":"north","Melds":[["7C","7H","7H","2S"],["KC","KC","KD","KH","KH","KS","KS","3D"]],"Best":["AC","AD","AS"]}`
	if string(data) != want {
		t.Errorf("json.Marshal = %s\nwant %s", data, want)
	}
	var out table
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out, cmp.Comparer(func(a, b meld.RankMeld) bool { return a == b })); diff != "" {
		t.Errorf("JSON round trip mismatch (-in +out):\n%s", diff)
	}
	// The one string of earlier versions still loads.
	out = table{}
	if err := json.Unmarshal([]byte(`{"Team":"north","Melds":["7C 7H 7H 2S","KC KC KD KH KH KS KS 3D"],"Best":"AC AD AS"}`), &out); err != nil || cmp.Diff(in, out, cmp.Comparer(func(a, b meld.RankMeld) bool { return a == b })) != "" {
		t.Errorf("the old JSON read as %+v, %v", out, err)
	}
	for _, bad := range []string{`{"Best":"7H 8H 9H"}`, `{"Best":["7H","8H","9H"]}`} {
		if err := json.Unmarshal([]byte(bad), &out); !errors.Is(err, meld.ErrRank) {
			t.Errorf("json.Unmarshal(%s) = %v, want ErrRank", bad, err)
		}
	}
	for _, bad := range []string{`{"Best":["7H",""]}`, `{"Best":["7H 7C"]}`, `{"Best":["1X"]}`} {
		if err := json.Unmarshal([]byte(bad), &out); !errors.Is(err, card.ErrSyntax) {
			t.Errorf("json.Unmarshal(%s) = %v, want card.ErrSyntax", bad, err)
		}
	}
}

func TestCanastaRankSet(t *testing.T) {
	s := meld.Ranks(card.Ace, card.Four, card.Ten, card.Jack)
	if got := s.String(); got != "A 4 10 J" {
		t.Errorf("String() = %q", got)
	}
	want := map[card.Rank]bool{card.Ace: true, card.Four: true, card.Ten: true, card.Jack: true}
	for r := card.Rank(0); r <= 15; r++ {
		if s.Has(r) != want[r] {
			t.Errorf("Has(%v) = %v", r, s.Has(r))
		}
	}
	if got := s.With(card.King).String(); got != "A 4 10 J K" {
		t.Errorf("With(K) = %q", got)
	}
	if got := s.With(card.Ace); got != s {
		t.Errorf("With(A) of a set holding A = %v", got)
	}
	if got := s.Without(card.Four).String(); got != "A 10 J" {
		t.Errorf("Without(4) = %q", got)
	}
	if got := s.Without(card.King); got != s {
		t.Errorf("Without(K) of a set without K = %v", got)
	}
	for _, bad := range []card.Rank{0, 14, 15, 200} {
		if s.With(bad) != s || s.Without(bad) != s || s.Has(bad) {
			t.Errorf("invalid rank %d changed the set or is in it", bad)
		}
	}
	if meld.Ranks(0, 14) != 0 || meld.Ranks() != 0 || meld.RankSet(0).String() != "" {
		t.Error("Ranks of invalid ranks is not empty")
	}
	// Hand and Foot A (tens included) and Hand and Foot B: A, 4-K.
	for _, pr := range cnPresets() {
		if got := pr.p.Ranks.String(); got != "A 4 5 6 7 8 9 10 J Q K" {
			t.Errorf("%s: Ranks = %q", pr.name, got)
		}
	}

	unmarshal := []struct {
		text string
		want meld.RankSet
	}{
		{"A 4 T j", s},
		{"a,4,10,J", s},
		{"J 10 4 A A", s},
		{" , A ,, 4 10   J,", s},
		{"", 0},
		{"2 3", meld.Ranks(card.Two, card.Three)},
		{"k q", meld.Ranks(card.King, card.Queen)},
	}
	for _, tt := range unmarshal {
		var got meld.RankSet
		if err := got.UnmarshalText([]byte(tt.text)); err != nil || got != tt.want {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
		}
	}
	for _, bad := range []string{"A 1", "JK", "11", "7C", "X", "A\t4", "10C"} {
		got := s
		err := got.UnmarshalText([]byte(bad))
		if err == nil {
			t.Errorf("UnmarshalText(%q) accepted: %v", bad, got)
		}
		if got != s {
			t.Errorf("failed UnmarshalText(%q) changed the set to %v", bad, got)
		}
	}
	var r meld.RankSet
	if err := r.UnmarshalText([]byte("A 1")); err == nil || err.Error() != `meld: invalid rank notation: unknown rank "1" (ranks are A, 2 to 10 or T, J, Q, K)` || !errors.Is(err, meld.ErrRankNotation) {
		t.Errorf("UnmarshalText(A 1) error = %v", err)
	}
	// Every set of valid ranks survives a text round trip.
	for bits := range 1 << 13 {
		var in meld.RankSet
		for i := range 13 {
			if bits&(1<<i) != 0 {
				in = in.With(card.Rank(i + 1))
			}
		}
		text, err := in.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var out meld.RankSet
		if err := out.UnmarshalText(text); err != nil || out != in {
			t.Fatalf("round trip of %q: %v, %v", text, out, err)
		}
	}
	// JSON carries an array of ranks, as every list; the one string of
	// earlier versions still loads, and null leaves the set as it is.
	data, err := json.Marshal(map[string]meld.RankSet{"ranks": s})
	if err != nil || string(data) != `{"ranks":["A","4","10","J"]}` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
	for _, in := range []string{`["A","4","10","J"]`, `"A 4 10 J"`, `null`} {
		out := s
		if err := json.Unmarshal([]byte(in), &out); err != nil || out != s {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, out, err, s)
		}
	}
	for _, in := range []string{`["A","4 5"]`, `["A","X"]`, `[""]`, `7`, `"A X"`} {
		out := s
		if err := json.Unmarshal([]byte(in), &out); !errors.Is(err, meld.ErrRankNotation) || out != s {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want ErrRankNotation and no change", in, out, err)
		}
	}
	if b, err := json.Marshal(meld.RankSet(0)); err != nil || string(b) != `[]` {
		t.Errorf("json.Marshal of the empty set = %s, %v", b, err)
	}
}

// A ratio's JSON is its name; the number of earlier versions still loads.
func TestWildRatioJSON(t *testing.T) {
	b, err := json.Marshal([]meld.WildRatio{meld.NoRatio, meld.MoreNatural, meld.AtLeastAsMany})
	if want := `["no ratio","more natural than wild","at least as many natural as wild"]`; err != nil || string(b) != want {
		t.Errorf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	for in, want := range map[string]meld.WildRatio{`"more natural than wild"`: meld.MoreNatural, `1`: meld.MoreNatural, `2`: meld.AtLeastAsMany, `0`: meld.NoRatio} {
		var w meld.WildRatio
		if err := json.Unmarshal([]byte(in), &w); err != nil || w != want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, w, err, want)
		}
	}
	for _, in := range []string{`3`, `"more"`, `true`, `-1`} {
		w := meld.MoreNatural
		if err := json.Unmarshal([]byte(in), &w); !errors.Is(err, meld.ErrWildRatio) || w != meld.MoreNatural {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want ErrWildRatio and no change", in, w, err)
		}
	}
	if _, err := json.Marshal(meld.WildRatio(9)); err == nil {
		t.Error("json.Marshal of an unknown ratio succeeded")
	}
}

func TestCanastaPolicyCheck(t *testing.T) {
	for _, pr := range cnPresets() {
		if err := pr.p.Check(); err != nil {
			t.Errorf("%s.Check() = %v", pr.name, err)
		}
	}
	bad := []struct {
		name   string
		change func(*meld.RankPolicy)
	}{
		{"no ranks", func(p *meld.RankPolicy) { p.Ranks = 0 }},
		{"twos as a rank", func(p *meld.RankPolicy) { p.Ranks = p.Ranks.With(card.Two) }},
		{"threes as a rank", func(p *meld.RankPolicy) { p.Ranks = p.Ranks.With(card.Three) }},
		{"MinSize 0", func(p *meld.RankPolicy) { p.MinSize = 0 }},
		{"MinSize -3", func(p *meld.RankPolicy) { p.MinSize = -3 }},
		{"MinNaturals 0", func(p *meld.RankPolicy) { p.MinNaturals = 0 }},
		{"MaxWilds -1", func(p *meld.RankPolicy) { p.MaxWilds = -1 }},
		{"CanastaSize below MinSize", func(p *meld.RankPolicy) { p.CanastaSize = 2 }},
		{"CanastaSize 0", func(p *meld.RankPolicy) { p.CanastaSize = 0 }},
		{"unknown ratio", func(p *meld.RankPolicy) { p.Ratio = meld.AtLeastAsMany + 1 }},
	}
	for _, pr := range cnPresets() {
		for _, tt := range bad {
			p := pr.p
			tt.change(&p)
			err := p.Check()
			if !errors.Is(err, meld.ErrPolicy) {
				t.Errorf("%s with %s: Check() = %v, want ErrPolicy", pr.name, tt.name, err)
			}
		}
	}
	p := handFootA()
	p.Ranks = 0
	if err := p.Check(); err == nil || err.Error() != "meld: impossible meld policy: Ranks 0: set the meldable ranks, A to K, with Ranks(...)" {
		t.Errorf("Check(no ranks) = %q", err)
	}
	p = canastaPolicy()
	p.CanastaSize = 2
	if err := p.Check(); err == nil || err.Error() != "meld: impossible meld policy: CanastaSize 2 is below MinSize 3" {
		t.Errorf("Check(CanastaSize 2) = %q", err)
	}
	// Edge values that can still be played.
	ok := handFootA()
	ok.MinSize, ok.MinNaturals, ok.CanastaSize, ok.MaxWilds = 1, 1, 1, 1
	if err := ok.Check(); err != nil {
		t.Errorf("Check(minimal policy) = %v", err)
	}
}

func TestCanastaIsWildIsRedThree(t *testing.T) {
	for _, c := range card.All() {
		wantWild := c == card.Joker || c.Rank() == card.Two
		if meld.IsWild(c) != wantWild {
			t.Errorf("IsWild(%v) = %v", c, !wantWild)
		}
		wantRed3 := c == card.MustParse("3D") || c == card.MustParse("3H")
		if meld.IsRedThree(c) != wantRed3 {
			t.Errorf("IsRedThree(%v) = %v", c, !wantRed3)
		}
	}
	if meld.IsWild(0) || meld.IsRedThree(0) || meld.IsWild(200) {
		t.Error("an invalid card is wild or a red three")
	}
}

// Fits and CanAdd apply the count rules without cards.
func TestCanastaFitsCanAdd(t *testing.T) {
	a, b, c := handFootA(), handFootB(), canastaPolicy()
	fits := []struct {
		name string
		p    meld.RankPolicy
		n, w int
		want bool
	}{
		// Hand and Foot A: "3 cards must be present in the meld".
		{"A 2+0", a, 2, 0, false},
		{"A 3+0", a, 3, 0, true},
		// Hand and Foot A and B: "at all times strictly more natural than wild cards".
		{"A 2+1", a, 2, 1, true},
		{"A 2+2", a, 2, 2, false},
		{"A 4+3", a, 4, 3, true},
		{"B 6+5", b, 6, 5, true},
		{"B 6+6", b, 6, 6, false},
		// Hand and Foot B: "Clean - Max. 7 cards".
		{"B 7+0", b, 7, 0, true},
		{"B 8+0", b, 8, 0, false},
		{"A 8+0", a, 8, 0, true},
		// Canasta: "At least 2 natural"; "A maximum of 3 wild cards".
		{"Canasta 2+3", c, 2, 3, true},
		{"Canasta 1+2", c, 1, 2, false},
		{"Canasta 9+4", c, 9, 4, false},
		// Canasta: "Melds consisting entirely of wild cards are prohibited."
		{"Canasta 0+3", c, 0, 3, false},
		{"negative", a, -1, 5, false},
	}
	for _, tt := range fits {
		if got := tt.p.Fits(tt.n, tt.w); got != tt.want {
			t.Errorf("%s: Fits(%d, %d) = %v, want %v", tt.name, tt.n, tt.w, got, tt.want)
		}
	}

	locked := cnNew(t, a, "KC KC KD KH KH KS KS 3H")
	closed := cnNew(t, b, "KC KC KD KH KH KS KS")
	short := cnNew(t, a, "KC KD 2C")
	canAdd := []struct {
		name string
		p    meld.RankPolicy
		m    meld.RankMeld
		n, w int
		want bool
	}{
		{"natural to short", a, short, 1, 0, true},
		{"wild to 2+1", a, short, 0, 1, false},
		{"natural and wild to 2+1", a, short, 1, 1, true},
		{"nothing to short", a, short, 0, 0, true},
		// Hand and Foot A: "Once a red three ends up on a completed clean canasta, the canasta may not be dirtied."
		{"natural to locked", a, locked, 1, 0, true},
		{"wild to locked", a, locked, 3, 1, false},
		// Hand and Foot B: "Clean - Max. 7 cards".
		{"natural to closed", b, closed, 1, 0, false},
		{"wild to closed", b, closed, 0, 1, false},
		{"nothing to closed", b, closed, 0, 0, true},
		// Nothing is added to no meld.
		{"zero RankMeld", a, meld.RankMeld{}, 3, 0, false},
		{"negative", a, short, -1, 0, false},
	}
	for _, tt := range canAdd {
		if got := tt.p.CanAdd(tt.m, tt.n, tt.w); got != tt.want {
			t.Errorf("%s: CanAdd(%v, %d, %d) = %v, want %v", tt.name, tt.m, tt.n, tt.w, got, tt.want)
		}
	}
}
