package family

import (
	"slices"
	"strconv"

	"github.com/cardrules/cardrules/deck"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/score"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Desc is the family's part of a game's plain position description at a
// turn's fixed point — the start of a turn, or the moment after the draw
// (or after the pile joined the hand, or a new packet was picked up) with
// nothing laid since: the turn, the pile, the melds, as data. What the turn
// did after that point a game describes as the actions played since, and
// replays them through Apply, so that no state between two fixed points is
// ever built from data. A game's Position carries these fields under the
// same names.
type Desc struct {
	Phase Phase // Drawing or Melding
	Turn  int
	Pile  []card.Card // the discard pile, the upcard last
	Melds []DescMeld  // in the order laid
	Down  []bool      // per side
	Laid  int         // points laid this turn before the fixed point
	// Late: cards were laid from the last packet this turn before asking
	// the partner (or the player played into it), so the question can no
	// longer be asked this turn. The cards that took the pile are part of
	// the draw, not laid cards.
	Late bool
}

// DescMeld is a meld of a description and the side it belongs to. A game's
// own type of the same fields converts to it.
type DescMeld struct {
	Team int
	Meld meld.RankMeld
}

// Describe returns the family's part of t's description (new slices). t is
// at a fixed point: the game describes the one its turn last passed.
func (t *TableOf[H]) Describe(sides int) Desc {
	d := Desc{Phase: t.Phase, Turn: int(t.Turn), Laid: t.Laid, Melds: descMelds(t.Melds), Late: t.Question == TooLate}
	// The pile: every card but the upcard, then the upcard.
	rest := t.Pile
	if t.Upcard != 0 {
		_ = rest.Remove(t.Upcard)
	}
	d.Pile = rest.AppendCards(nil)
	if t.Upcard != 0 {
		d.Pile = append(d.Pile, t.Upcard)
	}
	for side := range sides {
		d.Down = append(d.Down, t.IsDown(side))
	}
	return d
}

func descMelds(ms []TableMeld) []DescMeld {
	out := make([]DescMeld, len(ms))
	for i, tm := range ms {
		out[i] = DescMeld{Team: int(tm.Side), Meld: tm.M}
	}
	return out
}

// RestoreCards sets t's pile, upcard and melds from d, after checking them,
// and adds their cards to all. It returns what is wrong, if anything, and
// for a meld that breaks a meld rule the meld package's error.
func (t *TableOf[H]) RestoreCards(c *Config, d Desc, all *card.Multiset) (problem string, cause error) {
	if all.AddCards(d.Pile) != nil || t.Pile.AddCards(d.Pile) != nil {
		return "invalid or too many cards in the pile", nil
	}
	if len(d.Pile) > 0 {
		t.Upcard = d.Pile[len(d.Pile)-1]
	}
	out := make([]TableMeld, 0, len(d.Melds))
	for i, tm := range d.Melds {
		n := strconv.Itoa(i + 1)
		if tm.Team < 0 || tm.Team >= c.Sides || c.Side(tm.Team) != tm.Team {
			return "meld " + n + " belongs to no team", nil
		}
		if err := c.Meld.Validate(tm.Meld); err != nil {
			return "meld " + n, err
		}
		if all.AddAll(tm.Meld.Multiset()) != nil {
			return "too many cards", nil
		}
		out = append(out, TableMeld{Side: uint8(tm.Team), M: tm.Meld})
	}
	t.Melds = out
	return "", nil
}

// RestoreTurn sets the turn's state from d, a fixed point, after checking it
// against the rest of t: a side is down exactly when it has melds (melds
// stay on the table once a turn is over, and the first melds make a side
// down); points laid before the fixed point only after the draw, by a side
// that is down, and no more than its melds are worth; at the start of a turn
// a pile that is not empty, and with an empty stock one the player can take.
// The game has set the turn, the hands and the cards; RestoreTurn makes the
// present the turn's fixed point.
func (t *TableOf[H]) RestoreTurn(c *Config, d Desc) string {
	if d.Phase != Drawing && d.Phase != Melding {
		return "a position is described at the start of a turn or after the draw (Drawing or Melding); what came after is its Actions"
	}
	var melded [MaxPlayers]bool
	for _, tm := range t.Melds {
		melded[tm.Side] = true
	}
	for side, down := range d.Down {
		if down != melded[side] {
			return "team " + strconv.Itoa(side) + " is down exactly when it has melds on the table"
		}
		if down {
			t.Down |= 1 << side
		}
	}
	side := c.Side(d.Turn)
	worth := 0
	for _, tm := range t.Melds {
		if int(tm.Side) == side {
			worth += c.Values.SumSeq(tm.M.All())
		}
	}
	switch {
	case d.Phase == Drawing && len(d.Pile) == 0:
		return "the pile is empty at the start of a turn: the turn before ended with a discard on it (only going out ends a turn without one, and ends the round)"
	case d.Laid < 0 || (d.Laid > 0 && (d.Phase != Melding || !t.IsDown(side))):
		return "LaidThisTurn: points are laid before the fixed point only after the draw, by a team that is down"
	case d.Laid > worth:
		return "LaidThisTurn " + strconv.Itoa(d.Laid) + " is more than team " + strconv.Itoa(side) + "'s melds are worth (" + strconv.Itoa(worth) + ")"
	}
	t.Phase, t.Turn, t.ToAct, t.Laid = d.Phase, uint8(d.Turn), uint8(d.Turn), d.Laid
	t.Question = NotAsked
	if d.Late {
		if d.Phase != Melding || !t.IsFinal(d.Turn) || !c.asks(d.Turn) {
			return "Late is only for a player melding from the last packet at a table that asks the partner"
		}
		t.Question = TooLate
	}
	t.Fix()
	if d.Phase == Drawing && t.StockLeft(c) == 0 && (c.StockEnds || !t.CanTakePile(c)) {
		return StockOut
	}
	return ""
}

// DiffCards names the cards that are extra and missing in have against want.
func DiffCards(have, want card.Multiset) string {
	extra, missing := have, want
	for c, n := range want.Kinds() {
		_ = extra.RemoveN(c, min(n, extra.Count(c)))
	}
	for c, n := range have.Kinds() {
		_ = missing.RemoveN(c, min(n, missing.Count(c)))
	}
	return "extra [" + extra.String() + "], missing [" + missing.String() + "]"
}

// CheckBreakdown reports what is wrong with a round's score breakdown in a
// position: a line that is not one of items (the game's own, in the order
// it scores them), out of their order or twice, or points beyond ±bound.
func CheckBreakdown(b score.Breakdown, items []string, bound int) string {
	next := 0
	for _, l := range b {
		i := next
		for i < len(items) && items[i] != l.Item {
			i++
		}
		if i == len(items) {
			return "the line " + errs.Quote(l.Item) + " is not an item of the score, or is out of order"
		}
		if l.Points < -bound || l.Points > bound {
			return "the line " + errs.Quote(l.Item) + " is out of range"
		}
		next = i + 1
	}
	return ""
}

// Bounds on what a game's Position may hold beyond what play reaches, so
// that a forged one cannot make a State whose numbers overflow or whose
// scores print as megabytes.
const (
	MaxPositionActions = 1 << 12 // actions since a fixed point: a turn is dozens
	MaxSeq             = 1 << 30 // actions in a game
	MaxLinePoints      = 1 << 24 // one line of a round's score
)

// ReplayActions applies actions to s in order with apply, as a game's
// FromPosition replays the actions since its fixed point. The error is of
// package pkg, wraps rule and the action's error, and names the action.
func ReplayActions[S any, A interface{ String() string }](pkg string, rule error, s S, actions []A, apply func(S, A) (S, error)) (S, error) {
	for i, a := range actions {
		next, err := apply(s, a)
		if err != nil {
			var zero S
			return zero, errs.Wrap(pkg, rule, "action "+strconv.Itoa(i+1)+" ("+errs.Quote(a.String())+")", err)
		}
		s = next
	}
	return s, nil
}

// DecodePosition reads a game's Position P from JSON, strictly (see
// record.Strict: unknown fields and arrays too long for their Go arrays
// are refused), and builds its State into s with from (FromPosition), for
// the State's UnmarshalJSON; on error s is unchanged. A JSON error is of
// package pkg and wraps rule.
func DecodePosition[P, S any](pkg string, rule error, data []byte, s *S, from func(P) (S, error)) error {
	p, err := record.Strict[P](data, pkg, rule)
	if err != nil {
		return err
	}
	next, err := from(p)
	if err == nil {
		*s = next
	}
	return err
}

// DescMelds converts a game's melds of a position (its own type of
// DescMeld's fields, with the JSON keys of the library's convention) to the
// family's.
func DescMelds[M ~struct {
	Team int           `json:"team"`
	Meld meld.RankMeld `json:"meld"`
}](ms []M) []DescMeld {
	out := make([]DescMeld, len(ms))
	for i, m := range ms {
		out[i] = DescMeld(m)
	}
	return out
}

// RestoreOver sets t to a round that is over at phase (RoundOver or
// GameOver), its teams down as down says, seat turn's turn the last and
// toAct to deal the next round.
func (t *TableOf[H]) RestoreOver(phase Phase, turn, toAct int, down []bool) {
	for side, d := range down {
		if d {
			t.Down |= 1 << side
		}
	}
	t.Phase, t.Turn, t.ToAct = phase, uint8(turn), uint8(toAct)
	t.Fix()
}

// RestorePlay is RestoreTurn, and then checks that the seat to act has a
// legal action.
func (t *TableOf[H]) RestorePlay(c *Config, d Desc) string {
	if problem := t.RestoreTurn(c, d); problem != "" {
		return problem
	}
	var buf [64]Action
	if len(AppendLegal(buf[:0], c, t)) == 0 {
		return "seat " + strconv.Itoa(d.Turn) + " would have no legal action"
	}
	return ""
}

// Result is what a position's check needs of a finished round.
type Result struct {
	Number, WentOut int
	Teams           []score.TeamScore
}

// CheckResults reports what is wrong with a position's finished rounds:
// one per round before round number (and round number itself, once over),
// each of teams scores, WentOut a seat of players or -1, each team's points
// the sum of its breakdown, whose lines are items in order and within
// MaxLinePoints, and totals that add up round by round to totals (the
// totals before round number).
func CheckResults(results []Result, number, teams, players int, over bool, totals []int, items []string) string {
	n := number - 1
	if over {
		n = number
	}
	if len(results) != n {
		return "Results must hold every finished round: " + strconv.Itoa(number-1) + " before this round ends, " + strconv.Itoa(number) + " after"
	}
	sum := make([]int, teams)
	for i, res := range results {
		what := "result " + strconv.Itoa(i+1)
		switch {
		case res.Number != i+1 || len(res.Teams) != teams:
			return what + " is not round " + strconv.Itoa(i+1) + " with one score per team"
		case res.WentOut < -1 || res.WentOut >= players:
			return what + ": WentOut must be a seat or -1"
		case over && i == len(results)-1 && !slices.Equal(totals, sum):
			return "Totals must be the totals after round " + strconv.Itoa(i)
		}
		for team, ts := range res.Teams {
			if problem := CheckBreakdown(ts.Breakdown, items, MaxLinePoints); problem != "" {
				return what + ", team " + strconv.Itoa(team) + ": " + problem
			}
			sum[team] += ts.Points
			if ts.Team != team || ts.Points != ts.Breakdown.Total() || ts.Total != sum[team] {
				return what + ", team " + strconv.Itoa(team) + ": the points must be the breakdown's total and the total the sum of the rounds"
			}
		}
	}
	if !over && !slices.Equal(totals, sum) {
		return "Totals must be the totals after round " + strconv.Itoa(len(results))
	}
	return ""
}

// EndedEarly returns the number of the first finished round of results
// that ended the game, 0 for none, leaving out the last when over (the
// round just scored, which ends the game or not as the position's phase
// says, checked apart): a game's rounds are played only until it ends.
// ends reports whether round number n, scored res, ends it.
func EndedEarly[R any](results []R, over bool, ends func(n int, res R) bool) int {
	n := len(results)
	if over {
		n--
	}
	for i := range n {
		if ends(i+1, results[i]) {
			return i + 1
		}
	}
	return 0
}

// ScoredAs reports how a round over's recorded result, want, differs from
// got, what the game scores of the round's table (its melds, hands and the
// seat that went out), or "": a position's last round scored otherwise
// than its cards say would restore a State whose Results and table
// disagree.
func ScoredAs(got, want []score.TeamScore) string {
	for team := range min(len(got), len(want)) {
		g, w := got[team].Breakdown, want[team].Breakdown
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				return "the round's result scores team " + strconv.Itoa(team) + " " + strconv.Itoa(w[i].Points) + " for " +
					w[i].Item + ", and its table " + strconv.Itoa(g[i].Points)
			}
		}
	}
	return ""
}

