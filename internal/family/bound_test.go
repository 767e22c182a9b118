package family_test

import (
	"errors"
	"fmt"
	"github.com/cardrules/cardrules"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
)

// After a yes, any walk through the actions Legal lists ends with the
// player going out: Legal is never empty, no action ends the turn
// otherwise, and going out stays possible at every step. Check and Apply
// agree: of the actions the same table allows without a question, Check
// accepts exactly those Legal lists, and Apply accepts each.
func TestYesEveryWalkGoesOut(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		oc := drawOutCase(t)
		c, tb := oc.c, oc.t
		c.AskPartner = true
		if !tb.CanGoOut(c) {
			t.Skip("cannot go out")
		}
		tb.Question = family.AnsweredYes
		for step := range 40 {
			if !tb.CanGoOut(c) {
				t.Fatalf("step %d: going out is no longer possible\n%v", step, outCase{c, tb})
			}
			legal := yesLegal(t, c, tb, step)
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, fmt.Sprint("action", step))]
			ev, err := tb.Apply(c, a)
			switch {
			case err != nil:
				t.Fatalf("Legal listed %+v, Apply said %v", a, err)
			case ev == family.WentOut:
				return
			case ev != family.Continue:
				t.Fatalf("%+v ended the turn without going out (event %v)", a, ev)
			}
		}
	})
}

// The question on a table with no second packet (every seat final, as in
// Canasta): asked after drawing, before laying any card, only by a player
// who can go out; the answer binds.
func TestEngineQuestion(t *testing.T) {
	c := outConfig(false, family.Canastas{Clean: 1}, 0)
	c.AskPartner = true
	c.Kinds |= family.KindsOf(family.Ask, family.Answer)
	c.Shoe = card.MustParseCards("7S 4C 9D 9H")
	var tb family.Table
	tb.Final, tb.Down = 0b1111, 0b11
	tb.Hands[0] = ms(t, "7S 7H 5C")
	m, _ := c.Meld.New(card.MustParseCards("7C 7D 7H 7S 7C")...)
	tb.Melds = []family.TableMeld{{Side: 0, M: m}}
	_ = tb.Pile.Add(card.MustParse("8S"))
	tb.Upcard = card.MustParse("8S")
	tb.BeginTurn(c, 0)
	ask := family.Action{Kind: family.Ask}
	refuse := func(tb family.Table, a family.Action, want error, says string) {
		t.Helper()
		before := tb
		_, err := tb.Apply(c, a)
		if !errors.Is(err, want) || !strings.Contains(err.Error(), says) {
			t.Errorf("%v: %v, want %v saying %q", a.Kind, err, want, says)
		}
		if tb.Core != before.Core {
			t.Errorf("a refused %v changed the table", a.Kind)
		}
	}
	refuse(tb, ask, cardrules.ErrNotNow, "draw first")
	if _, err := tb.Apply(c, family.Action{Kind: family.Draw}); err != nil {
		t.Fatal(err)
	}
	// 7S 7H 5C 7S 4C: the sevens make a clean canasta; 5C and 4C cannot
	// both leave the hand.
	refuse(tb, ask, cardrules.ErrNotNow, "cannot go out")
	tb.Hands[0] = ms(t, "7S 7H 5C")
	tb.Fix()
	laid := tb
	seven, _ := family.NewAdd(family.Ref{Rank: card.Seven}, card.MustParseCards("7S"), false)
	if _, err := laid.Apply(c, seven); err != nil {
		t.Fatal(err)
	}
	refuse(laid, ask, cardrules.ErrNotNow, "laid cards")
	seven7H, _ := family.NewAdd(family.Ref{Rank: card.Seven}, card.MustParseCards("7H"), false)
	refuse(laid, seven7H, cardrules.ErrPermission, "laid cards before asking")

	if _, err := tb.Apply(c, ask); err != nil {
		t.Fatal(err)
	}
	if tb.ToAct != 2 || tb.Phase != family.Answering {
		t.Fatalf("after asking: phase %v, to act %d", tb.Phase, tb.ToAct)
	}
	yes := tb
	if _, err := yes.Apply(c, family.NewAnswer(true)); err != nil {
		t.Fatal(err)
	}
	refuse(yes, family.Action{Kind: family.Discard, Card: card.MustParse("5C")}, cardrules.ErrMustGoOut, "last card")
	no := tb
	if _, err := no.Apply(c, family.NewAnswer(false)); err != nil {
		t.Fatal(err)
	}
	both, _ := family.NewAdd(family.Ref{Rank: card.Seven}, card.MustParseCards("7S 7H"), false)
	refuse(no, both, cardrules.ErrKeepCard, "said no")
	if ev, err := yes.Apply(c, both); err != nil || ev != family.Continue {
		t.Fatalf("after the yes, the sevens: %v, %v", ev, err)
	}
	if ev, err := yes.Apply(c, family.Action{Kind: family.Discard, Card: card.MustParse("5C")}); err != nil || ev != family.WentOut {
		t.Fatalf("after the yes, the last card: %v, %v", ev, err)
	}
}

