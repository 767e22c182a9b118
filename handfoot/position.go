package handfoot

import (
	"encoding/json"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
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

	Question string // the going-out question this turn: "", "asked", "yes" or "no"
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

var questionNames = [...]string{"", "asked", "yes", "no"}

// Position returns the plain description of s.
func (s State) Position() Position {
	if s.r == nil {
		return Position{}
	}
	r := s.r.rules
	p := Position{
		Rules: r, Round: s.r.number, First: s.r.start,
		Draws:   append([]card.Card(nil), s.r.draws...),
		Totals:  append([]int(nil), s.r.totals[:r.Teams]...),
		Results: s.Results(),
		Phase:   Phase(s.t.Phase), Turn: int(s.t.Turn), WentOut: int(s.wentOut),
		Stock:    append([]card.Card(nil), s.r.cfg.Shoe[s.t.Stock:]...),
		Question: questionNames[s.t.Question],
		Laid:     s.t.Laid, BackHand: s.t.BackHand, BackLaid: s.t.BackLaid,
		RNG: s.r.rng,
	}
	if s.t.Phase == family.Answering {
		p.Resume = Phase(s.t.Back)
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
	// The pile: every card but the upcard, then the upcard.
	rest := s.t.Pile
	if s.t.Phase != family.Opening && s.t.Upcard != 0 {
		_ = rest.Remove(s.t.Upcard)
	}
	p.Pile = rest.AppendCards(nil)
	if s.t.Phase == family.Opening {
		p.Taking = s.t.Upcard
	} else if s.t.Upcard != 0 {
		p.Pile = append(p.Pile, s.t.Upcard)
	}
	p.Melds = teamMelds(s.t.Melds)
	p.BackMelds = teamMelds(s.t.BackMelds)
	for t := range r.Teams {
		p.Down = append(p.Down, s.Down(t))
	}
	return p
}

func teamMelds(ms []family.TableMeld) []TeamMeld {
	out := make([]TeamMeld, len(ms))
	for i, tm := range ms {
		out[i] = TeamMeld{Team: int(tm.Side), Meld: tm.M}
	}
	return out
}

// FromPosition builds the State p describes, after checking it in full: the
// rules; the seats, teams and turn; every card of the shoe in exactly one
// place (hands, feet, stock, pile, melds); every meld legal under the rules
// and owned by a team; a phase consistent with the rest (a question only
// where the rules ask one, a taken upcard only while Opening). The error
// names what is wrong.
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
	if all.AddCards(p.Stock) != nil || all.AddCards(p.Pile) != nil {
		return bad("invalid or too many cards in the stock or pile")
	}
	if err := s.t.Pile.AddCards(p.Pile); err != nil {
		return bad("invalid card in the pile")
	}
	if len(p.Pile) > 0 {
		s.t.Upcard = p.Pile[len(p.Pile)-1]
	}
	if (p.Taking != 0) != (p.Phase == Opening) {
		return bad("Taking is the upcard being taken, set exactly while Opening")
	}
	if p.Phase == Opening {
		if !p.Taking.IsValid() || all.Add(p.Taking) != nil {
			return bad("invalid Taking card")
		}
		// The taken upcard lies on a meld: it is counted there below.
		_ = all.Remove(p.Taking)
		s.t.Upcard = p.Taking
	}
	var problem string
	var cause error
	if s.t.Melds, problem, cause = checkMelds(r, p.Melds, &all); problem != "" {
		return State{}, errs.Wrap(pkg, ErrPosition, problem, cause)
	}
	var backAll card.Multiset
	if s.t.BackMelds, problem, cause = checkMelds(r, p.BackMelds, &backAll); problem != "" {
		return State{}, errs.Wrap(pkg, ErrPosition, "BackMelds: "+problem, cause)
	}
	shoe, _ := deck.Shoe(r.Decks, r.JokersPerDeck)
	var want card.Multiset
	_ = want.AddCards(shoe)
	if all != want {
		return bad("the cards in play are not the shoe of " + itoa(r.Decks) + " decks with " + itoa(r.JokersPerDeck) + " jokers each: " + diffCards(all, want))
	}
	for t, d := range p.Down {
		if d {
			s.t.Down |= 1 << t
		}
	}
	for _, tm := range p.Melds {
		if !p.Down[tm.Team] && p.Phase != Opening && p.Phase != Melding {
			return bad("team " + itoa(tm.Team) + " has melds but is not down")
		}
	}
	q := -1
	for i, name := range questionNames {
		if name == p.Question {
			q = i
		}
	}
	switch {
	case q < 0:
		return bad("Question must be \"\", \"asked\", \"yes\" or \"no\"")
	case q != 0 && (!r.AskPartner || rd.cfg.Partner(p.Turn) < 0):
		return bad("no going-out question is asked under these rules at this seat")
	case (q == int(family.Asked)) != (p.Phase == Answering):
		return bad("the question is \"asked\" exactly while Answering")
	}
	s.t.Question = family.Question(q)
	if p.Phase == Answering {
		if p.Resume != Drawing && p.Resume != Melding {
			return bad("Resume must be drawing or melding while Answering")
		}
		s.t.Back = family.Phase(p.Resume)
		s.t.ToAct = uint8(rd.cfg.Partner(p.Turn))
	} else if p.Resume != 0 {
		return bad("Resume is only for the Answering phase")
	}
	s.t.Laid, s.t.BackHand, s.t.BackLaid = p.Laid, p.BackHand, p.BackLaid
	if p.Phase == Melding || p.Phase == Opening || (p.Phase == Answering && p.Resume == Melding) {
		// TakeBack must return exactly the cards laid since the fixed point.
		now, then := s.t.Hands[p.Turn], s.t.BackHand
		for _, tm := range s.t.Melds {
			_ = now.AddAll(tm.M.Multiset())
		}
		for _, tm := range s.t.BackMelds {
			_ = then.AddAll(tm.M.Multiset())
		}
		if p.Phase == Opening {
			_ = then.Add(p.Taking)
		}
		if now != then {
			return bad("BackHand and BackMelds hold other cards than the hand and melds: " + diffCards(then, now))
		}
	}
	if p.Phase == Drawing && len(p.Stock) == 0 && !s.t.CanTakePile(&rd.cfg) {
		return bad("the stock is empty and the player cannot take the pile: the round is over")
	}
	return s, nil
}

// checkMelds checks a position's melds and adds their cards to all. It
// returns the problem it found, and for a meld that breaks a meld rule the
// meld package's error.
func checkMelds(r Rules, ms []TeamMeld, all *card.Multiset) ([]family.TableMeld, string, error) {
	out := make([]family.TableMeld, 0, len(ms))
	for i, tm := range ms {
		if tm.Team < 0 || tm.Team >= r.Teams {
			return nil, "meld " + itoa(i+1) + " belongs to no team", nil
		}
		if err := r.Meld.Validate(tm.Meld); err != nil {
			return nil, "meld " + itoa(i+1), err
		}
		if all.AddAll(tm.Meld.Multiset()) != nil {
			return nil, "too many cards", nil
		}
		out = append(out, family.TableMeld{Side: uint8(tm.Team), M: tm.Meld})
	}
	return out, "", nil
}

// diffCards names the cards that are extra and missing in have against want.
func diffCards(have, want card.Multiset) string {
	extra, missing := have, want
	for c, n := range want.Kinds() {
		_ = extra.RemoveN(c, min(n, extra.Count(c)))
	}
	for c, n := range have.Kinds() {
		_ = missing.RemoveN(c, min(n, missing.Count(c)))
	}
	return "extra [" + extra.String() + "], missing [" + missing.String() + "]"
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
