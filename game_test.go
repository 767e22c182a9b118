package cardrules_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// Every game package registers itself under its package name, with its
// presets, the default first.
func TestGamesRegistered(t *testing.T) {
	if got, want := cardrules.Games(), []string{"canasta", "doublets", "handfoot", "rummy"}; !slices.Equal(got, want) {
		t.Fatalf("Games() = %v, want %v", got, want)
	}
	for game, first := range map[string]string{"canasta": "classic", "doublets": "aisleriot", "handfoot": "A", "rummy": "basic"} {
		g, ok := cardrules.Lookup(game)
		if !ok || g.Name != game || len(g.Presets) == 0 || g.Presets[0] != first {
			t.Errorf("Lookup(%q) = %+v, %v; want its presets from %q", game, g.Presets, ok, first)
		}
	}
	if _, ok := cardrules.Lookup("poker"); ok {
		t.Error("Lookup found a game no package registered")
	}
}

// Open deals every preset of every game, and the same arguments deal the
// same table; the table then plays through text alone, checked step by
// step: Legal is listed until the game is over, every listed action
// applies, and a table written as JSON loads back to the same table.
func TestOpenEveryPresetPlays(t *testing.T) {
	for _, game := range cardrules.Games() {
		g, _ := cardrules.Lookup(game)
		for _, preset := range g.Presets {
			tb, err := cardrules.Open(game, preset, 0, 7)
			if err != nil {
				t.Fatalf("Open(%q, %q): %v", game, preset, err)
			}
			again, _ := cardrules.Open(game, preset, 0, 7)
			if !sameJSON(t, tb, again) {
				t.Errorf("%s %s: two tables from seed 7 differ", game, preset)
			}
			playTable(t, game+" "+preset, tb, 300)
		}
	}
}

// playTable plays tb for at most steps actions, each a random listed one.
func playTable(t *testing.T, name string, tb cardrules.Table, steps int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for step := 0; step < steps && !tb.Over(); step++ {
		legal := tb.Legal()
		if len(legal) == 0 {
			t.Fatalf("%s: step %d: no legal action before the end", name, step)
		}
		if to := tb.ToAct(); to < 0 || to >= tb.Seats() {
			t.Fatalf("%s: step %d: seat %d to act at a table of %d", name, step, to, tb.Seats())
		}
		if _, err := tb.View(tb.ToAct()); err != nil {
			t.Fatalf("%s: step %d: View: %v", name, step, err)
		}
		seq := tb.Seq()
		next, err := tb.Apply(legal[rng.IntN(len(legal))])
		if err != nil {
			t.Fatalf("%s: step %d: a listed action refused: %v", name, step, err)
		}
		if next.Seq() <= seq {
			t.Fatalf("%s: step %d: Seq %d after %d", name, step, next.Seq(), seq)
		}
		tb = next
		if step%50 == 0 {
			data, err := tb.MarshalJSON()
			if err != nil {
				t.Fatalf("%s: step %d: MarshalJSON: %v", name, step, err)
			}
			back, err := cardrules.Load(tb.Game(), data)
			if err != nil {
				t.Fatalf("%s: step %d: Load: %v", name, step, err)
			}
			if !sameJSON(t, tb, back) || !slices.Equal(tb.Legal(), back.Legal()) {
				t.Fatalf("%s: step %d: the loaded table differs", name, step)
			}
		}
	}
	if tb.Over() && (tb.ToAct() != -1 || len(tb.Legal()) != 0) {
		t.Errorf("%s: over, with seat %d to act and %d legal actions", name, tb.ToAct(), len(tb.Legal()))
	}
}

func sameJSON(t *testing.T, a, b cardrules.Table) bool {
	t.Helper()
	x, err1 := a.MarshalJSON()
	y, err2 := b.MarshalJSON()
	if err1 != nil || err2 != nil {
		t.Fatalf("MarshalJSON: %v, %v", err1, err2)
	}
	return bytes.Equal(x, y)
}

