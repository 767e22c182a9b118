package handfoot

import (
	"encoding/json"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// Position is a plain description of a game position: everything a State
// holds, as exported data. Build a State from one with [FromPosition] (for
// tests, puzzles, and restoring a saved game) and get one back with
// [State.Position]. JSON of a State is JSON of its Position.
type Position struct {
	Rules Rules
	Round int         // 1-based
	First int         // the seat that played first in round 1 (each later round starts one seat on)
	Draws []card.Card `json:",omitempty"` // the cards drawn to choose First, for the record

	Totals  []int         // each team's total before this round
	Results []RoundResult `json:",omitempty"` // finished rounds; with RoundOver or GameOver the last is this round

	Phase   Phase
	Turn    int   // the seat whose turn it is
	Resume  Phase `json:",omitempty"` // Answering: the phase the turn goes back to (Drawing or Melding)
	WentOut int   // RoundOver, GameOver: the seat that went out, or -1

	Seats []SeatPosition
	Stock []card.Card // top first
	Pile  []card.Card // the discard pile, the upcard last
	// Taking is, while Opening, the upcard being taken: it lies on a meld,
	// and TakeBack returns it to the pile.
	Taking card.Card `json:",omitempty"`

	Melds []TeamMeld // in the order laid
	Down  []bool     // per team: made its first melds this round

	Question string // the going-out question this turn: "", "asked", "yes", "no", or "late" (cards laid before asking)
	Laid     int    // points laid this turn toward the first-meld minimum

	// The turn's fixed point: what TakeBack returns the hand, the melds
	// and Laid to.
	BackHand  card.Multiset
	BackMelds []TeamMeld
	BackLaid  int

	RNG deck.RNG // shuffles the next round
}

// SeatPosition is one seat's cards.
type SeatPosition struct {
	Hand   card.Multiset
	Foot   card.Multiset // the foot face down on the table; empty once picked up
	InFoot bool          // the foot has been picked up
	// Chosen is, while Choosing, whether the seat has chosen; before then
	// Hand and Foot are the first and second packets dealt.
	Chosen bool `json:",omitempty"`
}

// TeamMeld is a meld on the table and the team it belongs to.
type TeamMeld struct {
	Team int
	Meld meld.RankMeld
}

// Position returns the plain description of s.
func (s State) Position() Position {
	if s.r == nil {
		return Position{}
	}
	r := s.r.rules
	d := s.t.Describe(r.Teams)
	p := Position{
		Rules: r, Round: s.r.number, First: s.r.start,
		Draws:   append([]card.Card(nil), s.r.draws...),
		Totals:  append([]int(nil), s.r.totals[:r.Teams]...),
		Results: s.Results(),
		Phase:   Phase(d.Phase), Turn: d.Turn, Resume: Phase(d.Resume), WentOut: int(s.wentOut),
		Stock: append([]card.Card(nil), s.r.cfg.Shoe[s.t.Stock:]...),
		Pile:  d.Pile, Taking: d.Taking, Down: d.Down,
		Question: d.Question, Laid: d.Laid, BackHand: d.BackHand, BackLaid: d.BackLaid,
		Melds: teamMelds(d.Melds), BackMelds: teamMelds(d.BackMelds),
		RNG: s.r.rng,
	}
	for seat := range r.Players {
		sp := SeatPosition{Hand: s.t.Hands[seat], Foot: s.Foot(seat), InFoot: s.InFoot(seat)}
		if s.t.Phase == family.Choosing {
			sp.Chosen = s.chosen&(1<<seat) != 0
			if !sp.Chosen {
				sp.Hand, sp.Foot = s.r.packets[seat][0], s.r.packets[seat][1]
			}
		}
		p.Seats = append(p.Seats, sp)
	}
	return p
}

func teamMelds(ms []family.DescMeld) []TeamMeld {
	out := make([]TeamMeld, len(ms))
	for i, m := range ms {
		out[i] = TeamMeld(m)
	}
	return out
}

func descMelds(ms []TeamMeld) []family.DescMeld {
	out := make([]family.DescMeld, len(ms))
	for i, m := range ms {
		out[i] = family.DescMeld(m)
	}
	return out
}

// desc returns the family's part of p.
func (p Position) desc() family.Desc {
	return family.Desc{
		Phase: family.Phase(p.Phase), Resume: family.Phase(p.Resume), Turn: p.Turn,
		Pile: p.Pile, Taking: p.Taking, Down: p.Down, Question: p.Question,
		Laid: p.Laid, BackHand: p.BackHand, BackLaid: p.BackLaid,
		Melds: descMelds(p.Melds), BackMelds: descMelds(p.BackMelds),
	}
}

// FromPosition builds the State p describes, after checking it in full: the
// rules; the seats, teams and turn; every card of the shoe in exactly one
// place (hands, feet, stock, pile, melds); every meld legal under the rules
// and owned by a team; a phase consistent with the rest (a question only
// where the rules ask one, a taken upcard only while Opening). The error
// wraps [ErrPosition] and says on one line the first thing wrong (with how
// many more, for the checks made together); for a meld that breaks a meld
// rule it also wraps the meld package's error.
func FromPosition(p Position) (State, error) {
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
	check(p.Round < 1 || (r.Rounds > 0 && p.Round > r.Rounds) || p.Round > 1000, "round "+itoa(p.Round)+" is out of range")
	check(len(p.Seats) != r.Players, itoa(len(p.Seats))+" seats for "+itoa(r.Players)+" players")
	check(p.First < 0 || p.First >= r.Players || p.Turn < 0 || p.Turn >= r.Players, "First and Turn must be seats 0 to "+itoa(r.Players-1))
	check(len(p.Totals) != r.Teams || len(p.Down) != r.Teams, "Totals and Down need one entry per team ("+itoa(r.Teams)+")")
	check(p.Phase < Choosing || p.Phase > GameOver, "unknown phase")
	check(len(p.Stock) > 1<<16-1, "the stock is too large")
	check(p.Laid < 0 || p.BackLaid < 0 || p.Laid > 1<<20 || p.BackLaid > 1<<20, "Laid out of range")
	if len(probs) > 0 {
		return bad(errs.First(probs))
	}
	rd := &round{rules: r, number: p.Round, start: p.First, rng: p.RNG,
		draws: append([]card.Card(nil), p.Draws...)}
	rd.first = (p.First + p.Round - 1) % r.Players
	copy(rd.totals[:], p.Totals)
	rd.setConfig(append([]card.Card(nil), p.Stock...))
	for _, res := range p.Results {
		rd.results = append(rd.results, RoundResult{Number: res.Number, WentOut: res.WentOut, Teams: cloneScores(res.Teams)})
	}
	over := p.Phase == RoundOver || p.Phase == GameOver
	if over != (len(rd.results) == p.Round) || (!over && len(rd.results) != p.Round-1) {
		return bad("Results must hold every finished round: " + itoa(p.Round-1) + " before this round ends, " + itoa(p.Round) + " after")
	}
	for i, res := range rd.results {
		if res.Number != i+1 || len(res.Teams) != r.Teams {
			return bad("result " + itoa(i+1) + " is not round " + itoa(i+1) + " with one score per team")
		}
	}

	s := State{r: rd}
	s.t.Phase, s.t.Turn, s.t.ToAct = family.Phase(p.Phase), uint8(p.Turn), uint8(p.Turn)
	s.wentOut = -1
	if over {
		if p.WentOut < -1 || p.WentOut >= r.Players {
			return bad("WentOut must be a seat or -1")
		}
		s.wentOut = int8(p.WentOut)
		s.t.ToAct = uint8((rd.first + 1) % r.Players)
	}
	var all card.Multiset
	add := func(m card.Multiset) bool { return all.AddAll(m) == nil }
	for seat, sp := range p.Seats {
		if sp.InFoot && !sp.Foot.IsEmpty() {
			return bad("seat " + itoa(seat) + " has picked up the foot, so it has no foot on the table")
		}
		if !add(sp.Hand) || !add(sp.Foot) {
			return bad("too many cards")
		}
		s.t.Hands[seat] = sp.Hand
		rd.packets[seat] = [2]card.Multiset{sp.Hand, sp.Foot}
		if sp.InFoot {
			s.t.Final |= 1 << seat
		}
		if sp.Chosen {
			if p.Phase != Choosing {
				return bad("Chosen is only for the Choosing phase")
			}
			s.chosen |= 1 << seat
		}
	}
	if p.Phase == Choosing && (r.Players == 0 || !r.ChoosePacket) {
		return bad("these rules do not choose packets")
	}
	if all.AddCards(p.Stock) != nil {
		return bad("invalid or too many cards in the stock")
	}
	d := p.desc()
	if problem, cause := s.t.RestoreCards(&rd.cfg, d, &all); problem != "" {
		return State{}, errs.Wrap(pkg, ErrPosition, problem, cause)
	}
	shoe, _ := deck.Shoe(r.Decks, r.JokersPerDeck)
	var want card.Multiset
	_ = want.AddCards(shoe)
	if all != want {
		return bad("the cards in play are not the shoe of " + itoa(r.Decks) + " decks with " + itoa(r.JokersPerDeck) + " jokers each: " + family.DiffCards(all, want))
	}
	if problem := s.t.RestoreTurn(&rd.cfg, d); problem != "" {
		return bad(problem)
	}
	return s, nil
}

// MarshalJSON writes the State's [Position].
func (s State) MarshalJSON() ([]byte, error) { return json.Marshal(s.Position()) }

// UnmarshalJSON reads a [Position] and builds the State with [FromPosition];
// on error s is unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	var p Position
	if err := json.Unmarshal(data, &p); err != nil {
		return errs.Wrap(pkg, ErrPosition, "JSON", err)
	}
	next, err := FromPosition(p)
	if err != nil {
		return err
	}
	*s = next
	return nil
}