// yesLegal returns Legal after the yes at tb, failing t unless it lists
// some action and, of the actions the same table allows without a
// question, exactly those Check accepts (each checked in full, with no
// shortcut of Legal's).
func yesLegal(t *rapid.T, c *family.Config, tb family.Table, step int) []family.Action {
	legal := family.AppendLegal(nil, c, &tb)
	if len(legal) == 0 {
		t.Fatalf("step %d: no legal action after the yes\n%v", step, outCase{c, tb})
	}
	// The same table with no question: what the yes filters.
	free, fc := tb, *c
	free.Question, fc.AskPartner = family.NotAsked, false
	listed := map[family.Action]bool{}
	for _, a := range legal {
		listed[a] = true
	}
	for _, a := range family.AppendLegal(nil, &fc, &free) {
		if ok := tb.Check(c, a).OK(); ok != listed[a] {
			t.Fatalf("step %d: Check(%+v) = %v, Legal lists it: %v\n%v", step, a, ok, listed[a], outCase{c, tb})
		}
	}
	return legal
}

// After a yes, with the side down, Legal checks one meld step for each
// number of wild cards it lays and lists the steps that split that number
// otherwise into twos and jokers alike. The hands here hold twos and
// jokers both, so that many steps share their number; Legal must still
// list exactly the steps Check accepts, each checked in full. The run must
// meet shared numbers both listed and refused.
func TestYesWildSplitsAlike(t *testing.T) {
	var listed, refused int // shared numbers of wild cards Legal listed and refused
	rapid.Check(t, func(t *rapid.T) {
		oc := drawOutCase(t)
		c, tb := oc.c, oc.t
		c.AskPartner = true
		tb.Down |= 1
		for i := range rapid.IntRange(1, 3).Draw(t, "twos") {
			_ = tb.Hands[0].Add(card.New(card.Two, card.Suit(i%4+1)))
		}
		for range rapid.IntRange(1, 2).Draw(t, "jokers") {
			_ = tb.Hands[0].Add(card.Joker)
		}
		if !tb.CanGoOut(c) {
			t.Skip("cannot go out")
		}
		tb.Question = family.AnsweredYes
		for step := range 3 {
			legal := yesLegal(t, c, tb, step)
			l, r := sharedSplits(c, tb, legal)
			listed, refused = listed+l, refused+r
			ev, err := tb.Apply(c, legal[rapid.IntRange(0, len(legal)-1).Draw(t, fmt.Sprint("action", step))])
			if err != nil || ev != family.Continue {
				return
			}
		}
	})
	t.Logf("shared numbers of wild cards: %d listed, %d refused", listed, refused)
	if listed < 10 || refused < 10 {
		t.Errorf("shared numbers of wild cards: %d listed, %d refused: too few to test the sharing", listed, refused)
	}
}

// sharedSplits counts the meld steps of tb (kind, rank, target and natural
// cards) whose number of wild cards the table without the question allows
// split two ways or more into twos and jokers: those Legal lists after the
// yes, and those it refuses.
func sharedSplits(c *family.Config, tb family.Table, legal []family.Action) (listed, refused int) {
	free, fc := tb, *c
	free.Question, fc.AskPartner = family.NotAsked, false
	type key struct {
		kind       family.Kind
		rank       card.Rank
		target     uint8
		nat, wilds int
	}
	splits := map[key]int{}
	ok := map[key]bool{}
	for _, a := range family.AppendLegal(nil, &fc, &free) {
		if n, tw, j := a.Counts(); tw+j > 0 {
			k := key{a.Kind, a.Rank, a.Target, n, tw + j}
			splits[k]++
			ok[k] = slices.Contains(legal, a)
		}
	}
	for k, n := range splits {
		switch {
		case n < 2:
		case ok[k]:
			listed++
		default:
			refused++
		}
	}
	return listed, refused
}
