package handfoot

// Scenario tests of the going-out question (rule set B, and any table with
// AskPartner): when the player may ask, and how the partner's answer binds. B:
// "Only one player of a partnership needs to clear his hand to go out, but he
// must ask his partners permission first." "You must ask your partner if he
// wants to go out, and abide by his decision." The library's ruling: the
// question is asked after drawing, while playing from the foot, before laying
// any card this turn, and only when the player can go out this turn with the
// cards it holds; a yes obliges the player to go out this turn (it still
// chooses how), a no forbids going out this turn.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// ptMelds lays team 0's melds: a clean canasta of nines (closed at seven
// under rule set B) if clean, a dirty canasta of kings with room for four
// more wild cards if dirty, and a meld of three sevens.
func ptMelds(b *scBuilder, clean, dirty bool) *scBuilder {
	if clean {
		b.meld(0, "9C 9D 9H 9S 9C 9D 9H")
	}
	if dirty {
		b.meld(0, "KC KD KH KS KC KD 2C")
	}
	return b.meld(0, "7C 7D 7H")
}

// ptOut is seat 0 of a rule set B table in its foot, melding, holding
// hand, with ptMelds. Seat 2 is the partner.
func ptOut(t testing.TB, hand string, clean, dirty bool) State {
	t.Helper()
	return ptMelds(scPos(t, RulesB()).seat(0, hand, "").inFoot(0).seat(1, "5C", ""), clean, dirty).
		phase(Melding).build()
}

// ptAsk asks and has the partner answer.
func ptAsk(t testing.TB, s State, yes bool) State {
	t.Helper()
	s = scDo(t, s, Ask())
	scWantTurn(t, s, Answering, 0, 2)
	s = scDo(t, s, Answer(yes))
	scWantTurn(t, s, Melding, 0, 0)
	return s
}

// ptRefuseAsk checks that asking is refused with a message containing why,
// and that Legal does not list it.
func ptRefuseAsk(t *testing.T, s State, why string) {
	t.Helper()
	scReject(t, s, Ask(), ErrNotNow)
	if _, err := Apply(s, Ask()); err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("asking refused with %v, want it to say %q", err, why)
	}
	if scHasKind(s, KindAsk) {
		t.Errorf("Legal lists ask: %v", Legal(s))
	}
}

// ptWentOut checks that seat 0 went out and the round is over.
func ptWentOut(t *testing.T, s State) {
	t.Helper()
	if s.Phase() != RoundOver || s.Results()[0].WentOut != 0 {
		t.Fatalf("phase %v, want the round over with seat 0 out", s.Phase())
	}
}

