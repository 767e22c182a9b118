package rummy

import (
	"encoding/json"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/internal/reuse"
)

// View is what one seat may know of a game, and nothing else: a value a
// server can send to that seat's player. Its own hand is shown card by
// card, the other hands as counts, the stock as a count. Everything else
// is seen by every player: the melds and who laid them, the discard pile
// (every card of it was seen face up), the cards each player drew from the
// pile and still holds, the scores. Two States that differ only in what a
// seat cannot see give that seat equal Views.
//
// Its JSON follows the library's convention: lowerCamel keys, cards as
// card strings, empty lists as [], and the rules as the preset's name
// ("basic") when they are one of [Presets], in full otherwise.
type View struct {
	Rules Rules `json:"rules"`
	Seat  int   `json:"seat"` // the seat the View is for
	Round int   `json:"round"`
	Phase Phase `json:"phase"`
	Turn  int   `json:"turn"`  // the seat whose turn it is
	ToAct int   `json:"toAct"` // the seat to act; -1 once the game is over
	// Hand is the seat's cards, a card.Multiset as in every game's View.
	Hand card.Multiset `json:"hand"`
	// Players are the seats, seat 0 first.
	Players []PlayerView `json:"players"`
	// Melds are the melds on the table in the order laid: index 0 is
	// "on 1" in a lay-off's text.
	Melds []TableMeld `json:"melds"`
	// Pile is the discard pile, bottom first: its last card is the upcard.
	Pile []card.Card `json:"pile"`
	// StockSize is how many cards the stock holds; Rebuilds how many times
	// it was rebuilt this round.
	StockSize int `json:"stockSize"`
	Rebuilds  int `json:"rebuilds"`
	// Taken is the card the player whose turn it is drew from the pile this
	// turn and still holds, or 0.
	Taken card.Card `json:"taken"`
	// Results are the rounds scored.
	Results []RoundResult `json:"results"`
	// Legal is the seat's legal actions when it is to act, in [Legal]'s
	// order; empty otherwise.
	Legal []Action `json:"legal"`
}

// PlayerView is one seat as every player sees it.
type PlayerView struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// Hand is the number of cards the seat holds.
	Hand int `json:"hand"`
	// Known are the cards of its hand it drew from the pile, in view of
	// everyone.
	Known []card.Card `json:"known"`
	// Laid are the cards it melded or laid off this round, and Melded
	// their value: what it scores for them.
	Laid   []card.Card `json:"laid"`
	Melded int         `json:"melded"`
	// Total is its total over the rounds scored.
	Total int `json:"total"`
}

// View returns what seat may know of s: the zero View for no such seat or
// the zero State. It is [State.ViewInto] on a fresh View: what it returns
// shares nothing with s or another View.
func (s State) View(seat int) View {
	var v View
	s.ViewInto(&v, seat)
	return v
}

// ViewInto sets *v to s.View(seat), equal to it down to which slices are
// nil. It fills the storage of the slices *v holds: its players and their
// cards, melds, pile, results and legal actions. So a loop that shows
// seats Views through one View allocates next to nothing once that storage
// has grown.
// The View it fills shares that storage with what *v held before, and the
// next ViewInto into v overwrites it: a caller that keeps a View across
// calls keeps a copy. It shares nothing with s.
func (s State) ViewInto(v *View, seat int) {
	if !s.validSeat(seat) {
		*v = View{}
		return
	}
	r := &s.g.rules
	// Every field set in turn, in the storage of the slices v holds: the
	// View is built in place, not built aside and copied.
	v.Rules, v.Seat, v.Round, v.Phase, v.Turn, v.ToAct = *r, seat, s.g.round, s.phase, int(s.turn), s.ToAct()
	v.Hand, v.Melds, v.Pile = s.hands[seat].multiset(), s.appendMelds(reuse.Room(v.Melds, int(s.nmelds))), s.appendPile(reuse.Room(v.Pile, int(s.npile)))
	v.StockSize, v.Rebuilds, v.Taken = int(s.nstock), int(s.rebuilds), s.taken
	v.Players, v.Legal = reuse.Len(v.Players, r.Players), reuse.Len(v.Legal, 0)
	for i := range v.Players {
		p := &v.Players[i]
		known, laid := s.knownBy(i), s.laidBy(i)
		p.Seat, p.Name, p.Hand, p.Known = i, r.Names[i], s.hands[i].len(), known.appendCards(reuse.Room(p.Known, known.len()))
		p.Laid, p.Melded, p.Total = laid.appendCards(reuse.Room(p.Laid, laid.len())), s.sum(&r.Values.Melded, laid), s.g.totals[i]
	}
	if v.ToAct == seat {
		if v.Legal = AppendLegal(v.Legal, s); len(v.Legal) == 0 {
			v.Legal = nil // as Legal lists none
		}
	}
	v.Results = reuse.Each(v.Results, s.g.results, func(out *RoundResult, r RoundResult) {
		players := out.Players
		*out = r
		if out.Players = reuse.PlayerScores(players, r.Players); r.Players == nil {
			out.Players = nil // as slices.Clone
		}
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
// rules shows. Its seat is not at the table, or its players are not the
// table's. A count is below zero. Its cards are not the deck's, are shown
// twice, or do not add up to it. It lists legal actions for a seat not to
// act, of another phase, or with cards the hand does not hold. Every error
// wraps [ErrView], and on error v is unchanged.
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
