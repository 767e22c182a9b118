package bot_test

import (
	"github.com/cardrules/cardrules"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/internal/conform"
	"pgregory.net/rapid"
)

// playGame plays one game with team 0 (even seats) of strength a and the
// other seats of strength b, and returns the final state; with rounds > 0,
// only that many rounds of it.
func playGame(t testing.TB, rules handfoot.Rules, seed uint64, a, b string, rounds int) handfoot.State {
	t.Helper()
	var until func(handfoot.State) bool
	if rounds > 0 {
		until = func(s handfoot.State) bool { return s.Round() > rounds }
	}
	return playUntil(t, rules, seed, a, b, until)
}

// playUntil plays one game as [playGame] does, stopping it early where
// until, if not nil, says so.
func playUntil(t testing.TB, rules handfoot.Rules, seed uint64, a, b string, until func(handfoot.State) bool) handfoot.State {
	t.Helper()
	s, err := handfoot.New(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]bot.Player, rules.Players)
	for seat := range players {
		strength := b
		if seat%rules.Teams == 0 {
			strength = a
		}
		players[seat] = quick(strength, seed*31+uint64(seat))
	}
	o := bot.Options{Limit: 200000, Until: until}
	s, err = cardrules.Run(s, players, o)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return s
}

func TestHeuristicBeatsRandomQuick(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		wins, n := 0, 20 // the quick loop; 40 under CARDRULES_FULL
		if conform.Full() {
			n = 40
		}
		sum := [2]int{}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			s := playGame(t, rules, seed, "heuristic", "random", 0)
			tot := s.Totals()
			sum[0] += tot[0]
			sum[1] += tot[1]
			if tot[0] > tot[1] {
				wins++
			}
		}
		t.Logf("rules %s: heuristic won %d of %d, mean totals %d vs %d", rules.Name, wins, n, sum[0]/n, sum[1]/n)
		if wins < n*3/4 {
			t.Errorf("rules %s: the heuristic team won only %d of %d games against random players", rules.Name, wins, n)
		}
	}
}

// reshuffleHidden returns s with every card seat cannot see dealt afresh:
// the other players' hands, every foot still face down (but seat's own
// where it looked at both packets to choose its hand), seat's own packets
// while it chooses face down, and the stock, each zone keeping its size.
// ok is false where no such position exists.
func reshuffleHidden(s handfoot.State, seat int, rng *rand.Rand) (handfoot.State, bool) {
	p := s.Position()
	keep := map[int]bool{seat: true, p.Turn: true} // the turn's fixed point stays valid
	seen := p.Rules.ChoosePacket && p.Rules.LookAtPackets
	blind := s.Phase() == handfoot.Choosing && !seen // seat, to choose, has seen neither packet
	hide := func(i int) (hand, foot bool) { return !keep[i] || i == seat && blind, i != seat || !seen }
	var hidden []card.Card
	for i, sp := range p.Seats {
		hand, foot := hide(i)
		if hand {
			hidden = sp.Hand.AppendCards(hidden)
		}
		if foot {
			hidden = sp.Foot.AppendCards(hidden)
		}
	}
	hidden = append(hidden, p.Stock...)
	rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	seats := append([]handfoot.SeatPosition(nil), p.Seats...)
	next := 0
	deal := func(n int) card.Multiset {
		m, _ := card.MultisetOf(hidden[next : next+n]...)
		next += n
		return m
	}
	for i := range seats {
		hand, foot := hide(i)
		if hand {
			seats[i].Hand = deal(seats[i].Hand.Len())
		}
		if foot {
			seats[i].Foot = deal(seats[i].Foot.Len())
		}
	}
	p.Seats = seats
	p.Stock = append([]card.Card(nil), hidden[next:]...)
	other, err := handfoot.FromPosition(p)
	return other, err == nil
}

