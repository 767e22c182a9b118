package score

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// Scheme is how a game counts cards at the end of a hand or round: what each
// card is worth on the table and what it costs left in a hand.
//
// Melded gives the points a card adds when it is on the table at the end
// (melded, or laid off). Held gives the signed points a card adds when it is
// left in a hand (or, in Hand and Foot, a foot): negative numbers, so a score
// is always a sum. Bonuses (canastas, going out, red threes) are not card
// values: each game applies its own.
//
// A Scheme is comparable. The zero Scheme counts every card 0.
type Scheme struct {
	Melded Table `json:"melded"` // points a card on the table adds at the end
	Held   Table `json:"held"`   // signed points (negative) a card left in a hand or foot adds
}

// Tally is a hand's card count under a [Scheme]: the points of the cards on
// the table and the (negative) points of the cards left in hand.
type Tally struct {
	Melded int `json:"melded"` // sum of Scheme.Melded over the cards on the table
	Held   int `json:"held"`   // sum of Scheme.Held over the cards left in hand; usually negative
}

// Total returns Melded + Held.
func (t Tally) Total() int { return t.Melded + t.Held }

// Tally counts melded, the cards a player or team has on the table, with
// s.Melded, and held, the cards left in hand (and foot), with s.Held.
// It allocates nothing.
func (s Scheme) Tally(melded, held card.Multiset) Tally {
	return Tally{Melded: s.Melded.Sum(melded), Held: s.Held.Sum(held)}
}

// Uniform returns the scheme of the games where a card left in hand costs
// exactly what it is worth on the table (Canasta, Rummy): Held is Melded
// negated.
func Uniform(t Table) Scheme { return Scheme{Melded: t, Held: t.Negated()} }

// UnmarshalJSON implements [json.Unmarshaler]. It reads the object the
// default encoding writes, {"melded": {...}, "held": {...}} (the keys in
// any case, so {"Melded": ...} of earlier versions too), and also one [Table]'s object, as the Rules of Canasta and
// Rummy wrote their card values before they were a Scheme, read as
// [Uniform] of it. On error s is unchanged.
func (s *Scheme) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return errs.Wrap("score", ErrTable, "card values must be a JSON object", err)
	}
	scheme := len(m) == 0
	for k := range m {
		scheme = scheme || strings.EqualFold(k, "Melded") || strings.EqualFold(k, "Held")
	}
	if !scheme {
		var t Table
		if err := t.UnmarshalJSON(data); err != nil {
			return err
		}
		*s = Uniform(t)
		return nil
	}
	type plain Scheme // the default decoding, without this method
	var v plain
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*s = Scheme(v)
	return nil
}