// The question is asked only after drawing, from the foot, before laying
// any card this turn, and only by a player who can go out this turn.
func TestRuleBAskOnlyWhenItCanGoOut(t *testing.T) {
	t.Run("after drawing, in the foot, able to go out", func(t *testing.T) {
		// 7S on the sevens, 4C discarded.
		s := ptOut(t, "7S 4C", true, true)
		if !scHasKind(s, KindAsk) {
			t.Errorf("Legal = %v, want ask", Legal(s))
		}
		scDo(t, s, Ask())
	})
	t.Run("before drawing", func(t *testing.T) {
		s := ptMelds(scPos(t, RulesB()).seat(0, "7S 4C", "").inFoot(0), true, true).stockTop("7H 7D").build()
		ptRefuseAsk(t, s, "draw first")
		// After the draw: three sevens on the sevens, 4C discarded.
		s = scDo(t, s, Draw())
		scDo(t, s, Ask())
	})
	t.Run("not in the foot", func(t *testing.T) {
		ptRefuseAsk(t, ptMelds(scPos(t, RulesB()).seat(0, "7S 4C", scFoot), true, true).phase(Melding).build(), "foot")
	})
	t.Run("after laying a card", func(t *testing.T) {
		s := scDo(t, ptOut(t, "7S 7S 4C", true, true), scAdd(t, card.Seven, 0, "7S"))
		ptRefuseAsk(t, s, "laid cards")
		// Taking the card back does not undo having laid it.
		ptRefuseAsk(t, scDo(t, s, TakeBack()), "laid cards")
	})
	t.Run("after playing into the foot this turn", func(t *testing.T) {
		s := ptMelds(scPos(t, RulesB()).seat(0, "7S 7S", "7S 4C 5D"), true, true).phase(Melding).build()
		s = scDo(t, s, scAdd(t, card.Seven, 0, "7S 7S"))
		if !s.InFoot(0) || s.Phase() != Melding {
			t.Fatalf("in foot %v, phase %v: want the foot picked up and play going on", s.InFoot(0), s.Phase())
		}
		ptRefuseAsk(t, s, "laid cards")
	})
	t.Run("unable to go out", func(t *testing.T) {
		// 4C and 5D cannot both leave the hand.
		ptRefuseAsk(t, ptOut(t, "7S 4C 5D", true, true), "cannot go out")
		// Without the canastas.
		ptRefuseAsk(t, ptOut(t, "7S 7S", true, false), "cannot go out")
	})
	t.Run("twice", func(t *testing.T) {
		ptRefuseAsk(t, ptAsk(t, ptOut(t, "7S 4C", true, true), false), "already asked")
		ptRefuseAsk(t, ptAsk(t, ptOut(t, "7S 4C", true, true), true), "already asked")
	})
	t.Run("while taking the pile for the first melds", func(t *testing.T) {
		before := scPos(t, RulesB()).seat(0, "KC KS 8C 8D 8H 4S", "").inFoot(0).pile("5D KH").build()
		s := scDo(t, before, Take())
		scWantTurn(t, s, Opening, 0, 0)
		ptRefuseAsk(t, s, "after drawing")
		// Taken back, the take leaves the turn as it was before it, the
		// question still to come.
		if back := scDo(t, s, TakeBack()); !back.Equal(before) || back.Position().Late {
			t.Errorf("taken back: phase %v, question closed %v: want the State before the take", back.Phase(), back.Position().Late)
		}
	})
	t.Run("rule set A and players without a partner never ask", func(t *testing.T) {
		a := scOutMelds(scPos(t, RulesA()).seat(0, "7S 4C", "").inFoot(0), 0, 2, 2).phase(Melding).build()
		ptRefuseAsk(t, a, "do not ask")
		two := ptMelds(scPos(t, RulesB().WithLayout(2, 2)).seat(0, "7S 7S", "").inFoot(0), true, true).
			phase(Melding).build()
		ptRefuseAsk(t, two, "no partner")
		ptWentOut(t, scDo(t, two, scAdd(t, card.Seven, 0, "7S 7S")))
	})
}

// The library's ruling for rule set B and any table that asks: "the
// question is asked during the player's turn after drawing, while playing
// from the foot, before laying any card this turn (taking the pile is the
// draw: the cards laid to take it do not count)". Rule set A's turn is
// "Pick up 2 cards from the stock or -Pick up the discard pile": the take
// is the draw. After each take below the player holds 7S and 4S and may
// ask; after a yes, 7S on the sevens and 4S discarded go out.
func TestRuleBAskAfterTakingThePile(t *testing.T) {
	asks := RulesA() // rule set A's takes onto a meld, at a table that asks
	asks.AskPartner, asks.LargeTable = true, 0
	tests := []struct {
		name       string
		r          Rules
		hand, foot string
		pile       string
		take       Action
	}{
		{"B, with the natural pair", RulesB(), "QC QD 7S 4S", "", "QS", Take()},
		{"B, with the natural pair onto a meld", RulesB(), "8C 8D 7S 4S", "", "8S", must(TakeTo(0))},
		{"B, the pair the last cards of the hand", RulesB(), "QC QD", "7S 4S", "QS", Take()},
		{"A asking, the upcard onto a meld", asks, "7S 4S", "", "8S", must(TakeTo(0))},
		{"A asking, a wild upcard onto a meld", asks, "7S 4S", "", "JK", must(TakeToMeld(Ref{Rank: card.Eight}))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := scPos(t, tt.r).seat(0, tt.hand, tt.foot).seat(1, "5C", "")
			if tt.foot == "" {
				b = b.inFoot(0)
			}
			s := ptMelds(b, true, true).meld(0, "8C 8D 8H").pile(tt.pile).build()
			if !scHasAction(s, tt.take) {
				t.Fatalf("Legal = %v, want %v", Legal(s), tt.take)
			}
			s = scDo(t, s, tt.take)
			scWantTurn(t, s, Melding, 0, 0)
			scWantHand(t, s, 0, "7S 4S")
			if s.Position().Late {
				t.Error("the Position says the question is closed")
			}
			if !scHasAction(s, Ask()) {
				t.Errorf("Legal = %v after the take, want ask", Legal(s))
			}
			yes := scDo(t, ptAsk(t, s, true), scAdd(t, card.Seven, 0, "7S"))
			ptWentOut(t, scDo(t, yes, must(Discard(scC("4S")))))
			// Not asking, the player plays on.
			scWantTurn(t, scDo(t, s, must(Discard(scC("4S")))), Drawing, 1, 1)
		})
	}
}