// Bad input to the registry and to a Table is an error naming the problem,
// and leaves the Table as it was.
func TestTableRefusals(t *testing.T) {
	if _, err := cardrules.Open("poker", "", 0, 1); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("Open of an unknown game: %v", err)
	}
	if _, err := cardrules.Load("poker", []byte("{}")); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("Load of an unknown game: %v", err)
	}
	for _, c := range []struct {
		game, preset string
		seats        int
		rule         error
	}{
		{"handfoot", "C", 0, handfoot.ErrPreset},
		{"handfoot", "A", 9, handfoot.ErrRules},
		{"canasta", "cutthroat-ish", 0, canasta.ErrPreset},
		{"canasta", "classic", 2, canasta.ErrRules},
		{"canasta", "", 5, canasta.ErrRules},
		{"rummy", "gin", 0, rummy.ErrPreset},
		{"rummy", "basic", 7, rummy.ErrRules},
		{"doublets", "klondike", 0, doublets.ErrPreset},
		{"doublets", "", 2, doublets.ErrRules},
	} {
		if _, err := cardrules.Open(c.game, c.preset, c.seats, 1); !errors.Is(err, c.rule) {
			t.Errorf("Open(%q, %q, %d): %v, want %v", c.game, c.preset, c.seats, err, c.rule)
		}
	}
	tb, err := cardrules.Open("rummy", "", 3, 1)
	if err != nil || tb.Seats() != 3 {
		t.Fatalf("Open(rummy, 3 seats): %v, %v seats", err, tb.Seats())
	}
	before, _ := tb.MarshalJSON()
	for _, bad := range []string{"", "discard ZZ", "meld", "take 9 new"} {
		same, err := tb.Apply(bad)
		if err == nil || !errors.Is(err, rummy.ErrMalformed) && !errors.Is(err, rummy.ErrNotNow) && !errors.Is(err, rummy.ErrNotHeld) {
			t.Errorf("Apply(%q): %v", bad, err)
		}
		if after, _ := same.MarshalJSON(); !bytes.Equal(before, after) {
			t.Errorf("Apply(%q) changed the table", bad)
		}
	}
	for _, seat := range []int{-1, 3} {
		if _, err := tb.View(seat); !errors.Is(err, cardrules.ErrSeat) {
			t.Errorf("View(%d): %v", seat, err)
		}
	}
	if _, ok := tb.State().(rummy.State); !ok {
		t.Errorf("State is a %T, want rummy.State", tb.State())
	}
	if _, err := cardrules.Load("handfoot", []byte(`{"not":"a state"}`)); err == nil {
		t.Error("Load of a JSON that is no State succeeded")
	}
}

