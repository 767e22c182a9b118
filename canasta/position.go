package canasta

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// Position is a plain description of a game position, as exported data:
// the position at the turn's last fixed point, and the actions played
// since. Build a State from one with [FromPosition] (for tests, puzzles,
// and restoring a saved game) and get one back with [State.Position]. JSON
// of a State is JSON of its Position.
//
// A fixed point is a moment a turn can be described by its cards alone: the
// start of a turn, the moment after the draw (its red threes laid out and
// replaced) or after the pile joined the hand, and the end of a round.
// Anything between — a meld laid that could still be taken back, a pile
// being taken for the first melds, "May I go out?" — is described by the
// actions that led to it, which FromPosition replays with [Apply]. So every
// Position FromPosition accepts is one play can reach from its fixed point.
//
// Seq counts at most 2^30 actions: FromPosition refuses more. Only taking
// cards back over and over makes a game that long, and the Position of a
// State past it does not restore.
type Position struct {
	Rules Rules `json:"rules"`
	Round int   `json:"round,omitempty"` // 1-based; seat (Round-1) % Players played first in it
	Seq   int   `json:"seq,omitempty"`   // the number of actions played in the game before the fixed point

	Totals  []int         `json:"totals"`            // each team's total before this round
	Results []RoundResult `json:"results,omitempty"` // finished rounds; with RoundOver or GameOver the last is this round

	Phase Phase `json:"phase"` // Drawing, Melding, RoundOver or GameOver
	Turn  int   `json:"turn"`  // the seat whose turn it is

	Hands     [][]card.Card `json:"hands"`     // seat by seat
	Stock     []card.Card   `json:"stock"`     // top first
	Pile      []card.Card   `json:"pile"`      // the discard pile, the upcard last
	Melds     []TeamMeld    `json:"melds"`     // in the order laid
	RedThrees [][]card.Card `json:"redThrees"` // team by team: the red threes laid out this round
	Down      []bool        `json:"down"`      // per team: made its first melds this round
	// LoneHand is, under Cutthroat, the seat of the lone hand
	// ([State.LoneHand]), nil while no one has taken the pile this round
	// (and at any other table). Once there is one, the partners' melds
	// and Down are the side of the lower seat of the two: the other
	// partner's team has no melds and is not down.
	LoneHand     *int `json:"loneHand,omitempty"`
	LaidThisTurn int  `json:"laidThisTurn,omitempty"` // Melding: points laid this turn before the fixed point
	// Late is, while Melding, that the player laid cards this turn before
	// asking the partner: it can no longer ask this turn. The cards that
	// took the pile are part of the draw, not laid cards.
	Late bool `json:"late,omitempty"`
	// Melded is, seat by seat, whether the player can no longer go out
	// concealed this round: it laid cards in an earlier turn (red threes
	// aside), or this turn took the pile onto a meld its team had before
	// (see [State.Melded]). A seat that has melded belongs to a team that
	// is down, and a team that is down has a seat that has melded, but the
	// team of a player whose take of the pile this turn made its first
	// meld (Melding with the pile empty). Nil stands for every seat of a
	// team that is down.
	Melded []bool `json:"melded,omitempty"`

	RNG     deck.RNG `json:"rng"`               // the generator that will shuffle the next round
	Actions []Action `json:"actions,omitempty"` // played since the fixed point, oldest first
}

// TeamMeld is one meld on the table, with the team that laid it.
type TeamMeld struct {
	Team int           `json:"team"`
	Meld meld.RankMeld `json:"meld"`
}

// Position describes s as plain data: its turn's last fixed point, and the
// actions played since (the zero Position for the zero State).
func (s State) Position() Position {
	if s.r == nil {
		return Position{}
	}
	fixed := s.fixedPoint()
	p := fixed.fixedPosition()
	p.Actions = eventlog.Collect(s.h.Log, fixed.Seq(), func(_ int, e *entry) Action { return Action{e.Action()} })
	return p
}

