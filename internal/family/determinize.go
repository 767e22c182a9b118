package family

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/meld"
)

// Seen is what a seat's View in a game of the family shows that a
// Determinize reads the same way in every game: the table, the seat, the
// turn, the cards it places and how many cards are face down, and what
// the turn did since its last fixed point.
type Seen struct {
	Players, Teams int    // at the table, by the rules
	Decks, Jokers  int    // the shoe: decks and jokers per deck
	Shown          [2]int // players and teams the View lists
	Seat, Turn     int
	Round          int
	Phase          Phase
	Placed         []card.Card // every card the View shows: hand, melds, upcard...
	FaceDown       int         // the cards the seat cannot see
	Upcard         card.Card   // the upcard shown
	Pile           int         // the cards in the pile (but the upcard, while Opening)
	TurnHand       int         // the cards in the hand of the player whose turn it is
	// The turn since its last fixed point: the actions played since, the
	// melds of the side whose turn it is now and at the fixed point, and
	// the cards of the player's hand laid since.
	Since        []Action
	Melds, Fixed []meld.RankMeld
	Laid         card.Multiset
}

// Fix is the turn's last fixed point a View stands after, as a
// Determinize deals it: its phase; the upcard being taken, while Opening;
// Back, where the View hides the hand of the player whose turn it is, the
// cards of that hand it knows all the same ([Returned]); and Hidden, that
// the actions since depend on cards the View hides — another seat's hand,
// or the pile being taken (while Opening, how many of its cards join the
// hand decides what the player may lay).
type Fix struct {
	Phase  Phase
	Taking card.Card
	Back   card.Multiset
	Hidden bool
}

// Unseen checks s and returns the cards of the shoe the View does not
// place, shuffled by rng, and the fixed point to deal them at, and "" — or
// what is wrong with the View.
func (s Seen) Unseen(rng *deck.RNG) ([]card.Card, Fix, string) {
	itoa := strconv.Itoa
	var f Fix
	switch {
	case s.Phase < Choosing || s.Phase > Answering:
		return nil, f, "Determinize samples a round in play, and the View is " + s.Phase.String()
	case s.Players < 1 || s.Shown != [2]int{s.Players, s.Teams}:
		return nil, f, "the View shows " + itoa(s.Shown[0]) + " players and " + itoa(s.Shown[1]) + " teams for a table of " +
			itoa(s.Players) + " and " + itoa(s.Teams)
	case s.Seat < 0 || s.Seat >= s.Players || s.Turn < 0 || s.Turn >= s.Players || s.Round < 1:
		return nil, f, "the View is for seat " + itoa(s.Seat) + ", with seat " + itoa(s.Turn) + " to play, in round " + itoa(s.Round)
	}
	var problem string
	if f.Phase, f.Taking, problem = s.fixedPoint(); problem != "" {
		return nil, f, problem
	}
	f.Hidden = len(s.Since) > 0 && s.Phase != Choosing && (s.Seat != s.Turn || s.Phase == Opening)
	if len(s.Since) > 0 && s.Phase != Choosing && s.Seat != s.Turn {
		f.Back = Returned(s.Since, s.Laid)
		s.Placed, s.FaceDown = f.Back.AppendCards(s.Placed), s.FaceDown-f.Back.Len()
	}
	switch {
	case f.Back.Len() > s.TurnHand:
		return nil, f, "the actions since the turn's fixed point took back more cards than the hand holds"
	case s.Upcard == 0 && f.Taking == 0 && (f.Phase == Drawing || s.Pile > 0):
		return nil, f, "the View has no upcard on a pile of " + itoa(s.Pile)
	}
	unseen, problem := s.unseen()
	if problem != "" {
		return nil, f, problem
	}
	cards := unseen.Cards()
	rng.Shuffle(cards)
	return cards, f, ""
}

// unseen returns the cards of the shoe s does not place, or what is wrong:
// s places cards the shoe does not hold, or they and the cards face down
// are not the shoe.
func (s Seen) unseen() (card.Multiset, string) {
	shoe, err := deck.Shoe(s.Decks, s.Jokers)
	var unseen, placed card.Multiset
	if err != nil || unseen.AddCards(shoe) != nil {
		return unseen, "the rules' shoe cannot be made"
	}
	if placed.AddCards(s.Placed) != nil || unseen.RemoveAll(placed) != nil {
		return unseen, "the View places cards the shoe does not hold"
	}
	if unseen.Len() != s.FaceDown {
		return unseen, "the View's counts do not add up: " + strconv.Itoa(unseen.Len()) + " cards unseen for " + strconv.Itoa(s.FaceDown) + " face down"
	}
	return unseen, ""
}

// fixedPoint returns the phase of the turn's last fixed point the View of
// s stands after, and while a pile is taken for the first melds (Opening)
// the upcard being taken, or what is wrong. At a fixed point (no action
// since) the View shows no melds of one and no cards laid since; past
// one, the side's melds now hold those of the fixed point, the cards laid
// since and, while Opening, the upcard, and nothing else.
func (s Seen) fixedPoint() (Phase, card.Card, string) {
	if len(s.Since) == 0 || s.Phase == Choosing {
		switch {
		case len(s.Fixed) > 0 || !s.Laid.IsEmpty():
			return 0, 0, "the View shows melds of a fixed point and cards laid since, with no action since"
		case s.Phase == Opening || s.Phase == Answering:
			return 0, 0, "the View is " + s.Phase.String() + " with no action since the turn's fixed point"
		}
		return s.Phase, 0, ""
	}
	if s.Phase == Drawing {
		return 0, 0, "the start of a turn is a fixed point, and the View lists actions since"
	}
	var now, then card.Multiset
	for _, m := range s.Melds {
		_ = now.AddAll(m.Multiset())
	}
	for _, m := range s.Fixed {
		if then.AddAll(m.Multiset()) != nil {
			return 0, 0, "the View's melds of the fixed point hold too many cards"
		}
	}
	if now.RemoveAll(then) != nil || now.RemoveAll(s.Laid) != nil {
		return 0, 0, "the team's melds do not hold those of the turn's fixed point and the cards laid since"
	}
	switch {
	case s.Phase != Opening && now.IsEmpty():
		return Melding, 0, ""
	case s.Phase == Opening && now.Len() == 1:
		return Drawing, now.Next(1), ""
	}
	return 0, 0, "the team's melds hold cards neither of the turn's fixed point nor laid since, but for the upcard taken while Opening"
}

