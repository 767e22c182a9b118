package bot_test

import (
	"errors"
	"github.com/cardrules/cardrules"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
)

// seen wraps a player and checks it is only asked for the seat to act.
type seen struct {
	t    *testing.T
	seat int
	p    bot.Player
}

func (s seen) Choose(v handfoot.View) handfoot.Action {
	if v.Seat != s.seat || v.ToAct != s.seat || len(v.Legal) == 0 {
		s.t.Errorf("player of seat %d shown the view of seat %d (to act %d, %d legal actions)", s.seat, v.Seat, v.ToAct, len(v.Legal))
	}
	return s.p.Choose(v)
}

func TestPlay(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB(), handfoot.RulesB().WithLayout(6, 3)} {
		for seed := uint64(1); seed <= 3; seed++ {
			start, err := handfoot.New(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			ps := make([]bot.Player, rules.Players)
			for seat := range ps {
				ps[seat] = seen{t, seat, bot.Random(seed*10 + uint64(seat))}
			}
			var acts []handfoot.Action
			prev := start
			end, err := cardrules.Run(start, ps, bot.Options{Limit: 100000, Observe: func(seat int, a handfoot.Action, next handfoot.State) {
				if seat != prev.ToAct() {
					t.Errorf("observed seat %d, but seat %d was to act", seat, prev.ToAct())
				}
				acts = append(acts, a)
				prev = next
			}})
			if err != nil {
				t.Fatalf("rules %s seed %d: %v", rules.Name, seed, err)
			}
			if !end.Over() || end.Winners() == nil || !end.Equal(prev) {
				t.Fatalf("rules %s seed %d: Play ended in phase %v", rules.Name, seed, end.Phase())
			}
			// Replaying the observed actions from the start reaches the same end.
			s := start
			for i, a := range acts {
				if s, err = handfoot.Apply(s, a); err != nil {
					t.Fatalf("rules %s seed %d: observed action %d %v does not replay: %v", rules.Name, seed, i, a, err)
				}
			}
			if !s.Equal(end) {
				t.Errorf("rules %s seed %d: the %d observed actions replay to another state", rules.Name, seed, len(acts))
			}
		}
	}
}

func TestPlayUntil(t *testing.T) {
	start, err := handfoot.New(handfoot.RulesB(), 3)
	if err != nil {
		t.Fatal(err)
	}
	ps := []bot.Player{bot.Random(1), bot.Random(2), bot.Random(3), bot.Random(4)}
	end, err := cardrules.Run(start, ps, bot.Options{Until: func(s handfoot.State) bool { return s.Round() == 2 }})
	if err != nil {
		t.Fatal(err)
	}
	if end.Round() != 2 || end.Over() || len(end.Results()) != 1 {
		t.Errorf("Until round 2: stopped in round %d, over %v, %d results", end.Round(), end.Over(), len(end.Results()))
	}
	// One step from there is the same as Step.
	next, a, err := cardrules.Step(end, ps)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := handfoot.Apply(end, a); err != nil || !want.Equal(next) {
		t.Errorf("Step played %v to another state than Apply (%v)", a, err)
	}
}

// zero always plays the zero Action, which no constructor builds.
type zero struct{}

func (zero) Choose(handfoot.View) handfoot.Action { return handfoot.Action{} }

func TestPlayIllegalAction(t *testing.T) {
	start, err := handfoot.New(handfoot.RulesA(), 5)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]bot.Player, 4)
	for seat := range ps {
		ps[seat] = bot.Random(uint64(seat))
	}
	ps[start.ToAct()] = zero{}
	end, err := cardrules.Run(start, ps, bot.Options{Observe: func(int, handfoot.Action, handfoot.State) {
		t.Error("an illegal action was observed")
	}})
	if !errors.Is(err, handfoot.ErrMalformed) || !errors.Is(err, cardrules.ErrIllegal) {
		t.Fatalf("the zero Action: error %v does not wrap handfoot.ErrMalformed and cardrules.ErrIllegal", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "cardrules: ") || strings.Contains(msg, "handfoot:") || !strings.Contains(msg, "seat ") {
		t.Errorf("error %q: want one package prefix and the seat named", msg)
	}
	if !end.Equal(start) {
		t.Error("Play did not return the state before the illegal action")
	}

	// The players slice is one short, or a seat's player is nil.
	start, _ = handfoot.New(handfoot.RulesB(), 1)
	short := []bot.Player{bot.Random(0), bot.Random(1), bot.Random(2)}
	gap := []bot.Player{bot.Random(0), bot.Random(1), bot.Random(2), bot.Random(3)}
	gap[start.ToAct()] = nil
	for _, ps := range [][]bot.Player{short, gap} {
		if _, err := cardrules.Run(start, ps, bot.Options{}); !errors.Is(err, cardrules.ErrNoPlayer) {
			t.Errorf("a seat without a player: error %v", err)
		}
	}
	if _, err := cardrules.Run(start, []bot.Player{bot.Random(1), bot.Random(2), bot.Random(3), bot.Random(4)}, bot.Options{Limit: 5}); !errors.Is(err, cardrules.ErrEndless) {
		t.Errorf("limit 5: error %v, want cardrules.ErrEndless", err)
	}
}

func TestNewUnknownStrength(t *testing.T) {
	_, err := bot.New("grandmaster\n", 1)
	if !errors.Is(err, bot.ErrStrength) || strings.Contains(err.Error(), "\n") {
		t.Errorf("New(grandmaster): %v", err)
	}
}