// Run lets a game's own computer players play it to the end through the
// common API; the observer sees every action, in order.
func TestRun(t *testing.T) {
	s, err := rummy.New(rummy.Basic(), 3)
	if err != nil {
		t.Fatal(err)
	}
	players := []cardrules.Player[rummy.View, rummy.Action]{rbot.Heuristic(1), rbot.Random(2)}
	var seen []rummy.Action
	end, err := cardrules.Run(s, players, rbot.Options{Limit: 10_000, Observe: func(seat int, a rummy.Action, next rummy.State) {
		seen = append(seen, a)
	}})
	if err != nil || !end.Over() {
		t.Fatalf("Run: %v, over %v", err, end.Over())
	}
	// The same actions, applied one by one, reach the same end.
	for _, a := range seen {
		if s, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Equal(end) || end.Seq() != s.Seq() {
		t.Error("replaying the observed actions reaches another State")
	}

	// Stop before the second round of Hand and Foot.
	h, _ := handfoot.New(handfoot.RulesB(), 5)
	hp := []cardrules.Player[handfoot.View, handfoot.Action]{hbot.Heuristic(1), hbot.Heuristic(2), hbot.Heuristic(3), hbot.Heuristic(4)}
	h, err = cardrules.Run(h, hp, hbot.Options{Until: func(s handfoot.State) bool { return s.Round() > 1 }})
	if err != nil || h.Round() != 2 || h.Over() {
		t.Fatalf("Run until round 2: %v, round %d", err, h.Round())
	}
}

// The loop's errors: a seat without a player, a player that chooses an
// illegal action (the game's own error wrapped), a game past its limit, a
// game already over.
func TestRunErrors(t *testing.T) {
	s, _ := rummy.New(rummy.Basic(), 3)
	if _, err := cardrules.Run(s, []cardrules.Player[rummy.View, rummy.Action]{rbot.Random(1)}, rbot.Options{}); !errors.Is(err, cardrules.ErrNoPlayer) {
		t.Errorf("one player for two seats: %v", err)
	}
	bad := []cardrules.Player[rummy.View, rummy.Action]{discardAce{}, discardAce{}}
	got, err := cardrules.Run(s, bad, rbot.Options{})
	if !errors.Is(err, cardrules.ErrIllegal) || !errors.Is(err, rummy.ErrNotNow) || !got.Equal(s) {
		t.Errorf("an illegal choice: %v", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "cardrules: ") || strings.Contains(msg, "rummy:") || !strings.Contains(msg, "seat 0") {
		t.Errorf("an illegal choice: error %q: want one package prefix and the seat named", msg)
	}
	players := []cardrules.Player[rummy.View, rummy.Action]{rbot.Random(1), rbot.Random(2)}
	if got, err := cardrules.Run(s, players, rbot.Options{Limit: 5}); !errors.Is(err, cardrules.ErrEndless) || got.Seq() != s.Seq()+5 {
		t.Errorf("a limit of 5 actions: %v after %d", err, got.Seq()-s.Seq())
	}
	d, _ := doublets.New(doublets.Aisleriot(), 1)
	for !d.Over() {
		d, _ = d.Apply(d.AppendLegal(nil)[0])
	}
	if _, _, err := cardrules.Step(d, []cardrules.Player[doublets.View, doublets.Action]{nil}); !errors.Is(err, cardrules.ErrNoPlayer) {
		t.Errorf("Step of a game over: %v", err)
	}
	if l := cardrules.Legal(d); len(l) != 0 {
		t.Errorf("Legal of a game over: %v", l)
	}
}

// discardAce discards the ace of spades, whatever it holds.
type discardAce struct{}

func (discardAce) Choose(rummy.View) rummy.Action {
	a, _ := rummy.Discard(card.MustParse("AS"))
	return a
}

// Calls through the common API cost no allocation: a generic function
// listing the legal actions into a reused buffer, as a search does,
// allocates nothing in any game.
func TestCommonAPIAllocatesNothing(t *testing.T) {
	check := func(name string, allocs float64) {
		t.Helper()
		if allocs != 0 {
			t.Errorf("%s: %v allocations a call through the common API", name, allocs)
		}
	}
	h, _ := handfoot.New(handfoot.RulesA(), 1)
	h, _ = h.Apply(handfoot.Draw())
	check("handfoot", legalAllocs(h))
	c, _ := canasta.New(canasta.Classic(), 1)
	check("canasta", legalAllocs(c))
	r, _ := rummy.New(rummy.Basic(), 1)
	check("rummy", legalAllocs(r))
	d, _ := doublets.New(doublets.Aisleriot(), 1)
	check("doublets", legalAllocs(d))
}

// legalAllocs is the allocations of listing s's legal actions into a
// reused buffer through the cardrules.State constraint.
func legalAllocs[S cardrules.State[S, A, V], A cardrules.Action, V any](s S) float64 {
	buf := s.AppendLegal(nil)
	return testing.AllocsPerRun(100, func() { buf = s.AppendLegal(buf[:0]) })
}
