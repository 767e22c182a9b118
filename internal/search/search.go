// Package search is the information-set search every game's bot package
// offers as its Search player, written once on the root package's common
// API ([cardrules.State]).
//
// It is flat Monte Carlo search over determinizations: to compare the
// choices (candidates) of one decision, it deals hidden cards its View
// cannot tell from the real ones (a sample: the game's Determinize), plays
// every candidate in every sample and lets the game's heuristic players
// finish the play-out (the round, or the hand), and takes the candidate
// whose play-outs end best for the seat on average. Every candidate is
// played in the same samples with the same players seeded alike (common
// random numbers), so their differences are measured with less noise than
// their values. A game may have it race the candidates (Game.Race): those
// that trail beyond the noise are dropped early, and the budget goes to
// telling the close ones apart.
//
// A game plugs in through a [Game]: how to sample a View, its heuristic
// player, where a play-out stops and how it scores for a seat. Which
// decisions are searched, and which candidates they compare, is the game's
// bot package's choice: it builds [Candidate]s and asks a [Searcher] for
// the best.
package search

import (
	"cmp"
	"encoding/json"
	"errors"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/reuse"
	"github.com/cardrules/cardrules/score"
)

// Budget is what one searched decision may spend.
type Budget struct {
	// Playouts is how many play-outs one decision runs at most, over all
	// its candidates: each sample plays every candidate once, so a
	// decision between n candidates samples Playouts/n deals (more with
	// Game.Race, whose later samples play only the candidates still in
	// the race). A decision with more candidates than Playouts compares
	// the first Playouts of them (the first is the heuristic's choice),
	// and one under two play-outs takes the first. 0 means the game's
	// default.
	Playouts int
	// Time, if positive, stops a decision's sampling once that much time
	// has passed (after at least one sample): the decision then depends on
	// the machine's speed, so a player that must be reproducible leaves it
	// 0 and sets Playouts alone.
	Time time.Duration
	// Actions, if positive, bounds the actions a decision's play-outs play
	// in all, over every candidate and sample: the decision draws no
	// further sample once another of the size of its samples so far (their
	// mean) would take it past Actions, though it always plays one. Where
	// play-outs are long (at the start of a round, a long hand) this keeps
	// a decision's work near the budget's, and unlike Time it leaves the
	// decision reproducible. 0 means the game's default (none for a game
	// without one), a negative value no bound.
	Actions int
}

// Candidate is one choice of a decision: the action Action followed by the
// heuristic's play, or, with Turn set, the player Turn returns (given a
// play-out's seed) playing the seat from the decision on, as a bot package
// plays "the heuristic, changed for the rest of the turn".
type Candidate[V any, A cardrules.Action] struct {
	Action A
	Turn   func(seed uint64) cardrules.Player[V, A]
}

// Game is what the search needs of a game.
type Game[S cardrules.State[S, A, V], A cardrules.Action, V any] struct {
	// Sample, if set, deals the samples in place of the View's own Sample
	// (V is a [cardrules.Sampler] in every game): a State the View cannot
	// tell from the real one, its hidden cards dealt from seed, or an
	// error where it cannot. A sample that fails is left out.
	Sample func(v V, seed uint64) (S, error)
	// Heuristic returns the game's heuristic player, seeded.
	Heuristic func(seed uint64) cardrules.Player[V, A]
	// Done reports where a play-out stops (the round's end, say).
	Done func(s S) bool
	// Score returns how well a finished play-out went for the seat of
	// the View searched: its side's score less the best other side's,
	// say.
	Score func(s S, v V) int
	// Limit is the most actions a play-out plays; one that goes past it,
	// or meets an illegal action, scores Failed.
	Limit int
	// Playouts is the default budget's play-outs per decision, and
	// Actions its bound on the actions they play (0: none).
	Playouts int
	Actions  int
	// Keep, if positive, makes the first candidate of a decision the
	// default (the heuristic's choice, say): another is taken only when
	// its play-outs beat the first's, sample by sample, by more than Keep
	// standard errors of that difference on average. 0 takes the best
	// total, whatever the noise.
	Keep float64
	// Race, if positive, spends a decision's play-outs where they decide
	// something: every raceEvery samples (after raceFirst), a candidate
	// whose play-outs trail the leader's, sample by sample, by more than
	// Race standard errors of that difference on average is dropped, and
	// the samples after it play only the candidates left. The budget's
	// Playouts then bounds the play-outs in all, so the candidates left
	// get more samples than they would have. With Keep, the first
	// candidate, if still in the race, is kept as Keep says. 0 plays
	// every candidate in every sample.
	Race float64
}

