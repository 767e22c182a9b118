package main

import (
	"encoding"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
	"github.com/cardrules/cardrules/score"
)

// runOut runs the program and returns what it printed.
func runOut(t *testing.T, script string, o options) string {
	t.Helper()
	var out strings.Builder
	if err := run(strings.NewReader(script), &out, o); err != nil {
		t.Fatalf("run: %v\noutput:\n%s", err, out.String())
	}
	return out.String()
}

func TestAutoPlaysWholeGames(t *testing.T) {
	for _, tc := range []struct {
		rules, bots string
		rounds      *regexp.Regexp
	}{
		{"A", "heuristic", regexp.MustCompile(`Game over after \d+ rounds?\.`)},
		{"B", "random", regexp.MustCompile(`Game over after 4 rounds\.`)}, // B: "Four Rounds make up a full game"
	} {
		t.Run(tc.rules, func(t *testing.T) {
			o := options{rules: tc.rules, players: 2, teams: 2, bots: tc.bots, seed: 7, auto: true}
			out := runOut(t, "", o)
			for _, want := range []string{
				"Hand and Foot, rule set " + tc.rules + ": 2 players in 2 teams",
				"Seed 7; deal the same cards again with: go run ./examples/play -game handfoot -rules " + tc.rules + " -players 2 -teams 2 -bots " + tc.bots + " -seed 7 -auto",
				"== Round 1 ==",
				"Round 1 is over: ",
				"  clean canastas ",
				"  cards in hand and foot ",
				"  game total ",
				"Final totals:\n  Team 1 (Ken) ",
				"\n  Team 2 (Pete) ",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q", want)
				}
			}
			if !tc.rounds.MatchString(out) {
				t.Errorf("output lacks %v", tc.rounds)
			}
			if !regexp.MustCompile(`\n(Winner: |Winners, tied at -?\d+ points: )Team [12] \((Ken|Pete)\).*\.\nSeed 7; deal the same cards again with: .*\n$`).MatchString(out) {
				t.Errorf("output does not end with a winner line, then the seed:\n%s", tail(out, 5))
			}
			// One line per turn: every turn of a player starts with the name.
			turns := regexp.MustCompile(`(?m)^(Ken|Pete): (draw|take )`).FindAllString(out, -1)
			if len(turns) < 20 {
				t.Errorf("only %d turn lines", len(turns))
			}
			if again := runOut(t, "", o); again != out {
				t.Error("the same seed printed two different games")
			}
			o.seed = 8
			if other := runOut(t, "", o); other == out {
				t.Error("seeds 7 and 8 printed the same game")
			}
			if testing.Verbose() {
				t.Logf("last lines:\n%s", tail(out, 16))
			}
		})
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestAutoReportsWhyItCannotStart(t *testing.T) {
	for _, tc := range []struct {
		o    options
		want string
	}{
		{options{rules: "A", players: 5, teams: 2, bots: "random"}, "5 players cannot sit in 2 equal teams"},
		{options{rules: "A", players: 9, teams: 3, bots: "random"}, "9 players: Hand and Foot takes 2 to 8"},
		{options{rules: "C", players: 4, teams: 2, bots: "random"}, `no such rule set: "C"`},
		{options{rules: "B", players: 4, teams: 2, bots: "strong"}, `no such strength: "strong"`},
		{options{rules: "B", players: 2, teams: 2, bots: "random", names: []string{"Ann", " "}}, "name 2 is empty"},
	} {
		err := run(strings.NewReader(""), io.Discard, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.o, err, tc.want)
		}
	}
}

// firstDecision deals the game of o and lets the computer players play
// until the human is to act.
func firstDecision(t *testing.T, o options) handfoot.State {
	t.Helper()
	g, err := newHandfoot(io.Discard, o)
	if err != nil {
		t.Fatal(err)
	}
	for g.s.ToAct() != g.human {
		if g.s, _, err = cardrules.Step(g.s, g.players); err != nil {
			t.Fatal(err)
		}
	}
	return g.s
}

// selection writes the letter command that names cards of the last hand
// shown: "a3 f1", with the letters the table keeps through the hands
// shown before it in the round.
func selection(cards []card.Card, shown ...card.Multiset) string {
	var l handLetters
	var gs []group
	for _, h := range shown {
		gs = l.groups(h, 1)
	}
	var words []string
	for _, g := range gs {
		n := 0
		for _, c := range cards {
			if slices.Contains(g.cards, c) {
				n++
			}
		}
		if n > 0 {
			words = append(words, fmt.Sprintf("%c%d", g.letter, n))
		}
	}
	return strings.Join(words, " ")
}

// hands returns the hands the table showed, in order: the title line and
// the lines after it up to the prompt.
func hands(out string) []string {
	var hs []string
	for _, part := range strings.Split(out, "\nHand")[1:] {
		end := strings.Index(part, ") > ")
		hs = append(hs, "Hand"+part[:strings.LastIndex(part[:end], "\n")])
	}
	return hs
}

