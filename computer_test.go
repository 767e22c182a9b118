package cardrules_test

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"slices"
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

// Every game's bot package registers its players under its Strengths, in
// their order, so a strength a bot package adds is offered by the
// registry with no other change; NewComputer's player is New's. A
// caller that changes a slice Strengths returned changes neither.
func TestStrengthsRegistered(t *testing.T) {
	for _, s := range [][]string{cbot.Strengths(), dbot.Strengths(), hbot.Strengths(), rbot.Strengths()} {
		for i := range s {
			s[i] = "weak"
		}
	}
	for game, want := range map[string][]string{
		"canasta": cbot.Strengths(), "doublets": dbot.Strengths(), "handfoot": hbot.Strengths(), "rummy": rbot.Strengths(),
	} {
		if got := cardrules.Strengths(game); !slices.Equal(got, want) {
			t.Errorf("Strengths(%q) = %v, the bot package's are %v", game, got, want)
		}
		for _, s := range want {
			if _, err := cardrules.NewComputer(game, s, 1); err != nil {
				t.Errorf("NewComputer(%q, %q): %v", game, s, err)
			}
		}
	}
	if got := cardrules.Strengths("poker"); got != nil {
		t.Errorf("Strengths of an unknown game: %v", got)
	}
}

// The registry's computer players play every registered game to the end
// through Tables alone, each action the one the game's own players choose
// through the typed loop: the end reached is the same State.
func TestComputersPlayEveryGame(t *testing.T) {
	for _, c := range []struct {
		game, preset string
		typed        func(seed uint64) (any, error) // the end of the typed loop
	}{
		{"rummy", "basic-3", func(seed uint64) (any, error) {
			r, _ := rummy.Preset("basic-3")
			s, _ := rummy.New(r, seed)
			return typedRun(t, s, rbot.New, seed)
		}},
		{"canasta", "two", func(seed uint64) (any, error) {
			r, _ := canasta.Preset("two")
			s, _ := canasta.New(r, seed)
			return typedRun(t, s, cbot.New, seed)
		}},
		{"handfoot", "B", func(seed uint64) (any, error) {
			s, _ := handfoot.New(handfoot.RulesB(), seed)
			return typedRun(t, s, hbot.New, seed)
		}},
		{"doublets", "", func(seed uint64) (any, error) {
			s, _ := doublets.New(doublets.Aisleriot(), seed)
			return typedRun(t, s, dbot.New, seed)
		}},
	} {
		const seed = 5
		tb, err := cardrules.Open(c.game, c.preset, 0, seed)
		if err != nil {
			t.Fatalf("Open(%q, %q): %v", c.game, c.preset, err)
		}
		computers := make([]cardrules.Computer, tb.Seats())
		for seat := range computers {
			if computers[seat], err = cardrules.NewComputer(c.game, "heuristic", seed+uint64(seat)); err != nil {
				t.Fatal(err)
			}
		}
		actions := 0
		end, err := cardrules.RunTable(tb, computers, cardrules.Options[cardrules.Table, string]{Limit: 100_000, Observe: func(seat int, action string, next cardrules.Table) {
			actions++
			if next.Seq() != actions {
				t.Fatalf("%s: action %d (%q of seat %d) reached Seq %d", c.game, actions, action, seat, next.Seq())
			}
		}})
		if err != nil || !end.Over() {
			t.Fatalf("%s: RunTable: %v, over %v after %d actions", c.game, err, end.Over(), actions)
		}
		want, err := c.typed(seed)
		if err != nil {
			t.Fatalf("%s: the typed loop: %v", c.game, err)
		}
		x, _ := json.Marshal(end.State())
		y, _ := json.Marshal(want)
		if !bytes.Equal(x, y) {
			t.Errorf("%s: the erased players reached another end than the game's own players", c.game)
		}
		if tb.Seq() != 0 {
			t.Errorf("%s: RunTable changed the Table it was given", c.game)
		}
	}
}

