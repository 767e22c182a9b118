package cardrules_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// zeroAlike checks the zero State of one game as every game has it: no
// game, Over, no seat to act, no seats, no legal action, no outcome; Apply
// of a dealt game's first action refuses it with ErrNotNow; Run and Step
// refuse it with ErrGame; Erase gives the zero Table. A dealt State is
// valid. The State type does not compare with ==.
func zeroAlike[S cardrules.Recorded[S, A, V, E, R], A cardrules.Action, V, E any, R interface{ MarshalText() ([]byte, error) }](t *testing.T, game string, dealt S) {
	t.Helper()
	var zero S
	if zero.IsValid() || !zero.Over() || zero.ToAct() != -1 || zero.Seats() != 0 || zero.Seq() != 0 {
		t.Errorf("%s: the zero State: IsValid %v, Over %v, ToAct %d, Seats %d, Seq %d; want false, true, -1, 0, 0",
			game, zero.IsValid(), zero.Over(), zero.ToAct(), zero.Seats(), zero.Seq())
	}
	if l := zero.AppendLegal(nil); len(l) != 0 {
		t.Errorf("%s: the zero State lists %v", game, l)
	}
	if o := cardrules.Outcomes(zero); len(o) != 0 {
		t.Errorf("%s: the zero State's Outcomes %v", game, o)
	}
	if !dealt.IsValid() {
		t.Errorf("%s: a dealt State is not valid", game)
	}
	first := dealt.AppendLegal(nil)[0]
	if _, err := zero.Apply(first); !errors.Is(err, cardrules.ErrNotNow) || !strings.HasPrefix(err.Error(), game+": ") {
		t.Errorf("%s: Apply(%v) on the zero State: %v, want %s's ErrNotNow", game, first, err, game)
	}
	if _, err := cardrules.Run(zero, nil, cardrules.Options[S, A]{}); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("%s: Run of the zero State: %v, want ErrGame", game, err)
	}
	if _, _, err := cardrules.Step[S, A, V](zero, nil); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("%s: Step of the zero State: %v, want ErrGame", game, err)
	}
	if reflect.TypeFor[S]().Comparable() {
		t.Errorf("%s: State compares with ==, which compares the history's storage, not the position", game)
	}
}

// The four games behave alike where a signature cannot show it: the zero
// State, ==, what a Table of the zero State is, and the errors of their
// bot packages. The common refusals are TestSharedRulesInEveryGame's.
func TestGamesBehaveAlike(t *testing.T) {
	h, _ := handfoot.New(handfoot.RulesA(), 1)
	c, _ := canasta.New(canasta.Classic(), 1)
	r, _ := rummy.New(rummy.Basic(), 1)
	d, _ := doublets.New(doublets.Aisleriot(), 1)
	zeroAlike[handfoot.State, handfoot.Action, handfoot.View, handfoot.Event, handfoot.Record](t, "handfoot", h)
	zeroAlike[canasta.State, canasta.Action, canasta.View, canasta.Event, canasta.Record](t, "canasta", c)
	zeroAlike[rummy.State, rummy.Action, rummy.View, rummy.Event, rummy.Record](t, "rummy", r)
	zeroAlike[doublets.State, doublets.Action, doublets.View, doublets.Event, doublets.Record](t, "doublets", d)

	for game, tb := range map[string]cardrules.Table{
		"handfoot": cardrules.Erase("handfoot", handfoot.State{}),
		"canasta":  cardrules.Erase("canasta", canasta.State{}),
		"rummy":    cardrules.Erase("rummy", rummy.State{}),
		"doublets": cardrules.Erase("doublets", doublets.State{}),
	} {
		if tb != (cardrules.Table{}) {
			t.Errorf("%s: Erase of the zero State is not the zero Table", game)
		}
		if _, err := cardrules.Load(game, []byte("null")); !errors.Is(err, cardrules.ErrPosition) {
			t.Errorf("%s: Load of null: %v, want ErrPosition", game, err)
		}
	}

	for game, err := range map[string]error{
		"handfoot": second(hbot.New("expert", 1)),
		"canasta":  second(cbot.New("expert", 1)),
		"rummy":    second(rbot.New("expert", 1)),
		"doublets": second(dbot.New("expert", 1)),
	} {
		if !errors.Is(err, cardrules.ErrStrength) || !strings.HasPrefix(err.Error(), game+"/bot: ") {
			t.Errorf("%s: bot.New(\"expert\"): %v, want an error of %s/bot wrapping ErrStrength", game, err, game)
		}
	}
}

// second returns the error of a pair.
func second[T any](_ T, err error) error { return err }
