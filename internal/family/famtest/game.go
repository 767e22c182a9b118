package famtest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// State is a canasta-family game's State (S) as the shared hooks read it:
// what the harness reads of every game ([conform.State]: the common game
// API, Equal and Cards) and the methods every game of the family exports
// alike; R is its Rules, A its Action and V its View.
type State[R, S any, A cardrules.Action, V any] interface {
	conform.State[S, A, V]
	Rules() R
	Turn() int
	Hand(seat int) card.Multiset
}

// Layout is what the shared hooks need of a table's rules: the seats and
// the shoe, Decks decks of 52 cards with Jokers jokers each.
type Layout struct {
	Players, Decks, Jokers int
}

// Conform completes g, a canasta-family game as the harness sees it, with
// the hooks every game of the family fills the same way, and returns it.
// The sentinels are the family's; the shoe is layout's decks and jokers;
// Legal's documented order is by key, compared element by element
// (actions that share a key are one choice, so a strictly increasing
// Legal lists one of each); and every game plays at the same pace: one
// step in eight checked deeply, 40 steps of a game in a rapid Check and at
// most 6000 actions of a game in a campaign. The game's own hooks are the
// fields g sets; the harness reads the rest from the State's methods.
func Conform[R conform.Rules, S State[R, S, A, V], A cardrules.Action, V any](g conform.Game[R, S, A, V], layout func(R) Layout, key func(S, A) []int) *conform.Game[R, S, A, V] {
	g.Sentinels = family.Sentinels()
	g.Shoe = func(r R) card.Multiset { l := layout(r); return Shoe(l.Decks, l.Jokers) }
	g.Compare = func(s S, a, b A) int { return slices.Compare(key(s, a), key(s, b)) }
	g.DeepOneIn, g.CheckSteps, g.Budget = 8, 40, 6000
	return &g
}

// TurnHand returns the hand of the seat whose turn it is in s; ok is false
// when it is no one's turn.
func TurnHand[S interface {
	Turn() int
	Hand(seat int) card.Multiset
}](s S) (hand card.Multiset, ok bool) {
	if s.Turn() < 0 {
		return card.Multiset{}, false
	}
	return s.Hand(s.Turn()), true
}

// MaxLays bounds the meld steps Legal can list for a player holding hand,
// whose side has melds, under p, without calling Legal: for each rank the
// hand holds, a new meld of each count of its natural cards, and for each
// of the side's melds an addition of each count of the rank's natural
// cards, each with every split of wild cards between twos and jokers whose
// total the meld rules allow with that count; and for melds of black
// threes, two counts (the step that leaves one card or none) for a new
// meld and for each meld. Legal lists a step only when the meld rules
// allow its counts, so this bound holds while staying near the true
// length where a policy caps wild cards (a product of the hand's twos and
// jokers would reach hundreds of thousands on a hand of many decks).
func MaxLays(p meld.RankPolicy, hand card.Multiset, melds []meld.RankMeld) int {
	twos, jokers := hand.CountRank(card.Two), hand.Count(card.Joker)
	// splits counts the ways of taking w wild cards, twos and jokers, for
	// every w that fits.
	splits := func(fits func(w int) bool) int {
		n := 0
		for w := 0; w <= twos+jokers; w++ {
			if fits(w) {
				n += min(w, twos) - max(0, w-jokers) + 1
			}
		}
		return n
	}
	total := 2 * (len(melds) + 1)
	for r := card.Ace; r <= card.King; r++ {
		if r == card.Two || r == card.Three {
			continue
		}
		for n := 1; n <= hand.CountRank(r); n++ {
			total += splits(func(w int) bool { return p.Fits(n, w) })
		}
	}
	for _, m := range melds {
		if m.Rank() == card.Three {
			continue
		}
		for n := 0; n <= hand.CountRank(m.Rank()); n++ {
			total += splits(func(w int) bool { return n+w > 0 && p.CanAdd(m, n, w) })
		}
	}
	return total
}

// Scores is what a canasta-family State tells of the score through its
// accessors.
type Scores struct {
	Round          int               // Round()
	Over           bool              // the round is over (RoundOver or GameOver)
	Teams, Players int               // the table's layout
	Results        []family.Result   // Results(), the finished rounds
	Score          []score.TeamScore // Score(), the current round
	Totals         []int             // Totals()
	Items          []string          // the lines of a round's score, in the order it is scored
}

