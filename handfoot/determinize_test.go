package handfoot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
)

// Determinize, at the start of a turn, keeps all the seat sees and deals
// the rest anew from the seed: the View of what it builds is the View it
// was given, its own hand is kept, and the hidden cards differ by seed.
// Under rule set B ("Player can pick up either hand") the seat chose its
// hand face down, so its foot is dealt anew too; with LookAtPackets it
// looked at both packets to choose, so its foot is kept.
func TestDeterminizeKeepsWhatTheSeatSees(t *testing.T) {
	look := withChoice(RulesB())
	for _, r := range []Rules{RulesA(), RulesB(), look} {
		t.Run(r.Name, func(t *testing.T) {
			s, err := New(r, 11)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(11, 2))
			for turns := 0; turns < 12; {
				legal := Legal(s)
				if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				if s.Phase() == Drawing {
					turns++
				}
			}
			seat := (s.Turn() + 1) % s.Rules().Players // not the seat to play
			v := s.View(seat)
			if seen := !v.FootSeen.IsEmpty(); seen != (r.LookAtPackets && !s.InFoot(seat)) || seen && v.FootSeen != s.Foot(seat) {
				t.Fatalf("seat %d sees its foot as [%v]; its foot is [%v]", seat, v.FootSeen, s.Foot(seat))
			}
			differ, footAnew := 0, 0
			for seed := range uint64(20) {
				d, err := Determinize(v, seed)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if w := d.View(seat); !reflect.DeepEqual(v, w) {
					t.Fatalf("seed %d: the View of the State built is another View", seed)
				}
				if d.Cards() != s.Cards() {
					t.Fatalf("seed %d: the State built holds other cards", seed)
				}
				if d.Hand(s.Turn()) != s.Hand(s.Turn()) {
					differ++
				}
				if !v.FootSeen.IsEmpty() && d.Foot(seat) != s.Foot(seat) {
					t.Fatalf("seed %d: the foot the seat saw was dealt anew", seed)
				}
				if d.Foot(seat) != s.Foot(seat) {
					footAnew++
				}
			}
			if v.FootSeen.IsEmpty() && !s.InFoot(seat) && footAnew < 15 {
				t.Errorf("the seat's unseen foot came back as dealt in %d of 20 samples", 20-footAnew)
			}
			if differ < 15 {
				t.Errorf("the player to act got its real hand in %d of 20 samples", 20-differ)
			}
		})
	}
}

// A View no game gives — a pile taken for the first melds with no take,
// actions since the start of a turn, a round over, counts that do not add
// up, a foot its rules keep face down — is refused.
func TestDeterminizeRefuses(t *testing.T) {
	s, err := New(RulesA(), 5)
	if err != nil {
		t.Fatal(err)
	}
	for s.Phase() != Drawing {
		s, _ = Apply(s, Legal(s)[0])
	}
	v := s.View(0)
	if _, err := Determinize(v, 1); err != nil {
		t.Fatalf("the start of a turn: %v", err)
	}
	for name, change := range map[string]func(*View){
		"a stock one card short":            func(v *View) { v.StockSize-- },
		"a pile taken with no take":         func(v *View) { v.Phase = Opening },
		"actions since the start of a turn": func(v *View) { v.Since = []Action{Draw()} },
		"a round over":                      func(v *View) { v.Phase = RoundOver },
		"a player missing":                  func(v *View) { v.Players = v.Players[1:] },
		"the zero View":                     func(v *View) { *v = View{} },
	} {
		bad := v
		change(&bad)
		if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A foot seen under rules that keep it face down: no game shows it.
	bad := v
	bad.FootSeen = s.Foot(0)
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), "LookAtPackets") {
		t.Errorf("a foot seen without LookAtPackets: %v", err)
	}
}

