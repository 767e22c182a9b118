package bot_test

import (
	"fmt"
	"github.com/cardrules/cardrules"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// rules returns basic rummy for n players.
func rules(n int) rummy.Rules {
	r := rummy.Basic()
	r.Players = n
	return r
}

// table returns players for n seats: strength a at seat hero, b at the
// others.
func table(t testing.TB, n, hero int, seed uint64, a, b string) []bot.Player {
	t.Helper()
	ps := make([]bot.Player, n)
	for seat := range ps {
		name := b
		if seat == hero {
			name = a
		}
		p, err := bot.New(name, seed*8+uint64(seat))
		if err != nil {
			t.Fatal(err)
		}
		ps[seat] = p
	}
	return ps
}

// newGame deals a game of r from seed.
func newGame(t testing.TB, r rummy.Rules, seed uint64) rummy.State {
	t.Helper()
	s, err := rummy.New(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every action either strength chooses is one of its View's legal
// actions, and every game of two to six players ends, with either strength
// at every seat and mixed.
func TestLegalAndGamesEnd(t *testing.T) {
	for n := rummy.MinPlayers; n <= rummy.MaxPlayers; n++ {
		for seed := uint64(1); seed <= 8; seed++ {
			for _, pair := range [][2]string{{"heuristic", "heuristic"}, {"heuristic", "random"}, {"random", "heuristic"}, {"random", "random"}} {
				players := table(t, n, int(seed)%n, seed, pair[0], pair[1])
				s := newGame(t, rules(n), seed)
				for steps := 0; !s.Over(); steps++ {
					if steps > 10_000 {
						t.Fatalf("%d players, seed %d, %v: no end after %d actions", n, seed, pair, steps)
					}
					v := s.View(s.ToAct())
					a := players[v.Seat].Choose(v)
					if !slices.Contains(v.Legal, a) {
						t.Fatalf("%d players, seed %d: seat %d chose %v, not among %v", n, seed, v.Seat, a, v.Legal)
					}
					next, err := rummy.Apply(s, a)
					if err != nil {
						t.Fatalf("%d players, seed %d: %v: %v", n, seed, a, err)
					}
					s = next
				}
			}
		}
	}
}

// Heuristic players at every seat end their games: they do not pass cards
// round through the pile for ever, which would keep the stock from running
// out (a round no one goes out of ends only after rummy.MaxTurns turns, or
// with a limit on rebuilds when the stock is used up).
func TestHeuristicTablesEnd(t *testing.T) {
	for n := rummy.MinPlayers; n <= rummy.MaxPlayers; n++ {
		for seed := uint64(1); seed <= 200; seed++ {
			r := rules(n)
			r.KeepTaken = seed%2 == 0
			if _, err := cardrules.Run(newGame(t, r, seed), table(t, n, 0, seed, "heuristic", "heuristic"), bot.Options{Limit: 5000}); err != nil {
				t.Fatalf("%d players, seed %d: %v", n, seed, err)
			}
		}
	}
}

// The same View gives the same decision: a fresh player of the same seed,
// shown the same View, decides alike.
func TestSameViewSameDecision(t *testing.T) {
	for _, strength := range bot.Strengths() {
		for n := 2; n <= 4; n++ {
			s := newGame(t, rules(n), uint64(n))
			players := table(t, n, 0, 1, "heuristic", "heuristic")
			for k := 0; k < 300 && !s.Over(); k++ {
				v := s.View(s.ToAct())
				a := quick(strength, uint64(k))
				b := quick(strength, uint64(k))
				if x, y := a.Choose(v), b.Choose(s.View(s.ToAct())); x != y {
					t.Fatalf("%s: action %d: %v and %v from the same View", strength, k, x, y)
				}
				next, err := rummy.Apply(s, players[v.Seat].Choose(v))
				if err != nil {
					t.Fatal(err)
				}
				s = next
			}
		}
	}
}

// hide returns s with cards the seat to act cannot see moved: a card of
// another seat's hand it did not take from the pile swapped with a card of
// the stock. ok is false when there is none to swap.
func hide(t *testing.T, s rummy.State, k int) (rummy.State, bool) {
	t.Helper()
	p := s.Position()
	if _, err := rummy.FromPosition(p); err != nil {
		// The engine refuses the Position of a State whose player melded or
		// laid off the card it drew from the pile this turn (Taken is no
		// longer among its known cards): see the report.
		return s, false
	}
	if len(p.Stock) == 0 {
		return s, false
	}
	me := s.ToAct()
	for i := range p.Hands {
		seat := (me + 1 + i + k) % len(p.Hands)
		if seat == me {
			continue
		}
		for j, c := range p.Hands[seat] {
			if slices.Contains(p.Known[seat], c) {
				continue
			}
			x := (j + k) % len(p.Stock)
			p.Hands[seat][j], p.Stock[x] = p.Stock[x], c
			other, err := rummy.FromPosition(p)
			if err != nil {
				t.Fatalf("swapping %v with the stock's %v: %v", c, p.Hands[seat][j], err)
			}
			return other, true
		}
	}
	return s, false
}

// A player decides from the View alone: a State that differs only in the
// cards the seat cannot see (another hand's hidden cards swapped with the
// stock's) gets the same decision.
func TestDecidesFromTheViewAlone(t *testing.T) {
	swapped := 0
	for n := 2; n <= 5; n++ {
		s := newGame(t, rules(n), 10+uint64(n))
		players := table(t, n, 0, 2, "heuristic", "random")
		for k := 0; k < 200 && !s.Over(); k++ {
			if other, ok := hide(t, s, k); ok {
				if s.Equal(other) {
					t.Fatal("the swap changed nothing")
				}
				if !viewsEqual(s.View(s.ToAct()), other.View(s.ToAct())) {
					t.Fatal("the swap changed the View")
				}
				swapped++
				for _, strength := range bot.Strengths() {
					if strength == "search" && k%10 != 0 {
						continue // the search's own tests check it more closely
					}
					a := quick(strength, uint64(k))
					b := quick(strength, uint64(k))
					if x, y := a.Choose(s.View(s.ToAct())), b.Choose(other.View(s.ToAct())); x != y {
						t.Fatalf("%s, %d players, action %d: %v and %v from Views alike", strength, n, k, x, y)
					}
				}
			}
			v := s.View(s.ToAct())
			next, err := rummy.Apply(s, players[v.Seat].Choose(v))
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	if swapped < 100 {
		t.Errorf("only %d positions checked", swapped)
	}
}

// viewsEqual compares two Views by their printed values.
func viewsEqual(a, b rummy.View) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// winRate plays games two-player games seeded 1 on, the heuristic at seat
// 0 in odd games and at seat 1 in even ones, random players at the other
// seats, and returns the heuristic's wins and the mean final totals.
func winRate(t testing.TB, n, games int) (wins int, hero, others float64) {
	for seed := uint64(1); seed <= uint64(games); seed++ {
		h := int(seed) % n
		s := newGame(t, rules(n), seed)
		end, err := cardrules.Run(s, table(t, n, h, seed, "heuristic", "random"), bot.Options{Limit: 10_000})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		tot := end.Totals()
		if w := end.Winners(); len(w) == 1 && w[0] == h {
			wins++
		}
		for seat, x := range tot {
			if seat == h {
				hero += float64(x)
			} else {
				others += float64(x) / float64(n-1)
			}
		}
	}
	return wins, hero / float64(games), others / float64(games)
}

// TestWinRate plays the heuristic against random players over
// CARDRULES_BOT_GAMES seeded games (60 by default) of two players, and of
// three, and checks that it wins by a wide margin; -v prints the win rate
// and the mean final scores:
//
//	CARDRULES_BOT_GAMES=1000 go test -run TestWinRate -v ./rummy/bot
func TestWinRate(t *testing.T) {
	games := 60
	if n, err := strconv.Atoi(os.Getenv("CARDRULES_BOT_GAMES")); err == nil && n > 0 {
		games = n
	}
	for _, n := range []int{2, 3} {
		wins, hero, others := winRate(t, n, games)
		rate := float64(wins) / float64(games)
		t.Logf("%d players, %d games: the heuristic won %d (%.1f%%); mean final score heuristic %.1f, random %.1f",
			n, games, wins, 100*rate, hero, others)
		if rate < 0.8 || hero <= others {
			t.Errorf("%d players: the heuristic won only %.1f%% of %d games against random players (mean %.1f against %.1f)", n, 100*rate, games, hero, others)
		}
	}
}

// position builds a two-player position: seat 0 to act in phase with the
// hands, the melds (laid by seat 1), the pile (bottom first); the other
// cards make the stock. Cards are in the card package's notation.
func position(t *testing.T, phase rummy.Phase, hand0, hand1 string, melds []string, pile string) rummy.Position {
	t.Helper()
	cs := func(s string) []card.Card {
		if s == "" {
			return nil
		}
		x, err := card.ParseCards(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	p := rummy.Position{
		Rules: rummy.Basic(), Round: 1, Phase: phase,
		Hands: [][]card.Card{cs(hand0), cs(hand1)}, Laid: make([][]card.Card, 2), Known: make([][]card.Card, 2),
		Pile: cs(pile),
	}
	used := map[card.Card]bool{}
	for _, h := range p.Hands {
		for _, c := range h {
			used[c] = true
		}
	}
	for _, c := range p.Pile {
		used[c] = true
	}
	for _, m := range melds {
		x := cs(m)
		comb, err := meld.NewCombination(x)
		if err != nil {
			t.Fatal(err)
		}
		p.Melds = append(p.Melds, rummy.TableMeld{Seat: 1, Meld: comb})
		p.Laid[1] = append(p.Laid[1], x...)
		for _, c := range x {
			used[c] = true
		}
	}
	for _, c := range card.All() {
		if c != card.Joker && !used[c] {
			p.Stock = append(p.Stock, c)
		}
	}
	return p
}

// choose returns the heuristic's action at p for seat 0.
func choose(t *testing.T, p rummy.Position) rummy.Action {
	t.Helper()
	s, err := rummy.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	return bot.Heuristic(1).Choose(s.View(0))
}

// The heuristic's choices in positions made for them: what it draws, that
// it goes out when it can, what it lays and what it discards.
func TestHeuristicChoices(t *testing.T) {
	for _, c := range []struct {
		name         string
		phase        rummy.Phase
		hand0, hand1 string
		melds        []string
		pile, want   string
	}{
		{"the upcard completes a run", rummy.Drawing, "4C 5C KD QH 9S", "2D 3D 8H 9H JS", nil, "7D 6C", "draw pile"},
		{"the upcard lays off", rummy.Drawing, "4C 8D KD QH 9S", "2D 3D 8H 9H JS", []string{"5S 6S 7S"}, "7D 8S", "draw pile"},
		{"the upcard helps nothing", rummy.Drawing, "4C 8D KD QH 9S", "2D 3D 8H 9H JS", nil, "7D 2S", "draw stock"},
		{"goes out: lay off, then meld", rummy.Playing, "9H 10H JH 8S", "2D 3D 8H 9D JS", []string{"5S 6S 7S"}, "7D", "lay 8S on 1"},
		{"goes out by the discard", rummy.Playing, "9H 10H JH KS", "2D 3D 8H 9D JS", nil, "7D", "meld 9H 10H JH"},
		{"the most points", rummy.Playing, "7C 7D 7H 8H 9H 2S KS", "2D 3D 8D 9D JS", nil, "7S", "meld 7C 7D 7H"},
		{"discards the lone high card", rummy.Playing, "4C 5C KD 9S 10S 2H", "2D 3D 8H 9H JS", nil, "7D", "discard KD"},
	} {
		p := position(t, c.phase, c.hand0, c.hand1, c.melds, c.pile)
		if got := choose(t, p).String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	// The next player was seen taking KH and KS from the pile: KD would
	// give it a group.
	p := position(t, rummy.Playing, "4C 5C KD 9S 10S 2H", "2D 3D KH KS JS", nil, "7D")
	p.Known[1] = []card.Card{card.New(card.King, card.Hearts), card.New(card.King, card.Spades)}
	if got := choose(t, p).String(); got != "discard 2H" {
		t.Errorf("with KH KS known in the next hand: %s, want discard 2H", got)
	}
}

// quick returns the player of the named strength, the search player on a
// budget of a few play-outs, so that the tests that ask every strength
// stay fast.
func quick(strength string, seed uint64) bot.Player {
	if strength == "search" {
		return bot.SearchWith(seed, bot.Budget{Playouts: 2})
	}
	p, _ := bot.New(strength, seed)
	return p
}
