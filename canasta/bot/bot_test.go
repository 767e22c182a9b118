package bot_test

import (
	"fmt"
	"github.com/cardrules/cardrules"
	"os"
	"strconv"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// table returns players for a table of n seats: strength a at the even
// seats (team 0 at four), b at the odd ones.
func table(t testing.TB, n int, seed uint64, a, b string) []bot.Player {
	t.Helper()
	ps := make([]bot.Player, n)
	for seat := range ps {
		name := a
		if seat%2 == 1 {
			name = b
		}
		p, err := bot.New(name, seed*8+uint64(seat))
		if err != nil {
			t.Fatal(err)
		}
		ps[seat] = p
	}
	return ps
}

// playGame plays a whole game of r from seed with a against b.
func playGame(t testing.TB, r canasta.Rules, seed uint64, a, b string) canasta.State {
	t.Helper()
	s, err := canasta.New(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	end, err := cardrules.Run(s, table(t, r.Players, seed, a, b), bot.Options{Limit: 200_000})
	if err != nil {
		t.Fatalf("%s seed %d: %v", r.Name, seed, err)
	}
	return end
}

// Every preset's games end, with either strength at every seat, and every
// decision is one of the View's legal actions (Play refuses any other).
func TestGamesEnd(t *testing.T) {
	for _, r := range []canasta.Rules{canasta.Classic(), canasta.TwoPlayer(), canasta.ThreePlayer(), canasta.Cutthroat()} {
		for seed := uint64(1); seed <= 3; seed++ {
			for _, pair := range [][2]string{{"heuristic", "heuristic"}, {"random", "heuristic"}} {
				if s := playGame(t, r, seed, pair[0], pair[1]); !s.Over() {
					t.Fatalf("%s seed %d: not over", r.Name, seed)
				}
			}
		}
	}
}

// The same View gives the same decision: two players of one seed, shown
// the same Views, decide alike; and a player decides from the View alone,
// so a View of another State that looks the same gets the same decision.
func TestSameViewSameDecision(t *testing.T) {
	for _, strength := range bot.Strengths() {
		a := quick(strength, 7)
		b := quick(strength, 7)
		s, _ := canasta.New(canasta.Classic(), 3)
		for n := 0; n < 400 && !s.Over(); n++ {
			v := s.View(s.ToAct())
			x, y := a.Choose(v), b.Choose(s.View(s.ToAct()))
			if x != y {
				t.Fatalf("%s: action %d: %v and %v from the same View", strength, n, x, y)
			}
			next, err := canasta.Apply(s, x)
			if err != nil {
				t.Fatalf("%s: %v: %v", strength, x, err)
			}
			s = next
		}
	}
}

// A restored position that differs only in what the seat cannot see (the
// other hands, dealt again from the same cards) gets the same decision.
func TestDecidesFromTheViewAlone(t *testing.T) {
	s, _ := canasta.New(canasta.Classic(), 5)
	s, _ = canasta.Apply(s, canasta.Draw())
	p := s.Position()
	// Swap seat 1's and seat 3's hands (11 cards each): seat 0 sees neither.
	p.Hands[1], p.Hands[3] = p.Hands[3], p.Hands[1]
	other, err := canasta.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := bot.New("heuristic", 1)
	b, _ := bot.New("heuristic", 1)
	if x, y := a.Choose(s.View(0)), b.Choose(other.View(0)); x != y {
		t.Errorf("the same View, two decisions: %v and %v", x, y)
	}
}

// The heuristic side beats the random side (a quick check; the 1000-game
// measurement is TestWinRate, behind CARDRULES_BOT_GAMES).
func TestHeuristicBeatsRandomQuick(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 10; seed++ {
		s := playGame(t, canasta.Classic(), seed, "heuristic", "random")
		if tot := s.Totals(); tot[0] > tot[1] {
			wins++
		}
	}
	if wins < 9 {
		t.Errorf("the heuristic side won %d of 10 games against random players", wins)
	}
}

// TestWinRate measures the heuristic side against the random side over
// CARDRULES_BOT_GAMES seeded Classic games, half with each side first to
// play, for BENCHMARKS.md:
//
//	CARDRULES_BOT_GAMES=1000 go test -run TestWinRate -v ./canasta/bot
func TestWinRate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CARDRULES_BOT_GAMES"))
	if n <= 0 {
		t.Skip("set CARDRULES_BOT_GAMES to measure")
	}
	wins, sum := 0, [2]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		a, b, h := "heuristic", "random", 0
		if seed%2 == 0 {
			a, b, h = "random", "heuristic", 1
		}
		tot := playGame(t, canasta.Classic(), seed, a, b).Totals()
		if tot[h] > tot[1-h] {
			wins++
		}
		sum[0] += tot[h]
		sum[1] += tot[1-h]
	}
	fmt.Printf("%d games: heuristic side won %d (%.1f%%); mean final score heuristic %d, random %d\n",
		n, wins, 100*float64(wins)/float64(n), sum[0]/n, sum[1]/n)
}

// Under Cutthroat the Heuristic discards against the lone hand, not its
// partner: seat 2, partner of seat 0 against seat 1, keeps the five that
// would give the lone hand's fives the pile, though seat 0 plays next,
// and discards the jack.
func TestHeuristicCutthroatDiscardsAgainstTheLoneHand(t *testing.T) {
	r := canasta.Cutthroat()
	shoe := bot.NewCards(t, r)
	use, melds := shoe.Use, shoe.Meld
	lone := 1
	p := canasta.Position{
		Rules: r, Round: 1, Phase: canasta.Melding, Turn: 2, Totals: make([]int, 3),
		Hands:     [][]card.Card{use("9S 10S"), use("KS 4D 6H"), use("JD 5C")},
		Melds:     []canasta.TeamMeld{melds(1, "5H 5S 5D"), melds(0, "QC QD QH")},
		RedThrees: make([][]card.Card, 3), Down: []bool{true, true, false}, LoneHand: &lone,
	}
	p.Pile = use("4C")
	for _, c := range shoe.Rest() {
		if meld.IsRedThree(c) {
			p.RedThrees[0] = append(p.RedThrees[0], c)
		} else {
			p.Stock = append(p.Stock, c)
		}
	}
	s, err := canasta.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(8) {
		if a := bot.Heuristic(seed).Choose(s.View(2)); a.String() != "discard JD" {
			t.Fatalf("seed %d: %v, want discard JD", seed, a)
		}
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
