// Package playtest checks a game's bot package the same way for every
// game: that the root package's loop (cardrules.Run and cardrules.Step,
// the Bot's Play and Step) plays its players with the game's types, and
// that each field of its Options does what its documentation says. Each bot package's tests call [Check]; it is not public API.
package playtest

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/play"
)

// State is what the checks need of a game's State: the common shape, and
// Equal to compare the states reached.
type State[S any, A cardrules.Action, V any] interface {
	cardrules.State[S, A, V]
	Equal(S) bool
}

// Bot is a game's bot package as the checks see it.
type Bot[S State[S, A, V], A cardrules.Action, V any] struct {
	// Play is the package's Play, the fields of its Options given one by
	// one: Limit, Until and Observe.
	Play func(s S, players []cardrules.Player[V, A], limit int, until func(S) bool, observe func(seat int, a A, next S)) (S, error)
	// Step is the package's Step.
	Step func(s S, players []cardrules.Player[V, A]) (S, A, error)
	// Random, New and Strengths are the package's.
	Random    func(seed uint64) cardrules.Player[V, A]
	New       func(strength string, seed uint64) (cardrules.Player[V, A], error)
	Strengths func() []string
	// Errors are the package's ErrNoPlayer, ErrIllegal, ErrEndless and
	// ErrStrength, in that order.
	Errors [4]error
	// Illegal is an action the game's Apply refuses in the state Check
	// starts from.
	Illegal A
}

// always is a player that always chooses a.
type always[V any, A cardrules.Action] struct{ a A }

func (p always[V, A]) Choose(V) A { return p.a }

// Surface checks what every bot package exports alike: the loop's errors
// and ErrStrength are the root package's sentinels, the strengths
// begin with every game's two and New knows each of them (and no other).
func Surface[S State[S, A, V], A cardrules.Action, V any](t *testing.T, b Bot[S, A, V]) {
	t.Helper()
	for i, want := range []error{cardrules.ErrNoPlayer, cardrules.ErrIllegal, cardrules.ErrEndless, cardrules.ErrStrength} {
		if b.Errors[i] != want {
			t.Errorf("the package's error %v is not the sentinel %v", b.Errors[i], want)
		}
	}
	strengths := b.Strengths()
	if len(strengths) < 2 || !slices.Equal(strengths[:2], play.Strengths) {
		t.Errorf("Strengths() = %v, want %v first", strengths, play.Strengths)
	}
	// Strengths returns a copy: changing it changes neither the next
	// call's nor the names New knows.
	mine := b.Strengths()
	for i := range mine {
		mine[i] = "weak"
	}
	if got := b.Strengths(); !slices.Equal(got, strengths) {
		t.Errorf("Strengths() = %v after the caller changed an earlier result; want %v", got, strengths)
	}
	for _, name := range strengths {
		if p, err := b.New(name, 1); err != nil || p == nil {
			t.Errorf("New(%q): %v", name, err)
		}
	}
	if _, err := b.New("weak", 1); !errors.Is(err, cardrules.ErrStrength) {
		t.Errorf("New(weak), a name written into a result of Strengths: %v, want an error wrapping ErrStrength", err)
	}
	if _, err := b.New("genius", 1); !errors.Is(err, cardrules.ErrStrength) || !strings.Contains(err.Error(), strings.Join(strengths, ", ")) {
		t.Errorf("New(genius): %v, want an error wrapping ErrStrength that lists the strengths", err)
	}
}

