package handfoot_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
)

// updateGolden is the -update flag: rewrite testdata/golden/*.txt from the
// present engine instead of comparing with them:
//
//	go test ./handfoot -run TestGoldenGames -update
//
// (the package before -update: go test passes everything after a flag it
// does not know to the test binary).
//
// Another test file of the package may define -update too; init then
// shares that flag instead of defining it twice (which would panic).
var updateGolden *bool

// goldenUpdateFlag is the -update flag when another test file defined it.
var goldenUpdateFlag *flag.Flag

func init() {
	if f := flag.Lookup("update"); f != nil {
		goldenUpdateFlag = f
		return
	}
	updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata/golden")
}

// goldenUpdate reports whether -update was given.
func goldenUpdate() bool {
	if goldenUpdateFlag != nil {
		return goldenUpdateFlag.Value.String() == "true"
	}
	return *updateGolden
}

// goldenMaxRounds caps a golden game played to a target score (rule set A,
// to 10000 points): the log stops when round 3 is scored and pins the
// state there, if the game has not ended by then.
const goldenMaxRounds = 3

// TestGoldenGames plays a seeded four-player game under each preset with a
// fixed policy (goldenPolicy) and compares the action log and the scores of
// every round with testdata/golden. Any change in dealing, in the legal
// actions or their order, in what an action does or in scoring shows up as
// a diff here. After an intended change: go test ./handfoot -run TestGoldenGames -update.
func TestGoldenGames(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rules handfoot.Rules
		seed  uint64
	}{
		{"rulesA.txt", handfoot.RulesA(), 1},
		{"rulesB.txt", handfoot.RulesB(), 1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got := goldenGame(t, tc.rules, tc.seed)
			again := goldenGame(t, tc.rules, tc.seed)
			if got != again {
				t.Fatalf("two plays of the same seed and policy differ:\n%s", firstDiff(got, again))
			}
			path := filepath.Join("testdata", "golden", tc.file)
			if goldenUpdate() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the game played now (run with -update after an intended change):\n%s",
					path, firstDiff(string(want), got))
			}
		})
	}
}

// firstDiff describes the first line where want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		wok, gok := i < len(w), i < len(g)
		if wok {
			wl = w[i]
		}
		if gok {
			gl = g[i]
		}
		if wok && gok && wl == gl {
			continue
		}
		switch {
		case !wok:
			return fmt.Sprintf("line %d: want end of file\n      got %q", i+1, gl)
		case !gok:
			return fmt.Sprintf("line %d: want %q\n      got end of file", i+1, wl)
		}
		return fmt.Sprintf("line %d: want %q\n      got %q", i+1, wl, gl)
	}
	return "(no difference)"
}

