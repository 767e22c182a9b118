package main

import (
	"fmt"
	"github.com/cardrules/cardrules"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
)

// doubletsSummary is what a run of Doublets deals found. Everything but
// the solver's times and Elapsed depends only on the rules, the seeds and
// the solver's code.
type doubletsSummary struct {
	Rules   string
	Games   int    // deals played
	Seed    uint64 // the first deal's seed
	Players []patienceStats
	// The solver's figures, over the deals it solved (all but failed ones;
	// none with NoSolver).
	Solved          int
	Winnable        int
	WinRate         float64
	BestMean        float64 // the mean best reachable score
	PositionsMedian int
	PositionsWorst  int
	PositionsSeed   uint64 // the deal of the most positions
	TimeMedian      time.Duration
	TimeWorst       time.Duration
	TimeSeed        uint64   // the slowest deal
	Failed          int      // deals a player or the solver failed on (left out above)
	Errors          []string // the first failed deals' errors
	Elapsed         time.Duration
}

// patienceStats is how one computer player fared over the deals.
type patienceStats struct {
	Strength  string
	Wins      int
	WinRate   float64
	MeanScore float64
	MeanMoves float64
}

// dealResult is one deal's outcome.
type dealResult struct {
	err       error
	scores    []int // each player's final score, in dbot.Strengths' order
	moves     []int
	best      int // the solver's best score
	positions int
	took      time.Duration
}

// playDeal plays the deal of seed with every strength of player, and
// solves it unless opts.NoSolver; it checks that the solver's line
// replays to its score and that no player beats that score.
func playDeal(r doublets.Rules, opts options, seed uint64) dealResult {
	s, err := doublets.New(r, seed)
	if err != nil {
		return dealResult{err: err}
	}
	var res dealResult
	strengths := dbot.Strengths()
	for _, strength := range strengths {
		p, err := dbot.New(strength, playerSeed(seed, 0))
		if err != nil {
			return dealResult{err: err}
		}
		end, err := cardrules.Run(s, []dbot.Player{p}, dbot.Options{Limit: opts.Limit})
		if err != nil {
			return dealResult{err: fmt.Errorf("%s: %w", strength, err)}
		}
		res.scores = append(res.scores, end.Totals()[0])
		res.moves = append(res.moves, end.Seq())
	}
	if opts.NoSolver {
		return res
	}
	start := time.Now()
	sol := doublets.Solve(s)
	res.took = time.Since(start)
	res.best, res.positions = sol.Score, sol.Positions
	if sol.Err != nil {
		return dealResult{err: sol.Err}
	}
	end := s
	for _, a := range sol.Moves {
		if end, err = doublets.Apply(end, a); err != nil {
			return dealResult{err: fmt.Errorf("the solver's line: %v: %w", a, err)}
		}
	}
	if end.Totals()[0] != sol.Score || sol.Winnable != (sol.Score == doublets.MaxScore) {
		return dealResult{err: fmt.Errorf("the solver's line reaches %d, it says %d (winnable %v)", end.Totals()[0], sol.Score, sol.Winnable)}
	}
	for i, sc := range res.scores {
		if sc > sol.Score {
			return dealResult{err: fmt.Errorf("the %s player scored %d, above the solver's best %d", strengths[i], sc, sol.Score)}
		}
	}
	return res
}

// runDoublets plays opts.Games deals of Doublets (seeds opts.Seed on)
// with each computer player and the solver, writes the summary to out and
// returns it. It returns an error for wrong options (having played
// nothing) or failed deals (having written the summary).
func runDoublets(out io.Writer, opts options) (doubletsSummary, error) {
	if opts.Rules == "" {
		opts.Rules = "aisleriot"
	}
	r, err := doublets.Preset(strings.ToLower(opts.Rules))
	if err != nil {
		return doubletsSummary{}, err
	}
	opts.Strengths = nil
	if err := checkRun(opts); err != nil {
		return doubletsSummary{}, err
	}
	if opts.Limit == 0 {
		opts.Limit = defaultLimit
	}
	start := time.Now()
	results := make([]dealResult, opts.Games)
	playAll(opts, func(i int) {
		seed := opts.Seed + uint64(i)
		results[i] = playDeal(r, opts, seed)
		if results[i].err != nil {
			results[i].err = fmt.Errorf("deal %d (seed %d): %w", i, seed, results[i].err)
		}
	})
	sum := summarizeDoublets(r, opts, results)
	sum.Elapsed = time.Since(start)
	if err := sum.write(out, !opts.NoSolver); err != nil {
		return sum, err
	}
	if sum.Failed > 0 {
		return sum, fmt.Errorf("%d of %d deals failed; the first: %s", sum.Failed, sum.Games, sum.Errors[0])
	}
	return sum, nil
}

