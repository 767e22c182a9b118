package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/reuse"
	"github.com/cardrules/cardrules/meld"
)

// View is what one seat may know of a game, and nothing else. It holds the
// seat's own hand, and its own foot only as a count until picked up. The
// seat sees its foot if it looked at it when choosing its packets, under
// [Rules].LookAtPackets ([View.FootSeen]). While the seat chooses face
// down, its two packets are counts. The other players' hands and feet are
// counts. The View holds every meld on the table, the upcard and the cards
// and size of the discard pile, the size of the stock, and the scores. It tells
// whose turn it is and where the turn stands: what the turn played since
// its last fixed point, and what a take-back returns to. It lists the legal
// actions when it is this seat's move. A server can send it to that seat's
// client as JSON, in the library's convention. The JSON has the key names
// of Canasta's View for the same fields ([View.MarshalJSON]).
//
// Two states that differ only in what the seat cannot see (other hands and
// feet, the seat's own packets while it chooses face down, its own foot
// when it has not seen it, the order of the stock) give that seat equal
// Views. The cards under the upcard show: every seat saw them discarded
// face up.
type View struct {
	Seat  int   `json:"seat"`
	Team  int   `json:"team"`
	Rules Rules `json:"rules"`
	Round int   `json:"round"`
	Phase Phase `json:"phase"`
	ToAct int   `json:"toAct"` // seat to act; -1 once the game is over
	Turn  int   `json:"turn"`  // seat whose turn it is

	Hand card.Multiset `json:"hand"` // this seat's hand
	Foot int           `json:"foot"` // cards in this seat's foot while it is face down

	// Packets are the two packets dealt to this seat, packet 1 then packet
	// 2, while it has still to choose which is its hand (phase Choosing,
	// under [Rules].ChoosePacket) and may look at them
	// ([Rules].LookAtPackets). Otherwise both are empty: a choice made face
	// down sees no card of either packet, and the seat's entry of Players
	// gives their sizes (Hand the first packet's, Foot the second's). While
	// the seat has still to choose, Hand is empty and Foot 0.
	Packets [2]card.Multiset `json:"packets"`
	// FootSeen is this seat's foot, face down on the table, when the seat
	// has seen it: under LookAtPackets a player looks at both packets
	// before choosing, so it knows the one it leaves for its foot. It is
	// empty before the choice, once the foot is picked up, when the choice
	// is made face down, and under rules that deal the foot unseen.
	FootSeen card.Multiset `json:"footSeen"`

	Players []PlayerView `json:"players"`
	Teams   []TeamView   `json:"teams"`

	Upcard   card.Card `json:"upcard"` // the top of the discard pile (the zero Card when empty or being taken)
	PileSize int       `json:"pileSize"`
	// PileCards are the cards of the discard pile, the upcard among them
	// (while Opening, the cards under the upcard being taken). Every seat
	// saw each of them discarded face up, so a player with perfect recall
	// knows them. A View of an earlier version has none: its pile is then
	// face down but for the upcard.
	PileCards card.Multiset `json:"pileCards"`
	StockSize int           `json:"stockSize"`

	Asked        bool `json:"asked"`        // the player whose turn it is has asked to go out this turn
	Answer       int  `json:"answer"`       // the partner's answer this turn: 0 none, 1 yes, -1 no
	LaidThisTurn int  `json:"laidThisTurn"` // points the player whose turn it is has laid this turn toward the first-meld minimum
	// MinimumMet: the team whose turn it is is down, or this turn's melds
	// reach its minimum, so its player may discard after melding.
	MinimumMet bool `json:"minimumMet"`
	// Late: the player whose turn it is laid cards from its foot this turn
	// before asking the partner, or played into the foot, and can no
	// longer ask this turn (rule set B).
	Late bool `json:"late"`

	// Since are the actions played since the turn's last fixed point,
	// oldest first: what a take-back undoes, a take of the pile for the
	// first melds, the going-out question and its answer, or, while
	// packets are chosen, the choices made. A fixed point is the start of
	// a turn, the moment after the draw (or after the pile joined the
	// hand, or the foot was picked up, or cards were taken back) and,
	// while packets are chosen, the deal; Since is empty there. Every seat
	// saw these actions played ([State.Happened]), and knows them alike.
	Since []Action `json:"since"`
	// While the turn is past its fixed point (Since lists actions of it),
	// these fields are what [TakeBack] returns to, which every seat saw.
	// FixedMelds are the melds of the team whose turn it is as they stood
	// at the fixed point, in the order laid. FixedLaid is LaidThisTurn
	// then. LaidCards are the cards of the player's hand laid since (while
	// Opening, with the pair that took the pile). A take-back puts them back
	// in the hand. Every seat saw them go from that hand to the table. The
	// player's hand at the fixed point is its hand and LaidCards. Its own
	// View knows it whole. Another seat's knows of it what it saw:
	// LaidCards, and the cards Since lays and a take-back after them
	// returns to the hand. At a fixed point all three are empty.
	FixedMelds []meld.RankMeld `json:"fixedMelds"`
	FixedLaid  int             `json:"fixedLaid"`
	LaidCards  card.Multiset   `json:"laidCards"`

	Legal   []Action      `json:"legal"`   // this seat's legal actions when it is to act
	Results []RoundResult `json:"results"` // finished rounds
}

