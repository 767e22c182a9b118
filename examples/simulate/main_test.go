package main

import (
	"bytes"
	"fmt"
	"github.com/cardrules/cardrules"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
)

// small returns the options of a quick run.
func small(workers int) options {
	return options{
		Games: 20, Seed: 7, Rules: "A", Players: 4, Teams: 2,
		Strengths: []string{"heuristic", "random"}, Workers: workers,
	}
}

// untimed returns s without its timing, and out without its last line.
func untimed(s summary, out string) (summary, string) {
	s.Elapsed, s.GamesPerSecond = 0, 0
	out = strings.TrimSuffix(out, "\n")
	if i := strings.LastIndex(out, "\n"); i >= 0 {
		out = out[:i]
	}
	return s, out
}

func TestSameSummaryWhateverTheWorkers(t *testing.T) {
	var out1, out2 strings.Builder
	s1, err := run(&out1, small(1))
	if err != nil {
		t.Fatal(err)
	}
	s2, err := run(&out2, small(2))
	if err != nil {
		t.Fatal(err)
	}
	s1, o1 := untimed(s1, out1.String())
	s2, o2 := untimed(s2, out2.String())
	if !reflect.DeepEqual(s1, s2) {
		t.Errorf("1 worker and 2 workers summed up differently:\n%+v\n%+v", s1, s2)
	}
	if o1 != o2 {
		t.Errorf("1 worker and 2 workers printed differently:\n%s\n---\n%s", o1, o2)
	}
	if !strings.Contains(out1.String(), "games/s") || !strings.HasPrefix(o1, "Hand and Foot, rule set A, 4 players in 2 teams: 20 games, seeds 7 to 26") {
		t.Errorf("unexpected output:\n%s", out1.String())
	}

	// Another seed plays other games.
	o := small(2)
	o.Seed = 1000
	s3, err := run(io.Discard, o)
	if err != nil {
		t.Fatal(err)
	}
	if s3, _ := untimed(s3, ""); reflect.DeepEqual(s1.TeamStats, s3.TeamStats) {
		t.Error("seeds 7 and 1000 gave the same statistics")
	}
}

func TestCountsAddUp(t *testing.T) {
	for _, o := range []options{
		small(2),
		{Games: 12, Seed: 3, Rules: "b", Players: 6, Teams: 3, Strengths: []string{"random", "heuristic", "random"}, Workers: 3},
		{Games: 10, Seed: 3, Rules: "A", Players: 2, Teams: 2, Strengths: []string{"random", "random"}},
	} {
		s, err := run(io.Discard, o)
		if err != nil {
			t.Fatal(err)
		}
		if s.Games != o.Games || s.Completed != o.Games || s.Failed != 0 || len(s.TeamStats) != o.Teams {
			t.Fatalf("%+v: games %d completed %d failed %d teams %d", o, s.Games, s.Completed, s.Failed, len(s.TeamStats))
		}
		wins := 0
		for _, ts := range s.TeamStats {
			wins += ts.Wins
			if ts.Wins+ts.Ties+ts.Losses != s.Completed {
				t.Errorf("%+v: team %d won %d, tied %d, lost %d of %d games", o, ts.Team, ts.Wins, ts.Ties, ts.Losses, s.Completed)
			}
			if ts.Strength != o.Strengths[ts.Team] {
				t.Errorf("team %d has strength %q, want %q", ts.Team, ts.Strength, o.Strengths[ts.Team])
			}
		}
		if wins+s.Tied != s.Completed {
			t.Errorf("%+v: %d wins and %d tied games in %d games", o, wins, s.Tied, s.Completed)
		}
		if s.Rounds < s.Completed || s.Actions < s.Rounds {
			t.Errorf("%+v: %d rounds and %d actions in %d games", o, s.Rounds, s.Actions, s.Completed)
		}
		if o.Rules == "b" && s.RoundsPerGame != 4 {
			t.Errorf("rule set B played %v rounds a game, want 4", s.RoundsPerGame)
		}
	}
}

func TestRoundCap(t *testing.T) {
	o := small(2)
	o.MaxRounds = 1
	var out strings.Builder
	s, err := run(&out, o)
	if err != nil {
		t.Fatal(err)
	}
	if s.Rounds != s.Completed || s.Completed != o.Games || s.Capped == 0 {
		t.Errorf("cap 1: %d rounds in %d games, %d capped", s.Rounds, s.Completed, s.Capped)
	}
	if !strings.Contains(out.String(), "at most 1 rounds a game") {
		t.Errorf("the output does not mention the cap:\n%s", out.String())
	}
}

