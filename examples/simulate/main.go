// Command simulate plays many seeded games of Hand and Foot (or, with -game
// canasta, of Canasta; with -game rummy, of basic Rummy) between computer players on all cores and prints how
// each team fared: its players'
// strength, wins, ties and losses, the mean and standard deviation of its
// final total, and its mean round score; then the mean number of rounds per
// game, the mean number of actions per round, and the speed.
//
//	go run ./examples/simulate -games 1000
//	go run ./examples/simulate -rules B -team0 random -team1 heuristic
//	go run ./examples/simulate -players 6 -teams 3 -strengths heuristic,random,random
//	go run ./examples/simulate -game canasta -rules two
//
// For Canasta, -rules names a preset (classic, two, three or cutthroat: the default
// is the one for -players, classic at four) and the layout is the
// preset's.
//
// For Rummy (-game rummy), every player is a team of its own: -players is
// 2 to 6 (2 by default), -team0 and -team1 give the strengths of seats 0
// and 1 (the others play at random) and -strengths one per seat, -rules
// basic-N is the preset for N
// players, and -maxrounds N plays N rounds instead of basic Rummy's one.
//
//	go run ./examples/simulate -game rummy -players 3 -games 1000
//
// For Doublets (-game doublets, -rules aisleriot or pysol), a patience,
// deal i is played by each computer player of doublets/bot (random, the
// greedy heuristic, and the search player that samples the stock's order)
// and solved exactly by doublets.Solve: the summary gives each
// player's wins, win rate, mean score and moves, the share of deals that
// can be won and the mean best score, and the solver's cost per deal, the
// positions it searched and its time (median and worst, with the deal's
// seed; a seed is the library's, given to doublets.New, not an Aisleriot
// or PySolFC game number). A deal on which the solver's line does not
// replay to its score, or a player scores above it, or the solver reports
// an error, fails. -solver=false leaves the solver out.
//
//	go run ./examples/simulate -game doublets -games 1000
//
// Game i is dealt from seed base+i (-seed is the base), and every player's
// seed is derived from its game's seed and its seat, so the same flags print
// the same results whatever the number of workers; only the timing lines
// change from run to run.
//
// Seat s plays for team s % teams, as the rules seat them. A team's strength
// is one of the bot package's strengths (bot.Strengths): give it with -team0
// and -team1 (team 0 defaults to heuristic, the others to random), or for
// every team at once with -strengths, a comma list with one strength per
// team.
//
// Rule set A plays until a team's total passes 10000, which players that
// seldom make canastas may take very long to reach. -maxrounds N ends a game
// after its Nth round whatever the scores (the highest total then wins), so
// a runaway game cannot stall the run; the output says how many games the
// cap ended. Independently every game is stopped after -limit actions: such
// a game, like one in which a player chooses an illegal action, is counted
// as failed, left out of the statistics, reported, and makes the command
// exit with status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// defaultLimit is the most actions a game may take: far more than any real
// game (a random round under rule set A takes a few hundred).
const defaultLimit = 100000

// maxErrors is the number of failed games whose errors a summary keeps.
const maxErrors = 5

// options is what one run plays.
type options struct {
	Game      string // "handfoot", "canasta" or "rummy"
	Games     int
	Seed      uint64   // game i is dealt from Seed+i
	Rules     string   // "A" or "B"
	Players   int      // 2 to 8
	Teams     int      // dividing Players
	Strengths []string // one per team
	MaxRounds int      // 0: no cap
	Limit     int      // most actions per game; 0: defaultLimit
	Workers   int      // 0: runtime.GOMAXPROCS(0)
	NoSolver  bool     // Doublets: leave the solver out
	// Progress, when not nil, receives a progress line a few times a second.
	Progress io.Writer
}