// CheckShoe reports how all, every card a position holds, differs from the
// shoe of decks decks with jokers jokers each, or "".
func CheckShoe(all card.Multiset, decks, jokers int) string {
	shoe, err := deck.Shoe(decks, jokers)
	if err != nil {
		return err.Error()
	}
	var want card.Multiset
	_ = want.AddCards(shoe)
	if all != want {
		return "the cards in play are not the shoe of " + strconv.Itoa(decks) + " decks with " + strconv.Itoa(jokers) + " jokers each: " + DiffCards(all, want)
	}
	return ""
}

// CheckOrder reports whether order is exactly the shoe of decks decks with
// jokers jokers each, in any order, as a game's Deal needs: the error is
// of package pkg and wraps rule.
func CheckOrder(pkg string, rule error, order []card.Card, decks, jokers int) error {
	want, err := deck.Shoe(decks, jokers)
	if err != nil {
		return err
	}
	var have, need card.Multiset
	if err := have.AddCards(order); err != nil {
		return errs.Wrap(pkg, rule, "the order", err)
	}
	_ = need.AddCards(want)
	if have != need {
		return errs.New(pkg, rule, "the order is not the shoe of "+strconv.Itoa(decks)+
			" decks with "+strconv.Itoa(jokers)+" jokers each ("+strconv.Itoa(len(order))+" cards given, "+strconv.Itoa(len(want))+" needed)")
	}
	return nil
}