// Without a yes the player does not go out: not without asking, not after
// laying cards before asking, not after a no. The player always has a
// move: it keeps two cards to discard one.
func TestRuleBNoYesNoGoingOut(t *testing.T) {
	for _, tt := range []struct {
		name string
		s    func(t *testing.T) State
		why  string
	}{
		{"not asked", func(t *testing.T) State { return ptOut(t, "7S 7H 7D 7S JK 2C", false, true) }, "ask your partner first"},
		{"no", func(t *testing.T) State { return ptAsk(t, ptOut(t, "7S 7H 7D 7S JK 2C", false, true), false) }, "said no"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s(t)
			s = scDo(t, s, scAdd(t, card.Seven, 0, "7S 7H 7D 7S")) // a clean canasta of sevens
			if tt.name == "not asked" {
				ptRefuseAsk(t, s, "laid cards")
				tt.why = "laid cards before asking"
			}
			// Melding the last two cards goes out; melding one leaves a
			// card that could only go as a final discard.
			out := scAdd(t, card.King, 0, "JK 2C")
			scReject(t, s, out, ErrPermission)
			scReject(t, s, scAdd(t, card.King, 0, "JK"), ErrKeepCard, ErrPermission)
			for _, a := range []Action{out, scAdd(t, card.King, 0, "JK")} {
				if _, err := Apply(s, a); err == nil || !strings.Contains(err.Error(), tt.why) {
					t.Errorf("Apply(%v): %v, want it to say %q", a, err, tt.why)
				}
				if scHasAction(s, a) {
					t.Errorf("Legal lists %v", a)
				}
			}
			// The turn ends with a discard.
			s = scDo(t, s, must(Discard(scC("2C"))))
			scWantTurn(t, s, Drawing, 1, 1)
			scWantHand(t, s, 0, "JK")
		})
	}
}