// fixedPosition describes s, which stands at a fixed point.
func (s *State) fixedPosition() Position {
	rd := s.r
	d := s.t.Describe(rd.rules.Teams)
	p := Position{
		Rules: rd.rules, Round: rd.number, Seq: s.Seq(),
		Totals: slices.Clone(rd.totals[:rd.rules.Teams]),
		Phase:  Phase(d.Phase), Turn: d.Turn,
		Stock: append([]card.Card{}, rd.cfg.Shoe[s.t.Stock:]...), Pile: d.Pile,
		Down: d.Down, LaidThisTurn: d.Laid, Late: d.Late, RNG: rd.rng, Melds: []TeamMeld{},
	}
	if len(rd.results) > 0 {
		p.Results = s.Results()
	}
	for _, m := range d.Melds {
		p.Melds = append(p.Melds, TeamMeld(m))
	}
	for seat := range rd.rules.Players {
		p.Hands = append(p.Hands, s.t.Hands[seat].Cards())
	}
	for team := range rd.rules.Teams {
		p.RedThrees = append(p.RedThrees, s.RedThrees(team))
	}
	for seat := range rd.rules.Players {
		p.Melded = append(p.Melded, s.Melded(seat))
	}
	if lone := s.LoneHand(); lone >= 0 {
		p.LoneHand = &lone
	}
	return p
}

// FromPosition builds the State p describes, after checking it in full. It
// checks the rules, and the seats, teams and turn. Every finished round's
// score must add up, line by line, to the totals. Once the last round is
// over, its score must be what its table scores. Every card of the shoe
// must be in exactly one place (hands, stock, pile, melds, red threes laid
// out). No red three may be in a hand or a meld (one may lie in the stock
// or the pile, as at the deal and in play). Every meld must be legal under
// the rules, owned by a team, and one per rank per team. No meld may be of
// black threes: they are laid only going out, which ends the round. A team
// must be down exactly when it has melds. While the round is played, hands
// must not be empty, and the pile must not be empty at the start of a turn
// (where the last discard lies). A game is over exactly when its end is
// reached, and not before. Under Cutthroat, LoneHand must be a seat (and
// there is no LoneHand at another table). No meld may be of the upper
// partner's team, and the lone hand must be named once someone went out.
// The seat to act must have at least one legal action. Under StockEnds, no
// turn may begin with the stock empty.
//
// Then FromPosition replays p.Actions with [Apply]. The error wraps
// [ErrPosition] and says the first thing wrong. For a meld that breaks a
// meld rule it also wraps the meld package's error, and for an action
// Apply refuses, Apply's error.
func FromPosition(p Position) (State, error) {
	s, err := fromFixed(p)
	if err != nil {
		return State{}, err
	}
	return family.ReplayActions(pkg, ErrPosition, s, p.Actions, Apply)
}