// The players decide from the View alone: in positions that differ only in
// what the seat to act cannot see, two players with the same seed decide
// the same, and the Views they are shown are equal. Without
// CARDRULES_FULL it checks 25 positions, not 50.
func TestPlayersSeeOnlyTheirView(t *testing.T) {
	checked, want := 0, 50
	if !conform.Full() {
		want = 25 // the quick loop: rapid's draws past the 25th position checked return at once
	}
	defer func() {
		if checked < want && !(testing.Short() && checked >= want/5) { // -short: rapid checks a fifth
			t.Errorf("only %d positions were checked", checked)
		}
	}()
	rapid.Check(t, func(rt *rapid.T) {
		if !conform.Full() && checked >= want {
			return
		}
		look := handfoot.RulesB()
		look.LookAtPackets = true
		rules := rapid.SampledFrom([]handfoot.Rules{handfoot.RulesA(), handfoot.RulesB(), look}).Draw(rt, "rules")
		seed := rapid.Uint64().Draw(rt, "seed")
		strength := rapid.SampledFrom(bot.Strengths()).Draw(rt, "strength")
		s, err := handfoot.New(rules, seed)
		if err != nil {
			rt.Fatal(err)
		}
		// Reach a position by play between heuristic players.
		walkers := make([]bot.Player, rules.Players)
		for i := range walkers {
			walkers[i] = bot.Heuristic(seed + uint64(i))
		}
		for range rapid.IntRange(0, 300).Draw(rt, "steps") {
			if s.Over() {
				return
			}
			if s, err = handfoot.Apply(s, walkers[s.ToAct()].Choose(s.View(s.ToAct()))); err != nil {
				rt.Fatal(err)
			}
		}
		if s.Over() {
			return
		}
		seat := s.ToAct()
		other, ok := reshuffleHidden(s, seat, rand.New(rand.NewPCG(seed, 2)))
		if !ok {
			return
		}
		v, w := s.View(seat), other.View(seat)
		if !reflect.DeepEqual(v, w) {
			rt.Fatalf("the Views differ in what seat %d cannot see", seat)
		}
		checked++
		p1, p2 := quick(strength, 99), quick(strength, 99)
		if a, b := p1.Choose(v), p2.Choose(w); a != b {
			rt.Fatalf("%s player: %v in one position, %v in the other", strength, a, b)
		}
	})
}

// Deterministic given a seed: the same players replay the same game (the
// first round of it for search players, which search most turns; without
// CARDRULES_FULL, the first 40 of its 162 actions).
func TestPlayersAreDeterministic(t *testing.T) {
	for _, strength := range bot.Strengths() {
		until := func() func(handfoot.State) bool { // a fresh one for each game
			switch {
			case strength != "search":
				return nil
			case conform.Full():
				return func(s handfoot.State) bool { return s.Round() > 1 }
			}
			n := 0
			return func(handfoot.State) bool { n++; return n > 40 }
		}
		a := playUntil(t, handfoot.RulesB(), 5, strength, strength, until())
		b := playUntil(t, handfoot.RulesB(), 5, strength, strength, until())
		if !a.Equal(b) || !reflect.DeepEqual(a.Results(), b.Results()) {
			t.Errorf("%s players: two games from seed 5 differ", strength)
		}
	}
}

