package family

import (
	"strconv"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Desc is the family's part of a game's plain position description: the
// turn, the pile, the melds and the turn's fixed point, as data. A game's
// Position carries these fields under the same names.
type Desc struct {
	Phase     Phase
	Resume    Phase // Answering: the phase the turn goes back to
	Turn      int
	Pile      []card.Card // the discard pile, the upcard last
	Taking    card.Card   // Opening: the upcard being taken, which lies on a meld
	Melds     []DescMeld  // in the order laid
	Down      []bool      // per side
	Question  string      // "", "asked", "yes", "no" or "late"
	Laid      int
	BackHand  card.Multiset
	BackMelds []DescMeld
	BackLaid  int
}

// DescMeld is a meld of a description and the side it belongs to. A game's
// own type of the same fields converts to it.
type DescMeld struct {
	Team int
	Meld meld.RankMeld
}

var questionNames = [...]string{"", "asked", "yes", "no", "late"}

// Describe returns the family's part of t's description (new slices).
func (t *Table) Describe(sides int) Desc {
	d := Desc{
		Phase: t.Phase, Turn: int(t.Turn),
		Question: questionNames[t.Question],
		Laid:     t.Laid, BackHand: t.BackHand, BackLaid: t.BackLaid,
		Melds: descMelds(t.Melds), BackMelds: descMelds(t.BackMelds),
	}
	if t.Phase == Answering {
		d.Resume = t.Back
	}
	// The pile: every card but the upcard, then the upcard.
	rest := t.Pile
	if t.Phase != Opening && t.Upcard != 0 {
		_ = rest.Remove(t.Upcard)
	}
	d.Pile = rest.AppendCards(nil)
	if t.Phase == Opening {
		d.Taking = t.Upcard
	} else if t.Upcard != 0 {
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
// and adds their cards to all (the taken upcard, which lies on a meld,
// once). It returns what is wrong, if anything, and for a meld that breaks
// a meld rule the meld package's error. The game has set the phase.
func (t *Table) RestoreCards(c *Config, d Desc, all *card.Multiset) (problem string, cause error) {
	if all.AddCards(d.Pile) != nil || t.Pile.AddCards(d.Pile) != nil {
		return "invalid or too many cards in the pile", nil
	}
	if len(d.Pile) > 0 {
		t.Upcard = d.Pile[len(d.Pile)-1]
	}
	if (d.Taking != 0) != (d.Phase == Opening) {
		return "Taking is the upcard being taken, set exactly while Opening", nil
	}
	if d.Phase == Opening {
		if !d.Taking.IsValid() || all.Add(d.Taking) != nil {
			return "invalid Taking card", nil
		}
		// The taken upcard lies on a meld: it is counted there below.
		_ = all.Remove(d.Taking)
		t.Upcard = d.Taking
	}
	if t.Melds, problem, cause = checkMelds(c, d.Melds, all); problem != "" {
		return problem, cause
	}
	var backAll card.Multiset
	if t.BackMelds, problem, cause = checkMelds(c, d.BackMelds, &backAll); problem != "" {
		return "BackMelds: " + problem, cause
	}
	return "", nil
}

// checkMelds checks a description's melds and adds their cards to all.
func checkMelds(c *Config, ms []DescMeld, all *card.Multiset) ([]TableMeld, string, error) {
	out := make([]TableMeld, 0, len(ms))
	for i, tm := range ms {
		n := strconv.Itoa(i + 1)
		if tm.Team < 0 || tm.Team >= c.Sides {
			return nil, "meld " + n + " belongs to no team", nil
		}
		if err := c.Meld.Validate(tm.Meld); err != nil {
			return nil, "meld " + n, err
		}
		if all.AddAll(tm.Meld.Multiset()) != nil {
			return nil, "too many cards", nil
		}
		out = append(out, TableMeld{Side: uint8(tm.Team), M: tm.Meld})
	}
	return out, "", nil
}

// RestoreTurn sets the turn's state from d after checking it against the
// rest of t: the sides that are down, the going-out question and the phase
// it interrupts, the points laid and the turn's fixed point. The game has
// set the phase, the turn, the hands and the cards.
func (t *Table) RestoreTurn(c *Config, d Desc) string {
	for side, down := range d.Down {
		if down {
			t.Down |= 1 << side
		}
	}
	for _, tm := range d.Melds {
		if !t.IsDown(tm.Team) && d.Phase != Opening && d.Phase != Melding {
			return "team " + strconv.Itoa(tm.Team) + " has melds but is not down"
		}
	}
	q := -1
	for i, name := range questionNames {
		if name == d.Question {
			q = i
		}
	}
	switch {
	case q < 0:
		return "Question must be \"\", \"asked\", \"yes\", \"no\" or \"late\""
	case q != 0 && (!c.AskPartner || c.Partner(d.Turn) < 0):
		return "no going-out question is asked under these rules at this seat"
	case (q == int(Asked)) != (d.Phase == Answering):
		return "the question is \"asked\" exactly while Answering"
	case q == int(AnsweredYes) && d.Phase != Melding:
		return "a yes binds the player only while melding"
	}
	t.Question = Question(q)
	if d.Phase == Answering {
		if d.Resume != Melding {
			return "Resume must be melding while Answering: the question is asked after drawing"
		}
		t.Back = d.Resume
		t.ToAct = uint8(c.Partner(d.Turn))
	} else if d.Resume != 0 {
		return "Resume is only for the Answering phase"
	}
	t.Laid, t.BackHand, t.BackLaid = d.Laid, d.BackHand, d.BackLaid
	if (t.Question == Asked || t.Question == AnsweredYes) && !t.CanGoOut(c) {
		return "the question is asked only by a player who can go out this turn"
	}
	if d.Phase == Melding || d.Phase == Opening || (d.Phase == Answering && d.Resume == Melding) {
		// TakeBack must return exactly the cards laid since the fixed point.
		now, then := t.Hands[d.Turn], t.BackHand
		for _, tm := range t.Melds {
			_ = now.AddAll(tm.M.Multiset())
		}
		for _, tm := range t.BackMelds {
			_ = then.AddAll(tm.M.Multiset())
		}
		if d.Phase == Opening {
			_ = then.Add(d.Taking)
		}
		if now != then {
			return "BackHand and BackMelds hold other cards than the hand and melds: " + DiffCards(then, now)
		}
	}
	if d.Phase == Drawing && t.StockLeft(c) == 0 && !t.CanTakePile(c) {
		return "the stock is empty and the player cannot take the pile: the round is over"
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
