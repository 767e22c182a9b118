package doublets

import (
	"encoding/json"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/internal/reuse"
)

// View is what the player sees of a game: everything but the order of the
// stock, which is a count. (The waste is shown whole: every card of it was
// seen when it was turned.) Two States that differ only in the order of
// their stocks give equal Views.
//
// Its JSON follows the library's convention: lowerCamel keys, cards as
// card strings, and the rules as the preset's name ("aisleriot") when they
// are one of [Presets], in full otherwise.
type View struct {
	Rules Rules `json:"rules"`
	Seat  int   `json:"seat"`  // 0: Doublets has one player
	ToAct int   `json:"toAct"` // 0 while the game goes on, -1 once it is over
	// StockSize is how many cards the stock holds; Pass the pass through
	// it the player is on, from 1 to Rules.Passes.
	StockSize int `json:"stockSize"`
	Pass      int `json:"pass"`
	// Waste is the waste, bottom card first: its last card may be played.
	Waste []card.Card `json:"waste"`
	// Reserve is the seven slots, indexed 0 to 6 ("play 1" in text plays
	// index 0); 0 marks an empty slot ("" in JSON).
	Reserve [Slots]card.Card `json:"reserve"`
	// Foundation is the foundation, its first card first; Needed the rank
	// it takes next (0 once won; in JSON its notation, "" once won).
	Foundation []card.Card `json:"foundation"`
	Needed     card.Rank   `json:"needed"`
	Score      int         `json:"score"` // the cards on the foundation: Totals()[0]
	Over       bool        `json:"over"`
	Won        bool        `json:"won"`
	// Legal is the legal actions, in [Legal]'s order.
	Legal []Action `json:"legal"`
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
// rules shows: cards not of the deck, shown twice or not adding up to it
// with the stock, a position [FromPosition] refuses, or a seat, pass,
// score or legal actions other than the cards show. Every error wraps
// [ErrView], and on error v is unchanged.
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

// View returns what the player (seat 0) sees of s: the zero View for
// another seat or the zero State. It is [State.ViewInto] on a fresh View:
// what it returns shares nothing with s or another View.
func (s State) View(seat int) View {
	var v View
	s.ViewInto(&v, seat)
	return v
}

// ViewInto sets *v to s.View(seat), equal to it down to which slices are
// nil, in the storage of the slices *v holds (waste, foundation, legal
// actions): a loop that reuses one View allocates nothing once that
// storage has grown. The View it fills shares that storage with what *v
// held before, and the next ViewInto into v overwrites it: a caller that
// keeps a View across calls keeps a copy. It shares nothing with s.
func (s State) ViewInto(v *View, seat int) {
	if s.g == nil || seat != 0 {
		*v = View{}
		return
	}
	*v = View{
		Rules: s.g.rules, ToAct: s.ToAct(), StockSize: s.StockSize(), Pass: int(s.pass),
		Waste: reuse.Copy(v.Waste, s.talon[:s.w]), Reserve: s.reserve,
		Foundation: reuse.Copy(v.Foundation, s.found[:s.count]), Needed: s.Needed(),
		Score: s.points(), Over: s.Over(), Won: s.Won(), Legal: AppendLegal(reuse.Room(v.Legal, 4), s),
	}
}