// summary is what a run found. Everything but Elapsed depends only on the
// options' games, seed, rules, layout, strengths, cap and limit.
type summary struct {
	Title           string // the game and its rules
	Rules           string
	Players, Teams  int
	Games           int      // games played
	Seed            uint64   // the first game's seed
	MaxRounds       int      // 0: no cap
	Completed       int      // games that ended (by the rules or the cap)
	Capped          int      // of them, games the round cap ended
	Tied            int      // of them, games in which several teams shared the best total
	Failed          int      // games that hit the action limit or met an illegal action
	Errors          []string // the first failed games' errors, by game index
	Rounds, Actions int      // over the completed games
	RoundsPerGame   float64
	ActionsPerRound float64
	TeamStats       []teamStats
	Elapsed         time.Duration
	GamesPerSecond  float64
}

// teamStats is how one team fared over the completed games.
type teamStats struct {
	Team         int
	Strength     string
	Wins         int // games it won alone
	Ties         int // games it shared the best total
	Losses       int
	WinRate      float64 // Wins / completed games
	TieRate      float64
	TotalMean    float64 // final total
	TotalSD      float64 // sample standard deviation of the final total
	RoundMean    float64 // score of a round, over every round played
	roundsScored int
	roundSum     int
}

// gameResult is one game's outcome.
type gameResult struct {
	err     error
	capped  bool
	rounds  int
	actions int
	totals  []int // final total per team
	scores  []int // sum of round scores per team
}

func main() {
	opts, err := parseOptions(os.Args[1:], os.Stderr, isTerminal(os.Stderr))
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "simulate:", err)
		os.Exit(2)
	}
	if opts.Game == "doublets" {
		_, err = runDoublets(os.Stdout, opts)
	} else {
		_, err = run(os.Stdout, opts)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "simulate:", err)
		os.Exit(1)
	}
}

// parseOptions reads the command line. progress is the default of
// -progress: whether stderr is a terminal.
func parseOptions(args []string, stderr io.Writer, progress bool) (options, error) {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: simulate [flags]\n\nPlays seeded Hand and Foot, Canasta or Rummy games between computer players and prints how each team fared.\nStrengths: %s.\n\n", strings.Join(bot.Strengths(), ", "))
		fs.PrintDefaults()
	}
	var o options
	fs.StringVar(&o.Game, "game", "handfoot", "the game: handfoot, canasta, rummy or doublets")
	fs.IntVar(&o.Games, "games", 1000, "number of games")
	fs.Uint64Var(&o.Seed, "seed", 1, "base seed: game i is dealt from seed+i")
	fs.StringVar(&o.Rules, "rules", "", "rule set: A or B for Hand and Foot (default A); classic, two, three or cutthroat for Canasta (default: the preset for -players); aisleriot or pysol for Doublets (default aisleriot)")
	fs.IntVar(&o.Players, "players", 4, "number of players, 2 to 8 (Rummy: 2 to 6, default 2)")
	fs.IntVar(&o.Teams, "teams", 2, "number of teams; seat s plays for team s % teams")
	team0 := fs.String("team0", "heuristic", "strength of team 0's players")
	team1 := fs.String("team1", "random", "strength of team 1's players")
	list := fs.String("strengths", "", "strengths of every team, a comma list with one per team (instead of -team0 and -team1; teams 2 and up default to random)")
	fs.IntVar(&o.MaxRounds, "maxrounds", 0, "end a game after this many rounds whatever the scores, the highest total winning (0: no cap; rule set A otherwise plays to 10000)")
	fs.IntVar(&o.Limit, "limit", defaultLimit, "most actions per game; a game that hits it fails")
	fs.IntVar(&o.Workers, "workers", runtime.GOMAXPROCS(0), "number of games played at once")
	solver := fs.Bool("solver", true, "Doublets: solve every deal exactly too (its win rate, best score, time and positions)")
	showProgress := fs.Bool("progress", progress, "show a progress line on stderr (default: when stderr is a terminal)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.Game == "rummy" {
		if !set["players"] {
			o.Players = 2 // basic Rummy is a game of two
		}
		o.Teams = o.Players // every player for itself
	}
	if *list != "" {
		if set["team0"] || set["team1"] {
			return o, errors.New("give strengths with -strengths or with -team0 and -team1, not both")
		}
		o.Strengths = strings.Split(*list, ",")
		for i := range o.Strengths {
			o.Strengths[i] = strings.TrimSpace(o.Strengths[i])
		}
		if o.Teams > 0 && len(o.Strengths) != o.Teams {
			return o, fmt.Errorf("-strengths lists %d strengths for %d teams", len(o.Strengths), o.Teams)
		}
	} else {
		for t := range max(o.Teams, 0) {
			switch t {
			case 0:
				o.Strengths = append(o.Strengths, *team0)
			case 1:
				o.Strengths = append(o.Strengths, *team1)
			default:
				o.Strengths = append(o.Strengths, "random")
			}
		}
	}
	if *showProgress {
		o.Progress = stderr
	}
	o.NoSolver = !*solver
	return o, nil
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// table is the game a run plays: its title for the summary, and how to
// play one game from a seed.
type table struct {
	title string
	play  func(opts options, seed uint64) gameResult
}