// typedRun plays s with the bot package's heuristic players, seeded as
// TestComputersPlayEveryGame seeds the erased ones, through cardrules.Run.
func typedRun[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, s S, build func(string, uint64) (cardrules.Player[V, A], error), seed uint64) (any, error) {
	t.Helper()
	players := make([]cardrules.Player[V, A], s.Seats())
	for seat := range players {
		players[seat], _ = build("heuristic", seed+uint64(seat))
	}
	return cardrules.Run(s, players, cardrules.Options[S, A]{Limit: 100_000})
}

// A computer player given a Table of another game, or none, says so in an
// error, and the loop's errors are Run's: a seat without a Computer, a
// limit reached, a game over.
func TestComputerRefusals(t *testing.T) {
	rc, err := cardrules.NewComputer("rummy", "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	ct, _ := cardrules.Open("canasta", "", 0, 1)
	for _, tb := range []cardrules.Table{ct, {}} {
		same, text, err := rc.Play(tb)
		if !errors.Is(err, cardrules.ErrGame) || text != "" || same.Game() != tb.Game() || tb.Game() != "" && !sameJSON(t, same, tb) {
			t.Errorf("a rummy player at a table of %q: %v, %q", tb.Game(), err, text)
		}
	}
	if _, err := cardrules.RunTable(ct, []cardrules.Computer{rc, rc}, cardrules.Options[cardrules.Table, string]{}); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("RunTable with another game's players: %v", err)
	}

	rt, _ := cardrules.Open("rummy", "", 2, 1)
	if _, err := cardrules.RunTable(rt, []cardrules.Computer{rc}, cardrules.Options[cardrules.Table, string]{}); !errors.Is(err, cardrules.ErrNoPlayer) {
		t.Errorf("one Computer for two seats: %v", err)
	}
	got, err := cardrules.RunTable(rt, []cardrules.Computer{rc, rc}, cardrules.Options[cardrules.Table, string]{Limit: 3})
	if !errors.Is(err, cardrules.ErrEndless) || got.Seq() != 3 {
		t.Errorf("a limit of 3: %v after %d actions", err, got.Seq())
	}
	end, err := cardrules.RunTable(rt, []cardrules.Computer{rc, rc}, cardrules.Options[cardrules.Table, string]{})
	if err != nil || !end.Over() {
		t.Fatalf("RunTable: %v", err)
	}
	if same, _, err := rc.Play(end); !errors.Is(err, cardrules.ErrNoPlayer) || !sameJSON(t, same, end) {
		t.Errorf("Play of a game over: %v", err)
	}

	if _, err := cardrules.NewComputer("poker", "heuristic", 1); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("NewComputer of an unknown game: %v", err)
	}
	_, err = cardrules.NewComputer("handfoot", "genius", 1)
	if !errors.Is(err, cardrules.ErrStrength) || !errors.Is(err, hbot.ErrStrength) || cardrules.Rule(err) != "ErrStrength" ||
		!strings.Contains(err.Error(), `"genius"`) || !strings.Contains(err.Error(), strings.Join(hbot.Strengths(), ", ")) {
		t.Errorf("NewComputer of an unknown strength: %v; want ErrStrength listing %v", err, hbot.Strengths())
	}
}

// Choose reads the View's JSON a client is sent and chooses what Play
// plays from the Table; a View whose seat is not to act, or that is no
// View, is an error.
func TestComputerChoose(t *testing.T) {
	for _, game := range cardrules.Games() {
		tb, _ := cardrules.Open(game, "", 0, 9)
		view, err := tb.View(tb.ToAct())
		if err != nil {
			t.Fatal(err)
		}
		a, _ := cardrules.NewComputer(game, "heuristic", 3)
		b, _ := cardrules.NewComputer(game, "heuristic", 3)
		chosen, err := a.Choose(view)
		if err != nil {
			t.Fatalf("%s: Choose: %v", game, err)
		}
		_, played, err := b.Play(tb)
		if err != nil || chosen != played {
			t.Errorf("%s: Choose from the View's JSON %q, Play %q (%v)", game, chosen, played, err)
		}
		if tb.Seats() > 1 {
			other, _ := tb.View((tb.ToAct() + 1) % tb.Seats())
			if _, err := a.Choose(other); !errors.Is(err, cardrules.ErrNotNow) {
				t.Errorf("%s: Choose for a seat not to act: %v", game, err)
			}
		}
		if _, err := a.Choose([]byte(`{"legal": 7}`)); err == nil {
			t.Errorf("%s: Choose of a JSON that is no View succeeded", game)
		}
	}
}