// PlayerView is what every seat sees of one player.
type PlayerView struct {
	Seat   int    `json:"seat"`
	Team   int    `json:"team"`
	Name   string `json:"name"`   // from Rules.Names
	Hand   int    `json:"hand"`   // cards in hand
	Foot   int    `json:"foot"`   // cards in the foot while face down, 0 once picked up
	InFoot bool   `json:"inFoot"` // has picked up the foot
}

// TeamView is what every seat sees of one team.
type TeamView struct {
	Team     int             `json:"team"`
	Melds    []meld.RankMeld `json:"melds"` // in the order laid
	Canastas Canastas        `json:"canastas"`
	Down     bool            `json:"down"`    // has made its first melds this round
	Minimum  int             `json:"minimum"` // the first-meld minimum still to reach (0 once down)
	Total    int             `json:"total"`   // game total before this round (after it, once it is over)
}

// Refs returns how actions name each of the team's melds, in the order of
// Melds: the rank, and the place among the team's melds of that rank
// ("9", "9#2").
func (t TeamView) Refs() []Ref {
	var seen [card.King + 1]int
	refs := make([]Ref, len(t.Melds))
	for i, m := range t.Melds {
		refs[i] = Ref{Rank: m.Rank(), Index: seen[m.Rank()]}
		seen[m.Rank()]++
	}
	return refs
}

// View returns what seat may know. For a seat outside the table, or the
// zero State, it returns the zero View. It is [State.ViewInto] on a fresh
// View: what it returns shares nothing with s or another View.
func (s State) View(seat int) View {
	var v View
	s.ViewInto(&v, seat)
	return v
}

