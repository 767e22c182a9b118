package canasta

import (
	"encoding/json"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/internal/reuse"
	"github.com/cardrules/cardrules/meld"
)

// View is all that one seat may know of the game, as a value a server can
// send to that seat's client. It holds the seat's own hand, and every
// other hand as a count. It holds each team's melds, red threes, minimum
// and total. It holds the upcard, the pile's cards and size and whom the
// pile is frozen for, and the stock's size. It tells the turn and where it stands:
// what the turn played since its last fixed point, and what a take-back
// returns to. It names the lone hand, under Cutthroat. It holds the
// finished rounds and, when the seat is to act, its legal actions.
//
// What the seat cannot see — the other hands, the stock's order — never
// shows: two States that differ only there give the seat equal Views. The
// cards under the upcard show: every seat saw them discarded face up.
//
// Its JSON follows the library's convention: lowerCamel keys, enums as
// words, cards as card strings, empty lists as [], and the rules as the
// preset's name ("classic") when they are one of [Presets], in full
// otherwise.
type View struct {
	Seat     int           `json:"seat"`
	Team     int           `json:"team"`
	Rules    Rules         `json:"rules"`
	Round    int           `json:"round"`
	Phase    Phase         `json:"phase"`
	ToAct    int           `json:"toAct"`  // the seat to act (-1 once the game is over)
	Turn     int           `json:"turn"`   // the seat whose turn it is
	Hand     card.Multiset `json:"hand"`   // the seat's own cards
	Upcard   card.Card     `json:"upcard"` // the zero Card when the pile is empty or being taken
	PileSize int           `json:"pileSize"`
	// PileCards are the cards of the discard pile, the upcard among them
	// (while Opening, the cards under the upcard being taken). Every seat
	// saw each of them discarded face up, so a player with perfect recall
	// knows them. A View of an earlier version has none: its pile is then
	// face down but for the upcard.
	PileCards    card.Multiset `json:"pileCards"`
	StockSize    int           `json:"stockSize"`
	Players      []PlayerView  `json:"players"`
	Teams        []TeamView    `json:"teams"`
	Asked        bool          `json:"asked"`        // "May I go out?" has been asked this turn
	Answer       int           `json:"answer"`       // and answered: 1 yes, -1 no, 0 not yet
	LaidThisTurn int           `json:"laidThisTurn"` // points laid this turn toward the team's minimum
	// Late: the player whose turn it is laid cards this turn before asking
	// "May I go out?", and can no longer ask this turn.
	Late bool `json:"late"`
	// Since are the actions played since the turn's last fixed point,
	// oldest first: what a take-back undoes, a take of the pile for the
	// first melds, "May I go out?" and its answer. A fixed point is the
	// start of a turn, the moment after the draw (its red threes laid out
	// and replaced), after the pile joined the hand, or after cards were
	// taken back; Since is empty there. Every seat saw these actions
	// played ([State.Happened]), and knows them alike.
	Since []Action `json:"since"`
	// While the turn is past its fixed point (Since lists actions of it),
	// these fields are what [TakeBack] returns to, which every seat saw.
	// FixedMelds are the melds of the team whose turn it is as they stood
	// at the fixed point, oldest first. FixedLaid is LaidThisTurn then.
	// LaidCards are the cards of the player's hand laid since (while
	// Opening, with the cards that took the pile with the upcard). A
	// take-back puts them back in the hand. Every seat saw them go from
	// that hand to the table. The player's hand at the fixed point is its
	// hand and LaidCards. Its own View knows it whole. Another seat's knows
	// of it what it saw: LaidCards, and the cards Since lays and a
	// take-back after them returns to the hand. At a fixed point all three
	// are empty.
	FixedMelds []meld.RankMeld `json:"fixedMelds"`
	FixedLaid  int             `json:"fixedLaid"`
	LaidCards  card.Multiset   `json:"laidCards"`
	// LoneHand is, under Cutthroat, the seat of the lone hand, -1 while
	// no one has taken the pile ([State.LoneHand]); the partners' Teams
	// then show the partnership's melds, both alike.
	LoneHand int           `json:"loneHand"`
	Legal    []Action      `json:"legal"`   // the seat's legal actions, when it is to act
	Results  []RoundResult `json:"results"` // the rounds played
}

// PlayerView is one player as every seat sees it: seat, team, name, how
// many cards it holds, and whether it has melded this round
// ([State.Melded]: it can no longer go out concealed).
type PlayerView struct {
	Seat   int    `json:"seat"`
	Team   int    `json:"team"`
	Hand   int    `json:"hand"`
	Name   string `json:"name"`
	Melded bool   `json:"melded"`
}

// TeamView is one team as every seat sees it.
type TeamView struct {
	Team      int             `json:"team"`
	Melds     []meld.RankMeld `json:"melds"` // oldest first
	Canastas  Canastas        `json:"canastas"`
	RedThrees []card.Card     `json:"redThrees"`
	Down      bool            `json:"down"`    // the team has made its first melds this round
	Frozen    bool            `json:"frozen"`  // the discard pile is frozen for it
	Minimum   int             `json:"minimum"` // what its first melds must still reach: 0 once down
	Total     int             `json:"total"`   // its game total before this round, after it once scored
}

// View returns what seat may know of s: the zero View for a seat not at
// the table or the zero State. It is [State.ViewInto] on a fresh View:
// what it returns shares nothing with s or another View.
func (s State) View(seat int) View {
	var v View
	s.ViewInto(&v, seat)
	return v
}