// Returned returns the cards of the hand of the player whose turn it is
// that every seat knows are in it, beyond laid, the cards laid since the
// turn's fixed point: those the meld steps since laid, and a take-back
// after them put back in the hand (since, the actions since, names them).
// A Determinize for another seat places them in that hand, and deals the
// rest of it: they are the Back of its [Fix].
func Returned(since []Action, laid card.Multiset) card.Multiset {
	known, net := laid, card.Multiset{} // net: laid since the last take-back
	var buf [32]card.Card
	for _, a := range since {
		switch a.Kind {
		case TakeBack:
			net = card.Multiset{}
		case Meld, Add:
			_ = net.AddCards(a.AppendCards(buf[:0]))
		case LayRed:
			_ = net.Add(a.Card)
		}
		for c, n := range net.Kinds() {
			_ = known.AddN(c, max(n-known.Count(c), 0))
		}
	}
	_ = known.RemoveAll(laid)
	return known
}

// StockOut is what is wrong with a position at the start of a turn in
// which the stock is empty and the player cannot take the pile: the round
// would be over.
const StockOut = "the stock is empty and the player cannot take the pile: the round is over"

// ResampleTries is the most deals [Resample] tries for a turn that begins
// with the stock empty, and RedealTries for the actions since a turn's
// fixed point.
const (
	ResampleTries = 10_000
	RedealTries   = 1_000
)

// Resample returns the State deal builds from the unseen cards, shuffled
// anew by rng while deal refuses them for what the hidden cards decide:
// [StockOut], or an error it marks with [Redeal]. A View of a turn that
// begins with the stock empty says the player to draw can take the pile
// (else the round would be over), which a deal of that player's hidden
// hand may not grant; and in the middle of a turn, the actions since the
// fixed point say what a hidden hand could do (ask to go out, take the
// pile for the first melds), which a deal may not grant. Every other
// refusal comes back at once, as does the last after ResampleTries deals
// (RedealTries for Redeal's). deal gets its own copy of the cards each
// time.
func Resample[S any](rng *deck.RNG, cards []card.Card, deal func([]card.Card) (S, error)) (S, error) {
	for try := 1; ; try++ {
		s, err := deal(slices.Clone(cards))
		again, redealt := err.(redeal)
		switch {
		case err == nil:
			return s, nil
		case redealt && try >= RedealTries:
			return s, again.error
		case !redealt && (try >= ResampleTries || !strings.HasSuffix(err.Error(), StockOut)):
			return s, err
		}
		rng.Shuffle(cards)
	}
}

// Redeal marks err, a refusal of the actions since a turn's fixed point
// by a State dealt from cards the View hides (see [Fix].Hidden), for
// [Resample] to deal again; nil stays nil.
func Redeal(err error) error {
	if err == nil {
		return nil
	}
	return redeal{err}
}

type redeal struct{ error }

// Dealt returns s, the State a Determinize dealt at the turn's fixed point
// from seat's View v, after it plays the actions since (apply) — or an
// error of package pkg wrapping rule: the one an action gives, or one that
// names the first field in which the State's View for seat (view) is not
// v, marked with [Redeal] where the actions depend on cards v hides
// (hidden: a take of the pile lays the lowest suits of the hand, which the
// hidden ones may change). The Views' rounds scored (a field Results) are
// not compared: the State holds a copy of v's, long to compare.
func Dealt[S any, A interface{ String() string }, V any](pkg string, rule error, s S, since []A, apply func(S, A) (S, error),
	hidden bool, v V, seat int, view func(S, int) V) (S, error) {
	s, err := ReplayActions(pkg, rule, s, since, apply)
	if err == nil {
		if diff := Unlike(v, view(s, seat), "Results"); diff != "" {
			err = errs.New(pkg, rule, "the View is not what its own position shows: its "+diff+" differs")
		}
	}
	if err != nil {
		var zero S
		if hidden {
			err = Redeal(err)
		}
		return zero, err
	}
	return s, nil
}

// Unlike returns the name of the first field in which a and b, two structs
// of one type, differ, or "" when they are deeply equal, a nil slice and an
// empty one alike: whether a Determinize gave back the View it was given
// (one read from JSON may hold empty slices where the State's holds nil
// ones). The fields named skip are not compared. The fields are exported,
// and hold no interface values.
func Unlike(a, b any, skip ...string) string {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range x.NumField() {
		if name := x.Type().Field(i).Name; !slices.Contains(skip, name) && !alike(x.Field(i), y.Field(i)) {
			return name
		}
	}
	return ""
}

// alike is Unlike's deep equality, comparing what it can with ==: a
// field-by-field walk of a card.Multiset's counts would cost more than
// the rest of a View.
func alike(a, b reflect.Value) bool {
	if a.Type().Comparable() {
		return a.Interface() == b.Interface()
	}
	switch a.Kind() {
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.Pointer() == b.Pointer() {
			return true // one array
		}
		fallthrough
	case reflect.Array:
		for i := range a.Len() {
			if !alike(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !alike(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface()) // maps and funcs: none in a View
}
