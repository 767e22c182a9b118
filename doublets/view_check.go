package doublets

import (
	"errors"
	"slices"
)

// check returns an error naming what no game under v's rules shows in v,
// or nil. The rules are valid. A View of Doublets is one a game shows when
// a State the View could be of ([Determinize]) gives it back: every card
// shown is one of the deck's 52, shown once, and with the stock they make
// the deck; the position is one [FromPosition] takes; and the seat, the
// seat to act, the pass, the rank needed, the score, whether the game is
// over or won, and the legal actions are what that position shows.
func (v *View) check() error {
	s, err := Determinize(*v, 0)
	if err != nil {
		return err
	}
	w := s.View(0)
	for _, f := range [...]struct {
		name string
		same bool
	}{
		{"seat", v.Seat == w.Seat},
		{"toAct", v.ToAct == w.ToAct},
		{"stockSize", v.StockSize == w.StockSize},
		{"pass", v.Pass == w.Pass},
		{"waste", slices.Equal(v.Waste, w.Waste)},
		{"reserve", v.Reserve == w.Reserve},
		{"foundation", slices.Equal(v.Foundation, w.Foundation)},
		{"needed", v.Needed == w.Needed},
		{"score", v.Score == w.Score},
		{"over", v.Over == w.Over},
		{"won", v.Won == w.Won},
		{"legal", slices.Equal(v.Legal, w.Legal)},
	} {
		if !f.same {
			return errors.New("the View's " + f.name + " is not what its cards show")
		}
	}
	return nil
}