// Failed is the score of a play-out that failed (an illegal action, no
// end within Game.Limit): worse than any round.
const Failed = -1 << 20

// sameAfter is how many samples in which every candidate scores the same
// end a comparison: the candidates then play alike.
const sameAfter = 4

// Searcher compares candidates for one player: it holds the player's
// seed, its budget and the buffers its play-outs reuse. It is not safe
// for concurrent use (a player is used by one game at a time).
type Searcher[S cardrules.State[S, A, V], A cardrules.Action, V any] struct {
	g       Game[S, A, V]
	budget  Budget
	seed    uint64
	players []cardrules.Player[V, A]
	views   []V       // the View each seat is shown in play-outs, filled in place
	sum, sq []float64 // per candidate: sums of differences from the first, and of their squares
	xs      []int     // with Game.Race: every play-out's score, sample by sample
	alive   []bool    // with Game.Race: the candidates not dropped
	// Playouts counts the play-outs run since the Searcher was made, and
	// Actions the actions they played (each candidate's own included).
	Playouts, Actions int
}

// New returns a Searcher for game g, deterministic given seed and the Views
// it is asked about, spending budget b on each decision (b's zero fields
// take g's defaults).
func New[S cardrules.State[S, A, V], A cardrules.Action, V any](g Game[S, A, V], seed uint64, b Budget) *Searcher[S, A, V] {
	if b.Playouts <= 0 {
		b.Playouts = g.Playouts
	}
	if b.Actions == 0 {
		b.Actions = g.Actions
	}
	return &Searcher[S, A, V]{g: g, budget: b, seed: seed}
}

// Budget returns the budget the Searcher spends on a decision.
func (s *Searcher[S, A, V]) Budget() Budget { return s.budget }

// Best compares cands at v and returns the index of the one whose
// play-outs score best for v's seat on average, the first on ties (with
// Game.Keep, the first unless another is better beyond the noise); with
// fewer than two candidates (or a budget of fewer than two play-outs) it
// returns 0 without searching. The samples are drawn from a generator
// seeded from the Searcher's seed and v itself, so the same View gets the
// same samples, whatever the player was shown before.
func (s *Searcher[S, A, V]) Best(v V, cands []Candidate[V, A]) int {
	if len(cands) > s.budget.Playouts {
		cands = cands[:s.budget.Playouts] // the budget is a bound
	}
	if len(cands) < 2 {
		return 0
	}
	rng := rand.New(rand.NewPCG(s.seed, viewKey(v)))
	if s.g.Race > 0 {
		return s.race(v, cands, rng)
	}
	n := s.budget.Playouts / len(cands)
	s.sum = slices.Grow(s.sum[:0], len(cands))[:len(cands)]
	s.sq = slices.Grow(s.sq[:0], len(cands))[:len(cands)]
	clear(s.sum)
	clear(s.sq)
	start, acted := time.Now(), s.Actions
	got, same := 0, true
	for range n {
		if got > 0 && s.spent(start, acted, got*len(cands), len(cands)) {
			break
		}
		d, seed, ok := s.sample(v, rng)
		if !ok {
			continue
		}
		got++
		first := 0
		for i, c := range cands {
			x := s.playout(d, c, v, seed)
			if i == 0 {
				first = x
			}
			// The sums are of the differences from the first
			// candidate, sample by sample.
			s.sum[i] += float64(x - first)
			s.sq[i] += float64(x-first) * float64(x-first)
			same = same && x == first
		}
		if same && got == sameAfter {
			break
		}
	}
	best, bestMean := 0, 0.0
	for i := 1; i < len(cands) && got > 0; i++ {
		mean := s.sum[i] / float64(got)
		if mean <= bestMean {
			continue
		}
		if s.g.Keep > 0 {
			sd := math.Sqrt(max(0, s.sq[i]/float64(got)-mean*mean))
			if mean <= s.g.Keep*sd/math.Sqrt(float64(got)) {
				continue
			}
		}
		best, bestMean = i, mean
	}
	return best
}

// spent reports whether a decision that began at start, with the
// Searcher's Actions at acted, has spent its budget: its time, or its
// actions, where next more play-outs of the mean size of the played so
// far would take it past the bound.
func (s *Searcher[S, A, V]) spent(start time.Time, acted, played, next int) bool {
	if s.budget.Time > 0 && time.Since(start) > s.budget.Time {
		return true
	}
	spent := s.Actions - acted
	return s.budget.Actions > 0 && spent+spent*next/played > s.budget.Actions
}

