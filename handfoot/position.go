package handfoot

import (
	"encoding/json"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/meld"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// Position is a plain description of a game position, as exported data:
// the position at the turn's last fixed point, and the actions played since.
// Build a State from one with [FromPosition] (for tests, puzzles, and
// restoring a saved game) and get one back with [State.Position]. JSON of a
// State is JSON of its Position.
//
// A fixed point is a moment a player's turn can be described by its cards
// alone. The fixed points are the deal (before anyone has chosen a
// packet), the start of a turn, and the moment after the draw. The moments
// after the pile joined the hand or the foot was picked up are fixed points
// too, and so is the end of a round. Anything between — a meld laid
// that could still be taken back, a pile being taken for the first melds, a
// going-out question — is described by the actions that led to it, which
// FromPosition replays with [Apply]. So every Position FromPosition accepts
// is one play can reach from its fixed point.
//
// Seq counts at most 2^30 actions: FromPosition refuses more. Only taking
// cards back over and over makes a game that long, and the Position of a
// State past it does not restore.
type Position struct {
	Rules Rules       `json:"rules"`
	Round int         `json:"round"`           // 1-based
	First int         `json:"first"`           // the seat that played first in round 1 (each later round starts one seat on)
	Draws []card.Card `json:"draws,omitempty"` // the cards drawn to choose First, for the record
	Seq   int         `json:"seq,omitempty"`   // the number of actions played in the game before the fixed point

	Totals  []int         `json:"totals"`            // each team's total before this round
	Results []RoundResult `json:"results,omitempty"` // finished rounds; with RoundOver or GameOver the last is this round

	Phase   Phase `json:"phase"`   // Choosing, Drawing, Melding, RoundOver or GameOver
	Turn    int   `json:"turn"`    // the seat whose turn it is
	WentOut int   `json:"wentOut"` // RoundOver, GameOver: the seat that went out, or -1

	Seats        []SeatPosition `json:"seats"`
	Stock        []card.Card    `json:"stock"`                  // top first
	Pile         []card.Card    `json:"pile"`                   // the discard pile, the upcard last
	Melds        []TeamMeld     `json:"melds"`                  // in the order laid
	Down         []bool         `json:"down"`                   // per team: made its first melds this round
	LaidThisTurn int            `json:"laidThisTurn,omitempty"` // Melding: points laid this turn before the fixed point
	// Late is, while Melding, that the player laid cards from the foot this
	// turn before asking the partner, or played into the foot: it can no
	// longer ask this turn (rule set B). The cards that took the pile are
	// part of the draw, not laid cards.
	Late bool `json:"late,omitempty"`

	RNG deck.RNG `json:"rng"` // shuffles the next round

	// Actions are the actions played since the fixed point, in order.
	Actions []Action `json:"actions,omitempty"`
}

// SeatPosition is one seat's cards. While Choosing they are the two packets
// as dealt: Hand the first and Foot the second.
type SeatPosition struct {
	Hand   card.Multiset `json:"hand"`
	Foot   card.Multiset `json:"foot"`   // the foot face down on the table; empty once picked up
	InFoot bool          `json:"inFoot"` // the foot has been picked up
}

// TeamMeld is a meld on the table and the team it belongs to.
type TeamMeld struct {
	Team int           `json:"team"`
	Meld meld.RankMeld `json:"meld"`
}

// Position returns the plain description of s.
func (s State) Position() Position {
	if s.r == nil {
		return Position{}
	}
	at := s
	if s.h.Fix != s.h.Log.Len() {
		at = s.fixedPoint()
	}
	p := at.fixedPosition()
	for i := at.Seq(); i < s.Seq(); i++ {
		p.Actions = append(p.Actions, Action{f: s.h.Log.At(i).Action()})
	}
	return p
}

// fixedPosition describes s, a fixed point.
func (s *State) fixedPosition() Position {
	r := s.r.rules
	d := s.t.Describe(r.Teams)
	p := Position{
		Rules: r, Round: s.r.number, First: s.r.start,
		Draws:   append([]card.Card(nil), s.r.draws...),
		Seq:     s.Seq(),
		Totals:  append([]int(nil), s.r.totals[:r.Teams]...),
		Results: s.Results(),
		Phase:   Phase(d.Phase), Turn: d.Turn, WentOut: int(s.wentOut),
		Stock: append([]card.Card(nil), s.r.cfg.Shoe[s.t.Stock:]...),
		Pile:  d.Pile, Down: d.Down, LaidThisTurn: d.Laid, Late: d.Late,
		Melds: make([]TeamMeld, len(d.Melds)),
		RNG:   s.r.rng,
	}
	for i, m := range d.Melds {
		p.Melds[i] = TeamMeld(m)
	}
	if len(p.Results) == 0 {
		p.Results = nil // as JSON reads it back
	}
	for seat := range r.Players {
		sp := SeatPosition{Hand: s.t.Hands[seat], Foot: s.Foot(seat), InFoot: s.InFoot(seat)}
		if s.t.Phase == family.Choosing {
			sp.Hand, sp.Foot = s.r.packets[seat][0], s.r.packets[seat][1]
		}
		p.Seats = append(p.Seats, sp)
	}
	return p
}

// desc returns the family's part of p.
func (p Position) desc() family.Desc {
	d := family.Desc{
		Phase: family.Phase(p.Phase), Turn: p.Turn,
		Pile: p.Pile, Down: p.Down, Laid: p.LaidThisTurn, Late: p.Late,
		Melds: make([]family.DescMeld, len(p.Melds)),
	}
	for i, m := range p.Melds {
		d.Melds[i] = family.DescMeld(m)
	}
	return d
}

// FromPosition builds the State p describes, after checking it in full. It
// checks the rules, the seats, teams and turn, and the draws for the first
// player. Every finished round's score must add up, line by line, to the
// totals. Once the round is over, WentOut must be the one its result names,
// and the result what the table scores. Every card of the shoe must be in
// exactly one place (hands, feet, stock, pile, melds). Every meld must be
// legal under the rules and owned by a team, and a team down exactly when
// it has melds. The phase must be consistent with the rest. While packets
// are chosen, they are as dealt. At the start of a turn the pile, where the
// last discard lies, is not empty. While the round is played, hands are not
// empty, and a foot on the table has two cards or more until it is picked
// up, as [Rules.Validate] asks of FootSize. A game is over exactly when its
// end is reached, and not before. The seat to act must have at least one
// legal action.
//
// Then FromPosition replays p.Actions with [Apply]. The error wraps
// [ErrPosition] and says on one line the first thing wrong (with how many
// more, for the checks made together). For a meld that breaks a meld rule
// it also wraps the meld package's error, and for an action Apply refuses,
// Apply's error.
func FromPosition(p Position) (State, error) {
	s, err := fromFixed(p)
	if err != nil {
		return State{}, err
	}
	start := s
	s.r.game = &origin{start: &start}
	return family.ReplayActions(pkg, ErrPosition, s, p.Actions, Apply)
}

// fromFixed builds the State at p's fixed point.
func fromFixed(p Position) (State, error) {
	bad := func(what string) (State, error) {
		return State{}, errs.New(pkg, ErrPosition, what)
	}
	r := p.Rules
	if probs := r.problems(); len(probs) > 0 {
		return bad("the rules cannot be played: " + errs.First(probs))
	}
	var probs []string
	check := func(cond bool, what string) {
		if cond {
			probs = append(probs, what)
		}
	}
	lastRound := MaxRounds
	if r.Rounds > 0 {
		lastRound = r.Rounds
	}
	check(p.Round < 1 || p.Round > lastRound, "round "+itoa(p.Round)+" is out of range")
	check(len(p.Seats) != r.Players, itoa(len(p.Seats))+" seats for "+itoa(r.Players)+" players")
	check(p.First < 0 || p.First >= r.Players || p.Turn < 0 || p.Turn >= r.Players, "First and Turn must be seats 0 to "+itoa(r.Players-1))
	check(len(p.Totals) != r.Teams || len(p.Down) != r.Teams, "Totals and Down need one entry per team ("+itoa(r.Teams)+")")
	check(p.Phase != Choosing && p.Phase != Drawing && p.Phase != Melding && p.Phase != RoundOver && p.Phase != GameOver,
		"a position is described at a fixed point: Choosing, Drawing, Melding, RoundOver or GameOver (what came after is its Actions)")
	check(len(p.Stock) > 1<<16-1, "the stock is too large")
	check(p.Seq < 0 || p.Seq > family.MaxSeq, "Seq out of range")
	check(len(p.Actions) > family.MaxPositionActions, itoa(len(p.Actions))+" actions since the fixed point: at most "+itoa(family.MaxPositionActions))
	if len(probs) > 0 {
		return bad(errs.First(probs))
	}
	if problem := checkDraws(p); problem != "" {
		return bad(problem)
	}
	rd := &round{rules: r, number: p.Round, start: p.First, rng: p.RNG,
		draws: append([]card.Card(nil), p.Draws...)}
	rd.first = (p.First + p.Round - 1) % r.Players
	copy(rd.totals[:], p.Totals)
	rd.setConfig(append([]card.Card(nil), p.Stock...))
	over := p.Phase == RoundOver || p.Phase == GameOver
	if problem := rd.checkResults(p.Results, over); problem != "" {
		return bad(problem)
	}
	if n := rd.endedEarly(over); n > 0 {
		return bad("the game ended after round " + itoa(n) + ": a team's total passed " + itoa(r.Target))
	}

	s := State{r: rd}
	s.h = family.HistoryFrom[entry](p.Seq)
	s.wentOut = -1
	if over {
		if p.WentOut < -1 || p.WentOut >= r.Players {
			return bad("WentOut must be a seat or -1")
		}
		if last := rd.results[len(rd.results)-1]; p.WentOut != last.WentOut {
			return bad("WentOut " + itoa(p.WentOut) + " is not the round's result's (" + itoa(last.WentOut) + ")")
		}
		s.wentOut = int8(p.WentOut)
	} else if p.WentOut != -1 && p.WentOut != 0 {
		return bad("WentOut is only for a round that is over")
	}
	var all card.Multiset
	add := func(m card.Multiset) bool { return all.AddAll(m) == nil }
	for seat, sp := range p.Seats {
		switch {
		case sp.InFoot && !sp.Foot.IsEmpty():
			return bad("seat " + itoa(seat) + " has picked up the foot, so it has no foot on the table")
		case !over && !sp.InFoot && sp.Foot.IsEmpty():
			return bad("seat " + itoa(seat) + " has no foot on the table and has not picked it up")
		case !over && !sp.InFoot && sp.Foot.Len() < 2:
			return bad("seat " + itoa(seat) + "'s foot holds one card: a foot holds two or more, as the rules deal it (one picked up by melding the hand leaves a player who can neither meld nor discard)")
		case !over && sp.Hand.IsEmpty():
			return bad("seat " + itoa(seat) + " holds no card: an emptied hand picks up the foot, and an emptied foot ends the round")
		case p.Phase == Choosing && (sp.Hand.Len() != r.HandSize || sp.Foot.Len() != r.FootSize || sp.InFoot):
			return bad("seat " + itoa(seat) + ": while choosing, each seat holds the two packets as dealt, " + itoa(r.HandSize) + " and " + itoa(r.FootSize) + " cards")
		}
		if !add(sp.Hand) || !add(sp.Foot) {
			return bad("too many cards")
		}
		s.t.Hands[seat] = sp.Hand
		rd.packets[seat] = [2]card.Multiset{sp.Hand, sp.Foot}
		if sp.InFoot {
			s.t.Final |= 1 << seat
		}
	}
	if all.AddCards(p.Stock) != nil {
		return bad("invalid or too many cards in the stock")
	}
	d := p.desc()
	if problem, cause := s.t.RestoreCards(&rd.cfg, d, &all); problem != "" {
		return State{}, errs.Wrap(pkg, ErrPosition, problem, cause)
	}
	if problem := family.CheckShoe(all, r.Decks, r.JokersPerDeck); problem != "" {
		return bad(problem)
	}
	switch p.Phase {
	case Choosing:
		if !r.ChoosePacket {
			return bad("these rules do not choose packets")
		}
		if len(p.Melds) > 0 || len(p.Pile) != 1 || p.Turn != rd.first || p.LaidThisTurn != 0 {
			return bad("while choosing, the round is as dealt: no melds, the upcard alone in the pile, and the round's first player to choose first")
		}
		s.t.Phase, s.t.Turn, s.t.ToAct = family.Choosing, uint8(p.Turn), uint8(p.Turn)
		for team, down := range p.Down {
			if down {
				return bad("team " + itoa(team) + " is down before the first turn")
			}
		}
	case RoundOver, GameOver:
		if (p.Phase == GameOver) != rd.gameEnds(rd.results[len(rd.results)-1]) {
			return bad("the game is over exactly when its last round is: " + rd.endText())
		}
		for team, down := range p.Down {
			if down {
				s.t.Down |= 1 << team
			}
		}
		s.t.Phase, s.t.Turn = family.Phase(p.Phase), uint8(p.Turn)
		s.t.ToAct = uint8((rd.first + 1) % r.Players)
		s.t.Fix()
		if problem := family.ScoredAs(s.scoreRound(p.WentOut), rd.results[len(rd.results)-1].Teams); problem != "" {
			return bad(problem)
		}
	default:
		if problem := s.t.RestoreTurn(&rd.cfg, d); problem != "" {
			return bad(problem)
		}
		if len(AppendLegal(make([]Action, 0, 64), s)) == 0 {
			return bad("seat " + itoa(p.Turn) + " would have no legal action")
		}
		s.h.Late = s.t.Question == family.TooLate
	}
	return s, nil
}

// checkDraws reports what is wrong with p's draws for the first player:
// valid cards, drawn as the rules draw them, choosing First. No draws is
// fine (a position made up for a puzzle need not say).
func checkDraws(p Position) string {
	if len(p.Draws) == 0 {
		return ""
	}
	if len(p.Draws) > p.Rules.Decks*(52+p.Rules.JokersPerDeck) {
		return "more draws for the first player than the shoe has cards"
	}
	for _, c := range p.Draws {
		if !c.IsValid() {
			return "an invalid card among the draws for the first player"
		}
	}
	start, used := drawForFirst(p.Draws, p.Rules.Players)
	if len(used) != len(p.Draws) || start != p.First {
		return "the draws for the first player do not choose seat " + itoa(p.First) + " with every card drawn"
	}
	return ""
}

// checkResults checks the finished rounds and sets them on rd: one per
// round before this one (and this one, once over), each team's score the
// sum of its breakdown, whose lines are the scoring's own items in order,
// and totals that add up round by round to rd's totals.
func (rd *round) checkResults(results []RoundResult, over bool) string {
	r := rd.rules
	lines := make([]family.Result, len(results))
	for i, res := range results {
		lines[i] = res.line()
	}
	if problem := family.CheckResults(lines, rd.number, r.Teams, r.Players, over, rd.totals[:r.Teams], scoreItems[:]); problem != "" {
		return problem
	}
	rd.results = make([]RoundResult, len(results))
	for i, res := range results {
		rd.results[i] = res.clone()
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

// scoreItems are the lines of a round's score, in the order it is scored.
var scoreItems = [...]string{ItemClean, ItemDirty, ItemRedThrees, ItemTable, ItemHeld, ItemGoingOut}

// MarshalJSON writes the State's [Position].
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