// ViewInto sets *v to s.View(seat), equal to it down to which slices are
// nil. It fills the storage of the slices *v holds: its players, teams,
// each team's melds and red threes, legal actions, results, actions since
// the fixed point and melds of the fixed point. So a loop that shows seats
// Views through one View allocates next to nothing once that storage has
// grown. The View it fills shares that storage with what *v held before,
// and the next ViewInto into v overwrites it: a caller that keeps a View
// across calls keeps a copy. It shares nothing with s.
func (s State) ViewInto(v *View, seat int) {
	if !s.validSeat(seat) {
		*v = View{}
		return
	}
	// s's methods are called through pointers: a method of a State value
	// copies the whole State, even inlined.
	r := &s.r.rules
	toAct := s.toAct()
	oldTeams, oldPlayers, oldLegal, oldResults := v.Teams, v.Players, v.Legal, v.Results // the storage to reuse
	oldSince, oldFixed := v.Since, v.FixedMelds
	*v = View{Seat: seat, Team: r.teamOf(seat), Rules: *r, Round: s.r.number, Phase: Phase(s.t.Phase),
		ToAct: toAct, Turn: int(s.t.Turn), Hand: s.t.Hands[seat],
		Upcard: s.t.ShownUpcard(), PileSize: s.t.Pile.Len(), PileCards: s.t.Pile, StockSize: s.t.StockLeft(&s.r.cfg),
		Asked: s.t.Question.Posed(), LaidThisTurn: s.t.Laid}
	v.Answer, v.LoneHand = s.t.Question.Answer(), int(s.lone)-1
	v.Late = s.t.Question == family.TooLate
	v.Since, v.FixedMelds = reuse.Len(oldSince, 0), reuse.Len(oldFixed, 0)
	if s.h.Fix < s.h.Log.Len() {
		v.Since = family.AppendSince(v.Since, &s.h, func(e entry) Action { return Action{e.Action()} })
		v.FixedMelds, v.FixedLaid, v.LaidCards = s.t.AppendFixed(v.FixedMelds, s.r.side(int(s.t.Turn)))
	}
	totals := s.totals()
	canastas := family.CanastasBySide(r.Meld, s.t.Melds)
	v.Teams = reuse.Len(oldTeams, r.Teams)
	for team := range v.Teams {
		tv := &v.Teams[team]
		reds := s.appendRedThrees(tv.RedThrees[:0], team)
		if len(reds) == 0 {
			reds = nil // as RedThrees returns none
		}
		*tv = TeamView{Team: team, Melds: s.t.AppendMeldsOf(reuse.Len(tv.Melds, 0), s.r.side(team)),
			Canastas: Canastas{Natural: canastas[s.r.side(team)].Clean, Mixed: canastas[s.r.side(team)].Dirty}, RedThrees: reds, Down: s.down(team), Frozen: s.frozen(team),
			Minimum: s.minimum(team), Total: totals[team]}
	}
	v.Players = reuse.Len(oldPlayers, r.Players)
	for p := range v.Players {
		v.Players[p] = PlayerView{Seat: p, Team: r.teamOf(p), Hand: s.t.Hands[p].Len(), Name: r.Names[p], Melded: s.meldedBy(p)}
	}
	v.Legal = reuse.Len(oldLegal, 0)
	if seat == toAct {
		if v.Legal = appendLegal(v.Legal, &s); len(v.Legal) == 0 {
			v.Legal = nil // as Legal lists none
		}
	}
	v.Results = reuse.Each(oldResults, s.rd().results, func(out *RoundResult, r RoundResult) {
		teams := out.Teams
		*out = r
		out.Teams = reuse.TeamScores(teams, r.Teams)
	})
}

// viewJSON is a View's JSON: its fields, but the rules as
// [record.RulesJSON] writes them.
type viewJSON struct {
	Rules json.RawMessage `json:"rules"`
	*viewFields
}

// viewFields is View without its JSON methods.
type viewFields View

// MarshalJSON writes the View with the rules as the preset's name when
// they are one of [Presets], in full otherwise.
func (v View) MarshalJSON() ([]byte, error) {
	w := viewJSON{viewFields: (*viewFields)(&v)}
	return record.WriteView(&w, &w.Rules, v.Rules, presetName(v.Rules))
}

// UnmarshalJSON reads a View as MarshalJSON writes it: the rules a
// preset's name (read by [Preset]) or in full. Keys match in any case, so
// the JSON of earlier versions ("StockSize") loads too. Rules that
// [Rules.Validate] refuses are an error. So is a View no game under the
// rules shows. Its seat or team is not at the table, or its players or
// teams are not the table's. A count is below zero. Its cards are not the
// shoe's, or do not add up to it. It lists legal actions for a seat not to
// act, or of another phase. Every error wraps [ErrView], and on error v is
// unchanged.
func (v *View) UnmarshalJSON(data []byte) error {
	var next View
	w := viewJSON{viewFields: (*viewFields)(&next)}
	err := record.ReadView(data, &w, &w.Rules, &next.Rules, Preset)
	if err == nil {
		err = next.Rules.Validate()
	}
	if err == nil {
		err = next.check()
	}
	if err != nil {
		return record.ViewErr(pkg, err)
	}
	*v = next
	return nil
}