// tableOf checks opts and returns the game they play; for Canasta it sets
// the layout to the preset's.
func tableOf(opts *options) (table, error) {
	switch opts.Game {
	case "handfoot":
		if opts.Rules == "" {
			opts.Rules = "A"
		}
		r, err := rulesOf(*opts)
		if err != nil {
			return table{}, err
		}
		return table{title: "Hand and Foot, rule set " + strings.ToUpper(opts.Rules),
			play: func(o options, seed uint64) gameResult { return playGame(r, o, seed) }}, nil
	case "canasta":
		r, err := canastaRules(opts)
		if err != nil {
			return table{}, err
		}
		return table{title: "Canasta, " + r.Name,
			play: func(o options, seed uint64) gameResult { return playCanasta(r, o, seed) }}, nil
	case "rummy":
		r, err := rummyRules(opts)
		if err != nil {
			return table{}, err
		}
		return table{title: "Rummy, " + r.Name,
			play: func(o options, seed uint64) gameResult { return playRummy(r, o, seed) }}, nil
	}
	return table{}, fmt.Errorf("unknown game %q (have handfoot, canasta, rummy and doublets)", opts.Game)
}

// canastaRules returns the Canasta preset opts name (or the one for
// opts.Players), setting opts' layout and strengths to the preset's.
func canastaRules(opts *options) (canasta.Rules, error) {
	name := opts.Rules
	if name == "" {
		name = map[int]string{2: "two", 3: "three"}[opts.Players]
	}
	if name == "" {
		name = "classic"
	}
	r, err := canasta.Preset(name)
	if err != nil {
		return r, err
	}
	if opts.MaxRounds > 0 {
		r.Rounds = min(opts.MaxRounds, canasta.MaxRounds)
	}
	opts.Rules, opts.Players, opts.Teams = r.Name, r.Players, r.Teams
	for len(opts.Strengths) < r.Teams {
		opts.Strengths = append(opts.Strengths, "random")
	}
	opts.Strengths = opts.Strengths[:r.Teams]
	return r, checkRun(*opts)
}

// checkRun checks the options every game shares: the number of games, the
// limit, the workers, and that each strength is one of the game's computer
// players, as the registry lists them.
func checkRun(opts options) error {
	switch {
	case opts.Games < 1:
		return fmt.Errorf("%d games: play at least one", opts.Games)
	case opts.Limit < 0 || opts.Workers < 0:
		return errors.New("-limit and -workers are 0 or more")
	}
	for _, s := range opts.Strengths {
		if _, err := cardrules.NewComputer(opts.Game, s, 0); err != nil {
			return err
		}
	}
	return nil
}

// rummyRules returns basic Rummy for opts.Players players (-rules basic or
// basic-N; -maxrounds N plays N rounds), setting opts' layout to a team a
// player and its strengths to one a seat.
func rummyRules(opts *options) (rummy.Rules, error) {
	r := rummy.Basic()
	if opts.Rules != "" {
		var err error
		if r, err = rummy.Preset(strings.ToLower(opts.Rules)); err != nil {
			return r, err
		}
	} else {
		r.Players = opts.Players
	}
	if opts.MaxRounds > 0 {
		r.Rounds = min(opts.MaxRounds, rummy.MaxRounds)
	}
	if err := r.Validate(); err != nil {
		return r, err
	}
	opts.Rules, opts.Players, opts.Teams = r.Name, r.Players, r.Players
	for len(opts.Strengths) < r.Players {
		opts.Strengths = append(opts.Strengths, "random")
	}
	opts.Strengths = opts.Strengths[:r.Players]
	return r, checkRun(*opts)
}