// goldenGame plays the game and returns its log: a header, one line per
// action ("seat action"), and each round's result with its breakdowns.
func goldenGame(t *testing.T, rules handfoot.Rules, seed uint64) string {
	t.Helper()
	s, err := handfoot.New(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	first, draws := s.FirstPlayer()
	fmt.Fprintf(&b, "# Hand and Foot, rules %s, seed %d, %d players in %d teams; golden policy (golden_test.go)\n",
		rules.Name, seed, rules.Players, rules.Teams)
	fmt.Fprintf(&b, "# first player: seat %d (drew %s)\n", first, cardsText(draws))
	var p goldenPolicy
	reported, round := 0, 0
	const maxSteps = 50000
	for steps := 0; !s.Over(); steps++ {
		if steps == maxSteps {
			t.Fatalf("rules %s seed %d: the game is not over after %d actions", rules.Name, seed, steps)
		}
		if s.Phase() == handfoot.RoundOver {
			reported = goldenResults(&b, s, reported)
			if rules.Rounds == 0 && s.Round() >= goldenMaxRounds {
				fmt.Fprintf(&b, "# stopped after round %d\n", s.Round())
				return b.String()
			}
		}
		if s.Round() != round {
			round = s.Round()
			fmt.Fprintf(&b, "## round %d: seat %d first, upcard %s, stock %d\n", round, s.Turn(), s.Upcard(), s.StockSize())
		}
		seat := s.ToAct()
		a := p.choose(s)
		next, err := handfoot.Apply(s, a)
		if err != nil {
			t.Fatalf("rules %s seed %d step %d: the policy chose %v from Legal, and Apply said %v", rules.Name, seed, steps, a, err)
		}
		fmt.Fprintf(&b, "%d %s\n", seat, a)
		s = next
	}
	goldenResults(&b, s, reported)
	fmt.Fprintf(&b, "# game over after round %d: totals %v, winners %v\n", s.Round(), s.Totals(), s.Winners())
	return b.String()
}

// goldenResults writes the results of the rounds after the first done
// ones, and returns the number of rounds written.
func goldenResults(b *strings.Builder, s handfoot.State, done int) int {
	results := s.Results()
	for _, res := range results[done:] {
		if res.WentOut >= 0 {
			fmt.Fprintf(b, "## round %d over: seat %d went out\n", res.Number, res.WentOut)
		} else {
			fmt.Fprintf(b, "## round %d over: no one went out\n", res.Number)
		}
		for _, ts := range res.Teams {
			fmt.Fprintf(b, "team %d: round %d, total %d\n", ts.Team, ts.Points, ts.Total)
			for line := range strings.SplitSeq(ts.Breakdown.String(), "\n") {
				fmt.Fprintf(b, "    %s\n", line)
			}
		}
	}
	return len(results)
}

func cardsText(cs []card.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// goldenPolicy is a simple fixed strategy, using only Legal and public
// accessors. In order of preference it:
//
//   - answers yes to a going-out question, and deals the next round;
//   - goes out when an action would end the round with this seat out;
//   - asks the partner once it is in its foot and the team has the canastas
//     to go out (rule set B);
//   - takes the pile when it may, else draws;
//   - lays the meld step that lays the most cards (new melds before adds,
//     then Legal's order), red threes on clean canastas, until nothing more
//     can be laid; if that leaves the turn short of the first-meld minimum
//     it takes back, and lays nothing more this turn;
//   - discards the card that would cost most left in hand and is not one of
//     a pair, wild cards last (then by Legal's order).
//
// The only memory is whether the player took back this turn, so that a
// turn never loops.
type goldenPolicy struct {
	seat, round int  // the turn the memory belongs to
	tookBack    bool // the player took back this turn
}

func (p *goldenPolicy) choose(s handfoot.State) handfoot.Action {
	legal := handfoot.Legal(s)
	if len(legal) == 0 {
		return handfoot.Action{} // Apply rejects it and the test reports it
	}
	if s.Turn() != p.seat || s.Round() != p.round {
		*p = goldenPolicy{seat: s.Turn(), round: s.Round()}
	}
	switch s.Phase() {
	case handfoot.Answering:
		return handfoot.Answer(true)
	case handfoot.RoundOver:
		return handfoot.Next()
	case handfoot.Choosing:
		return legal[0]
	}
	seat := s.ToAct()
	// Going out.
	for _, a := range legal {
		switch a.Kind() {
		case handfoot.KindMeld, handfoot.KindAdd, handfoot.KindLayRed, handfoot.KindDiscard:
			next, err := handfoot.Apply(s, a)
			if err == nil && (next.Phase() == handfoot.RoundOver || next.Phase() == handfoot.GameOver) {
				if res := next.Results(); len(res) > 0 && res[len(res)-1].WentOut == seat {
					return a
				}
			}
		}
	}
	has := func(k handfoot.Kind) (handfoot.Action, bool) {
		for _, a := range legal {
			if a.Kind() == k {
				return a, true
			}
		}
		return handfoot.Action{}, false
	}
	if s.Phase() == handfoot.Drawing {
		if a, ok := has(handfoot.KindTake); ok && !p.tookBack {
			return a
		}
		if a, ok := has(handfoot.KindDraw); ok {
			return a
		}
		if a, ok := has(handfoot.KindTake); ok {
			return a
		}
		return legal[0]
	}
	// Melding or Opening.
	if a, ok := has(handfoot.KindAsk); ok && teamCanGoOut(s, seat) {
		return a
	}
	if !p.tookBack {
		best, most := handfoot.Action{}, 0
		for _, a := range legal {
			n := 0
			switch a.Kind() {
			case handfoot.KindMeld, handfoot.KindAdd:
				n = 2 * len(a.Cards())
				if a.Kind() == handfoot.KindMeld {
					n++
				}
			case handfoot.KindLayRed:
				n = 1
			}
			if n > most {
				best, most = a, n
			}
		}
		if most > 0 {
			return best
		}
	}
	discards := legal[:0:0]
	for _, a := range legal {
		if a.Kind() == handfoot.KindDiscard {
			discards = append(discards, a)
		}
	}
	if len(discards) == 0 {
		if a, ok := has(handfoot.KindTakeBack); ok {
			p.tookBack = true
			return a
		}
		return legal[0]
	}
	hand := s.Hand(seat)
	held := s.Rules().Values.Held
	best, bestScore := discards[0], -1<<30
	for _, a := range discards {
		c := a.Card()
		score := -held.Points(c)
		switch {
		case c == card.Joker || c.Rank() == card.Two:
			score -= 1 << 20
		case hand.CountRank(c.Rank()) >= 2 && c.Rank() != card.Three:
			score -= 1 << 10
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// teamCanGoOut reports whether seat's team has the canastas it needs to go out.
func teamCanGoOut(s handfoot.State, seat int) bool {
	r := s.Rules()
	need := r.GoOut
	if r.LargeTable > 0 && r.Players >= r.LargeTable {
		need = r.GoOutLarge
	}
	v := s.View(seat)
	have := v.Teams[v.Team].Canastas
	return have.Clean >= need.Clean && have.Dirty >= need.Dirty
}