// sample draws a sample of v and the seed of its play-outs from rng; ok
// is false where the sample fails, or v is no Sampler and Game.Sample is
// not set.
func (s *Searcher[S, A, V]) sample(v V, rng *rand.Rand) (d S, seed uint64, ok bool) {
	at := rng.Uint64()
	err := errNoSample
	if s.g.Sample != nil {
		d, err = s.g.Sample(v, at)
	} else if sv, can := any(v).(cardrules.Sampler[S]); can {
		d, err = sv.Sample(at)
	}
	return d, rng.Uint64(), err == nil
}

// errNoSample is the error of a View that deals no sample.
var errNoSample = errors.New("search: the View is no cardrules.Sampler and Game.Sample is not set")

// The racing search (Game.Race) checks its candidates every raceEvery
// samples once it has raceFirst.
const (
	raceFirst = 32
	raceEvery = 16
)

// race is Best with Game.Race: it samples until the budget's play-outs or
// actions are spent, dropping the candidates that trail the leader beyond
// the noise at each check, and returns the best of those left.
func (s *Searcher[S, A, V]) race(v V, cands []Candidate[V, A], rng *rand.Rand) int {
	k := len(cands)
	s.alive = slices.Grow(s.alive[:0], k)[:k]
	for i := range s.alive {
		s.alive[i] = true
	}
	s.xs = s.xs[:0]
	start, acted, played := time.Now(), s.Actions, 0
	left, got, same := k, 0, true
	// tries bounds the samples drawn, failed ones included, as Best's
	// Playouts/len(cands) does.
	for tries := 0; played+left <= s.budget.Playouts && left > 1 && tries < s.budget.Playouts; tries++ {
		if got > 0 && s.spent(start, acted, played, left) {
			break
		}
		d, seed, ok := s.sample(v, rng)
		if !ok {
			continue
		}
		got++
		first, firstSet := 0, false
		for i, c := range cands {
			x := 0
			if s.alive[i] {
				x = s.playout(d, c, v, seed)
				played++
				if !firstSet {
					first, firstSet = x, true
				}
				same = same && x == first
			}
			s.xs = append(s.xs, x)
		}
		if same && got == sameAfter {
			break
		}
		if got >= raceFirst && (got-raceFirst)%raceEvery == 0 {
			left = s.drop(k, got)
		}
	}
	if s.g.Keep > 0 && s.alive[0] {
		// As Best: another candidate is taken only when it beats the
		// first by more than Keep standard errors.
		best, bestMean := 0, 0.0
		for i := 1; i < k; i++ {
			if mean, se := s.diff(i, 0, k, got); s.alive[i] && mean > bestMean && mean > s.g.Keep*se {
				best, bestMean = i, mean
			}
		}
		return best
	}
	best := -1
	for i := range k {
		if s.alive[i] && (best < 0 || s.lead(i, best, k, got)) {
			best = i
		}
	}
	return best
}

// drop drops the candidates of k that trail the leader among those left
// by more than Game.Race standard errors over got samples, and returns
// how many are left.
func (s *Searcher[S, A, V]) drop(k, got int) int {
	lead := -1
	for i := range k {
		if s.alive[i] && (lead < 0 || s.lead(i, lead, k, got)) {
			lead = i
		}
	}
	left := 0
	for i := range k {
		if !s.alive[i] {
			continue
		}
		if mean, se := s.diff(i, lead, k, got); i != lead && mean+s.g.Race*se < 0 {
			s.alive[i] = false
			continue
		}
		left++
	}
	return left
}

// lead reports whether candidate i scored more than candidate j over got
// samples.
func (s *Searcher[S, A, V]) lead(i, j, k, got int) bool {
	mean, _ := s.diff(i, j, k, got)
	return mean > 0
}

// diff returns the mean, over got samples, of candidate i's score less
// candidate j's (both of the k candidates played in every sample), and
// the standard error of that mean.
func (s *Searcher[S, A, V]) diff(i, j, k, got int) (mean, se float64) {
	var sum, sq float64
	for n := range got {
		d := float64(s.xs[n*k+i] - s.xs[n*k+j])
		sum += d
		sq += d * d
	}
	if got == 0 {
		return 0, 0
	}
	mean = sum / float64(got)
	return mean, math.Sqrt(max(0, sq/float64(got)-mean*mean)) / math.Sqrt(float64(got))
}