// playRummy plays one Rummy game from seed.
func playRummy(rules rummy.Rules, opts options, seed uint64) gameResult {
	s, err := rummy.New(rules, seed)
	if err != nil {
		return gameResult{err: err}
	}
	s, actions, err := playSeats(s, rbot.New, opts, seed, nil)
	if err != nil {
		return gameResult{err: err, actions: actions}
	}
	res := gameResult{capped: opts.MaxRounds > 0, actions: actions, totals: s.Totals(), scores: make([]int, rules.Players)}
	for _, r := range s.Results() {
		res.rounds++
		for _, ps := range r.Players {
			res.scores[ps.Seat] += ps.Points
		}
	}
	return res
}

// playCanasta plays one Canasta game from seed.
func playCanasta(rules canasta.Rules, opts options, seed uint64) gameResult {
	s, err := canasta.New(rules, seed)
	if err != nil {
		return gameResult{err: err}
	}
	s, actions, err := playSeats(s, cbot.New, opts, seed, nil)
	if err != nil {
		return gameResult{err: err, actions: actions}
	}
	res := gameResult{capped: rules.Rounds > 0 && !reachedTarget(s), actions: actions, totals: s.Totals(), scores: make([]int, rules.Teams)}
	for _, r := range s.Results() {
		res.rounds++
		for _, ts := range r.Teams {
			res.scores[ts.Team] += ts.Points
		}
	}
	return res
}

// reachedTarget reports whether a team reached the target of s's rules.
func reachedTarget(s canasta.State) bool {
	return slices.Max(s.Totals()) >= s.Rules().Target
}

// rulesOf checks opts and returns the Hand and Foot rules its games are
// played by.
func rulesOf(opts options) (handfoot.Rules, error) {
	r, err := handfoot.Preset(opts.Rules)
	if err != nil {
		return r, fmt.Errorf("unknown rule set %q (have A and B)", opts.Rules)
	}
	r = r.WithLayout(opts.Players, opts.Teams)
	if err := r.Validate(); err != nil {
		return r, err
	}
	switch {
	case opts.Games < 1:
		return r, fmt.Errorf("%d games: play at least one", opts.Games)
	case opts.MaxRounds < 0:
		return r, fmt.Errorf("-maxrounds %d: give 0 (no cap) or more", opts.MaxRounds)
	case opts.Limit < 0:
		return r, fmt.Errorf("-limit %d: give 0 (the default) or more", opts.Limit)
	case opts.Workers < 0:
		return r, fmt.Errorf("%d workers", opts.Workers)
	case len(opts.Strengths) != opts.Teams:
		return r, fmt.Errorf("%d strengths for %d teams: give one per team", len(opts.Strengths), opts.Teams)
	}
	return r, checkRun(opts)
}

// run plays opts.Games games, writes the summary to out and returns it. It
// returns an error when the options are wrong (having played nothing) or
// when games failed (having written the summary, which lists them).
func run(out io.Writer, opts options) (summary, error) {
	if opts.Game == "" {
		opts.Game = "handfoot"
	}
	game, err := tableOf(&opts)
	if err != nil {
		return summary{}, err
	}
	if opts.Limit == 0 {
		opts.Limit = defaultLimit
	}
	start := time.Now()
	results := make([]gameResult, opts.Games)
	playAll(opts, func(i int) {
		results[i] = game.play(opts, opts.Seed+uint64(i))
		if results[i].err != nil {
			results[i].err = fmt.Errorf("game %d (seed %d): %w", i, opts.Seed+uint64(i), results[i].err)
		}
	})

	sum := summarize(opts, results)
	sum.Title = game.title
	sum.Elapsed = time.Since(start)
	sum.GamesPerSecond = float64(opts.Games) / sum.Elapsed.Seconds()
	if err := sum.write(out); err != nil {
		return sum, err
	}
	if sum.Failed > 0 {
		return sum, fmt.Errorf("%d of %d games failed; the first: %s", sum.Failed, sum.Games, sum.Errors[0])
	}
	return sum, nil
}