// Check reports what is wrong with the score: the finished rounds as
// family.CheckResults checks a Position's (one a round, numbered, one score
// a team whose points are its breakdown's total, lines in Items' order,
// and totals the sum of the rounds; WentOut a seat or -1); the current
// round's Score must be the last result once the round is over, each
// team's points its breakdown's total and its total the total before the
// round plus the points; Totals must be the totals after the last finished
// round; and each team's points must be points(team, wentOut), what the
// rules make of the cards (wentOut is the seat that went out of the round
// over, or -1).
func (sc Scores) Check(points func(team, wentOut int) int) error {
	prev := make([]int, sc.Teams) // the totals after the last finished round
	for _, res := range sc.Results {
		for team, ts := range res.Teams {
			if team < len(prev) {
				prev[team] = ts.Total
			}
		}
	}
	wentOut, before := -1, prev // before: the totals before the current round
	if sc.Over && len(sc.Results) > 0 {
		n := len(sc.Results)
		wentOut = sc.Results[n-1].WentOut
		before = make([]int, sc.Teams)
		if n > 1 {
			for team, ts := range sc.Results[n-2].Teams {
				if team < len(before) {
					before[team] = ts.Total
				}
			}
		}
	}
	if problem := family.CheckResults(sc.Results, sc.Round, sc.Teams, sc.Players, sc.Over, before, sc.Items); problem != "" {
		return errors.New(problem)
	}
	if len(sc.Score) != sc.Teams || len(sc.Totals) != sc.Teams {
		return fmt.Errorf("%d team scores and %d totals for %d teams", len(sc.Score), len(sc.Totals), sc.Teams)
	}
	if sc.Over {
		if last := sc.Results[len(sc.Results)-1]; !slices.EqualFunc(sc.Score, last.Teams, score.TeamScore.Equal) {
			return fmt.Errorf("the round is over, but Score() %+v is not its result %+v", sc.Score, last.Teams)
		}
	}
	for team, ts := range sc.Score {
		if ts.Team != team || ts.Breakdown.Total() != ts.Points || ts.Total != before[team]+ts.Points {
			return fmt.Errorf("Score() of team %d: %+v; breakdown total %d, total before the round %d",
				team, ts, ts.Breakdown.Total(), before[team])
		}
		if sc.Over && sc.Totals[team] != ts.Total {
			return fmt.Errorf("round over: Totals()[%d] = %d, Score total %d", team, sc.Totals[team], ts.Total)
		} else if !sc.Over && sc.Totals[team] != prev[team] {
			return fmt.Errorf("Totals()[%d] = %d, but the finished rounds add up to %d", team, sc.Totals[team], prev[team])
		}
		if want := points(team, wentOut); ts.Points != want {
			return fmt.Errorf("team %d scores %d this round (%v), the cards say %d", team, ts.Points, ts.Breakdown, want)
		}
	}
	return nil
}

// CheckWinners reports winners that are not exactly the teams with the
// best of totals, in order.
func CheckWinners(winners, totals []int) error {
	best := slices.Max(totals)
	var want []int
	for team, total := range totals {
		if total == best {
			want = append(want, team)
		}
	}
	if !slices.Equal(winners, want) {
		return fmt.Errorf("Winners() = %v with totals %v, want %v", winners, totals, want)
	}
	return nil
}

// CheckShownLegal reports a View that does not show seat what Legal lists
// when seat is the seat to act (toAct), or shows it any action when it is
// not.
func CheckShownLegal[A comparable](seat, toAct int, shown []A, legal func() []A) error {
	if seat != toAct {
		if len(shown) != 0 {
			return fmt.Errorf("a seat not to act is shown actions %v", shown)
		}
		return nil
	}
	if l := legal(); !slices.Equal(shown, l) {
		return fmt.Errorf("the View shows the actions %v, but Legal(s) lists %v", shown, l)
	}
	return nil
}

// CheckResample tests a game's Resample hook on the deals of seeds 1 to
// 20 under rules (a table of four seats), each seen from seat seed mod 4:
// it must keep every card and what the seat sees (sees reports whether
// other shows seat what s does, beyond its hand), and must deal the next
// seat another hand in at least 15 of the 20 deals, so that the harness's
// secrecy check has teeth. Resample may fail now and then (the harness
// counts those); such a deal counts as unchanged.
func CheckResample[R any, S State[R, S, A, V], A cardrules.Action, V any](t *testing.T, rules R, newGame func(R, uint64) (S, error),
	resample func(s S, seat int, seed uint64) (S, error), sees func(s, other S, seat int) bool) {
	t.Helper()
	changed := 0
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := newGame(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		seat := int(seed % 4)
		other, err := resample(s, seat, seed)
		if err != nil {
			continue
		}
		if other.Cards() != s.Cards() || other.Hand(seat) != s.Hand(seat) || !sees(s, other, seat) {
			t.Fatalf("seed %d: Resample changed what seat %d sees, or the cards", seed, seat)
		}
		if !other.Equal(s) && other.Hand((seat+1)%4) != s.Hand((seat+1)%4) {
			changed++
		}
	}
	if changed < 15 {
		t.Errorf("Resample reshuffled the other hands in only %d of 20 games", changed)
	}
}

// LegalKey returns an action's place in Legal's documented order as far as
// every game of the family orders alike, as a key of n numbers (at least
// five) compared in order: first by kind; discards then by card; answers
// yes first; meld steps (melds and adds) then by the meld they make or
// add to, in k[1], and by the natural cards, twos and jokers they lay, in
// k[2], k[3] and k[4]. The game fills in k[1] of its meld steps, and the
// rest of the key of the kinds it orders its own way.
func LegalKey(a family.Action, n int) []int {
	k := make([]int, n)
	k[0] = int(a.Kind)
	switch a.Kind {
	case family.Meld, family.Add:
		k[2], k[3], k[4] = Counts(a.AppendCards(nil))
	case family.Discard:
		k[1] = int(a.Card)
	case family.Answer:
		if a.Target != 1 { // Answer(true) has Target 1
			k[1] = 1
		}
	}
	return k
}