// A turn that begins with the stock empty tells every seat that the
// player to draw can take the pile, or the round would be over:
// Determinize deals that player's hidden hand so that it can, and the
// State it builds plays on (Legal lists a take).
func TestDeterminizeEmptyStock(t *testing.T) {
	canTake := func(s State) bool {
		return slices.ContainsFunc(Legal(s), func(a Action) bool { return a.Kind() == KindTake })
	}
	found := 0
	for seed := uint64(1); seed <= 200 && found < 20; seed++ {
		rules := RulesA().WithLayout(2, 2)
		s := famtest.Must[State](t)(New(rules, seed))
		more := func(s State) bool { return !s.Over() && s.Round() == 1 }
		err := famtest.Walk(s, rand.New(rand.NewPCG(seed, 3)), more, Legal, Apply, func(s State) {
			if s.Phase() == Drawing && s.StockSize() == 0 {
				found++
				v := s.View(1 - s.Turn())
				famtest.CheckDeterminized(t, v, v.Seat, seed*10, Determinize, State.View, canTake)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found < 10 {
		t.Errorf("the games met %d turns beginning with an empty stock; 10 or more are wanted", found)
	}
}

// Determinize samples the middle of a turn from every seat's View: after
// meld steps, while the pile is taken for the first melds (Opening), while
// the partner answers, after the partner's yes, and after a take-back past
// the yes, whose cards every seat saw go back to the hand (the sample of
// another seat's View holds them there). Each sample plays on as the game
// does for its seat (famtest.CheckSampled): a take-back from it returns to
// the hand, melds and points laid the game returns to.
func TestDeterminizeMidTurn(t *testing.T) {
	laid := scDo(t, scDo(t, scPos(t, RulesA()).seat(0, "7C 7D 7H 9D 2C KH 5S", scFoot).seat(1, "4C", "").
		meld(0, "9C 9H 9S").phase(Melding).build(), scMeld(t, "7C 7D 7H")), scAdd(t, card.Nine, 0, "9D 2C"))
	opening := scDo(t, scPos(t, RulesA()).seat(0, "KC KS 6C 6D 6H 8C 8D 8H 4S", scFoot).seat(1, "4C", "").
		pile("JK JK AC AD KH").build(), Take())
	asked := scDo(t, scOutMelds(scPos(t, RulesB()).seat(0, "7S 5H 5D 5S 4C", "").inFoot(0).seat(1, "5C", ""), 0, 1, 1).
		phase(Melding).build(), Ask())
	yes := scDo(t, asked, Answer(true))
	famtest.CheckSampledAll(t, []famtest.Sampled[State]{
		famtest.At("meld steps", laid, "melding, 2 since"),
		famtest.At("opening", opening, "opening, 1 since"),
		famtest.At("opening after a meld", scDo(t, opening, scMeld(t, "6C 6D 6H")), "opening, 2 since"),
		famtest.At("answering", asked, "answering, 1 since"),
		famtest.At("after a yes", scDo(t, yes, scMeld(t, "5D 5H 5S")), "melding, 3 since"),
		famtest.At("after a no", scDo(t, asked, Answer(false)), "melding, 2 since"),
		famtest.At("taken back after a yes", scDo(t, scDo(t, scDo(t, yes, scMeld(t, "5D 5H 5S")), TakeBack()), scAdd(t, card.Seven, 0, "7S")), "melding, 5 since"),
	}, TakeBack(), Determinize, shows, where)
	// After the meld steps every seat sees what a take-back restores.
	nines, _ := RulesA().Meld.New(scCards(t, "9C 9H 9S")...)
	for seat := range 2 {
		if v := laid.View(seat); v.FixedLaid != 0 || !slices.Equal(v.FixedMelds, []meld.RankMeld{nines}) ||
			v.LaidCards != scHeld(t, "7C 7D 7H 9D 2C") || !slices.Equal(v.Since, []Action{scMeld(t, "7C 7D 7H"), scAdd(t, card.Nine, 0, "9D 2C")}) {
			t.Errorf("seat %d's View past the fixed point: since %v, melds %v, %d laid, cards %v", seat, v.Since, v.FixedMelds, v.FixedLaid, v.LaidCards)
		}
	}
}

// where says where s stands: its phase, and how many actions since the
// turn's fixed point.
func where(s State) string { return fmt.Sprintf("%v, %d since", s.Phase(), len(s.View(0).Since)) }

// shows reports whether the step from before to after shows the player
// cards no seat saw before: a draw, the pile joining the hand, the foot
// picked up.
func shows(before, after State) bool {
	turn := before.Turn()
	return after.StockSize() != before.StockSize() || after.PileSize() < before.PileSize() || after.InFoot(turn) != before.InFoot(turn)
}