// playAll calls play(i) for each game i from 0 to opts.Games-1 on
// opts.Workers goroutines (0: one a core), writing progress lines to
// opts.Progress, if not nil, while they run.
func playAll(opts options, play func(i int)) {
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, opts.Games)
	start := time.Now()
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= opts.Games {
					return
				}
				play(i)
				done.Add(1)
			}
		})
	}
	stop := make(chan struct{})
	var reporter sync.WaitGroup
	if opts.Progress != nil {
		reporter.Go(func() { report(opts.Progress, opts.Games, &done, start, stop) })
	}
	wg.Wait()
	close(stop)
	reporter.Wait()
}

// report writes a progress line to w four times a second until stop is
// closed, then a last one and a newline.
func report(w io.Writer, games int, done *atomic.Int64, start time.Time, stop <-chan struct{}) {
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	line := func() {
		n := done.Load()
		rate := float64(n) / time.Since(start).Seconds()
		fmt.Fprintf(w, "\r%d/%d games, %.0f games/s   ", n, games, rate)
	}
	for {
		select {
		case <-tick.C:
			line()
		case <-stop:
			line()
			fmt.Fprintln(w)
			return
		}
	}
}

// playSeats plays s to its end, or until stop (if not nil) stops it, with
// the game's computer players (newPlayer is its bot package's New): the
// player of seat has the strength of its team, seat % opts.Teams, and a seed
// derived from the game's seed and the seat. It returns the State reached
// and the number of actions played.
func playSeats[S cardrules.State[S, A, V], A cardrules.Action, V any](s S, newPlayer func(string, uint64) (cardrules.Player[V, A], error), opts options, seed uint64, stop func(S) bool) (S, int, error) {
	players := make([]cardrules.Player[V, A], s.Seats())
	for seat := range players {
		p, err := newPlayer(opts.Strengths[seat%opts.Teams], playerSeed(seed, seat))
		if err != nil {
			return s, 0, err
		}
		players[seat] = p
	}
	actions := 0
	s, err := cardrules.Run(s, players, cardrules.Options[S, A]{Limit: opts.Limit, Until: stop, Observe: func(int, A, S) { actions++ }})
	return s, actions, err
}