// A Table's Happened and Record are the game's own State.Happened, as
// JSON, and State.Record().MarshalText(); no event is [], not null.
func TestTableHappenedAndRecord(t *testing.T) {
	for _, game := range cardrules.Games() {
		tb, _ := cardrules.Open(game, "", 0, 4)
		computers := make([]cardrules.Computer, tb.Seats())
		for seat := range computers {
			computers[seat], _ = cardrules.NewComputer(game, "random", uint64(seat))
		}
		tb, err := cardrules.RunTable(tb, computers, cardrules.Options[cardrules.Table, string]{Until: func(tb cardrules.Table) bool { return tb.Seq() >= 12 }})
		if err != nil {
			t.Fatal(err)
		}
		var want func(seat, since int) any
		var record func() ([]byte, error)
		switch s := tb.State().(type) {
		case handfoot.State:
			want, record = own(s, handfoot.State.Happened, handfoot.State.Record)
		case canasta.State:
			want, record = own(s, canasta.State.Happened, canasta.State.Record)
		case rummy.State:
			want, record = own(s, rummy.State.Happened, rummy.State.Record)
		case doublets.State:
			want, record = own(s, doublets.State.Happened, doublets.State.Record)
		default:
			t.Fatalf("%s: a Table of %T", game, s)
		}
		for seat := range tb.Seats() {
			for _, since := range []int{0, 5, 12} {
				got, err := tb.Happened(seat, since)
				w, _ := json.Marshal(want(seat, since))
				if since == 12 {
					w = []byte("[]")
				}
				if err != nil || !bytes.Equal(got, w) {
					t.Errorf("%s: Happened(%d, %d) = %s (%v), want %s", game, seat, since, got, err, w)
				}
			}
		}
		if _, err := tb.Happened(tb.Seats(), 0); !errors.Is(err, cardrules.ErrSeat) {
			t.Errorf("%s: Happened of no seat: %v", game, err)
		}
		got, err := tb.Record()
		w, _ := record()
		if err != nil || !bytes.Equal(got, w) || len(got) == 0 {
			t.Errorf("%s: Record:\n%s\n(%v), want\n%s", game, got, err, w)
		}
	}
}

// own returns the game's own events of s, and the text of its record.
func own[S any, E any, R encoding.TextMarshaler](s S, happened func(S, int, int) []E, record func(S) R) (func(seat, since int) any, func() ([]byte, error)) {
	return func(seat, since int) any { return happened(s, seat, since) }, record(s).MarshalText
}

// A Computer is safe to share: four goroutines playing four tables with
// one search Computer, and asking it to choose from Views, race on
// nothing (go test -race reports a shared Player's state otherwise), and
// every choice is one of its View's legal actions.
func TestComputerShared(t *testing.T) {
	for _, game := range []string{"rummy"} {
		strengths := cardrules.Strengths(game)
		c, err := cardrules.NewComputer(game, strengths[len(strengths)-1], 1)
		if err != nil {
			t.Fatal(err)
		}
		errc := make(chan error, 4)
		for g := range 4 {
			go func() {
				tb, err := cardrules.Open(game, "", 0, uint64(g))
				for i := 0; err == nil && i < 1 && !tb.Over(); i++ {
					var view []byte
					if view, err = tb.View(tb.ToAct()); err != nil {
						break
					}
					if _, err = c.Choose(view); err != nil {
						break
					}
					tb, _, err = c.Play(tb)
				}
				errc <- err
			}()
		}
		for range 4 {
			if err := <-errc; err != nil {
				t.Errorf("%s: %v", game, err)
			}
		}
	}
}
