package doublets

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
)

// hostilePosition draws a late position with up to talon cards in the
// waste and stock, reserve slots possibly empty once the talon is, on any
// pass of up to passes.
func hostilePosition(rnd *rand.Rand, talon, passes int) Position {
	rules := Rules{Name: "h", Passes: 1 + rnd.IntN(passes)}
	for {
		k := 1 + rnd.IntN(MaxScore)
		used := map[card.Card]bool{}
		rank := card.Rank(1 + rnd.IntN(12))
		var p Position
		for range k {
			var free []card.Card
			for s := card.Suit(1); s <= 4; s++ {
				if c := card.New(rank, s); !used[c] {
					free = append(free, c)
				}
			}
			c := free[rnd.IntN(len(free))]
			used[c] = true
			p.Foundation = append(p.Foundation, c)
			rank = next(rank)
		}
		var rest []card.Card
		for c := card.Card(1); c < card.Joker; c++ {
			if !used[c] {
				rest = append(rest, c)
			}
		}
		if len(rest) > talon+Slots {
			continue
		}
		rnd.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		slots := rnd.Perm(Slots)
		i := 0
		for ; i < len(rest) && i < Slots; i++ {
			p.Reserve[slots[i]] = rest[i]
		}
		rest = rest[i:]
		w := rnd.IntN(len(rest) + 1)
		p.Waste, p.Stock = rest[:w], rest[w:]
		p.Rules = rules
		p.Pass = 1 + rnd.IntN(rules.Passes)
		p.Seq = rnd.IntN(100)
		return p
	}
}

// Solve's score is the best a plain search of every legal action finds,
// its line replays to it and Hint is its first move, on late positions of
// tables of up to MaxPasses passes, with reserve slots empty once the
// talon is used up. (This held up.) The quick loop checks a third of the
// 400 positions.
func TestHostileSolveMatchesBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		p := hostilePosition(rnd, 10, MaxPasses)
		if !conform.Sampled(i) {
			continue
		}
		s, err := FromPosition(p)
		if err != nil {
			t.Fatalf("refused %v: %+v", err, p)
		}
		sol := Solve(s)
		if want := (brute{}).best(s); sol.Score != want {
			t.Fatalf("%d: Solve %d, brute %d: %+v", i, sol.Score, want, p)
		}
		checkLine(t, s, sol)
		a, ok := Hint(s)
		if ok != (len(sol.Moves) > 0) || ok && a != sol.Moves[0] {
			t.Fatalf("%d: Hint %v %v, Solve's line %v", i, a, ok, sol.Moves)
		}
	}
}

// Positions at the edges FromPosition accepts play to the end along three
// random paths with every check of the harness (conform.From), and Solve's
// line replays to its score: a full foundation, an empty talon with empty
// slots, the last pass with the stock used up, a king on the waste's top
// over an empty stock, a reserve of kings, a foundation of one card with
// the talon in the waste. (These held up.)
func TestHostileEdgePositions(t *testing.T) {
	mk := func(found string, reserve string, waste, stock string, pass int) Position {
		p := Position{Rules: Aisleriot(), Pass: pass, Foundation: card.MustParseCards(found),
			Waste: card.MustParseCards(waste), Stock: card.MustParseCards(stock)}
		copy(p.Reserve[:], card.MustParseCards(reserve))
		return p
	}
	// The foundation from AC, doubling through the suits in turn.
	chain := func(k int) (string, map[card.Card]bool) {
		used := map[card.Card]bool{}
		out := ""
		r := card.Ace
		for range k {
			for s := card.Suit(1); s <= 4; s++ {
				if c := card.New(r, s); !used[c] {
					used[c] = true
					out += " " + c.String()
					break
				}
			}
			r = next(r)
		}
		return out, used
	}
	rest := func(used map[card.Card]bool) []card.Card {
		var out []card.Card
		for c := card.Card(1); c < card.Joker; c++ {
			if !used[c] {
				out = append(out, c)
			}
		}
		return out
	}
	text := func(cs []card.Card) string {
		out := ""
		for _, c := range cs {
			out += " " + c.String()
		}
		return out
	}
	f48, _ := chain(48)
	f47, u47 := chain(47) // left: the kings and one card
	f44, u44 := chain(44) // left: four cards, then the kings
	r44 := rest(u44)
	f1, u1 := chain(1)
	r1 := rest(u1)
	cases := map[string]Position{
		"full foundation":    mk(f48, "KC KD KH KS", "", "", 1),
		"empty talon":        mk(f47, text(rest(u47)), "", "", 3),
		"last pass":          mk(f44, text(r44[:7]), text(r44[7:]), "", 3),
		"king on the waste":  mk(f44, text(r44[:4])+" KD KH KS", "KC", "", 2),
		"reserve of kings":   mk(f44, "KC KD KH KS"+text(r44[:3]), "", text(r44[3:4]), 1),
		"one card, no stock": mk(f1, text(r1[:7]), text(r1[7:]), "", 1),
		"one card, no waste": mk(f1, text(r1[:7]), "", text(r1[7:]), 3),
	}
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			s, err := FromPosition(p)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			conform.From(t, conformGame(), p.Rules, s, 3, 0)
			sol, _ := SolveWithin(s, 200_000)
			checkLine(t, s, sol)
		})
	}
}
