package bot_test

import (
	"github.com/cardrules/cardrules"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/doublets/bot"
	"pgregory.net/rapid"
)

// fataler is what the helpers need of a testing.T or a rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// newGame deals a game of r from seed.
func newGame(t fataler, r doublets.Rules, seed uint64) doublets.State {
	t.Helper()
	s, err := doublets.New(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// player returns the player of strength, seeded with seed.
func player(t fataler, strength string, seed uint64) bot.Player {
	t.Helper()
	p, err := bot.New(strength, seed)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// searchSeeds is how many deals the tests that play every strength give
// the search player, whose decisions cost milliseconds.
const searchSeeds = 2

// Every action each strength chooses is one of its View's legal actions,
// and every game ends, under both rule sets.
func TestLegalAndGamesEnd(t *testing.T) {
	for _, r := range []doublets.Rules{doublets.Aisleriot(), doublets.PySol()} {
		for seed := uint64(1); seed <= 40; seed++ {
			for _, strength := range bot.Strengths() {
				if strength == "search" && seed > searchSeeds {
					continue // the search costs milliseconds a decision
				}
				p := player(t, strength, seed)
				s := newGame(t, r, seed)
				for steps := 0; !s.Over(); steps++ {
					// A game has at most 48 plays and three passes of at
					// most 52 turns and a redeal between them.
					if steps > 48+3*52+2 {
						t.Fatalf("%s, seed %d, %s: no end after %d actions", r.Name, seed, strength, steps)
					}
					v := s.View(0)
					a := p.Choose(v)
					if !slices.Contains(v.Legal, a) {
						t.Fatalf("%s, seed %d, %s: chose %v, not among %v", r.Name, seed, strength, a, v.Legal)
					}
					next, err := doublets.Apply(s, a)
					if err != nil {
						t.Fatalf("%s, seed %d: %v: %v", r.Name, seed, a, err)
					}
					s = next
				}
			}
		}
	}
}

// The same View gives the same decision: a fresh player of the same seed,
// shown the same View, decides alike.
func TestSameViewSameDecision(t *testing.T) {
	for _, strength := range bot.Strengths() {
		s := newGame(t, doublets.Aisleriot(), 9)
		walker := bot.Random(3)
		for k := 0; !s.Over(); k++ {
			x := player(t, strength, uint64(k)).Choose(s.View(0))
			y := player(t, strength, uint64(k)).Choose(s.View(0))
			if x != y {
				t.Fatalf("%s: action %d: %v and %v from the same View", strength, k, x, y)
			}
			next, err := doublets.Apply(s, walker.Choose(s.View(0)))
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
}

// A player decides from the View alone: a State whose stock is in another
// order (which the View does not show) gets the same decision.
func TestDecidesFromTheViewAlone(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 10; seed++ {
		s := newGame(t, doublets.Aisleriot(), seed)
		walker := bot.Random(seed)
		for k := 0; !s.Over(); k++ {
			p := s.Position()
			if len(p.Stock) > 1 {
				slices.Reverse(p.Stock)
				other, err := doublets.FromPosition(p)
				if err != nil {
					t.Fatal(err)
				}
				if other.Equal(s) || !reflect.DeepEqual(s.View(0), other.View(0)) {
					t.Fatalf("seed %d, action %d: reversing the stock changed nothing, or the View", seed, k)
				}
				for _, strength := range bot.Strengths() {
					if strength == "search" && seed > searchSeeds {
						continue // the search costs milliseconds a decision
					}
					x := player(t, strength, uint64(k)).Choose(s.View(0))
					y := player(t, strength, uint64(k)).Choose(other.View(0))
					if x != y {
						t.Fatalf("%s, seed %d, action %d: %v and %v from Views alike", strength, seed, k, x, y)
					}
				}
				checked++
			}
			next, err := doublets.Apply(s, walker.Choose(s.View(0)))
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	if checked < 500 {
		t.Errorf("only %d positions checked", checked)
	}
}

// position builds the State with the foundation, the reserve (seven
// cards, "--" for an empty slot), the waste (bottom first) and pass; the
// other cards make the stock in card order, or, with noStock, go to the
// waste's bottom.
func position(t *testing.T, foundation, reserve, waste string, pass int, noStock bool) doublets.State {
	t.Helper()
	p := doublets.Position{Rules: doublets.Aisleriot(), Foundation: card.MustParseCards(foundation), Pass: pass}
	if waste != "" {
		p.Waste = card.MustParseCards(waste)
	}
	used := slices.Concat(p.Foundation, p.Waste)
	for i, w := range strings.Fields(reserve) {
		if w != "--" {
			p.Reserve[i] = card.MustParse(w)
			used = append(used, p.Reserve[i])
		}
	}
	var rest []card.Card
	for c := card.Card(1); c < card.Joker; c++ {
		if !slices.Contains(used, c) {
			rest = append(rest, c)
		}
	}
	if noStock {
		p.Waste = append(rest, p.Waste...)
	} else {
		p.Stock = rest
	}
	s, err := doublets.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The heuristic's choices: a reserve card before the waste's, the lowest
// slot first; the waste's card when no reserve card is needed; a turn when
// nothing plays; a redeal when the stock is used up.
func TestHeuristicChoices(t *testing.T) {
	for _, c := range []struct {
		name string
		s    doublets.State
		want string
	}{
		{"a reserve card before the waste's", position(t, "AC", "5C 9H 2D 3D 2S 7S 4H", "6D 2H", 1, false), "play 3"},
		{"the waste's card", position(t, "AC", "5C 9H KD 3D 7S 4H 6S", "6D 2H", 1, false), "play waste"},
		{"nothing plays: turn", position(t, "AC", "5C 9H KD 3D 7S 4H 6S", "6D 3H", 1, false), "turn"},
		{"the stock used up: redeal", position(t, "AC", "5C 9H KD 3D 7S 4H 6S", "6D 3H", 2, true), "redeal"},
	} {
		if got := bot.Heuristic(1).Choose(c.s.View(0)).String(); got != c.want {
			t.Errorf("%s: %s, want %s (legal %v)", c.name, got, c.want, doublets.Legal(c.s))
		}
	}
}

// The solver's best score on a deal is never below what the random or the
// greedy player reaches from it, and the solver's line replays with Apply to that score.
// The seeds include 975, a deal that cannot be won.
func TestSolverBoundsPlayers(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64Range(1, 2000).Draw(rt, "seed")
		r := rapid.SampledFrom([]doublets.Rules{doublets.Aisleriot(), doublets.PySol()}).Draw(rt, "rules")
		s := newGame(rt, r, seed)
		sol := doublets.Solve(s)
		end := s
		for _, a := range sol.Moves {
			var err error
			if end, err = doublets.Apply(end, a); err != nil {
				rt.Fatalf("the solver's line: %v: %v", a, err)
			}
		}
		if end.Totals()[0] != sol.Score || sol.Winnable != (sol.Score == doublets.MaxScore) {
			rt.Fatalf("the solver's line reaches %d, it says %d (winnable %v)", end.Totals()[0], sol.Score, sol.Winnable)
		}
		// The search player's games cost tens of milliseconds: it is left
		// out here (it plays legal moves only, so the solver bounds it
		// too), and examples/simulate checks it on every deal it plays.
		for _, strength := range []string{"random", "heuristic"} {
			got, err := cardrules.Run(s, []bot.Player{player(rt, strength, rapid.Uint64().Draw(rt, "player"))}, bot.Options{})
			if err != nil {
				rt.Fatal(err)
			}
			if got.Totals()[0] > sol.Score {
				rt.Fatalf("%s reached %d, the solver's best is %d", strength, got.Totals()[0], sol.Score)
			}
		}
	})
}

// figures plays games deals (seeds 1 on) of r with strength and returns
// its wins and its mean final score.
func figures(t testing.TB, r doublets.Rules, strength string, games int) (wins int, mean float64) {
	for seed := uint64(1); seed <= uint64(games); seed++ {
		end, err := cardrules.Run(newGame(t, r, seed), []bot.Player{player(t, strength, seed)}, bot.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if end.Totals()[0] == doublets.MaxScore {
			wins++
		}
		mean += float64(end.Totals()[0])
	}
	return wins, mean / float64(games)
}

// TestWinRate plays CARDRULES_BOT_GAMES deals (seeds 1 on, 200 by default)
// with the greedy and the random player under both rule sets, checks that
// the greedy player scores more, and with -v prints the figures
// BENCHMARKS.md reports (the greedy player's are those of examples/simulate
// on the same seeds: it ignores its seed):
//
//	CARDRULES_BOT_GAMES=10000 go test -count=1 -run TestWinRate -v ./doublets/bot
func TestWinRate(t *testing.T) {
	games := 200
	if n, err := strconv.Atoi(os.Getenv("CARDRULES_BOT_GAMES")); err == nil && n > 0 {
		games = n
	}
	for _, r := range []doublets.Rules{doublets.Aisleriot(), doublets.PySol()} {
		hw, hm := figures(t, r, "heuristic", games)
		rw, rm := figures(t, r, "random", games)
		t.Logf("%s, %d deals: greedy won %d (%.1f%%), mean score %.2f; random won %d (%.1f%%), mean score %.2f",
			r.Name, games, hw, 100*float64(hw)/float64(games), hm, rw, 100*float64(rw)/float64(games), rm)
		if hm <= rm || hw < rw {
			t.Errorf("%s: the greedy player (%d wins, mean %.2f) does no better than the random one (%d, %.2f)", r.Name, hw, hm, rw, rm)
		}
	}
}