// After a yes the player must go out this turn: it may choose how, but no
// action may make going out impossible, and Legal lists none that would.
func TestRuleBYesBindsTheTurn(t *testing.T) {
	// The team has a dirty canasta of kings and needs a clean one: the
	// four sevens make the sevens a clean canasta of seven (closed), the
	// joker and the two go on the kings, or one of them is discarded.
	// Any wild card on the sevens leaves no clean canasta to be had.
	yes := func(t *testing.T) State { return ptAsk(t, ptOut(t, "7S 7H 7D 7S JK 2C", false, true), true) }

	t.Run("no action that makes going out impossible", func(t *testing.T) {
		s := yes(t)
		// A wild card on the sevens leaves no clean canasta to be had.
		for _, a := range []Action{scAdd(t, card.Seven, 0, "JK"), scAdd(t, card.Seven, 0, "7S 7H JK")} {
			scReject(t, s, a, ErrMustGoOut)
			if scHasAction(s, a) {
				t.Errorf("Legal lists %v", a)
			}
		}
		// A discard before the last card ends the turn without going out.
		scReject(t, s, must(Discard(scC("2C"))), ErrMustGoOut)
		if scHasKind(s, KindDiscard) {
			t.Errorf("Legal lists a discard: %v", Legal(s))
		}
		// Every action Legal lists keeps going out possible.
		for _, a := range Legal(s) {
			next := scDo(t, s, a)
			if next.Phase() != RoundOver && !scCanGoOut(next) {
				t.Errorf("Legal lists %v, after which the player cannot go out", a)
			}
		}
		// Taking back is fine: before laying, the player could go out.
		s = scDo(t, s, scAdd(t, card.King, 0, "JK"))
		back := scDo(t, s, TakeBack())
		if !back.Equal(yes(t)) {
			t.Errorf("TakeBack after the yes did not return to the answer")
		}
		if v := back.View(0); v.Answer != 1 {
			t.Errorf("after TakeBack the answer is %d, want yes", v.Answer)
		}
	})
	t.Run("going out by melding the last cards", func(t *testing.T) {
		s := scDo(t, yes(t), scAdd(t, card.Seven, 0, "7S 7H 7D 7S"))
		s = scDo(t, s, scAdd(t, card.King, 0, "JK 2C"))
		ptWentOut(t, s)
		// 500 + 300, the table 35 (seven sevens) + 150 (six kings, two
		// twos and the joker), the partner's three black threes held
		// (-15), going out 100.
		scWantScore(t, s.Results()[0].Teams[0], score.Breakdown{
			{Item: ItemClean, Points: 500}, {Item: ItemDirty, Points: 300},
			{Item: ItemTable, Points: 35 + 150}, {Item: ItemHeld, Points: -15}, {Item: ItemGoingOut, Points: 100},
		}, 1070)
	})
	t.Run("going out by a final discard", func(t *testing.T) {
		s := scDo(t, yes(t), scAdd(t, card.King, 0, "2C"))
		s = scDo(t, s, scAdd(t, card.Seven, 0, "7S 7H 7D 7S"))
		if !scHasKind(s, KindDiscard) {
			t.Fatalf("with one card left Legal = %v, want the discard", Legal(s))
		}
		ptWentOut(t, scDo(t, s, must(Discard(scC("JK")))))
	})
}

// After a yes, whatever the player does among the actions Legal lists, it
// ends the turn by going out: Legal is never empty and never leads to a
// position from which going out is impossible.
func TestRuleBYesEveryPathGoesOut(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    func(t *testing.T) State
	}{
		{"sevens and a wild pair", func(t *testing.T) State { return ptOut(t, "7S 7H 7D 7S JK 2C", false, true) }},
		{"two ranks and a card to discard", func(t *testing.T) State { return ptOut(t, "7S 7H 5C 5D 5H JK 4S", true, true) }},
		{"a new meld", func(t *testing.T) State { return ptOut(t, "7S 7H 7D 2D 8C 8D 8H 4S", true, false) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ptAsk(t, tc.s(t), true)
			seen := map[string]bool{}
			var walk func(s State)
			walk = func(s State) {
				// The position, not how it was reached (a State's JSON holds
				// the actions since the turn's fixed point).
				key := fmt.Sprint(s.Phase(), s.Hand(0), s.Melds(0), s.LaidThisTurn())
				if seen[key] {
					return
				}
				seen[key] = true
				legal := Legal(s)
				if len(legal) == 0 {
					t.Fatalf("no legal action after the yes: hand %v", s.Hand(0))
				}
				for _, a := range legal {
					next := scDo(t, s, a)
					switch {
					case next.Phase() == RoundOver:
						ptWentOut(t, next)
					case next.Turn() != 0:
						t.Fatalf("%v ended the turn without going out", a)
					default:
						walk(next)
					}
				}
			}
			walk(s)
			if len(seen) < 3 {
				t.Errorf("only %d positions after the yes", len(seen))
			}
		})
	}
}

