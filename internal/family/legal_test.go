package family_test

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// Legal lists exactly the meld steps Check accepts, one for each count of
// natural cards, twos and jokers (suits taken clubs first), also where a
// step leaves the hand two cards, one or none: Legal appends the steps
// that leave two cards or more without checking them, and checks the
// others in full. Going out here needs a clean canasta, which none of the
// hands can make, so the steps leaving one card or none are refused and
// the others not; unless the side has one already, when the meld rules
// alone decide them (and Legal checks one step of each number of wild
// cards for all its splits into twos and jokers). Each hand is asked with
// a meld of its side on the table (adds) and without (new melds only).
func TestLegalMeldStepsNearEmpty(t *testing.T) {
	r := handfoot.RulesA()
	outs := 0 // tables where Legal lists a step leaving one card or none
	for _, hand := range []string{
		"9C 9D 9H 2C JK 5C",       // seven cards once the draw is in
		"9C 9D 2C 2D JK",          // six
		"7C 9C 9D 9H 9S 2C JK JK", // nine, with a second joker
		"7C 7D 2C",                // four
		"5C 5D 5H 2C JK",          // six, the draw's 5S melded with them
	} {
		for i := range 4 {
			onTable, clean := i&1 != 0, i&2 != 0
			c := &family.Config{
				Pkg: "game", Players: 2, Sides: 2, Meld: r.Meld, Values: r.Values.Melded, DrawCount: 1,
				Kinds: family.KindsOf(family.Draw, family.Meld, family.Add, family.Discard),
				Shoe:  card.MustParseCards("5S 5D 5H"), GoOut: family.Canastas{Clean: 1},
			}
			tb := new(family.Table)
			tb.Final, tb.Down = 0b11, 0b11
			tb.Hands[0] = ms(t, hand)
			tb.Hands[1] = ms(t, "KC KD")
			if onTable {
				tb.Melds = append(tb.Melds,
					family.TableMeld{Side: 1, M: famtest.MustMeld("7S 7H 7D")},
					family.TableMeld{Side: 0, M: famtest.MustMeld("7S 7H 7D 2S")})
			}
			if clean {
				tb.Melds = append(tb.Melds, family.TableMeld{Side: 0, M: famtest.MustMeld("KC KC KD KD KH KH KS")})
			}
			tb.BeginTurn(c, 0)
			if _, err := tb.Apply(c, family.Action{Kind: family.Draw}); err != nil {
				t.Fatal(err)
			}
			var listed []family.Action
			out := false // a step listed going out, or leaving the discard
			for _, a := range family.AppendLegal(nil, c, tb) {
				if a.Kind == family.Meld || a.Kind == family.Add {
					listed = append(listed, a)
					n, tw, j := a.Counts()
					out = out || tb.Hands[0].Len()-n-tw-j <= 1
				}
			}
			if out && !clean {
				t.Errorf("hand %s, meld on the table %v: Legal lists a step leaving one card or none", hand, onTable)
			}
			if out {
				outs++
			}
			var want []family.Action
			for a := range meldSteps(tb.Hands[0]) {
				if tb.Check(c, a).OK() {
					want = append(want, a)
				}
				a.Kind, a.Target = family.Add, 1
				if tb.Check(c, a).OK() {
					want = append(want, a)
				}
			}
			if !sameActions(listed, want) {
				t.Errorf("hand %s, meld on the table %v, clean canasta %v: Legal lists the steps\n%v\nCheck accepts\n%v", hand, onTable, clean, listed, want)
			}
		}
	}
	if outs == 0 {
		t.Error("Legal listed no step leaving one card or none: the checks in full went untested")
	}
}

// meldSteps yields the new meld steps of hand, of each rank but twos and
// threes: every count of its natural cards, twos and jokers held, suits
// clubs first, laying a card at least.
func meldSteps(hand card.Multiset) iter.Seq[family.Action] {
	return func(yield func(family.Action) bool) {
		for rank := card.Ace; rank <= card.King; rank++ {
			if rank == card.Two || rank == card.Three {
				continue
			}
			for n := 0; n <= hand.CountRank(rank); n++ {
				for tw := 0; tw <= hand.CountRank(card.Two); tw++ {
					for j := 0; j <= hand.Count(card.Joker); j++ {
						if n+tw+j == 0 {
							continue // no step: not well formed, which Check takes as given
						}
						if !yield(family.Action{Kind: family.Meld, Rank: rank,
							Nat: clubsFirst(hand, rank, n), Twos: clubsFirst(hand, card.Two, tw), Jokers: uint8(j)}) {
							return
						}
					}
				}
			}
		}
	}
}

// sameActions reports whether a and b hold the same actions, in any order
// (it sorts both).
func sameActions(a, b []family.Action) bool {
	byText := func(a, b family.Action) int { return cmp.Compare(fmt.Sprint(a), fmt.Sprint(b)) }
	slices.SortFunc(a, byText)
	slices.SortFunc(b, byText)
	return slices.Equal(a, b)
}

// clubsFirst returns how many cards of rank each suit gives when k of
// them are taken from hand, clubs first.
func clubsFirst(hand card.Multiset, rank card.Rank, k int) [4]uint8 {
	var into [4]uint8
	for i, has := range hand.CountSuits(rank) {
		into[i] = uint8(min(k, int(has)))
		k -= int(into[i])
	}
	return into
}

// ActionLayout accepts a struct of one Action and panics on any other
// type, naming it.
func TestActionLayout(t *testing.T) {
	type wrapped struct{ _ family.Action }
	if !family.ActionLayout[wrapped]() {
		t.Error("ActionLayout of a struct of one Action is false")
	}
	type twoFields struct {
		_ family.Action
		_ int
	}
	type sameSize struct {
		_ [unsafe.Sizeof(family.Action{})]byte
	}
	for name, check := range map[string]func() bool{
		"family_test.twoFields": family.ActionLayout[twoFields],
		"family_test.sameSize":  family.ActionLayout[sameSize],
		"int":                   family.ActionLayout[int],
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: ActionLayout did not panic", name)
				} else if !strings.Contains(fmt.Sprint(r), name) {
					t.Errorf("%s: the panic %q does not name the type", name, r)
				}
			}()
			check()
		}()
	}
}