// fromFixed builds the State at p's fixed point.
func fromFixed(p Position) (State, error) {
	r := p.Rules
	bad := func(what string) (State, error) { return State{}, errs.New(pkg, ErrPosition, what) }
	if probs := r.problems(); len(probs) > 0 {
		return bad("the rules cannot be played: " + errs.First(probs))
	}
	lastRound := MaxRounds
	if r.Rounds > 0 {
		lastRound = r.Rounds
	}
	switch {
	case p.Round < 1 || p.Round > lastRound:
		return bad("round " + itoa(p.Round) + " is out of range")
	case len(p.Hands) != r.Players:
		return bad(itoa(len(p.Hands)) + " hands for " + itoa(r.Players) + " players")
	case p.Turn < 0 || p.Turn >= r.Players:
		return bad("Turn must be a seat, 0 to " + itoa(r.Players-1))
	case len(p.Totals) != r.Teams || len(p.Down) != r.Teams || len(p.RedThrees) != r.Teams:
		return bad("Totals, Down and RedThrees need one entry per team (" + itoa(r.Teams) + ")")
	case p.Phase != Drawing && p.Phase != Melding && p.Phase != RoundOver && p.Phase != GameOver:
		return bad("a position is described at a fixed point: Drawing, Melding, RoundOver or GameOver (what came after is its Actions)")
	case len(p.Stock) > 1<<16-1:
		return bad("the stock is too large")
	case p.Seq < 0 || p.Seq > family.MaxSeq:
		return bad("Seq out of range")
	case len(p.Actions) > family.MaxPositionActions:
		return bad(itoa(len(p.Actions)) + " actions since the fixed point: at most " + itoa(family.MaxPositionActions))
	}
	rd := &round{rules: r, number: p.Round, rng: p.RNG}
	rd.first = (p.Round - 1) % r.Players
	copy(rd.totals[:], p.Totals)
	var minimums [family.MaxPlayers]int
	for t := range r.Teams {
		minimums[t] = r.Minimums.Minimum(rd.totals[t])
	}
	rd.cfg = r.config(append([]card.Card(nil), p.Stock...), minimums)
	s := State{r: rd, h: family.HistoryFrom[entry](p.Seq), cn: cn{wentOut: -1}}
	if l := p.LoneHand; l != nil {
		if !r.Cutthroat || *l < 0 || *l >= r.Players {
			return bad("LoneHand is a seat, and only under Cutthroat")
		}
		rd.cfg.Joined = uint8(1<<r.Players-1) &^ (1 << *l)
		s.lone = uint8(*l + 1)
	}
	over := p.Phase >= RoundOver
	if r.Cutthroat && s.lone == 0 && p.Phase == Melding && len(p.Pile) == 0 {
		return bad("under Cutthroat the player who took the pile is the lone hand: set LoneHand")
	}
	if problem := rd.checkResults(p.Results, over); problem != "" {
		return bad(problem)
	}
	if n := rd.endedEarly(over); n > 0 {
		return bad("the game ended after round " + itoa(n) + ": a team reached " + itoa(r.Target))
	}
	if n := len(rd.results); over {
		s.wentOut, s.concealed = int8(rd.results[n-1].WentOut), rd.results[n-1].Concealed
	}
	var all card.Multiset
	for seat, hand := range p.Hands {
		if all.AddCards(hand) != nil || s.t.Hands[seat].AddCards(hand) != nil {
			return bad("invalid or too many cards in seat " + itoa(seat) + "'s hand")
		}
		switch h := s.t.Hands[seat]; {
		case h.Count(red3[0])+h.Count(red3[1]) > 0:
			return bad("seat " + itoa(seat) + " holds a red three: red threes are laid out at once")
		case !over && h.IsEmpty():
			return bad("seat " + itoa(seat) + " holds no card: an emptied hand ends the round")
		}
	}
	for team, reds := range p.RedThrees {
		for _, c := range reds {
			if !meld.IsRedThree(c) || all.Add(c) != nil {
				return bad("team " + itoa(team) + "'s red threes: " + errs.Quote(c.String()) + " is no red three, or one too many")
			}
			if c == red3[0] {
				s.reds[team][0]++
			} else {
				s.reds[team][1]++
			}
		}
	}
	if all.AddCards(p.Stock) != nil {
		return bad("invalid or too many cards in the stock")
	}
	d := family.Desc{Phase: family.Phase(p.Phase), Turn: p.Turn, Pile: p.Pile, Melds: family.DescMelds(p.Melds),
		Down: p.Down, Laid: p.LaidThisTurn, Late: p.Late}
	if problem, cause := s.t.RestoreCards(&rd.cfg, d, &all); problem != "" {
		return State{}, errs.Wrap(pkg, ErrPosition, problem, cause)
	}
	var ranks [MaxPlayers]meld.RankSet
	for i, tm := range s.t.Melds {
		switch rank := tm.M.Rank(); {
		case rank == card.Three && !over:
			return bad("meld " + itoa(i+1) + " is of black threes, which are laid only going out: the round would be over")
		case ranks[tm.Side].Has(rank):
			return bad("team " + itoa(int(tm.Side)) + " has two melds of " + rank.Plural() + ": one meld per rank per team")
		default:
			ranks[tm.Side] = ranks[tm.Side].With(rank)
		}
	}
	if problem := family.CheckShoe(all, r.Decks, r.JokersPerDeck); problem != "" {
		return bad(problem)
	}
	s.t.Final = 1<<r.Players - 1
	if over {
		if n := len(rd.results); r.Cutthroat && s.lone == 0 && rd.results[n-1].WentOut >= 0 {
			return bad("under Cutthroat the player who went out is the lone hand: set LoneHand")
		}
		if (p.Phase == GameOver) != rd.gameEnds(rd.results[len(rd.results)-1]) {
			return bad("the game is over exactly when its last round is: after round " + itoa(r.Rounds) + " with Rounds, else when a team reaches " + itoa(r.Target) + " or after round " + itoa(MaxRounds))
		}
		s.t.RestoreOver(family.Phase(p.Phase), p.Turn, (rd.first+1)%r.Players, p.Down)
		if problem := family.ScoredAs(s.scoreRound(), rd.results[len(rd.results)-1].Teams); problem != "" {
			return bad(problem)
		}
	} else if problem := s.t.RestorePlay(&rd.cfg, d); problem != "" {
		return bad(problem)
	}
	if problem := s.restoreMelded(&p); problem != "" {
		return bad(problem)
	}
	s.h.Late = s.t.Question == family.TooLate
	start := s
	s.r.game = &origin{start: &start}
	return s, nil
}