// ViewInto sets *v to s.View(seat), equal to it down to which slices are
// nil. It fills the storage of the slices *v holds: its players, teams,
// each team's melds, legal actions, results, actions since the fixed point
// and melds of the fixed point. So a loop that shows seats Views through
// one View allocates next to nothing once that storage has grown.
// The View it fills shares that storage with what *v held before, and the
// next ViewInto into v overwrites it: a caller that keeps a View across
// calls keeps a copy. It shares nothing with s.
func (s State) ViewInto(v *View, seat int) {
	// s and its rules are read through fields and pointer methods: a
	// value method of State or Rules, even inlined, may copy the whole
	// struct.
	if !s.validSeat(seat) {
		*v = View{}
		return
	}
	r := &s.r.rules
	oldTeams, oldPlayers, oldLegal, oldResults := v.Teams, v.Players, v.Legal, v.Results // the storage to reuse
	oldSince, oldFixed := v.Since, v.FixedMelds
	*v = View{
		Seat: seat, Team: r.teamOf(seat), Rules: *r, Round: s.r.number,
		Phase: Phase(s.t.Phase), ToAct: s.toAct(), Turn: int(s.t.Turn),
		Hand:     s.t.Hands[seat],
		Foot:     s.footLen(seat),
		PileSize: s.t.Pile.Len(), PileCards: s.t.Pile, StockSize: s.t.StockLeft(&s.r.cfg),
		Upcard:       s.t.Upcard,
		Asked:        s.t.Question.Posed(),
		LaidThisTurn: s.t.Laid,
	}
	if s.t.Phase == family.Opening {
		v.Upcard = 0
	}
	turnTeam := r.teamOf(int(s.t.Turn))
	v.MinimumMet = s.t.IsDown(turnTeam) || s.t.Laid >= s.t.Minimum(&s.r.cfg, turnTeam)
	v.Answer = s.t.Question.Answer()
	v.Late = s.t.Question == family.TooLate
	if s.h.Fix < s.h.Log.Len() {
		v.Since = family.AppendSince(oldSince[:0], &s.h, func(e entry) Action { return Action{f: e.Action()} })
		if s.t.Phase != family.Choosing {
			v.FixedMelds, v.FixedLaid, v.LaidCards = s.t.AppendFixed(oldFixed[:0], turnTeam)
			if len(v.FixedMelds) == 0 {
				v.FixedMelds = nil // as a fresh View has them
			}
		}
	}
	switch {
	case !r.ChoosePacket || s.t.IsFinal(seat):
	case s.t.Phase == family.Choosing && s.chosen&(1<<seat) == 0:
		// Before choosing, neither packet is the hand or the foot yet; the
		// player looks at both only under LookAtPackets.
		if r.LookAtPackets {
			v.Packets = s.r.packets[seat]
		}
		v.Hand, v.Foot = card.Multiset{}, 0
	case r.LookAtPackets:
		v.FootSeen = s.foot(seat) // looked at when choosing (not yet in the foot)
	}
	totals := s.totals()
	canastas := family.CanastasBySide(r.Meld, s.t.Melds)
	v.Teams = reuse.Len(oldTeams, r.Teams)
	for t := range v.Teams {
		melds := s.t.AppendMeldsOf(v.Teams[t].Melds[:0], t)
		if len(melds) == 0 {
			melds = nil // as Melds returns none
		}
		v.Teams[t] = TeamView{
			Team: t, Melds: melds, Canastas: Canastas(canastas[t]),
			Down: s.t.IsDown(t), Minimum: s.t.Minimum(&s.r.cfg, t), Total: totals[t],
		}
	}
	v.Players = reuse.Len(oldPlayers, r.Players)
	for p := range v.Players {
		hand := s.t.Hands[p].Len()
		foot := s.footLen(p)
		if s.t.Phase == family.Choosing && s.chosen&(1<<p) == 0 {
			hand, foot = r.HandSize, r.FootSize
		}
		v.Players[p] = PlayerView{Seat: p, Team: r.teamOf(p), Name: r.Names[p], Hand: hand, Foot: foot, InFoot: s.t.IsFinal(p)}
	}
	if s.toAct() == seat {
		if v.Legal = appendLegal(oldLegal[:0], &s); len(v.Legal) == 0 {
			v.Legal = nil // as Legal lists none
		}
	}
	v.Results = reuse.Each(oldResults, s.r.results, func(out *RoundResult, r RoundResult) {
		teams := out.Teams
		*out = r
		out.Teams = reuse.TeamScores(teams, r.Teams)
	})
}

// MarshalText writes the phase's name, such as "melding"; a value that is
// no phase is an error wrapping [ErrPosition].
func (p Phase) MarshalText() ([]byte, error) {
	if p == 0 || int(p) >= len(phaseNames) {
		return nil, errs.New(pkg, ErrPosition, "phase "+itoa(int(p))+" has no name")
	}
	return []byte(phaseNames[p]), nil
}

// UnmarshalText reads a phase's name; another text is an error wrapping
// [ErrPosition]. On error p is unchanged.
func (p *Phase) UnmarshalText(text []byte) error {
	for i, name := range phaseNames {
		if i > 0 && name == string(text) {
			*p = Phase(i)
			return nil
		}
	}
	return errs.New(pkg, ErrPosition, "unknown phase "+errs.QuoteBytes(text))
}