func TestActionLimitFailsGames(t *testing.T) {
	o := small(2)
	o.Games, o.Limit = 6, 50
	var out strings.Builder
	s, err := run(&out, o)
	if err == nil {
		t.Fatal("games stopped by the action limit did not make run fail")
	}
	if s.Failed != o.Games || s.Completed != 0 || len(s.Errors) != maxErrors {
		t.Errorf("failed %d, completed %d, errors %q", s.Failed, s.Completed, s.Errors)
	}
	if !strings.Contains(err.Error(), "no end after 50 actions") || !strings.Contains(out.String(), "6 games FAILED") {
		t.Errorf("error %v, output:\n%s", err, out.String())
	}
}

func TestProgress(t *testing.T) {
	o := small(2)
	var progress strings.Builder
	o.Progress = &progress
	if _, err := run(io.Discard, o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(progress.String(), "\r20/20 games, ") {
		t.Errorf("progress: %q", progress.String())
	}
}

func TestBadOptions(t *testing.T) {
	for name, change := range map[string]func(*options){
		"unknown strength": func(o *options) { o.Strengths[1] = "grandmaster" },
		"5 players in 2":   func(o *options) { o.Players = 5 },
		"9 players":        func(o *options) { o.Players, o.Teams = 9, 3 },
		"one team":         func(o *options) { o.Teams = 1 },
		"rule set C":       func(o *options) { o.Rules = "C" },
		"no games":         func(o *options) { o.Games = 0 },
		"negative cap":     func(o *options) { o.MaxRounds = -1 },
		"too few strength": func(o *options) { o.Strengths = o.Strengths[:1] },
	} {
		o := small(1)
		change(&o)
		var out strings.Builder
		if _, err := run(&out, o); err == nil {
			t.Errorf("%s: no error", name)
		}
		if out.Len() != 0 {
			t.Errorf("%s: printed %q", name, out.String())
		}
	}
}

func TestParseOptions(t *testing.T) {
	o, err := parseOptions(nil, io.Discard, false)
	if err != nil {
		t.Fatal(err)
	}
	want := options{Game: "handfoot", Games: 1000, Seed: 1, Players: 4, Teams: 2, Strengths: []string{"heuristic", "random"}, Limit: defaultLimit, Workers: o.Workers}
	if !reflect.DeepEqual(o, want) || o.Workers < 1 {
		t.Errorf("defaults: %+v, want %+v", o, want)
	}

	o, err = parseOptions([]string{"-players", "6", "-teams", "3", "-team0", "random", "-team1", "heuristic", "-progress"}, io.Discard, false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.Strengths, []string{"random", "heuristic", "random"}) || o.Progress == nil {
		t.Errorf("-team0 random -team1 heuristic with 3 teams: %q, progress %v", o.Strengths, o.Progress)
	}

	o, err = parseOptions([]string{"-players", "6", "-teams", "3", "-strengths", "random, random,heuristic", "-maxrounds", "9"}, io.Discard, true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.Strengths, []string{"random", "random", "heuristic"}) || o.MaxRounds != 9 || o.Progress == nil {
		t.Errorf("-strengths: %q, maxrounds %d, progress %v", o.Strengths, o.MaxRounds, o.Progress)
	}
	if o, _ := parseOptions([]string{"-progress=false"}, io.Discard, true); o.Progress != nil {
		t.Error("-progress=false on a terminal still shows progress")
	}

	for _, args := range [][]string{
		{"-strengths", "heuristic,random,random"}, // 3 strengths, 2 teams
		{"-strengths", "heuristic,random", "-team0", "random"},
		{"-games", "many"},
		{"-colour"},
		{"extra"},
	} {
		if _, err := parseOptions(args, io.Discard, false); err == nil {
			t.Errorf("%q: no error", args)
		}
	}

	// Flags that parse but cannot be played fail in run, before any game.
	for _, args := range [][]string{
		{"-team1", "expert"},
		{"-players", "6", "-teams", "4"},
		{"-rules", "Z"},
	} {
		o, err := parseOptions(args, io.Discard, false)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if _, err := run(io.Discard, o); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// -game canasta plays Canasta's presets between the bots, the layout the
// preset's, and refuses what is no preset or strength.
func TestCanasta(t *testing.T) {
	for _, tc := range []struct {
		args []string
		head string
	}{
		{[]string{"-game", "canasta", "-games", "6"}, "Canasta, classic, 4 players in 2 teams: 6 games"},
		{[]string{"-game", "canasta", "-games", "4", "-rules", "two", "-team1", "heuristic"}, "Canasta, two, 2 players in 2 teams: 4 games"},
		{[]string{"-game", "canasta", "-games", "3", "-players", "3", "-maxrounds", "1"}, "Canasta, three, 3 players in 3 teams: 3 games"},
	} {
		o, err := parseOptions(tc.args, io.Discard, false)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		sum, err := run(&out, o)
		if err != nil || !strings.HasPrefix(out.String(), tc.head) || sum.Completed != sum.Games {
			t.Errorf("%v: %v\n%s", tc.args, err, out.String())
		}
	}
	for _, args := range [][]string{{"-game", "chess"}, {"-game", "canasta", "-rules", "five"}, {"-game", "canasta", "-team0", "genius"}} {
		o, err := parseOptions(args, io.Discard, false)
		if err != nil {
			continue
		}
		if _, err := run(io.Discard, o); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// -game rummy plays basic Rummy between the bots, every player a team of
// its own (two by default), and refuses what cannot be played.
func TestRummy(t *testing.T) {
	for _, tc := range []struct {
		args []string
		head string
	}{
		{[]string{"-game", "rummy", "-games", "20"}, "Rummy, basic, 2 players in 2 teams: 20 games"},
		{[]string{"-game", "rummy", "-games", "10", "-players", "6", "-team1", "heuristic"}, "Rummy, basic, 6 players in 6 teams: 10 games"},
		{[]string{"-game", "rummy", "-games", "5", "-rules", "basic-3", "-maxrounds", "2"}, "Rummy, basic-3, 3 players in 3 teams: 5 games"},
		{[]string{"-game", "rummy", "-games", "5", "-strengths", "heuristic,heuristic"}, "Rummy, basic, 2 players in 2 teams: 5 games"},
		{[]string{"-game", "rummy", "-games", "5", "-players", "3", "-strengths", "random,heuristic,heuristic"}, "Rummy, basic, 3 players in 3 teams: 5 games"},
	} {
		o, err := parseOptions(tc.args, io.Discard, false)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		sum, err := run(&out, o)
		if err != nil || !strings.HasPrefix(out.String(), tc.head) || sum.Completed != sum.Games || len(sum.TeamStats) != sum.Players {
			t.Errorf("%v: %v\n%s", tc.args, err, out.String())
		}
		if tc.args[len(tc.args)-1] == "2" && sum.RoundsPerGame != 2 {
			t.Errorf("%v: %.2f rounds a game", tc.args, sum.RoundsPerGame)
		}
	}
	o, _ := parseOptions([]string{"-game", "rummy", "-games", "100"}, io.Discard, false)
	if sum, _ := run(io.Discard, o); sum.TeamStats[0].WinRate < 0.9 {
		t.Errorf("the heuristic won %.1f%% of 100 games against a random player", 100*sum.TeamStats[0].WinRate)
	}
	for _, args := range [][]string{{"-game", "rummy", "-players", "7"}, {"-game", "rummy", "-rules", "gin"}, {"-game", "rummy", "-team0", "genius"}, {"-game", "rummy", "-games", "0"}} {
		o, err := parseOptions(args, io.Discard, false)
		if err != nil {
			continue
		}
		if _, err := run(io.Discard, o); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// -game doublets plays each deal with both computer players and solves it;
// the figures are those of the players and of doublets.Solve deal by deal,
// whatever the number of workers, and the solver's are left out with
// -solver=false. (Seeds 4 to 9: deals the draft solver decides at once.)
func TestDoublets(t *testing.T) {
	const n = 3 // deals, seeds 4 on
	o, err := parseOptions([]string{"-game", "doublets", "-games", strconv.Itoa(n), "-seed", "4", "-workers", "1"}, io.Discard, false)
	if err != nil {
		t.Fatal(err)
	}
	var out1, out2 strings.Builder
	sum, err := runDoublets(&out1, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Workers = 2
	sum2, err := runDoublets(&out2, o)
	if err != nil {
		t.Fatal(err)
	}
	_, text1 := untimed(summary{}, out1.String())
	_, text2 := untimed(summary{}, out2.String())
	if text1 != text2 || !reflect.DeepEqual(sum.Players, sum2.Players) {
		t.Errorf("1 worker and 2 workers printed differently:\n%s\n---\n%s", text1, text2)
	}
	// The figures, deal by deal.
	want := doubletsSummary{Rules: "aisleriot", Games: n, Seed: 4, Solved: n, Players: []patienceStats{{Strength: "random"}, {Strength: "heuristic"}, {Strength: "search"}}}
	var positions []int
	for seed := uint64(4); seed < 4+n; seed++ {
		s, err := doublets.New(doublets.Aisleriot(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range []dbot.Player{dbot.Random(playerSeed(seed, 0)), dbot.Heuristic(0), dbot.Search(playerSeed(seed, 0))} {
			end, err := cardrules.Run(s, []dbot.Player{p}, dbot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if end.Won() {
				want.Players[k].Wins++
			}
			want.Players[k].MeanScore += float64(end.Totals()[0]) / n
		}
		sol := doublets.Solve(s)
		if sol.Winnable {
			want.Winnable++
		}
		want.BestMean += float64(sol.Score) / n
		if sol.Positions > want.PositionsWorst {
			want.PositionsWorst, want.PositionsSeed = sol.Positions, seed
		}
		positions = append(positions, sol.Positions)
	}
	slices.Sort(positions)
	want.PositionsMedian = positions[(n-1)/2]
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for k, p := range sum.Players {
		if p.Strength != want.Players[k].Strength || p.Wins != want.Players[k].Wins || !near(p.MeanScore, want.Players[k].MeanScore) || p.MeanMoves <= 0 {
			t.Errorf("%s: %+v, want %+v", p.Strength, p, want.Players[k])
		}
	}
	if sum.Games != n || sum.Solved != n || sum.Failed != 0 || sum.Winnable != want.Winnable || !near(sum.BestMean, want.BestMean) ||
		sum.PositionsMedian != want.PositionsMedian || sum.PositionsWorst != want.PositionsWorst || sum.PositionsSeed != want.PositionsSeed ||
		sum.TimeWorst < sum.TimeMedian || sum.TimeWorst <= 0 || sum.TimeSeed < 4 || sum.TimeSeed >= 4+n {
		t.Errorf("the summary %+v, want %+v", sum, want)
	}
	for _, line := range []string{
		fmt.Sprintf("Doublets, aisleriot: %d deals, seeds 4 to %d\n", n, 3+n),
		fmt.Sprintf("  solver (best play)  %4d  %7.2f%%  %10.3f", want.Winnable, 100*float64(want.Winnable)/n, want.BestMean),
		fmt.Sprintf("\n%d of the %d deals cannot be won\n", n-want.Winnable, n),
		fmt.Sprintf("the solver searched %d positions a deal (median), %d at worst (seed %d)\n", want.PositionsMedian, want.PositionsWorst, want.PositionsSeed),
		"; the solver took ",
	} {
		if !strings.Contains(out1.String(), line) {
			t.Errorf("the output lacks %q:\n%s", line, out1.String())
		}
	}

	// Without the solver, the players' figures alone; PySol's rules.
	o, err = parseOptions([]string{"-game", "doublets", "-games", "20", "-rules", "pysol", "-solver=false"}, io.Discard, false)
	if err != nil || !o.NoSolver {
		t.Fatalf("-solver=false: %+v, %v", o, err)
	}
	var out bytes.Buffer
	sum, err = runDoublets(&out, o)
	if err != nil || sum.Solved != 0 || strings.Contains(out.String(), "solver") || !strings.HasPrefix(out.String(), "Doublets, pysol: 20 deals, seeds 1 to 20") {
		t.Errorf("-solver=false: %v\n%s", err, out.String())
	}
	if h, r := sum.Players[1], sum.Players[0]; h.MeanScore <= r.MeanScore || h.Wins == 0 {
		t.Errorf("the greedy player (%+v) does no better than the random one (%+v)", h, r)
	}
	for _, args := range [][]string{{"-game", "doublets", "-rules", "klondike"}, {"-game", "doublets", "-games", "0"}, {"-game", "doublets", "-workers", "-1"}} {
		o, err := parseOptions(args, io.Discard, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := runDoublets(io.Discard, o); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