// playerSeed derives the seed of the player at seat from its game's seed
// (SplitMix64's finalizer over both), so no two seats or games share a
// stream.
func playerSeed(game uint64, seat int) uint64 {
	z := game*0x9e3779b97f4a7c15 + uint64(seat+1)*0xd1b54a32d192ed03
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// roundCap returns the test that stops a game after maxRounds rounds (nil:
// no cap).
func roundCap(maxRounds int) func(handfoot.State) bool {
	if maxRounds <= 0 {
		return nil
	}
	return func(s handfoot.State) bool { return s.Phase() == handfoot.RoundOver && s.Round() >= maxRounds }
}

// playGame plays one game from seed.
func playGame(rules handfoot.Rules, opts options, seed uint64) gameResult {
	s, err := handfoot.New(rules, seed)
	if err != nil {
		return gameResult{err: err}
	}
	s, actions, err := playSeats(s, bot.New, opts, seed, roundCap(opts.MaxRounds))
	if err != nil {
		return gameResult{err: err, actions: actions}
	}
	res := gameResult{capped: !s.Over(), actions: actions, totals: s.Totals(), scores: make([]int, rules.Teams)}
	for _, r := range s.Results() {
		res.rounds++
		for _, ts := range r.Teams {
			res.scores[ts.Team] += ts.Points
		}
	}
	return res
}

// summarize adds up the results in game order, so the sums (floating point
// ones too) do not depend on which worker played which game.
func summarize(opts options, results []gameResult) summary {
	sum := summary{
		Rules: strings.ToUpper(opts.Rules), Players: opts.Players, Teams: opts.Teams,
		Games: len(results), Seed: opts.Seed, MaxRounds: opts.MaxRounds,
	}
	for t := range opts.Teams {
		sum.TeamStats = append(sum.TeamStats, teamStats{Team: t, Strength: opts.Strengths[t]})
	}
	totals := make([]float64, opts.Teams)
	for _, r := range results {
		if r.err != nil {
			sum.Failed++
			if len(sum.Errors) < maxErrors {
				sum.Errors = append(sum.Errors, r.err.Error())
			}
			continue
		}
		sum.Completed++
		if r.capped {
			sum.Capped++
		}
		sum.Rounds += r.rounds
		sum.Actions += r.actions
		best := r.totals[0]
		for _, t := range r.totals {
			best = max(best, t)
		}
		winners := 0
		for _, t := range r.totals {
			if t == best {
				winners++
			}
		}
		if winners > 1 {
			sum.Tied++
		}
		for t := range sum.TeamStats {
			ts := &sum.TeamStats[t]
			switch {
			case r.totals[t] < best:
				ts.Losses++
			case winners == 1:
				ts.Wins++
			default:
				ts.Ties++
			}
			totals[t] += float64(r.totals[t])
			ts.roundSum += r.scores[t]
			ts.roundsScored += r.rounds
		}
	}
	if sum.Completed == 0 {
		return sum
	}
	n := float64(sum.Completed)
	sum.RoundsPerGame = float64(sum.Rounds) / n
	if sum.Rounds > 0 {
		sum.ActionsPerRound = float64(sum.Actions) / float64(sum.Rounds)
	}
	for t := range sum.TeamStats {
		ts := &sum.TeamStats[t]
		ts.WinRate = float64(ts.Wins) / n
		ts.TieRate = float64(ts.Ties) / n
		ts.TotalMean = totals[t] / n
		if ts.roundsScored > 0 {
			ts.RoundMean = float64(ts.roundSum) / float64(ts.roundsScored)
		}
		if sum.Completed > 1 {
			var ss float64
			for _, r := range results {
				if r.err == nil {
					d := float64(r.totals[t]) - ts.TotalMean
					ss += d * d
				}
			}
			ts.TotalSD = math.Sqrt(ss / (n - 1))
		}
	}
	return sum
}

// write prints the summary: everything but the last line (the timing) is
// the same for the same options.
func (s summary) write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d players in %d teams: %d games, seeds %d to %d\n",
		s.Title, s.Players, s.Teams, s.Games, s.Seed, s.Seed+uint64(s.Games)-1)
	if s.MaxRounds > 0 {
		fmt.Fprintf(&b, "at most %d rounds a game: %d of %d games ended by the cap\n", s.MaxRounds, s.Capped, s.Completed)
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "team\tstrength\twins\tties\tlosses\twin rate\ttie rate\tmean total\tsd total\tmean round\t")
	for _, t := range s.TeamStats {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%.1f%%\t%.1f%%\t%.1f\t%.1f\t%.1f\t\n",
			t.Team, t.Strength, t.Wins, t.Ties, t.Losses, 100*t.WinRate, 100*t.TieRate, t.TotalMean, t.TotalSD, t.RoundMean)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\n%d games completed, %d tied; %.2f rounds a game, %.1f actions a round\n",
		s.Completed, s.Tied, s.RoundsPerGame, s.ActionsPerRound)
	if s.Failed > 0 {
		fmt.Fprintf(&b, "%d games FAILED (left out above); the first %d:\n", s.Failed, len(s.Errors))
		for _, e := range s.Errors {
			fmt.Fprintf(&b, "  %s\n", e)
		}
	}
	fmt.Fprintf(&b, "time: %.2fs, %.1f games/s\n", s.Elapsed.Seconds(), s.GamesPerSecond)
	_, err := io.WriteString(w, b.String())
	return err
}