// playout plays c in d, then heuristic players seeded from seed to the
// play-out's end, and scores the end for the seat of v, the seat to act
// in d. Play-outs show the heuristic players Views filled in place with
// the State's ViewInto, one per seat, reused from step to step and from
// play-out to play-out: a player must not keep a View, or its slices,
// past the Choose call that showed it.
func (s *Searcher[S, A, V]) playout(d S, c Candidate[V, A], v V, seed uint64) int {
	s.Playouts++
	seat := d.ToAct()
	s.players = s.players[:0]
	for i := range d.Seats() {
		s.players = append(s.players, s.g.Heuristic(seed+uint64(i)))
	}
	if c.Turn != nil {
		s.players[seat] = c.Turn(seed + uint64(seat))
	} else {
		var err error
		s.Actions++
		if d, err = d.Apply(c.Action); err != nil {
			return Failed
		}
	}
	s.views = reuse.Len(s.views, d.Seats())
	for n := 0; !d.Over() && !s.g.Done(d); n++ {
		if n >= s.g.Limit {
			return Failed
		}
		s.Actions++
		who := d.ToAct()
		d.ViewInto(&s.views[who], who)
		next, err := d.Apply(s.players[who].Choose(s.views[who]))
		if err != nil {
			return Failed
		}
		d = next
	}
	return s.g.Score(d, v)
}

// viewKey returns a hash of v's JSON form: the same View, the same key.
func viewKey(v any) uint64 {
	h := fnv.New64a()
	_ = json.NewEncoder(h).Encode(v)
	return h.Sum64()
}

// Actions returns a candidate for each action: each played, then the
// heuristic's play. It appends to dst.
func Actions[V any, A cardrules.Action](dst []Candidate[V, A], as []A) []Candidate[V, A] {
	for _, a := range as {
		dst = append(dst, Candidate[V, A]{Action: a})
	}
	return dst
}

// NextBest returns the candidates of a decision between a, the
// heuristic's choice, and the next best by the heuristic's rating: the
// actions of legal other than a that alike reports of a's kind (say, the
// other discards), cheapest cost first (legal's order among equals), n
// candidates at most in all, a first. It appends to dst; with no other
// action alike it appends a alone, which [Searcher.Best] takes unsearched.
func NextBest[V any, A cardrules.Action](dst []Candidate[V, A], a A, legal []A, alike func(A) bool, cost func(A) int, n int) []Candidate[V, A] {
	var others []A
	for _, b := range legal {
		if b != a && alike(b) {
			others = append(others, b)
		}
	}
	slices.SortStableFunc(others, func(x, y A) int { return cmp.Compare(cost(x), cost(y)) })
	dst = append(dst, Candidate[V, A]{Action: a})
	return Actions(dst, others[:min(len(others), max(0, n-1))])
}

// TeamMargin returns team's points in a scored round less the best other
// team's (0 for a team alone): the play-out score of a partnership game.
func TeamMargin(teams []score.TeamScore, team int) int {
	return margin(teams, team, func(_ int, t score.TeamScore) (int, int) { return t.Team, t.Points })
}

// PlayerMargin returns seat's points in a scored round less the best other
// seat's: the play-out score of a game of every player for itself.
func PlayerMargin(players []score.PlayerScore, seat int) int {
	return margin(players, seat, func(_ int, p score.PlayerScore) (int, int) { return p.Seat, p.Points })
}

// margin returns the points of the entry of xs whose id is me less the
// best other entry's; of says the id and points of an entry (given its
// index).
func margin[T any](xs []T, me int, of func(i int, x T) (id, points int)) int {
	ours, theirs, others := 0, 0, false
	for i, x := range xs {
		id, pts := of(i, x)
		switch {
		case id == me:
			ours = pts
		case !others || pts > theirs:
			theirs, others = pts, true
		}
	}
	return ours - theirs
}

// Margin returns values[i] less the largest other value (0 with no other):
// a seat's or a side's total less the best other's.
func Margin(values []int, i int) int {
	return margin(values, i, func(j, x int) (int, int) { return j, x })
}

// Turn returns a player that plays with turn until ended reports true for
// a View it is shown (the turn is over: another seat's turn, or its own
// next one), and with rest from then on: a [Candidate.Turn] that changes
// the heuristic's play for the rest of a turn.
func Turn[V any, A cardrules.Action](turn, rest cardrules.Player[V, A], ended func(v V) bool) cardrules.Player[V, A] {
	return &turnPlayer[V, A]{turn: turn, rest: rest, ended: ended}
}

type turnPlayer[V any, A cardrules.Action] struct {
	turn, rest cardrules.Player[V, A]
	ended      func(V) bool
	done       bool
}

func (t *turnPlayer[V, A]) Choose(v V) A {
	if !t.done && t.ended(v) {
		t.done = true
	}
	if t.done {
		return t.rest.Choose(v)
	}
	return t.turn.Choose(v)
}