// restoreMelded sets which seats have melded from p.Melded, after checking
// it against the teams that are down, and for a turn in play how many of
// the team's melds are the partner's (see cn.kept): all of them at the
// start of a turn or after the draw; after a take of the pile that began
// the player's own meld, all but the last, or none when the take made the
// team's first melds.
func (s *State) restoreMelded(p *Position) string {
	r := s.r.rules
	switch {
	case p.Melded == nil:
		for seat := range r.Players {
			if p.Down[s.r.side(seat)] {
				s.melded |= 1 << seat
			}
		}
	case len(p.Melded) != r.Players:
		return "Melded needs one entry per seat (" + itoa(r.Players) + ")"
	}
	var teams [MaxPlayers]bool // a seat of the team has melded
	for seat, m := range p.Melded {
		// A player who goes out concealed need not make the minimum: its
		// team may have melded without being down.
		if m && !p.Down[s.r.side(seat)] && !(s.concealed && int(s.wentOut) == seat) {
			return "seat " + itoa(seat) + " has melded, but its team is not down"
		}
		if m {
			s.melded |= 1 << seat
		}
	}
	for seat := range r.Players {
		teams[s.r.side(seat)] = teams[s.r.side(seat)] || s.melded&(1<<seat) != 0
	}
	took := p.Phase == Melding && len(p.Pile) == 0 // the pile was taken this turn
	turnTeam := s.r.side(p.Turn)
	for team, down := range p.Down {
		if down && !teams[team] && !(took && team == turnTeam && s.melded&(1<<p.Turn) == 0) {
			return "team " + itoa(team) + " is down, so one of its players has melded: say which in Melded"
		}
	}
	if p.Phase >= RoundOver || s.melded&(1<<p.Turn) != 0 {
		return ""
	}
	s.kept = uint8(s.teamMelds(turnTeam))
	if took {
		s.kept = 0
		if teams[turnTeam] { // the partner's melds, and the one the take began
			s.kept = uint8(s.teamMelds(turnTeam) - 1)
		}
	}
	return ""
}

// checkResults checks a position's finished rounds (see
// family.CheckResults; only a seat that went out goes out concealed) and
// keeps a copy of them in rd.
func (rd *round) checkResults(results []RoundResult, over bool) string {
	lines, r := make([]family.Result, len(results)), rd.rules
	for i, res := range results {
		if res.Concealed && res.WentOut < 0 {
			return "result " + itoa(i+1) + ": only a seat that went out went out concealed"
		}
		lines[i] = family.Result{Number: res.Number, WentOut: res.WentOut, Teams: res.Teams}
	}
	if problem := family.CheckResults(lines, rd.number, r.Teams, r.Players, over, rd.totals[:r.Teams], scoreItems[:]); problem != "" {
		return problem
	}
	rd.results = slices.Clone(results)
	for i := range rd.results {
		rd.results[i].Teams = score.Clone(results[i].Teams)
	}
	return ""
}

// endedEarly returns the number of a finished round before the last one
// that ended the game (0 for none): see family.EndedEarly.
func (rd *round) endedEarly(over bool) int {
	return family.EndedEarly(rd.results, over, func(n int, res RoundResult) bool {
		then := *rd
		then.number = n
		return then.gameEnds(res)
	})
}

// scoreItems are a round's score lines, in the order they are scored.
var scoreItems = [...]string{ItemNatural, ItemMixed, ItemRedThrees, ItemMelded, ItemHeld, ItemGoingOut}

// MarshalJSON writes the JSON of s.Position().
func (s State) MarshalJSON() ([]byte, error) { return json.Marshal(s.Position()) }

// UnmarshalJSON builds the State a [Position] in JSON describes, with
// [FromPosition]; on error s is unchanged. JSON the Position cannot hold
// is refused, not dropped: an unknown field, or more values than a
// fixed-size array holds (the seats' names). So is JSON no game holds, before
// it is decoded: a list of more than 4,096 values, a string of more than
// 8 KB, nesting more than 16 deep. Decoding allocates at most 8 bytes for
// each byte of JSON, plus 1 MB.
func (s *State) UnmarshalJSON(data []byte) error {
	return family.DecodePosition(pkg, ErrPosition, data, s, FromPosition)
}

// itoa formats n in decimal, for the messages of the package.
func itoa(n int) string { return strconv.Itoa(n) }