// summarizeDoublets adds up the results in deal order.
func summarizeDoublets(r doublets.Rules, opts options, results []dealResult) doubletsSummary {
	sum := doubletsSummary{Rules: r.Name, Games: len(results), Seed: opts.Seed}
	for _, strength := range dbot.Strengths() {
		sum.Players = append(sum.Players, patienceStats{Strength: strength})
	}
	var times []time.Duration
	var positions []int
	played := 0
	for i, res := range results {
		seed := opts.Seed + uint64(i)
		if res.err != nil {
			sum.Failed++
			if len(sum.Errors) < maxErrors {
				sum.Errors = append(sum.Errors, res.err.Error())
			}
			continue
		}
		played++
		for k := range sum.Players {
			p := &sum.Players[k]
			if res.scores[k] == doublets.MaxScore {
				p.Wins++
			}
			p.MeanScore += float64(res.scores[k])
			p.MeanMoves += float64(res.moves[k])
		}
		if opts.NoSolver {
			continue
		}
		sum.Solved++
		if res.best == doublets.MaxScore {
			sum.Winnable++
		}
		sum.BestMean += float64(res.best)
		if res.positions > sum.PositionsWorst || len(positions) == 0 {
			sum.PositionsWorst, sum.PositionsSeed = res.positions, seed
		}
		if res.took > sum.TimeWorst || len(times) == 0 {
			sum.TimeWorst, sum.TimeSeed = res.took, seed
		}
		positions = append(positions, res.positions)
		times = append(times, res.took)
	}
	if played > 0 {
		for k := range sum.Players {
			p := &sum.Players[k]
			p.WinRate = float64(p.Wins) / float64(played)
			p.MeanScore /= float64(played)
			p.MeanMoves /= float64(played)
		}
	}
	if sum.Solved > 0 {
		sum.WinRate = float64(sum.Winnable) / float64(sum.Solved)
		sum.BestMean /= float64(sum.Solved)
		slices.Sort(positions)
		slices.Sort(times)
		sum.PositionsMedian = positions[(len(positions)-1)/2]
		sum.TimeMedian = times[(len(times)-1)/2]
	}
	return sum
}

// write prints the summary: every line but the last (the times) is the
// same for the same options.
func (s doubletsSummary) write(w io.Writer, solver bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Doublets, %s: %d deals, seeds %d to %d\n\n", s.Rules, s.Games, s.Seed, s.Seed+uint64(s.Games)-1)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\twins\twin rate\tmean score\tmean moves\t")
	for _, p := range s.Players {
		fmt.Fprintf(tw, "%s\t%d\t%.2f%%\t%.2f\t%.1f\t\n", p.Strength, p.Wins, 100*p.WinRate, p.MeanScore, p.MeanMoves)
	}
	if solver {
		fmt.Fprintf(tw, "solver (best play)\t%d\t%.2f%%\t%.3f\t\t\n", s.Winnable, 100*s.WinRate, s.BestMean)
	}
	tw.Flush()
	if solver {
		fmt.Fprintf(&b, "\n%d of the %d deals cannot be won\n", s.Solved-s.Winnable, s.Solved)
		fmt.Fprintf(&b, "the solver searched %d positions a deal (median), %d at worst (seed %d)\n", s.PositionsMedian, s.PositionsWorst, s.PositionsSeed)
	}
	if s.Failed > 0 {
		fmt.Fprintf(&b, "%d deals FAILED (left out above); the first %d:\n", s.Failed, len(s.Errors))
		for _, e := range s.Errors {
			fmt.Fprintf(&b, "  %s\n", e)
		}
	}
	fmt.Fprintf(&b, "time: %.2fs", s.Elapsed.Seconds())
	if solver && s.Solved > 0 {
		fmt.Fprintf(&b, "; the solver took %v a deal (median), %v at worst (seed %d)", s.TimeMedian.Round(time.Microsecond), s.TimeWorst.Round(time.Microsecond), s.TimeSeed)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