func TestInteractiveTurn(t *testing.T) {
	// Find a seed at which the human, after drawing, can lay a meld of
	// natural cards (so the script below has something to undo).
	var (
		o           options
		start, drew handfoot.State
		meldA       handfoot.Action
	)
	for seed := uint64(1); seed < 100 && meldA.Kind() == 0; seed++ {
		o = options{rules: "A", players: 4, teams: 2, bots: "random", seed: seed}
		start = firstDecision(t, o)
		var err error
		if drew, err = handfoot.Apply(start, handfoot.Draw()); err != nil {
			continue
		}
		for _, a := range handfoot.Legal(drew) {
			if a.Kind() == handfoot.KindMeld {
				meldA = a
				break
			}
		}
	}
	if meldA.Kind() == 0 {
		t.Fatal("no seed below 100 lets the human meld after the first draw")
	}
	var discard handfoot.Action
	for _, a := range handfoot.Legal(drew) {
		if a.Kind() == handfoot.KindDiscard {
			discard = a
		}
	}
	before := start.Hand(0)
	_, notNow := handfoot.Apply(start, must(handfoot.Discard(before.Cards()[0])))
	if notNow == nil {
		t.Fatal("discarding before the draw was accepted")
	}
	script := strings.Join([]string{
		"discard " + before.Cards()[0].String(), // before drawing: the rule says no
		"meld 3H 3D 3C",                         // threes are never melded
		"help",
		"d",
		"undo", // nothing to undo: never past the draw
		"m " + selection(meldA.Cards(), before, drew.Hand(0)),
		"undo",
		"x " + selection([]card.Card{discard.Card()}, before, drew.Hand(0)),
	}, "\n") + "\n"
	out := runOut(t, script, o)

	// The table.
	for _, want := range []string{
		"Stock:    ",
		"Discard:  ",
		"+---\n| Team 1 [0]: You 11/11 & Jenn ",
		"+---\n| Team 2 [0]: Pete ",
		"| Play Down Points: 50\n",
		"\nTurn: ",
		"\nHand* (11 cards, foot: 11 face down)\na  ",
		"\n" + before.String() + "\n(d draw",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if !regexp.MustCompile(`\nTurn: (\w+ )*\[You\]`).MatchString(out) {
		t.Error("the Turn line does not bracket the human")
	}
	// Bad commands: the rule's own words, then the prompt again.
	for _, want := range []string{
		"  " + plain(notNow) + "\n(d draw",
		`"meld 3H 3D 3C": threes are never melded` + "\n(d draw",
		"Nothing to undo",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if !strings.Contains(plain(notNow), "draw first") {
		t.Errorf("the rule's objection to an early discard is %q", plain(notNow))
	}
	// Help lists the legal actions.
	if !strings.Contains(out, commandHelp) || !strings.Contains(out, "\nLegal now: draw\n") {
		t.Error("help does not list the legal actions")
	}
	// The draw, the meld, the undo.
	if !strings.Contains(out, "You: draw - you drew ") {
		t.Error("the draw is not reported")
	}
	if !strings.Contains(out, "You: "+meldA.String()+"\n") {
		t.Errorf("the meld %v is not reported", meldA)
	}
	hs := hands(out)
	if len(hs) < 4 {
		t.Fatalf("%d hands shown, want at least 4 (start, drawn, melded, undone):\n%s", len(hs), out)
	}
	if hs[1] == hs[2] {
		t.Error("the meld did not change the hand shown")
	}
	if hs[3] != hs[1] {
		t.Errorf("undo after the meld shows\n%s\nwant the hand after the draw\n%s", hs[3], hs[1])
	}
	if !strings.Contains(hs[1], drew.Hand(0).String()) {
		t.Errorf("the hand after the draw shows\n%s\nwant %v", hs[1], drew.Hand(0))
	}
	// The discard ends the turn and the others play on.
	i := strings.Index(out, "You: "+discard.String()+"\n")
	if i < 0 {
		t.Fatalf("the discard %v is not reported", discard)
	}
	if !regexp.MustCompile(`(?m)^Pete: (draw|take)`).MatchString(out[i:]) {
		t.Error("no computer player played after the discard")
	}
	if !strings.Contains(out, "\nEnd of input: leaving the game.\nSeed ") || !seedShownLast(out) {
		t.Errorf("the end of the input does not end the game cleanly, then show the seed:\n%s", tail(out, 5))
	}
}

func TestInteractiveQuitAndRoundEnd(t *testing.T) {
	o := options{rules: "B", players: 2, teams: 2, bots: "random", seed: 3}
	out := runOut(t, "quit\n", o)
	if !strings.HasSuffix(out, "> Bye.\nSeed 3; deal the same cards again with: go run ./examples/play -game handfoot -rules B -players 2 -teams 2 -bots random -seed 3\n") || !seedShownLast(out) {
		t.Errorf("quit does not end the game, then show the seed:\n%s", tail(out, 3))
	}

	// Computer players play round 1 to its end; the human then sees the
	// results and deals round 2 with Enter.
	auto := o
	auto.auto = true
	g, err := newHandfoot(io.Discard, auto)
	if err != nil {
		t.Fatal(err)
	}
	for g.s.Phase() != handfoot.RoundOver {
		if g.s, _, err = cardrules.Step(g.s, g.players); err != nil {
			t.Fatal(err)
		}
	}
	out = playFrom(t, g.s, o, "help\n\nquit\n")
	for _, want := range []string{
		"Round 1 is over: ",
		"  game total ",
		"\nThe round is over: Enter or next deals the next round. (next, help) > " + commandHelp,
		"\n== Round 2 == ",
		"\nRound 2, rule set B. To go out: 1 clean + 1 dirty canastas.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "> Bye.\nSeed ") || !seedShownLast(out) {
		t.Errorf("quit does not end the game, then show the seed:\n%s", tail(out, 3))
	}
}

// seedShownLast reports whether the game's seed, which tells every hidden
// card, is shown once, on the last line, when a person plays.
func seedShownLast(out string) bool {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	return strings.Count(out, "deal the same cards again with:") == 1 && strings.HasPrefix(lines[len(lines)-1], "Seed ")
}

// fromPosition builds a state from the deal of r and seed, changed by edit,
// which moves cards with pull.
func fromPosition(t *testing.T, r handfoot.Rules, seed uint64, edit func(p *handfoot.Position, pull func(string) card.Card)) handfoot.State {
	t.Helper()
	s, err := handfoot.New(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	p := s.Position()
	pull := func(c string) card.Card {
		want := card.MustParse(c)
		// The card itself, or one of its rank and colour: no rule here
		// tells them apart.
		i := slices.Index(p.Stock, want)
		if i < 0 {
			i = slices.IndexFunc(p.Stock, func(c card.Card) bool {
				return c.Rank() == want.Rank() && c.IsRed() == want.IsRed()
			})
		}
		if i < 0 {
			t.Fatalf("no %v left in the stock", want)
		}
		got := p.Stock[i]
		p.Stock = slices.Delete(p.Stock, i, i+1)
		return got
	}
	edit(&p, pull)
	s, err = handfoot.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// newMeld builds a meld of the cards pulled from the stock.
func newMeld(t *testing.T, pol meld.RankPolicy, pull func(string) card.Card, cards string) meld.RankMeld {
	t.Helper()
	var cs []card.Card
	for _, c := range strings.Fields(cards) {
		cs = append(cs, pull(c))
	}
	m, err := pol.New(cs...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// footToStock picks up the foot of seat, the foot going to the bottom of
// the stock.
func footToStock(p *handfoot.Position, seat int) {
	p.Stock = append(p.Stock, p.Seats[seat].Foot.Cards()...)
	p.Seats[seat].Foot = card.Multiset{}
	p.Seats[seat].InFoot = true
}

func TestRenderTeamBox(t *testing.T) {
	r := handfoot.RulesA().WithLayout(2, 2)
	r.Decks = 6 // cards enough to pull these melds from the stock
	r.Names = [8]string{"Ken", "Pete"}
	pol := r.Meld
	s := fromPosition(t, r, 5, func(p *handfoot.Position, pull func(string) card.Card) {
		sevens := newMeld(t, pol, pull, "7C 7C 7D 7D 7H 7S 7S")
		sevens, err := pol.LayRedThree(sevens, pull("3H"))
		if err != nil {
			t.Fatal(err)
		}
		p.Melds = []handfoot.TeamMeld{
			{Team: 0, Meld: newMeld(t, pol, pull, "KC KD KH KS KS 2C JK")},
			{Team: 0, Meld: sevens},
			{Team: 0, Meld: newMeld(t, pol, pull, "5C 5D 5H 5S 2D 2H")},
			{Team: 0, Meld: newMeld(t, pol, pull, "4C 4D 4H")},
			{Team: 0, Meld: newMeld(t, pol, pull, "7C 7D 7H")},
			{Team: 0, Meld: newMeld(t, pol, pull, "10C 10D 10H 10S 10S 10H 10D 10C")},
		}
		p.Down = []bool{true, false}
		p.Round, p.Totals = 2, []int{2595, -40}
		p.Results = []handfoot.RoundResult{{Number: 1, WentOut: -1}}
		for team, total := range p.Totals {
			p.Results[0].Teams = append(p.Results[0].Teams, handfoot.TeamScore{Team: team,
				Breakdown: score.Breakdown{{Item: handfoot.ItemTable, Points: total}}, Points: total, Total: total})
		}
		footToStock(p, 0)
	})
	v := s.View(0)
	got := renderTeam(v, v.Teams[0])
	want := `+---
| Team 1 [2595]: Ken 11/X
|    [4]  {5} +[7] [7#2] *[10] *{K}
| C   3    4    7     3     8    5
| D        2                     2
| R             1
+---
`
	if got != want {
		t.Errorf("team 1's box:\n%s\nwant:\n%s", got, want)
	}
	got = renderTeam(v, v.Teams[1])
	want = `+---
| Team 2 [-40]: Pete 11/11
|
| Play Down Points: 50
|
+---
`
	if got != want {
		t.Errorf("team 2's box:\n%s\nwant:\n%s", got, want)
	}
	table := renderTable(v, nil, nil)
	for _, want := range []string{
		"Round 2, rule set A. To go out: 1 clean + 1 dirty canastas.\n\nStock:    ",
		"\nTurn: ",
		"\nHand (11 cards, playing from your foot)\n",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
}

func TestRenderHandGroups(t *testing.T) {
	v := handfoot.View{
		Seat: 0, Phase: handfoot.Drawing, Turn: 0, ToAct: 0, Foot: 11,
		Hand:    must(card.MultisetOf(card.MustParseCards("AC AD 3H 3C 3S 7C 7D 7H 7S KC KD KH KS 2C JK")...)),
		Players: []handfoot.PlayerView{{Name: "Ken", Hand: 15, Foot: 11}},
		Teams:   []handfoot.TeamView{{Down: true}},
	}
	want := `Hand* (15 cards, foot: 11 face down)
a     b  c   d      e     f     g
A(2)  2  3R  3B(2)  7(4)  K(4)  JK
AC AD 2C 3C 3H 3S 7C 7D 7H 7S KC KD KH KS JK
`
	if got := renderHand(v, nil); got != want {
		t.Errorf("hand:\n%s\nwant:\n%s", got, want)
	}
	cards, err := selectCards(handGroups(v.Hand), []string{"e3", "b"})
	if err != nil || cardList(cards) != "7C 7D 7H 2C" {
		t.Errorf("e3 b selects %v, %v", cards, err)
	}
	for _, bad := range [][]string{{"h"}, {"e5"}, {"e0"}, {"a", "a1"}} {
		if _, err := selectCards(handGroups(v.Hand), bad); err == nil {
			t.Errorf("%v selects cards", bad)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// playFrom plays the interactive game from s with script as the input.
func playFrom(t *testing.T, s handfoot.State, o options, script string) string {
	t.Helper()
	var out strings.Builder
	g, err := newHandfoot(&out, o)
	if err != nil {
		t.Fatal(err)
	}
	g.s = s
	g.ui.follow(s)
	g.in = newInput(strings.NewReader(script), nil)
	if err := g.interactive(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return out.String()
}

func TestPileAsksWhereTheUpcardGoes(t *testing.T) {
	r := handfoot.RulesA().WithLayout(2, 2)
	r.Decks = 6
	r.Names = [8]string{"You", "Pete"}
	s := fromPosition(t, r, 5, func(p *handfoot.Position, pull func(string) card.Card) {
		p.Melds = []handfoot.TeamMeld{{Team: 0, Meld: newMeld(t, r.Meld, pull, "7C 7C 7D 7D 7H 7S 7S")}}
		p.Down = []bool{true, false}
		p.Turn, p.Phase = 0, handfoot.Drawing
		// The human holds a pair of sevens and a seven is on top.
		p.Stock = append(p.Stock, p.Seats[0].Hand.Cards()[:2]...)
		p.Seats[0].Hand = must(card.MultisetOf(append(p.Seats[0].Hand.Cards()[2:], pull("7H"), pull("7S"))...))
		p.Pile = append(p.Pile, pull("7D"))
	})
	o := options{rules: "A", players: 2, teams: 2, bots: "random", seed: 5}
	out := playFrom(t, s, o, "p\n9\np\nover there\np\n7\n")
	for _, want := range []string{
		"Discard:  7D (2 cards)",
		"(d draw, t take, help) > Place upcard on meld rank (new, 7) > ",
		">   the upcard is 7D: it goes only on a meld of sevens\n(d draw, t take, help) > ",
		">   the upcard can go to: new, 7\n(d draw, t take, help) > ",
		"You: take to #1 - ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestGoingOutQuestionIsRelayed(t *testing.T) {
	r := handfoot.RulesB()
	r.Decks = 6 // cards enough to pull these melds from the stock
	r.Names = [8]string{"You", "Pete", "Jenn", "Steph"}
	o := options{rules: "B", players: 4, teams: 2, bots: "random", seed: 5}
	// outOf gives seat its foot as its hand, 7S and 4C, with the team's
	// canastas and three sevens on the table: after drawing, it can go out
	// (7S on the sevens, 4C discarded), so it may ask.
	outOf := func(p *handfoot.Position, pull func(string) card.Card, seat int) {
		footToStock(p, seat)
		p.Stock = append(p.Stock, p.Seats[seat].Hand.Cards()...)
		p.Seats[seat].Hand = must(card.MultisetOf(pull("7S"), pull("4C")))
		p.Melds = []handfoot.TeamMeld{
			{Team: 0, Meld: newMeld(t, r.Meld, pull, "9C 9D 9H 9S 9C 9D 9H")},
			{Team: 0, Meld: newMeld(t, r.Meld, pull, "KC KD KH KS KC KD 2C")},
			{Team: 0, Meld: newMeld(t, r.Meld, pull, "7C 7D 7H")},
		}
		p.Down = []bool{true, false}
		p.Turn, p.Phase = seat, handfoot.Melding
	}

	// Jenn, the human's partner, asks during her turn.
	s := fromPosition(t, r, 5, func(p *handfoot.Position, pull func(string) card.Card) {
		outOf(p, pull, 2)
		p.Phase, p.Actions = handfoot.Melding, []handfoot.Action{handfoot.Ask()}
	})
	out := playFrom(t, s, o, "maybe\nyes\nquit\n")
	for _, want := range []string{
		"Jenn asks: may I go out? (y yes, n no, help) >   not a well-formed action: \"maybe\"",
		"Jenn asks: may I go out? (y yes, n no, help) > You: yes\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// The human asks Jenn.
	s = fromPosition(t, r, 5, func(p *handfoot.Position, pull func(string) card.Card) { outOf(p, pull, 0) })
	out = playFrom(t, s, o, "ask\nquit\n")
	if !regexp.MustCompile(`You: ask\nJenn answers: (yes, you may|no, you may not) go out this turn\.\n`).MatchString(out) {
		t.Errorf("the partner's answer is not relayed:\n%s", out)
	}
	if !strings.Contains(out, "(ask, x discard, help) > ") {
		t.Errorf("the prompt does not offer ask:\n%s", out)
	}
}

// playGame deals the game of o and plays it as the program does, with
// script as the human's input (or computer players at every seat, with
// o.auto); it returns the game at its end and what it printed.
func playGame(t *testing.T, o options, in io.Reader) (*handfootTable, string) {
	t.Helper()
	var out strings.Builder
	g, err := newHandfoot(&out, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.play(in); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return g, out.String()
}

// replayFile reads the game record in file and replays it with the
// players' names of g (the record leaves out the program's own).
func replayFile(t *testing.T, file string, g *handfootTable) (handfoot.State, string) {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rec handfoot.Record
	if err := rec.UnmarshalText(text); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	rec.Rules.Names = g.s.Rules().Names
	s, err := handfoot.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	return s, string(text)
}

// lastBlocks returns the lines of each "Last actions:" block the table
// showed.
func lastBlocks(out string) [][]string {
	var blocks [][]string
	for _, part := range strings.Split(out, "\nLast actions:\n")[1:] {
		part, _, _ = strings.Cut(part, "\n\n")
		blocks = append(blocks, strings.Split(part, "\n"))
	}
	return blocks
}

func TestLastActionsHideOthersDraws(t *testing.T) {
	o := options{rules: "A", players: 4, teams: 2, bots: "heuristic", seed: 11}
	start := firstDecision(t, o)
	// Turns of drawing and discarding; a discard the rules refuse is
	// followed by another, and those that come after the turn are refused.
	var script strings.Builder
	for range 8 {
		script.WriteString("d\ntable\nx a\nx b\nx c\n")
	}
	g, out := playGame(t, o, strings.NewReader(script.String()+"quit\n"))
	end := g.s

	// The first block: the round's actions before the human's first turn,
	// the others' draws as counts.
	blocks := lastBlocks(out)
	if len(blocks) < 8 {
		t.Fatalf("%d blocks of last actions, want one at each turn's start and each t:\n%s", len(blocks), out)
	}
	want := start.Happened(0, start.Seq()-lastShown)
	if len(blocks[0]) != len(want) || len(want) == 0 {
		t.Fatalf("the first block shows %q, want the %d actions before your turn", blocks[0], len(want))
	}
	for i, ev := range want {
		line := "  " + start.Rules().Names[ev.Seat] + ": " + ev.Action.String()
		if ev.Action.Kind() == handfoot.KindDraw {
			line += " (2 cards)"
		}
		if blocks[0][i] != line {
			t.Errorf("last action %d is %q, want %q", i+1, blocks[0][i], line)
		}
	}
	lineRe := regexp.MustCompile(`^  (You|Pete|Jenn|Steph): \S`)
	for _, b := range blocks {
		if len(b) > lastShown {
			t.Errorf("a block of %d last actions", len(b))
		}
		for _, l := range b {
			if !lineRe.MatchString(l) {
				t.Errorf("last action line %q", l)
			}
		}
	}
	// Your own draws show their cards, in the line of the action and, after
	// "t", in the last actions.
	yours := 0
	for _, ev := range end.Happened(0, 0) {
		if ev.Seat == 0 && len(ev.Drawn) > 0 {
			yours++
			drawn := must(card.MultisetOf(ev.Drawn...)).String()
			for _, want := range []string{"You: draw - you drew " + drawn + "\n", "  You: draw " + drawn + "\n"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q", want)
				}
			}
		}
	}
	if yours < 4 {
		t.Errorf("the human drew %d times, want at least 4:\n%s", yours, out)
	}
	// Another seat's draws: a count, never the cards. The cards each drew
	// are what that seat itself is told.
	others := 0
	for seat := 1; seat < 4; seat++ {
		for _, ev := range end.Happened(seat, 0) {
			if ev.Seat != seat || len(ev.Drawn) == 0 {
				continue
			}
			others++
			for _, cards := range []string{cardList(ev.Drawn), must(card.MultisetOf(ev.Drawn...)).String()} {
				for _, leak := range []string{"draw " + cards, "drew " + cards} {
					if strings.Contains(out, leak) {
						t.Errorf("output tells what %s drew: %q", end.Rules().Names[seat], leak)
					}
				}
			}
		}
	}
	if others < 12 {
		t.Errorf("the others drew %d times, want at least 12", others)
	}
	drawRe := regexp.MustCompile(`^(Pete|Jenn|Steph): draw( \(\d+ cards?\))?( \(picks up the foot\))?$`)
	for _, d := range regexp.MustCompile(`(Pete|Jenn|Steph): draw[^,\n]*`).FindAllString(out, -1) {
		if !drawRe.MatchString(d) {
			t.Errorf("a computer player's draw is told as %q", d)
		}
	}
}

func TestRecordReplaysTheGame(t *testing.T) {
	dir := t.TempDir()

	// A whole game of computer players.
	file := filepath.Join(dir, "auto.txt")
	o := options{rules: "B", players: 2, teams: 2, bots: "heuristic", seed: 9, auto: true, record: file}
	g, out := playGame(t, o, nil)
	end, text := replayFile(t, file, g)
	if !end.Over() || end.Seq() != g.s.Seq() || !slices.Equal(end.Totals(), g.s.Totals()) || !end.Equal(g.s) {
		t.Errorf("the record replays to action %d, totals %v; the game ended at action %d, totals %v", end.Seq(), end.Totals(), g.s.Seq(), g.s.Totals())
	}
	if !regexp.MustCompile(`^handfoot record\nrules B 2x2\nseed 9\n[01]: `).MatchString(text) {
		t.Errorf("record:\n%s", text)
	}
	if want := fmt.Sprintf("Game record (%d actions) saved to %s; play it back with: go run ./examples/play -replay %[2]s\nSeed 9; deal the same cards again with: ", g.s.Seq(), file); !strings.Contains(out, want) || !seedShownLast(out) {
		t.Errorf("output does not end with %q:\n%s", want, tail(out, 3))
	}

	// The human names the file during the game: it is written when the
	// human leaves, not before, since it tells every hidden card. An undone
	// meld is not in it.
	file = filepath.Join(dir, "you.txt")
	o = options{rules: "A", players: 4, teams: 2, bots: "random", seed: 1}
	start := firstDecision(t, o)
	drew := must(handfoot.Apply(start, handfoot.Draw()))
	var meldA handfoot.Action
	for _, a := range handfoot.Legal(drew) {
		if a.Kind() == handfoot.KindMeld {
			meldA = a
		}
	}
	if meldA.Kind() == 0 {
		t.Fatal("seed 1 lets the human meld nothing after the first draw")
	}
	lines := []string{"record " + file, "d", "m " + selection(meldA.Cards(), start.Hand(0), drew.Hand(0)), "undo", "quit"}
	in := &lineReader{lines: lines, before: func(i int) {
		if _, err := os.Stat(file); err == nil {
			t.Errorf("the record is written before line %d, while the game goes on", i+1)
		}
	}}
	g, out = playGame(t, o, in)
	if !strings.Contains(out, "The game record will be saved to "+file+" when the game ends or you leave") {
		t.Errorf("the record command is not acknowledged:\n%s", out)
	}
	end, text = replayFile(t, file, g)
	if end.Seq() != g.s.Seq() || end.Seq() != drew.Seq() || !end.Equal(drew) || !slices.Equal(end.Totals(), g.s.Totals()) {
		t.Errorf("the record replays to action %d; the human left at action %d, after the draw (%d)", end.Seq(), g.s.Seq(), drew.Seq())
	}
	if strings.Contains(text, meldA.String()) {
		t.Errorf("the record holds the undone %v:\n%s", meldA, text)
	}
	if !strings.Contains(out, "Game record ("+plural(g.s.Seq(), "action")+") saved to "+file+"; play it back with: go run ./examples/play -replay "+file+"\nSeed ") || !seedShownLast(out) {
		t.Errorf("the record is not saved on leaving, before the seed is shown:\n%s", tail(out, 3))
	}

	// A file in no directory is refused before the game.
	o.record = filepath.Join(dir, "none", "x.txt")
	if err := run(strings.NewReader(""), io.Discard, o); err == nil || !strings.Contains(err.Error(), "no directory") {
		t.Errorf("-record in a missing directory: %v", err)
	}
}

// lineReader gives its lines one Read at a time, calling before(i) before
// it gives line i: by then the program has acted on the lines before.
type lineReader struct {
	lines  []string
	before func(i int)
	i      int
}

func (r *lineReader) Read(p []byte) (int, error) {
	if r.i >= len(r.lines) {
		r.before(r.i)
		return 0, io.EOF
	}
	r.before(r.i)
	n := copy(p, r.lines[r.i]+"\n")
	r.i++
	return n, nil
}

// readRecord reads the game record in file into rec.
func readRecord(t *testing.T, file string, rec encoding.TextUnmarshaler) {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.UnmarshalText(text); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
}

// -game canasta plays a whole Classic game with computer players at every
// seat, and each preset starts.
func TestCanastaAuto(t *testing.T) {
	out := runOut(t, "", options{game: "canasta", bots: "heuristic", seed: 3, auto: true})
	for _, want := range []string{"Canasta (classic): 4 players, Ken and Jenn against Pete and Steph", "== Round 1 over:", "Game over after", "Seed 3; deal the same cards again with: go run ./examples/play -game canasta -rules classic -bots heuristic -seed 3 -auto\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, tail(out, 20))
		}
	}
	for _, r := range []string{"two", "three"} {
		if out := runOut(t, "", options{game: "canasta", rules: r, bots: "random", seed: 1, auto: true}); !strings.Contains(out, "Game over") {
			t.Errorf("%s: %s", r, tail(out, 5))
		}
	}
	var b strings.Builder
	if err := run(strings.NewReader(""), &b, options{game: "canasta", rules: "nine", bots: "heuristic"}); err == nil {
		t.Error("an unknown preset started a game")
	}
}

// -rules cutthroat plays Cutthroat Canasta, and the table drawn once a
// player has taken the pile names the lone hand, showing the partners'
// melds once.
func TestCanastaCutthroat(t *testing.T) {
	out := runOut(t, "", options{game: "canasta", rules: "cutthroat", bots: "heuristic", seed: 3, auto: true})
	for _, want := range []string{"Canasta (cutthroat): 3 players, each alone until the first to take the pile plays alone against the other two; game to 7500.",
		"== Round 1 over:", "Game over after", "deal the same cards again with: go run ./examples/play -game canasta -rules cutthroat"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, tail(out, 20))
		}
	}
	r := canasta.Cutthroat()
	copy(r.Names[:], defaultNames[:3])
	s, err := canasta.New(r, 3)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]cbot.Player, 3)
	for seat := range bots {
		bots[seat] = cbot.Heuristic(uint64(seat))
	}
	for s.LoneHand() < 0 || s.Phase() != canasta.Drawing {
		if s, _, err = cardrules.Step(s, bots); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	c := &canastaScreen{out: &b, human: s.ToAct()}
	c.draw(&b, s.View(s.ToAct()))
	lone := r.Names[s.LoneHand()]
	if !strings.Contains(b.String(), lone+" plays alone against") || strings.Count(b.String(), "melds with") != 1 {
		t.Errorf("the table does not show the lone hand %s and the partners' melds once:\n%s", lone, b.String())
	}
}

// At the table, the human's seat is drawn with the teams, melds, red
// threes, the pile and whom it is frozen for, and the hand; actions are
// typed in their text form, and a refused one is explained.
func TestCanastaInteractive(t *testing.T) {
	out := runOut(t, "help\ndraw\nfly\nlegal\nquit\n", options{game: "canasta", bots: "heuristic", seed: 4})
	for _, want := range []string{
		"--- Round 1, your turn (drawing) ---", "needs 50 to meld first", "red threes 3D 3H",
		"Discard pile: 8H on top, 1 in all; frozen for You & Jenn, Pete & Steph.", "Your hand: 4C 5D 6S 7C 7S 8C 2C 2D JH QC KH",
		"Legal now: draw", "You: draw", "(melding)", `not a well-formed action: "fly"`, "discard KH", "Bye.\nSeed 4; deal the same cards again with: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

// -record saves a Canasta game's record, which replays to the game.
func TestCanastaRecord(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	out := runOut(t, "draw\nquit\n", options{game: "canasta", bots: "heuristic", seed: 9, record: file})
	if !strings.Contains(out, "saved to "+file) {
		t.Fatalf("no record saved:\n%s", tail(out, 5))
	}
	var rec canasta.Record
	readRecord(t, file, &rec)
	s, err := canasta.Replay(rec)
	if err != nil || s.Seq() == 0 || s.Hand(0).Len() != 12 {
		t.Errorf("the record replays to %d actions, seat 0 holding %d cards: %v", s.Seq(), s.Hand(0).Len(), err)
	}
}

// -game rummy plays whole games of two to six computer players, with
// each round's score breakdown and the totals; a table that cannot be
// played is refused with a clear message.
func TestRummyAuto(t *testing.T) {
	for n := 2; n <= 6; n++ {
		out := runOut(t, "", options{game: "rummy", players: n, bots: "heuristic", seed: uint64(n), auto: true})
		for _, want := range []string{
			fmt.Sprintf("Rummy (basic): %d players", n), "== Round 1 over: ", "cards melded and laid off", "cards in hand",
			"Game over after 1 round. Totals: Ken ", fmt.Sprintf("-game rummy -rules basic -players %d -bots heuristic -seed %d", n, n),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%d players: the output lacks %q:\n%s", n, want, tail(out, 20))
			}
		}
		if strings.Contains(out, "from the stock (") {
			t.Errorf("%d players: a spectator was told a card drawn from the stock:\n%s", n, out)
		}
	}
	if out := runOut(t, "", options{game: "rummy", bots: "random", seed: 1, auto: true}); !strings.Contains(out, "Rummy (basic): 2 players, 10 cards each") {
		t.Errorf("the default table: %s", tail(out, 30))
	}
	for _, c := range []struct {
		o    options
		want string
	}{
		{options{game: "rummy", players: 7, bots: "heuristic"}, "7 players: rummy seats 2 to 6"},
		{options{game: "rummy", rules: "gin", bots: "heuristic"}, `"gin": the presets are basic and basic-2 to basic-6`},
		{options{game: "rummy", bots: "genius"}, `"genius": the strengths are random, heuristic`},
		{options{game: "rummy", bots: "heuristic", names: []string{"a", "b", "c"}}, "3 names for 2 players"},
	} {
		var b strings.Builder
		err := run(strings.NewReader(""), &b, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "rummy: ") {
			t.Errorf("%+v: %v, want an error saying %q", c.o, err, c.want)
		}
	}
}

// At the Rummy table the human's seat is drawn: players, melds, pile,
// stock, its hand by suit, and what it may type; actions go in their text
// form or short forms, and a refused one is explained on one line.
func TestRummyInteractive(t *testing.T) {
	out := runOut(t, "help\n\nfly\nmeld 4C 5C\nd\nlay 7C\nx AS\nlegal\nquit\n", options{game: "rummy", players: 3, bots: "heuristic", seed: 5})
	for _, want := range []string{
		"Rummy (basic): 3 players, 7 cards each; You play first.",
		"--- Round 1, your turn (drawing) ---", "  You      7 cards   melded   0, total    0", "Melds: none yet.",
		"Discard pile: AS on top, 1 card. Stock: 30 cards, rebuilt 0 times.",
		"Your hand: 8C JC | 6D 7D KD | 3H | 3S", "Your move: draw stock; draw pile (takes AS)",
		"a 7C 2           lay 7C off on meld 2", // help
		`not a well-formed action: "fly": the actions are draw stock, draw pile, meld, lay, discard and next (type help for the commands)`,
		`that breaks a meld rule: "meld 4C 5C": a run is three or more cards`,
		"You draw from the stock (7H)", "Your hand: 8C JC | 6D 7D KD | 3H 7H | 3S",
		"7C fits no meld on the table", "you do not hold those cards: discard AS", "Legal now: discard 8C; discard JC;",
		"Bye.\nSeed 5; deal the same cards again with: go run ./examples/play -game rummy -rules basic -players 3 -bots heuristic -seed 5\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

// "lay 7C" lays a card on the one meld it fits, and asks which when it
// fits two.
func TestRummyLayAnywhere(t *testing.T) {
	v := rummy.View{Melds: []rummy.TableMeld{
		{Seat: 1, Meld: must(meld.NewCombination(must(card.ParseCards("4C 5C 6C"))))},
		{Seat: 0, Meld: must(meld.NewCombination(must(card.ParseCards("8C 9C 10C"))))},
		{Seat: 1, Meld: must(meld.NewCombination(must(card.ParseCards("KC KD KH"))))},
	}}
	for line, want := range map[string]string{
		"lay KS": "lay KS on 3", "a 3C": "lay 3C on 1", "lay 7C on 2": "lay 7C on 2", "a JC 2": "lay JC on 2", "add 4C on 1": "lay 4C on 1",
		"d": "draw stock", "p": "draw pile", "m 7h 7d 7s": "meld 7D 7H 7S", "x kh": "discard KH", "DRAW PILE": "draw pile",
	} {
		verb, args := command(strings.Fields(line))
		if a, err := parseRummy(v, verb, args); err != nil || a.String() != want {
			t.Errorf("%q: %v, %v; want %s", line, a, err, want)
		}
	}
	for line, want := range map[string]string{
		"lay 7C": "7C fits melds 1 and 2: say which, such as lay 7C on 1",
		"lay 2H": "2H fits no meld on the table",
		"lay 7X": `"7x" is not a card`,
	} {
		verb, args := command(strings.Fields(line))
		if _, err := parseRummy(v, verb, args); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v; want %q", line, err, want)
		}
	}
}

// botLines answers the human's prompts with the choices of a heuristic
// player for the human's seat, in the long and the short forms by turns.
type botLines struct {
	g    *rummyTable
	p    rbot.Player
	n    int
	sent []string
}

func (r *botLines) Read(p []byte) (int, error) {
	if r.g.s.Over() {
		return 0, io.EOF
	}
	a := r.p.Choose(r.g.s.View(0))
	line := a.String()
	if r.n%2 == 1 {
		switch a.Kind() {
		case rummy.KindDrawStock:
			line = "d"
		case rummy.KindDrawPile:
			line = "t"
		case rummy.KindDiscard:
			line = "x " + strings.ToLower(a.Card().String())
		case rummy.KindLayOff:
			line = fmt.Sprintf("a %v %d", a.Card(), a.Target()+1)
		}
	}
	r.n++
	r.sent = append(r.sent, line)
	return copy(p, line+"\n"), nil
}

// A whole game typed at the table (by a heuristic player, through the
// program's input) ends, is told, and its record replays to the same end.
func TestRummyHumanGame(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		file := filepath.Join(t.TempDir(), "rummy.txt")
		var out strings.Builder
		g, err := newRummy(&out, options{game: "rummy", players: 2 + int(seed)%3, bots: "heuristic", seed: seed, record: file})
		if err != nil {
			t.Fatal(err)
		}
		in := &botLines{g: g, p: rbot.Heuristic(seed)}
		if err := g.play(in); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, out.String())
		}
		text := out.String()
		if !g.s.Over() || !strings.Contains(text, "Game over after 1 round") || strings.Count(text, "> ") != len(in.sent) {
			t.Fatalf("seed %d: over %v after %d lines:\n%s", seed, g.s.Over(), len(in.sent), tail(text, 30))
		}
		if regexp.MustCompile(`> {3}\S`).MatchString(text) { // a refusal is told indented after the prompt
			t.Errorf("seed %d: a typed action was refused:\n%s", seed, text)
		}
		var rec rummy.Record
		readRecord(t, file, &rec)
		end, err := rummy.Replay(rec)
		if err != nil || !end.Equal(g.s) {
			t.Errorf("seed %d: the record replays to another game: %v", seed, err)
		}
	}
}

// -game doublets with a computer player prints the game a move a line,
// numbered, each telling its card, and ends with the score, which is the
// player's own: the bot package's Play reaches it too.
func TestDoubletsAuto(t *testing.T) {
	for _, c := range []struct {
		rules, preset, bots string
		seed                uint64
	}{{"aisleriot", "aisleriot", "heuristic", 7}, {"PySol", "pysol", "random", 3}, {"A", "aisleriot", "heuristic", 2}} {
		o := options{game: "doublets", rules: c.rules, bots: c.bots, seed: c.seed, auto: true}
		out := runOut(t, "", o)
		r := must(doublets.Preset(c.preset))
		end, err := cardrules.Run(must(doublets.New(r, c.seed)), []dbot.Player{must(dbot.New(c.bots, botSeed(c.seed, 0)))}, dbot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		result := fmt.Sprintf("score %d of 48", end.Totals()[0])
		if end.Totals()[0] == doublets.MaxScore {
			result = "won, all 48 cards"
		}
		for _, want := range []string{
			"Doublets (" + r.Name + "): 3 passes through the stock", "Computer player: " + c.bots + ".",
			"\n  1. ", fmt.Sprintf("Game over after %d moves, on pass %d of 3: %s", end.Seq(), end.Pass(), result),
			fmt.Sprintf("Seed %d; deal the same cards again with: go run ./examples/play -game doublets -rules %s -bots %s -seed %d -auto\n", c.seed, r.Name, c.bots, c.seed),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%+v: the output lacks %q:\n%s", c, want, tail(out, 10))
			}
		}
		if lines := regexp.MustCompile(`(?m)^ *\d+\. (turn|redeal|play (waste|\d)): `).FindAllString(out, -1); len(lines) != end.Seq() {
			t.Errorf("%+v: %d move lines for %d moves", c, len(lines), end.Seq())
		}
		if again := runOut(t, "", o); again != out {
			t.Errorf("%+v: the same seed printed two different games", c)
		}
	}
	// Without a terminal the computer plays, and says so.
	out := runOut(t, "", options{game: "doublets", rules: "A", bots: "heuristic", seed: 7, auto: true, noTerminal: true})
	if !strings.Contains(out, "Standard input is not a terminal, so computer players take every seat.") || !strings.HasSuffix(out, "-bots heuristic -seed 7\n") {
		t.Errorf("without a terminal:\n%s", tail(out, 3))
	}
	for _, c := range []struct {
		o    options
		want string
	}{
		{options{game: "doublets", rules: "klondike", bots: "heuristic"}, `no such rule set: "klondike": the presets are aisleriot and pysol`},
		{options{game: "doublets", rules: "A", bots: "genius", auto: true}, `"genius": the strengths are random, heuristic`},
		{options{game: "doublets", rules: "A", bots: "heuristic", record: filepath.Join(t.TempDir(), "no", "such", "dir.txt")}, "no directory"},
	} {
		err := run(strings.NewReader(""), io.Discard, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "doublets: ") {
			t.Errorf("%+v: %v, want an error saying %q", c.o, err, c.want)
		}
	}
}

// At the Doublets table the game is drawn (foundation, reserve with a
// frozen king marked, waste, stock, pass, score, the moves legal now);
// moves are typed in their text or short forms, a bad or refused one is
// explained on a line, and hint gives the move the computer player of the
// table's strength chooses, and the solver's verdict, labelled as one that
// knows the stock.
func TestDoubletsInteractive(t *testing.T) {
	out := runOut(t, "help\nhint\nfly\nplay 9\nplay 2\n1\nPLAY 4\nlegal\nd\nturn\n\nquit\n", options{game: "doublets", rules: "A", bots: "heuristic", seed: 7})
	s := must(doublets.New(doublets.Aisleriot(), 7))
	first := must(doublets.ParseAction("play 1"))
	if h, ok := doublets.Hint(s); !ok || !slices.Contains(doublets.Legal(s), h) {
		t.Fatalf("seed 7: Hint %v, %v", h, ok)
	}
	later := must(doublets.Apply(must(doublets.Apply(must(doublets.Apply(must(doublets.Apply(s, first)), must(doublets.ParseAction("play 4")))), doublets.Turn())), doublets.Turn()))
	hint := doublets.Solve(s).Moves[0]
	for _, want := range []string{
		"--- Doublets (aisleriot), pass 1 of 3, score 1 of 48 ---",
		"Foundation: 3C on top, 1 card; needs a six next.",
		"Reserve:    1:6S   2:5H   3:3S   4:QD   5:JH   6:5C   7:AC\n",
		"Waste: empty. Stock: 44 cards.", "Your move: play 1; turn.",
		"play 3      or 3          reserve slot 3's card to the foundation", // help
		`  not a well-formed action: "fly": the actions are play waste, play 1 to 7, turn and redeal (type help for the commands)`,
		`  not a well-formed action: "play 9": play waste, or play a reserve slot 1 to 7`,
		"  that card does not go on the foundation: 5H on 3C: the foundation needs a six",
		"You: play 1: 6S to the foundation; JS fills slot 1",
		"You: play 4: QD to the foundation; KC fills slot 4, frozen",
		"Reserve:    1:JS   2:5H   3:3S   4:KC*  5:JH   6:5C   7:AC\n           (* frozen: a king never moves)",
		"Legal now: play 1; play 5; turn\n", "You: turn: KH onto the waste", "You: turn: AS onto the waste",
		fmt.Sprintf("Waste: AS on top, 2 cards. Stock: %d cards.", later.StockSize()),
		"Your move: play 1; play 5; turn (\"help\" for the commands).",
		"Bye.\nSeed 7; deal the same cards again with: go run ./examples/play -game doublets -rules aisleriot -bots heuristic -seed 7\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Game over") {
		t.Error("the game ended")
	}
	chosen := must(dbot.New("heuristic", 7)).Choose(s.View(0))
	flat := strings.ReplaceAll(out, "\n", " ")
	for _, want := range []string{
		"Hint: " + chosen.String() + " (the heuristic computer player's choice, from what your seat sees).",
		"Knowing the stock's order, which you do not, the solver says the game can still be won, playing " + hint.String() + " first (",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the hint lacks %q:\n%s", want, out)
		}
	}
}

// A game typed whole (the solver's line) is won and told, hint on a lost
// game gives the best score still reachable, and the record -record
// saves replays to the game.
func TestDoubletsHumanGame(t *testing.T) {
	s := must(doublets.New(doublets.PySol(), 2))
	var script strings.Builder
	for i, a := range doublets.Solve(s).Moves {
		line := a.String()
		if i%2 == 1 { // the short forms by turns
			line = map[doublets.Kind]string{doublets.KindTurn: "d", doublets.KindRedeal: "r"}[a.Kind()]
			if a.Kind() == doublets.KindPlayWaste || a.Kind() == doublets.KindPlayReserve {
				line = "w"
				if a.Slot() >= 0 {
					line = fmt.Sprint(a.Slot() + 1)
				}
			}
		}
		script.WriteString(line + "\n")
	}
	file := filepath.Join(t.TempDir(), "doublets.txt")
	out := runOut(t, script.String(), options{game: "doublets", rules: "pysol", bots: "heuristic", seed: 2, record: file})
	if regexp.MustCompile(`> {3}\S`).MatchString(out) {
		t.Errorf("a typed move was refused:\n%s", out)
	}
	if !strings.Contains(out, "on pass ") || !strings.Contains(out, ": won, all 48 cards but the kings on the foundation.\nGame record (") || !strings.HasSuffix(out, "\nSeed 2; deal the same cards again with: go run ./examples/play -game doublets -rules pysol -bots heuristic -seed 2\n") {
		t.Errorf("the won game is not told:\n%s", tail(out, 5))
	}
	var rec doublets.Record
	readRecord(t, file, &rec)
	if end, err := doublets.Replay(rec); err != nil || !end.Won() {
		t.Errorf("the record replays to a game not won: %v", err)
	}
	// A lost position: two passes turned through and half the last, nothing
	// played; the hint names the best score still reachable.
	lost := must(doublets.New(doublets.Aisleriot(), 2))
	for !lost.Over() && (lost.Pass() < 3 || lost.StockSize() > 22) {
		a := doublets.Turn()
		if lost.StockSize() == 0 {
			a = doublets.Redeal()
		}
		lost = must(doublets.Apply(lost, a))
	}
	if lost.Over() {
		t.Fatal("seed 2 ended with nothing played: pick a deal where it does not")
	}
	sol := doublets.Solve(lost)
	if sol.Winnable || sol.Score <= lost.Totals()[0] {
		t.Fatalf("seed 2 half through the last pass: %+v; pick a lost deal where a play is left", sol)
	}
	want := fmt.Sprintf("the game cannot be won any more; the best reachable score is %d of 48 (you have %d)", sol.Score, lost.Totals()[0])
	if got := verdictText(lost); !strings.Contains(got, want) || !strings.Contains(got, "playing "+sol.Moves[0].String()+" first") {
		t.Errorf("verdict: %q, want %q", got, want)
	}
}

// Hand and Foot rule set B says: "Player can pick up either hand, and
// leave the other one for his foot." The choice is made face down: the
// human sees two packets of 11 cards and none of their cards, types
// "packet 2", and plays on with that packet as the hand, the other as a
// foot it has not seen.
func TestHumanChoosesPacket(t *testing.T) {
	o := options{rules: "B", players: 2, teams: 2, bots: "random", seed: 3}
	var out strings.Builder
	g, err := newHandfoot(&out, o)
	if err != nil {
		t.Fatal(err)
	}
	start := g.s
	if start.Phase() != handfoot.Choosing {
		t.Fatalf("rule set B starts in phase %v, want choosing", start.Phase())
	}
	g.in = newInput(strings.NewReader("packet 2\nquit\n"), nil)
	if err := g.interactive(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	text := out.String()
	for _, want := range []string{
		"Choose your hand: \"packet 1\" or \"packet 2\"; the other is your foot.\n",
		"Packet 1: 11 cards, face down\n",
		"Packet 2: 11 cards, face down\n",
		"(packet 1, packet 2, help) > ",
		"(11 cards, foot: 11 face down)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	foot := start.Position().Seats[0].Hand // packet 1, left for the foot
	if strings.Contains(text, "Packet 1 (") || strings.Contains(text, "you chose it") || strings.Contains(text, foot.String()) {
		t.Errorf("output shows the cards of packet 1 [%v]:\n%s", foot, text)
	}
	if v := g.s.View(0); !v.FootSeen.IsEmpty() || g.s.Foot(0) != foot {
		t.Errorf("after packet 2 the foot seen is [%v] and the foot [%v], want none seen and packet 1", v.FootSeen, g.s.Foot(0))
	}
}

// Where the house rule lets a player look at both packets before choosing
// (LookAtPackets), the hand shows both, and after the choice the foot it
// saw.
func TestRenderPacketsSeen(t *testing.T) {
	r := handfoot.RulesB().WithLayout(2, 2)
	r.LookAtPackets = true
	s, err := handfoot.New(r, 3)
	if err != nil {
		t.Fatal(err)
	}
	seat := s.ToAct()
	packets := s.View(seat).Packets
	for _, want := range []string{
		"Choose your hand: \"packet 1\" or \"packet 2\"; the other is your foot.\n",
		"Packet 1 (11 cards): " + packets[0].String() + "\n",
		"Packet 2 (11 cards): " + packets[1].String() + "\n",
	} {
		if got := renderHand(s.View(seat), nil); !strings.Contains(got, want) {
			t.Errorf("before choosing, the hand lacks %q:\n%s", want, got)
		}
	}
	s, err = handfoot.Apply(s, must(handfoot.Choose(1)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := renderHand(s.View(seat), nil), ", foot: 11 face down, you chose it: "+packets[0].String()+")"; !strings.Contains(got, want) {
		t.Errorf("after packet 2, the hand lacks %q:\n%s", want, got)
	}
}

// Hand and Foot rule set A says the pile may be taken "if they're able to
// add the upcard to an existing meld": a wild upcard too, onto a meld it
// fits. With two melds that take it, the human names one by its rank.
func TestPileWildUpcardGoesWhereTheHumanSays(t *testing.T) {
	r := handfoot.RulesA().WithLayout(2, 2)
	r.Decks = 6
	r.Names = [8]string{"You", "Pete"}
	s := fromPosition(t, r, 5, func(p *handfoot.Position, pull func(string) card.Card) {
		p.Melds = []handfoot.TeamMeld{
			{Team: 0, Meld: newMeld(t, r.Meld, pull, "7C 7C 7D 7D")},
			{Team: 0, Meld: newMeld(t, r.Meld, pull, "9C 9D 9H")},
		}
		p.Down = []bool{true, false}
		p.Turn, p.Phase = 0, handfoot.Drawing
		p.Pile = append(p.Pile, pull("JK"))
	})
	o := options{rules: "A", players: 2, teams: 2, bots: "random", seed: 5}
	out := playFrom(t, s, o, "p\n9\nquit\n")
	for _, want := range []string{
		"Discard:  JK (2 cards)",
		"(d draw, t take, help) > Place upcard on meld rank (7, 9) > ",
		"You: take to 9#1 - ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// letterOver returns the letter the hand shown in block writes over the
// group token ("5(3)"), or "" if the hand has no such group.
func letterOver(block, token string) string {
	lines := strings.Split(block, "\n")
	for i := 2; i < len(lines); i++ {
		for col, w := 0, ""; col < len(lines[i]); col += len(w) + 2 {
			w, _, _ = strings.Cut(lines[i][col:], "  ")
			if w == token && col < len(lines[i-1]) {
				return strings.TrimSpace(strings.SplitN(lines[i-1][col:], " ", 2)[0])
			}
		}
	}
	return ""
}

// A group keeps its letter while it stays in the hand: drawing 2C and KD
// puts two groups before the fives and after them, and "d" still names
// the fives.
func TestGroupLettersStayWhileTheGroupStays(t *testing.T) {
	r := handfoot.RulesA().WithLayout(2, 2)
	r.Names = [8]string{"You", "Pete"}
	s := fromPosition(t, r, 5, func(p *handfoot.Position, pull func(string) card.Card) {
		p.Stock = append(p.Stock, p.Seats[0].Hand.Cards()...)
		var hand []card.Card
		for _, c := range strings.Fields("AC 3H 4C 5C 5D 5S 7H 8S 9D JC QH") {
			hand = append(hand, pull(c))
		}
		p.Seats[0].Hand = must(card.MultisetOf(hand...))
		p.Stock = append([]card.Card{pull("2C"), pull("KD")}, p.Stock...)
		p.Turn, p.Phase = 0, handfoot.Drawing
	})
	o := options{rules: "A", players: 2, teams: 2, bots: "random", seed: 5}
	out := playFrom(t, s, o, "d\nx d\nquit\n")
	hs := hands(out)
	if len(hs) < 2 {
		t.Fatalf("%d hands shown, want 2:\n%s", len(hs), out)
	}
	before, after := hs[0], hs[1]
	if !strings.Contains(after, "2C") || !strings.Contains(after, "KD") {
		t.Fatalf("the hand after the draw lacks 2C and KD:\n%s", after)
	}
	for _, g := range []string{"A", "3R", "4", "5(3)", "7", "8", "9", "J", "Q"} {
		if b, a := letterOver(before, g), letterOver(after, g); b == "" || a != b {
			t.Errorf("group %s is %q before the draw and %q after", g, b, a)
		}
	}
	if letterOver(before, "5(3)") != "d" {
		t.Errorf("the fives are %q at the start, want d:\n%s", letterOver(before, "5(3)"), before)
	}
	for _, g := range []string{"2", "K"} {
		if l := letterOver(after, g); l == "" || strings.Contains("abcdefghi", l) {
			t.Errorf("the new group %s is %q, a letter another group holds:\n%s", g, l, after)
		}
	}
	if !regexp.MustCompile(`> You: discard 5[CDS]\n`).MatchString(out) {
		t.Errorf(`"x d" after the draw did not discard a five:\n%s`, out)
	}
}

// logForm is the form of an action's text in the log, its cards and meld
// numbers made general: "take to #1" is "take to #N", "add 9S 2C to 9#2"
// is "add C+ to R#N".
func logForm(text string) string {
	var form []string
	for _, w := range strings.Fields(text) {
		prev := ""
		if n := len(form); n > 0 {
			prev = form[n-1]
		}
		switch {
		case regexp.MustCompile(`^((10|[2-9AJQK])[CDHS]|JK)$`).MatchString(w):
			if prev == "C+" {
				continue
			}
			w = "C+"
		case (prev == "to" || prev == "on") && regexp.MustCompile(`^(10|[2-9AJQK])$`).MatchString(w):
			w = "R"
		default:
			w = regexp.MustCompile(`^(10|[2-9AJQK])#\d+$`).ReplaceAllString(w, "R#N")
			w = regexp.MustCompile(`^#\d+$`).ReplaceAllString(w, "#N")
			w = regexp.MustCompile(`^\d+$`).ReplaceAllString(w, "N")
		}
		form = append(form, w)
	}
	return strings.Join(form, " ")
}

// Every action the log of a game prints has its form explained in the
// legend printed before it: "take to #1" was not.
func TestLogLegendExplainsEveryAction(t *testing.T) {
	explained := map[string]bool{}
	for _, line := range strings.Split(logLegend, "\n")[1:] {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "  "), "  "); ok && first != "" && first[0] != ' ' {
			for _, text := range strings.Split(first, ", ") {
				explained[logForm(text)] = true
			}
		}
	}
	turn := regexp.MustCompile(`(?m)^(Ken|Pete|Jenn|Steph): (.*)$`)
	note := regexp.MustCompile(` \([^)]*\)`)
	seen := map[string]bool{}
	for _, o := range []options{
		{rules: "A", players: 4, teams: 2, bots: "heuristic", seed: 7, auto: true},
		{rules: "B", players: 4, teams: 2, bots: "heuristic", seed: 3, auto: true},
		{rules: "B", players: 2, teams: 2, bots: "random", seed: 7, auto: true},
	} {
		out := runOut(t, "", o)
		if i, j := strings.Index(out, logLegend), strings.Index(out, "== Round 1 =="); i < 0 || j < i {
			t.Errorf("rules %s: the log's legend is not printed before the first round:\n%s", o.rules, out[:min(len(out), 2000)])
		}
		for _, m := range turn.FindAllStringSubmatch(out, -1) {
			for _, a := range strings.Split(note.ReplaceAllString(m[2], ""), ", ") {
				form := logForm(a)
				seen[form] = true
				if !explained[form] {
					t.Errorf("rules %s: the legend does not explain %q (%s)", o.rules, a, form)
					explained[form] = true // once
				}
			}
		}
	}
	for _, form := range []string{"take to #N", "ask", "add C+ to R"} {
		if !seen[form] {
			t.Errorf("no game of the test printed %q: %v", form, slices.Sorted(maps.Keys(seen)))
		}
	}
	if out := runOut(t, "quit\n", options{rules: "A", players: 2, teams: 2, bots: "random", seed: 7}); !strings.Contains(out, legend+logLegend) {
		t.Error("the table does not print both legends to a human")
	}
}

// -replay plays a saved record back, action by action, as the game was
// told, then plays on from where it ends; "-seed" only deals the same
// cards again.
func TestReplayPlaysTheRecordBack(t *testing.T) {
	dir := t.TempDir()
	for _, o := range []options{
		{game: "handfoot", rules: "B", players: 2, teams: 2, bots: "random", seed: 7},
		{game: "canasta", rules: "two", bots: "random", seed: 3},
		{game: "rummy", rules: "basic", players: 3, bots: "random", seed: 5},
		{game: "doublets", rules: "pysol", bots: "heuristic", seed: 2},
	} {
		o.auto, o.record = true, filepath.Join(dir, o.game+".txt")
		out := runOut(t, "", o)
		game, _, ok := strings.Cut(out, "Game record (")
		if !ok {
			t.Fatalf("%s: no record saved:\n%s", o.game, tail(out, 5))
		}
		text := must(os.ReadFile(o.record))
		back := runOut(t, "", options{replay: o.record, bots: o.bots, auto: true})
		n := strings.Count(string(text), "\n") - 3 // the header: game, rules, seed
		for _, line := range []string{
			fmt.Sprintf("Playing back the game record %s (%s).\n", o.record, plural(n, "action")),
			"The record ends with the game.\n",
		} {
			if !strings.Contains(back, line) {
				t.Errorf("%s: the play-back lacks %q", o.game, line)
			}
			back = strings.Replace(back, line, "", 1)
		}
		back, _, _ = strings.Cut(back, "Seed ")
		if back != game {
			t.Errorf("%s: the play-back tells\n%s\nthe game told\n%s", o.game, tail(back, 8), tail(game, 8))
		}
		if again := strings.Replace(o.record, ".txt", "-again.txt", 1); o.game == "rummy" {
			// A record saved on a play-back is the same record.
			runOut(t, "", options{replay: o.record, bots: o.bots, auto: true, record: again})
			if got := must(os.ReadFile(again)); string(got) != string(text) {
				t.Errorf("%s: the play-back saves\n%s\nwant\n%s", o.game, got, text)
			}
		}
	}

	// A game left half-way goes on where the record ends, the human at
	// the table again.
	o := options{game: "handfoot", rules: "A", players: 2, teams: 2, bots: "random", seed: 4, record: filepath.Join(dir, "left.txt")}
	runOut(t, "d\nx a\nd\nquit\n", o)
	text := must(os.ReadFile(o.record))
	again := options{replay: o.record, bots: "random", record: filepath.Join(dir, "left-again.txt")}
	out := runOut(t, "quit\n", again)
	for _, want := range []string{"The record ends here: the game goes on.\n", "\nHand (", "help) > Bye."} {
		if !strings.Contains(out, want) {
			t.Errorf("the play-back of a game left lacks %q:\n%s", want, out)
		}
	}
	if got := must(os.ReadFile(again.record)); string(got) != string(text) {
		t.Errorf("the game played back is not the game left: its record\n%s\nwant\n%s", got, text)
	}

	// What cannot be played back says why.
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("handfoot record\nrules A 2x2\nseed 4\n1: discard KH\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o    options
		want string
	}{
		{options{replay: filepath.Join(dir, "none.txt")}, "no game record to play back"},
		{options{replay: filepath.Join(dir, "left.txt"), game: "rummy"}, "is a record of handfoot, not of rummy"},
		{options{replay: bad}, "action 1"},
		{options{replay: filepath.Join(dir, "doublets.txt"), game: "doublets", rules: "A"}, ""},
	} {
		c.o.bots, c.o.auto = "random", true
		err := run(strings.NewReader(""), io.Discard, c.o)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("-replay %s: %v, want an error with %q", c.o.replay, err, c.want)
		}
	}
	if err := os.WriteFile(bad, []byte("seed 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(strings.NewReader(""), io.Discard, options{replay: bad, auto: true}); err == nil || !strings.Contains(err.Error(), "is not a game record") {
		t.Errorf("-replay of a file that is no record: %v", err)
	}
}