// Every choice is one of the View's legal actions, for every strength,
// rule set and layout, in every phase a game reaches. (A search player,
// which plays whole rounds ahead at its decisions, plays the first round
// at seat 0, with heuristic players.) Without CARDRULES_FULL it plays a
// third of the tables, and the search player only the first 80 actions.
func TestPlayersChooseLegalActions(t *testing.T) {
	layouts := [][2]int{{2, 2}, {3, 3}, {4, 2}, {6, 3}, {6, 2}, {8, 4}}
	for i, l := range layouts {
		for j, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
			if !conform.Full() && (2*i+j)%3 != 0 {
				continue // a third of the tables: both rule sets, packets chosen (face down or not) or not
			}
			rules = rules.WithLayout(l[0], l[1])
			rules.ChoosePacket = i%2 == 0
			rules.LookAtPackets = i%4 == 0
			for _, strength := range bot.Strengths() {
				s, err := handfoot.New(rules, uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				players := make([]bot.Player, rules.Players)
				for seat := range players {
					players[seat] = quick(strength, uint64(seat))
					if strength == "search" && seat > 0 {
						players[seat] = bot.Heuristic(uint64(seat))
					}
				}
				searchSteps := 200000 // the first round, in full
				if !conform.Full() {
					searchSteps = 80 // half a round of four
				}
				for steps := 0; !s.Over() && (strength != "search" || s.Round() == 1 && steps < searchSteps); steps++ {
					if steps > 200000 {
						t.Fatalf("%s %dx%d %s: no end", rules.Name, l[0], l[1], strength)
					}
					v := s.View(s.ToAct())
					a := players[s.ToAct()].Choose(v)
					if !slices.Contains(v.Legal, a) {
						t.Fatalf("%s %dx%d %s: chose %v, not in %v", rules.Name, l[0], l[1], strength, a, v.Legal)
					}
					if s, err = handfoot.Apply(s, a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// A player shown a View with nothing legal (not its turn) returns the zero
// Action, which Apply rejects, rather than panicking.
func TestPlayersWithoutLegalActions(t *testing.T) {
	s, _ := handfoot.New(handfoot.RulesA(), 1)
	v := s.View((s.ToAct() + 1) % 4)
	for _, strength := range bot.Strengths() {
		p, _ := bot.New(strength, 1)
		if a := p.Choose(v); a != (handfoot.Action{}) {
			t.Errorf("%s: chose %v out of turn", strength, a)
		}
	}
	if _, err := bot.New("grandmaster", 1); err == nil {
		t.Error(`bot.New("grandmaster") gave no error`)
	}
}

// Hand and Foot rule set B says: "Player can pick up either hand, and
// leave the other one for his foot." Where the house rule lets a player
// look at both packets first (LookAtPackets), the heuristic player keeps
// as its hand the one with more meld potential (melds and pairs of
// meldable ranks, wild cards; threes count against it), and the search
// player does the same. Under rule set B itself the choice is made face
// down: both still choose, legally, the first packet.
func TestHeuristicChoosesThePacketThatMelds(t *testing.T) {
	strong := "KC KD KH QC QD QH AC AD AS 2C 9S"
	weak := "3C 3S 4C 5D 6H 7S 8C 9D 10H JS 3D"
	for _, tc := range []struct {
		first, second string
		want          int
	}{
		{weak, strong, 2},
		{strong, weak, 1},
	} {
		order, err := deck.Shuffled(4, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		put := func(i int, c card.Card) {
			j := i + slices.Index(order[i:], c)
			order[i], order[j] = order[j], order[i]
		}
		// Seat 0 draws the joker (card 0, then dealt to it) and chooses
		// first; its packets are cards 0, 4 ... 40 and 44, 48 ... 84.
		put(0, card.Joker)
		for i, c := range []string{"4D", "4H", "4S"} {
			put(1+i, card.MustParse(c))
		}
		first, second := card.MustParseCards(tc.first), card.MustParseCards(tc.second)
		first[0] = card.Joker // the card drawn for the first player is seat 0's too
		for k := 1; k < 11; k++ {
			put(4*k, first[k])
		}
		for k := range 11 {
			put(44+4*k, second[k])
		}
		for _, look := range []bool{true, false} {
			rules, want := handfoot.RulesB(), tc.want
			if rules.LookAtPackets = look; !look {
				want = 1 // face down, the packets tie
			}
			s, err := handfoot.Deal(rules, order, 1)
			if err != nil {
				t.Fatal(err)
			}
			v := s.View(0)
			if s.Phase() != handfoot.Choosing || s.ToAct() != 0 {
				t.Fatalf("phase %v, seat %d to act; want seat 0 choosing", s.Phase(), s.ToAct())
			}
			for _, strength := range []string{"heuristic", "search"} {
				p, err := bot.New(strength, 1)
				if err != nil {
					t.Fatal(err)
				}
				a := p.Choose(v)
				if a.Kind() != handfoot.KindChoose || a.Packet()+1 != want || !slices.Contains(v.Legal, a) { // want as text numbers it
					t.Errorf("LookAtPackets %v: %s player with packets [%v] and [%v] chose %v, want packet %d", look, strength, v.Packets[0], v.Packets[1], a, want)
				}
			}
		}
	}
}

// quick returns the player of the named strength, the search player on a
// budget of a few play-outs, so that the tests that ask every strength
// stay fast.
func quick(strength string, seed uint64) bot.Player {
	if strength == "search" {
		return bot.SearchWith(seed, bot.Budget{Playouts: 16})
	}
	p, _ := bot.New(strength, seed)
	return p
}