// scCanGoOut reports whether some sequence of Legal's meld steps and
// discards takes seat 0 out from s this turn.
func scCanGoOut(s State) bool {
	for _, a := range Legal(s) {
		switch a.Kind() {
		case KindMeld, KindAdd, KindLayRed, KindDiscard:
		default:
			continue
		}
		next, err := Apply(s, a)
		if err != nil {
			continue
		}
		if next.Phase() == RoundOver && next.Results()[len(next.Results())-1].WentOut == s.Turn() ||
			next.Turn() == s.Turn() && next.Phase() == Melding && scCanGoOut(next) {
			return true
		}
	}
	return false
}

// A position with a question the player could not have asked is no
// position of the game: the question is asked through Actions, and refused
// while the player cannot go out; a position may say the question is
// closed (Late) for a player melding from the foot.
func TestRuleBQuestionInPosition(t *testing.T) {
	p := ptOut(t, "7S 7S", true, false).Position()
	p.Actions = []Action{Ask()}
	if _, err := FromPosition(p); !errors.Is(err, ErrPosition) || !errors.Is(err, ErrPermission) && !errors.Is(err, ErrNotNow) {
		t.Errorf("asking while unable to go out: %v", err)
	}
	ok := ptOut(t, "7S 4C", true, true).Position()
	ok.Late = true
	s, err := FromPosition(ok)
	if err != nil {
		t.Fatalf("a late question: %v", err)
	}
	ptRefuseAsk(t, s, "laid cards")
	if v := s.View(0); v.Asked || v.Answer != 0 {
		t.Errorf("View after laying without asking: asked %v, answer %d", v.Asked, v.Answer)
	}
	if back, err := FromPosition(s.Position()); err != nil || !back.Equal(s) {
		t.Errorf("a late question does not round-trip: %v", err)
	}
	a := ptOut(t, "7S 4C", true, true).Position()
	a.Late, a.Phase = true, Drawing
	if _, err := FromPosition(a); !errors.Is(err, ErrPosition) {
		t.Errorf("Late before the draw: %v", err)
	}
}

// Legal asks the solver whether the player can go out: once for the
// question, and once for every meld step after a yes. It allocates nothing
// either way.
func TestRuleBLegalAllocs(t *testing.T) {
	mayAsk := ptOut(t, "7S 7H 7D 7S JK 2C 5C 5D 5H 4S", false, true)
	yes := scDo(t, ptAsk(t, mayAsk, true), scMeld(t, "5C 5D 5H"))
	buf := make([]Action, 0, 1024)
	for _, tc := range []struct {
		name string
		s    State
		want Kind
	}{{"may ask", mayAsk, KindAsk}, {"after a yes", yes, KindTakeBack}} {
		if !scHasKind(tc.s, tc.want) {
			t.Fatalf("%s: Legal = %v, want %v", tc.name, Legal(tc.s), tc.want)
		}
		allocs := testing.AllocsPerRun(100, func() { buf = AppendLegal(buf[:0], tc.s) })
		if allocs != 0 {
			t.Errorf("%s: AppendLegal makes %v allocations per call; want 0", tc.name, allocs)
		}
	}
}

// BenchmarkLegalMayAsk lists the legal actions of a rule set B player in
// its foot who may ask (the solver runs once).
func BenchmarkLegalMayAsk(b *testing.B) {
	benchLegal(b, ptOut(b, "7S 7H 7D 7S JK 2C 5C 5D 5H 4S", false, true))
}

// BenchmarkLegalAfterYes lists the legal actions after a yes (the solver
// runs for every meld step and the take-back).
func BenchmarkLegalAfterYes(b *testing.B) {
	benchLegal(b, scDo(b, ptAsk(b, ptOut(b, "7S 7H 7D 7S JK 2C 5C 5D 5H 4S", false, true), true), scMeld(b, "5C 5D 5H")))
}

func benchLegal(b *testing.B, s State) {
	buf := make([]Action, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendLegal(buf[:0], s)
	}
}
