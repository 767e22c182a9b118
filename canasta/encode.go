package canasta

import (
	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// layout returns the action ids of r: one for each step the rules tell
// apart (no caps). Its checks are the few the ids and the observation
// need, which allocate nothing: [Rules.Shape] checks the rules in full.
func (r *Rules) layout() (family.Layout, error) {
	if r.Players < 2 || r.Players > MaxPlayers || r.Teams < 1 || r.Teams > r.Players ||
		r.Decks < 1 || r.Decks > MaxDecks || r.JokersPerDeck < 0 || r.JokersPerDeck > MaxJokersPerDeck {
		return family.Layout{}, errs.New(pkg, ErrEncoding, "the rules have no encodings: "+itoa(r.Players)+" players in "+
			itoa(r.Teams)+" teams, "+itoa(r.Decks)+" decks of "+itoa(r.JokersPerDeck)+" jokers")
	}
	return family.NewLayout(family.LayoutRules{
		Pkg: pkg, Kinds: kinds, Policy: r.Meld, Decks: r.Decks, JokersPerDeck: r.JokersPerDeck,
		TakeWith: true, Targets: 1,
	})
}

// observed returns the number of values of an observation under r.
func (r *Rules) observed() int {
	p, t := r.Players, r.Teams
	return 3*family.CardPlane + t*(family.MeldPlane+teamScalars) + p*playerScalars +
		2 + phases + 2*p + 5 + p + 1
}

// The values of each team and each player, and the phases, in an
// observation.
const (
	teamScalars   = 7
	playerScalars = 2
	phases        = 7
)

// Shape is the size of r's encodings for learning programs (see the
// package doc): its action ids, and its observation, a vector. Rules
// [Rules.Validate] refuses, or whose ids would reach 10,000, are an error
// wrapping [ErrEncoding].
func (r Rules) Shape() (cardrules.Shape, error) {
	if err := r.Validate(); err != nil {
		return cardrules.Shape{}, errs.Wrap(pkg, ErrEncoding, "the rules have no encodings", err)
	}
	l, err := r.layout()
	if err != nil {
		return cardrules.Shape{}, err
	}
	return cardrules.Shape{Actions: l.Actions(), Observation: []int{r.observed()}}, nil
}

// Shape is the size of the encodings of s's rules, as [Rules.Shape].
func (s State) Shape() (cardrules.Shape, error) { return s.Rules().Shape() }

// ActionID returns a's id under s's rules (see the package doc): it
// depends on the rules alone. An action no constructor builds is an error
// wrapping [ErrEncoding].
func (s State) ActionID(a Action) (int, error) {
	l, err := s.rd().rules.layout()
	return codec.ID(l, err, a)
}

// ActionOf returns the first of s's legal actions, in [Legal]'s order,
// whose id is id. An id no legal action has is an error wrapping
// [ErrEncoding].
func (s State) ActionOf(id int) (Action, error) {
	l, err := s.rd().rules.layout()
	return codec.StateActionOf(l, err, s, id)
}

// Mask sets dst[id] for the id of each of s's legal actions, for the
// seat to act, and clears the others. dst must be Shape().Actions long,
// or it is an error wrapping [ErrEncoding].
func (s State) Mask(dst []bool) error {
	l, err := s.rd().rules.layout()
	return codec.StateMask(l, err, s, dst)
}

// codec is how the encodings read the package's actions and States.
var codec = family.Codec[Action, State]{Legal: AppendLegal, Fam: func(a Action) family.Action { return a.f }, Valid: Action.valid}

// Shape is the size of the encodings of v's rules, as [Rules.Shape].
func (v *View) Shape() (cardrules.Shape, error) { return v.Rules.Shape() }

// ActionID returns a's id under v's rules, as [State.ActionID].
func (v *View) ActionID(a Action) (int, error) {
	l, err := v.Rules.layout()
	return codec.ID(l, err, a)
}

// ActionOf returns the first of v's legal actions whose id is id, as
// [State.ActionOf]: a View lists legal actions only for the seat to act.
func (v *View) ActionOf(id int) (Action, error) {
	l, err := v.Rules.layout()
	return codec.ActionOf(l, err, v.Legal, id)
}

// Mask sets dst[id] for the id of each of v's legal actions and clears
// the others, as [State.Mask]. A View of a seat not to act lists none.
func (v *View) Mask(dst []bool) error {
	l, err := v.Rules.layout()
	return codec.Mask(l, err, v.Legal, dst)
}

// Observe writes v's observation tensor into dst, which must be
// Shape().Size() long (or it is an error wrapping [ErrEncoding]). The
// package doc lists its values. It allocates nothing.
func (v *View) Observe(dst []float32) error {
	r := &v.Rules
	l, err := r.layout()
	if err != nil {
		return err
	}
	n := r.observed()
	if err := l.Buffer("observation", len(dst), n); err != nil {
		return err
	}
	if len(v.Players) != r.Players || len(v.Teams) != r.Teams || v.Seat < 0 || v.Seat >= r.Players || v.Team < 0 || v.Team >= r.Teams {
		return errs.New(pkg, ErrEncoding, "the View lists "+itoa(len(v.Players))+" players and "+itoa(len(v.Teams))+
			" teams, and its rules seat "+itoa(r.Players)+" in "+itoa(r.Teams)+"; its seat is "+itoa(v.Seat)+" of team "+itoa(v.Team))
	}
	clear(dst)
	o := family.Obs{Dst: dst}
	o.Cards(&v.Hand)
	o.Cards(&v.PileCards)
	o.Card(v.Upcard)
	for k := range r.Teams {
		o.Melds(v.Teams[(v.Team+k)%r.Teams].Melds, r.Meld.CanastaSize)
	}
	for k := range r.Teams {
		t := &v.Teams[(v.Team+k)%r.Teams]
		o.Bool(t.Down)
		o.Bool(t.Frozen)
		o.Int(t.Minimum, 100)
		o.Int(t.Total, 1000)
		o.Int(t.Canastas.Natural, 1)
		o.Int(t.Canastas.Mixed, 1)
		o.Int(len(t.RedThrees), 1)
	}
	for k := range r.Players {
		p := &v.Players[(v.Seat+k)%r.Players]
		o.Int(p.Hand, 1)
		o.Bool(p.Melded)
	}
	o.Int(v.StockSize, 1)
	o.Int(v.PileSize, 1)
	o.OneHot(int(v.Phase)-1, phases)
	o.OneHot(family.Rel(v.ToAct, v.Seat, r.Players), r.Players)
	o.OneHot(family.Rel(v.Turn, v.Seat, r.Players), r.Players)
	o.Bool(v.Asked)
	o.Bool(v.Answer > 0)
	o.Bool(v.Answer < 0)
	o.Bool(v.Late)
	o.Int(v.LaidThisTurn, 100)
	o.OneHot(family.Rel(v.LoneHand, v.Seat, r.Players), r.Players)
	o.Int(v.Round, 100)
	if o.N != n {
		return errs.New(pkg, ErrEncoding, "the observation wrote "+itoa(o.N)+" values of "+itoa(n))
	}
	return nil
}