// Check plays a game from start, a state not over, to its end with b's
// random players (seeded from seed), and checks what Play and Step
// promise:
//
//   - Observe sees every action, in order, with the seat that played it and
//     the state it led to, and the actions observed replay with Apply to
//     the state Play returns, which is over.
//   - Limit is a number of actions: the game's own length is enough, one
//     less stops with an error wrapping cardrules.ErrEndless and the state
//     reached after that many actions.
//   - Until stops, without an error, at the first state it reports true
//     for, before the seat to act is asked (no player is needed then).
//   - Step plays one action, as Apply does; a seat without a player, or a
//     game over, is an error wrapping cardrules.ErrNoPlayer, and an illegal
//     action one wrapping cardrules.ErrIllegal and the game's own error;
//     an error leaves the state as it was.
func Check[S State[S, A, V], A cardrules.Action, V any](t *testing.T, start S, seed uint64, b Bot[S, A, V]) {
	t.Helper()
	if start.Over() {
		t.Fatal("playtest: the start state is over")
	}
	players := func() []cardrules.Player[V, A] {
		ps := make([]cardrules.Player[V, A], start.Seats())
		for seat := range ps {
			ps[seat] = b.Random(seed + uint64(seat))
		}
		return ps
	}

	// Observe sees every action; the actions replay to the end.
	var acts []A
	var states []S
	prev := start
	end, err := b.Play(start, players(), 0, nil, func(seat int, a A, next S) {
		if seat != prev.ToAct() {
			t.Errorf("action %d observed for seat %d, but seat %d was to act", len(acts), seat, prev.ToAct())
		}
		if want, err := prev.Apply(a); err != nil || !want.Equal(next) {
			t.Errorf("action %d (%v) observed with another state than Apply's (%v)", len(acts), a, err)
		}
		acts = append(acts, a)
		states = append(states, next)
		prev = next
	})
	if err != nil {
		t.Fatalf("Play to the end: %v", err)
	}
	n := len(acts)
	if !end.Over() || n == 0 || !end.Equal(states[n-1]) {
		t.Fatalf("Play returned a state over %v after %d observed actions, not the last observed", end.Over(), n)
	}

	// Limit: n actions are enough, n-1 are not.
	if got, err := b.Play(start, players(), n, nil, nil); err != nil || !got.Equal(end) {
		t.Errorf("Limit %d, the game's length: %v", n, err)
	}
	seen := 0
	if n > 1 { // a Limit of 0 is no limit
		got, err := b.Play(start, players(), n-1, nil, func(int, A, S) { seen++ })
		if !errors.Is(err, cardrules.ErrEndless) {
			t.Errorf("Limit %d, one less than the game's length: error %v, want one wrapping cardrules.ErrEndless", n-1, err)
		}
		if seen != n-1 || !got.Equal(states[n-2]) {
			t.Errorf("Limit %d: stopped after %d observed actions, not at the state %d actions in", n-1, seen, n-1)
		}
	}

	// Until stops at the first state it is true for, before asking anyone.
	k := (n + 1) / 2
	stopAt := start.Seq() + k
	seen = 0
	got, err := b.Play(start, players(), 0, func(s S) bool { return s.Seq() >= stopAt }, func(int, A, S) { seen++ })
	if err != nil || seen != k || !got.Equal(states[k-1]) || got.Over() != (k == n) {
		t.Errorf("Until Seq %d: %v after %d observed actions, want the state %d actions in", stopAt, err, seen, k)
	}
	if got, err := b.Play(start, nil, 0, func(S) bool { return true }, nil); err != nil || !got.Equal(start) {
		t.Errorf("Until true at once, no players: %v", err)
	}

	// Step plays one action, as Apply does.
	next, a, err := b.Step(start, players())
	if err != nil || a != acts[0] || !next.Equal(states[0]) {
		t.Errorf("Step: %v, %v; want %v, as Play's first action", a, err, acts[0])
	}

	// The loop's errors, each leaving the state as it was.
	gap := players()
	gap[start.ToAct()] = nil
	for name, ps := range map[string][]cardrules.Player[V, A]{"no players": nil, "no player for the seat to act": gap} {
		if got, _, err := b.Step(start, ps); !errors.Is(err, cardrules.ErrNoPlayer) || !got.Equal(start) {
			t.Errorf("Step with %s: %v", name, err)
		}
		if got, err := b.Play(start, ps, 0, nil, nil); !errors.Is(err, cardrules.ErrNoPlayer) || !got.Equal(start) {
			t.Errorf("Play with %s: %v", name, err)
		}
	}
	if got, _, err := b.Step(end, players()); !errors.Is(err, cardrules.ErrNoPlayer) || !got.Equal(end) {
		t.Errorf("Step of a game over: %v", err)
	}
	if got, err := b.Play(end, nil, 1, nil, func(int, A, S) { t.Error("Play of a game over observed an action") }); err != nil || !got.Equal(end) {
		t.Errorf("Play of a game over: %v", err)
	}
	_, want := start.Apply(b.Illegal)
	if want == nil {
		t.Fatalf("playtest: Illegal %v is legal in the start state", b.Illegal)
	}
	cheat := players()
	cheat[start.ToAct()] = always[V, A]{b.Illegal}
	if got, a, err := b.Step(start, cheat); !errors.Is(err, cardrules.ErrIllegal) || a != b.Illegal || !got.Equal(start) {
		t.Errorf("Step with an illegal action: %v, %v", a, err)
	}
	got, err = b.Play(start, cheat, 0, nil, func(int, A, S) { t.Error("Play observed an illegal action") })
	if !errors.Is(err, cardrules.ErrIllegal) || !got.Equal(start) {
		t.Errorf("Play with an illegal action: %v", err)
	}
	// The game's own error is wrapped: its sentinels are errors.Is of it.
	var sentinels interface{ Unwrap() []error }
	if errors.As(want, &sentinels) {
		for _, rule := range sentinels.Unwrap() {
			if !errors.Is(err, rule) {
				t.Errorf("Play with an illegal action: error %v does not wrap %v, which Apply's error wraps", err, rule)
			}
		}
	}
}
