package canasta

// Helpers of the rule-by-rule scenario tests (rules_test.go and the other
// rules_*_test.go files): a builder of exact positions, a shoe order
// for Deal, actions that must be accepted or refused, and checks that fail
// with readable messages. Every name starts with "sc".

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// Where the cards of the shoe that a scenario does not place go.
const (
	scToStock   = -1 // under the stock's given top (the default)
	scUnderPile = -2 // under the discard pile's given cards
)

// scTable builds one exact position, a fixed point of a turn:
//
//	s := scAt(t, Classic()).
//		hand(0, "9C 9D 5S").
//		meld(0, "KC KD KH").
//		pile("8D 9H").
//		stock("7C").
//		build()
//
// Defaults: round 1 with every total 0, seat 0 to play, Drawing, a team
// down exactly when it has a meld, every seat of it having melded, no red
// threes laid out. A seat given no
// hand holds one filler card (a black three while the shoe has one), and
// so does the pile at the start of a turn, where it is never empty. The
// cards nowhere else go under the given top of the stock, in card order;
// with restTo(scUnderPile) under the pile instead (a pile that then holds
// wild cards), and with restTo(seat) into that seat's hand, its red threes
// laid out for the seat's team. then adds actions FromPosition
// replays. A card placed more often than the shoe holds it, or a position
// FromPosition refuses, fails the test at once.
type scTable struct {
	t        testing.TB
	p        Position
	left     card.Multiset // the shoe's cards not placed yet
	top      []card.Card   // the stock's top, drawn first
	discards []card.Card   // the pile, bottom first
	rest     int
}

// scAt starts a position under r.
func scAt(t testing.TB, r Rules) *scTable {
	t.Helper()
	shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
	if err != nil {
		t.Fatalf("scAt: %v", err)
	}
	b := &scTable{t: t, rest: scToStock}
	_ = b.left.AddCards(shoe)
	b.p = Position{Rules: r, Round: 1, Phase: Drawing, Totals: make([]int, r.Teams),
		Hands: make([][]card.Card, r.Players), RedThrees: make([][]card.Card, r.Teams)}
	return b
}

// use takes cards out of the shoe for where, the test's words.
func (b *scTable) use(cards, where string) []card.Card {
	b.t.Helper()
	cs := scCards(b.t, cards)
	for _, c := range cs {
		if err := b.left.Remove(c); err != nil {
			b.t.Fatalf("scAt: %s: no %v left in the shoe", where, c)
		}
	}
	return cs
}

// The builder's steps; each returns the builder.

func (b *scTable) hand(seat int, cards string) *scTable {
	b.p.Hands[seat] = append(b.p.Hands[seat], b.use(cards, "hand "+itoa(seat))...)
	return b
}
func (b *scTable) meld(team int, melds ...string) *scTable {
	for _, cards := range melds {
		b.p.Melds = append(b.p.Melds, TeamMeld{team, scOf[meld.RankMeld](b.t)(meld.Collect(b.use(cards, "meld")))})
	}
	return b
}
func (b *scTable) reds(team int, cards string) *scTable {
	b.p.RedThrees[team] = append(b.p.RedThrees[team], b.use(cards, "red threes")...)
	return b
}
func (b *scTable) pile(cards string) *scTable  { b.discards = b.use(cards, "pile"); return b }
func (b *scTable) stock(cards string) *scTable { b.top = b.use(cards, "stock"); return b }
func (b *scTable) restTo(where int) *scTable   { b.rest = where; return b }
func (b *scTable) melding() *scTable           { b.p.Phase = Melding; return b }
func (b *scTable) turn(seat int) *scTable      { b.p.Turn = seat; return b }

// lone makes seat Cutthroat's lone hand (Position.LoneHand): the partners'
// melds are then the lower seat's team's.
func (b *scTable) lone(seat int) *scTable { b.p.LoneHand = &seat; return b }

// melded says which seats have melded this round (Position.Melded); by
// default every seat of a team that has melds.
func (b *scTable) melded(seats ...int) *scTable {
	b.p.Melded = make([]bool, b.p.Rules.Players)
	for _, seat := range seats {
		b.p.Melded[seat] = true
	}
	return b
}

// totals sets the teams' totals before the round, which is then round 2
// at least: round 1 scored them all.
func (b *scTable) totals(ts ...int) *scTable {
	if len(ts) != len(b.p.Totals) {
		b.t.Fatalf("scAt: %d totals for %d teams", len(ts), len(b.p.Totals))
	}
	copy(b.p.Totals, ts)
	b.p.Round = max(b.p.Round, 2)
	return b
}

// round sets the round's number; the rounds before it scored nothing but
// the totals, all in round 1.
func (b *scTable) round(n int) *scTable { b.p.Round = n; return b }

// rng sets the generator that shuffles the next round: deck.NewRNG(seed).
func (b *scTable) rng(seed uint64) *scTable { b.p.RNG = deck.NewRNG(seed); return b }

func (b *scTable) then(as ...Action) *scTable {
	b.p.Actions = append(b.p.Actions, as...)
	return b
}

// position returns the Position build restores.
func (b *scTable) position() Position {
	p := b.p
	r := p.Rules
	left := b.left
	p.Hands = make([][]card.Card, r.Players)
	p.RedThrees = make([][]card.Card, r.Teams)
	for team := range r.Teams {
		p.RedThrees[team] = append([]card.Card{}, b.p.RedThrees[team]...)
	}
	shoe, _ := deck.Shoe(r.Decks, r.JokersPerDeck)
	for seat := range r.Players {
		p.Hands[seat] = append([]card.Card{}, b.p.Hands[seat]...)
		for _, c := range append(scCards(b.t, "3C 3S"), shoe...) {
			if len(p.Hands[seat]) > 0 {
				break
			}
			if !meld.IsRedThree(c) && left.Remove(c) == nil {
				p.Hands[seat] = append(p.Hands[seat], c)
			}
		}
	}
	discards := b.discards
	if len(discards) == 0 && b.rest != scUnderPile && p.Phase == Drawing {
		// A turn starts on the last one's discard: a black three, which
		// no one can take, while the shoe has one.
		for _, c := range append(scCards(b.t, "3C 3S"), shoe...) {
			if !meld.IsRedThree(c) && left.Remove(c) == nil {
				discards = []card.Card{c}
				break
			}
		}
	}
	rest := left.AppendCards(nil) // the cards placed nowhere, in card order
	p.Stock = append([]card.Card{}, b.top...)
	p.Pile = nil
	switch b.rest {
	case scToStock:
		p.Stock = append(p.Stock, rest...)
	case scUnderPile:
		p.Pile = rest
	default:
		team := r.teamOf(b.rest)
		for _, c := range rest {
			if meld.IsRedThree(c) {
				p.RedThrees[team] = append(p.RedThrees[team], c)
			} else {
				p.Hands[b.rest] = append(p.Hands[b.rest], c)
			}
		}
	}
	p.Pile = append(p.Pile, discards...)
	p.Down = make([]bool, r.Teams)
	for team := range p.Down {
		p.Down[team] = slices.ContainsFunc(p.Melds, func(m TeamMeld) bool { return m.Team == team })
	}
	p.Results = nil
	for n := 1; n < p.Round; n++ {
		res := RoundResult{Number: n, WentOut: -1}
		for team, total := range p.Totals {
			ts := TeamScore{Team: team, Total: total}
			if n == 1 {
				ts.Points, ts.Breakdown = total, score.Breakdown{{Item: ItemMelded, Points: total}}
			}
			res.Teams = append(res.Teams, ts)
		}
		p.Results = append(p.Results, res)
	}
	return p
}

// build restores the position, failing the test if FromPosition refuses it.
func (b *scTable) build() State {
	b.t.Helper()
	return scOf[State](b.t)(FromPosition(b.position()))
}

// scShoe returns an order of r's shoe for Deal: the cards at is gives
// (index 0 is the top card, dealt first) in their places, and every other
// place filled from the rest of the shoe, its plain cards first in
// deck.Shoe's order, then the wild cards and red threes.
func scShoe(t testing.TB, r Rules, at map[int]string) []card.Card {
	t.Helper()
	shoe := scOf[[]card.Card](t)(deck.Shoe(r.Decks, r.JokersPerDeck))
	left := scOf[card.Multiset](t)(card.MultisetOf(shoe...))
	order := make([]card.Card, len(shoe))
	for i, s := range at {
		order[i] = card.MustParse(s)
		if left.Remove(order[i]) != nil {
			t.Fatalf("scShoe: no %s left for place %d", s, i)
		}
	}
	var fill []card.Card
	for _, plain := range []bool{true, false} {
		for _, c := range shoe {
			if (meld.IsWild(c) || meld.IsRedThree(c)) != plain && left.Remove(c) == nil {
				fill = append(fill, c)
			}
		}
	}
	for i := range order {
		if order[i] == 0 {
			order[i], fill = fill[0], fill[1:]
		}
	}
	return order
}

// scShuffled returns r's shoe shuffled as a game shuffles it with a
// generator from seed (New's first round, or a later round's after a
// position's RNG).
func scShuffled(t testing.TB, r Rules, seed uint64) []card.Card {
	shoe := scOf[[]card.Card](t)(deck.Shoe(r.Decks, r.JokersPerDeck))
	rng := deck.NewRNG(seed)
	rng.Shuffle(shoe)
	return shoe
}

// scCards parses a list of cards such as "7H 10S JK" ("" is none); scSet
// as a multiset; scCard one card. The tests' card lists are constants.
func scCards(_ testing.TB, s string) []card.Card { return card.MustParseCards(s) }
func scCard(s string) card.Card                  { return card.MustParse(s) }

func scSet(t testing.TB, s string) card.Multiset {
	return scOf[card.Multiset](t)(card.MultisetOf(card.MustParseCards(s)...))
}

// scOf returns a function that passes on a value and fails the test on an
// error: scOf[Action](t)(Discard(c)).
func scOf[V any](t testing.TB) func(V, error) V {
	return func(v V, err error) V {
		if err != nil {
			t.Fatalf("building a test value: %v", err)
		}
		return v
	}
}

// scRefused returns a function that fails the test unless the error it is
// given (a constructor's, after its value) wraps want: what names the
// call, as in scRefused[Action](t, "Meld(2C 2D JK)", ErrMeld)(Meld(...)).
func scRefused[V any](t testing.TB, what string, want error) func(V, error) {
	return func(_ V, err error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", what, err, want)
		}
	}
}

// Actions from the tests' card lists.
func scMeld(t testing.TB, cards string) Action {
	return scOf[Action](t)(Meld(card.MustParseCards(cards)...))
}
func scAdd(t testing.TB, rank card.Rank, cards string) Action {
	return scOf[Action](t)(Add(rank, card.MustParseCards(cards)...))
}
func scDiscard(t testing.TB, c string) Action  { return scOf[Action](t)(Discard(card.MustParse(c))) }
func scTakeWith(t testing.TB, w string) Action { return scOf[Action](t)(TakeWith(card.MustParse(w))) }

// scListed reports whether Legal(s) lists a or an action the rules cannot
// tell from it (the same counts of cards on the same meld).
func scListed(s State, a Action) bool {
	return slices.ContainsFunc(Legal(s), func(l Action) bool { return Equivalent(l, a) })
}

// scOK applies each action in turn; each must be listed by Legal and
// accepted.
func scOK(t testing.TB, s State, as ...Action) State {
	t.Helper()
	for _, a := range as {
		if !scListed(s, a) {
			t.Errorf("Legal in phase %v does not list %v: %v", s.Phase(), a, Legal(s))
		}
		next, err := Apply(s, a)
		if err != nil {
			t.Fatalf("%v refused in phase %v: %v", a, s.Phase(), err)
		}
		s = next
	}
	return s
}

// scNo applies a, which must be refused with an error of the package's one
// shape, "canasta: rule: detail" on one line, whose rule is want[0], and
// which matches each of want with errors.Is. The State returned must be
// Equal to s, s must be left as it was, and Legal must not list a.
func scNo(t testing.TB, s State, a Action, want ...error) {
	t.Helper()
	before := s.Position()
	got, err := Apply(s, a)
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Errorf("%v in phase %v: %v, want a refusal for %v", a, s.Phase(), err, want)
		return
	}
	msg := err.Error()
	if e.Pkg() != pkg || (len(want) > 0 && e.Rule() != want[0]) {
		t.Errorf("%v: %q is not the package's error for %v", a, msg, want)
	}
	if strings.Count(msg, "canasta: ") != 1 || !strings.HasPrefix(msg, "canasta: ") || strings.ContainsAny(msg, "\r\n") {
		t.Errorf("%v: %q is not one line naming the package once", a, msg)
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("%v: %q does not match %q", a, msg, w)
		}
	}
	switch {
	case !got.Equal(s):
		t.Errorf("%v refused (%q) with another state", a, msg)
	case !reflect.DeepEqual(s.Position(), before):
		t.Errorf("%v refused (%q) but changed the state it was given", a, msg)
	case scListed(s, a):
		t.Errorf("Legal lists %v, which is refused: %q", a, msg)
	}
}

// scSays checks that a is refused with a message holding why.
func scSays(t testing.TB, s State, a Action, why string) {
	t.Helper()
	if _, err := Apply(s, a); err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("%v: %v, want a refusal saying %q", a, err, why)
	}
}

// scEq fails the test when what is got and not want.
func scEq[V comparable](t testing.TB, what string, got, want V) {
	t.Helper()
	if got != want {
		t.Errorf("%s: %v, want %v", what, got, want)
	}
}

// The state in words, for scEq: the turn, the pile, a team's melds and
// red threes.

func scWhere(s State) string { return fmt.Sprintf("%v %d/%d", s.Phase(), s.Turn(), s.ToAct()) }
func scTop(s State) string   { return fmt.Sprintf("%v of %d", s.Upcard(), s.PileSize()) }

func scMeldsOf(s State, team int) string {
	var out []string
	for _, m := range s.Melds(team) {
		out = append(out, m.String())
	}
	return strings.Join(out, " | ")
}

func scRedsOf(s State, team int) string { return fmt.Sprint(s.RedThrees(team)) }

// scHand, scMelds, scReds, scPile and scTurn check the state against the
// tests' words: a seat's cards; a team's melds, in the order laid; its red
// threes; the upcard ("" for none) and the pile's size; the phase, whose
// turn it is and the seat to act.
func scHand(t testing.TB, s State, seat int, cards string) {
	t.Helper()
	scEq(t, "hand "+itoa(seat), s.Hand(seat), scSet(t, cards))
}

func scMelds(t testing.TB, s State, team int, melds ...string) {
	t.Helper()
	want := make([]string, len(melds))
	for i, cs := range melds {
		want[i] = famtest.MustMeld(cs).String()
	}
	scEq(t, "melds of team "+itoa(team), scMeldsOf(s, team), strings.Join(want, " | "))
}

func scReds(t testing.TB, s State, team int, cards string) {
	t.Helper()
	scEq(t, "red threes of team "+itoa(team), scRedsOf(s, team), fmt.Sprint(scCards(t, cards)))
}

func scPile(t testing.TB, s State, upcard string, size int) {
	t.Helper()
	var up card.Card
	if upcard != "" {
		up = scCard(upcard)
	}
	scEq(t, "pile", scTop(s), fmt.Sprintf("%v of %d", up, size))
}

func scTurn(t testing.TB, s State, ph Phase, turn, toAct int) {
	t.Helper()
	scEq(t, "phase, turn/to act", scWhere(s), fmt.Sprintf("%v %d/%d", ph, turn, toAct))
}

// scLines are a team's score lines in the order scored.
type scLines struct {
	natural, mixed, reds, melded, held, out int
}

// scScore checks a team's score line by line, its points (the lines'
// sum) and its game total.
func scScore(t testing.TB, got TeamScore, want scLines, total int) {
	t.Helper()
	lines := score.Breakdown{{Item: ItemNatural, Points: want.natural}, {Item: ItemMixed, Points: want.mixed},
		{Item: ItemRedThrees, Points: want.reds}, {Item: ItemMelded, Points: want.melded},
		{Item: ItemHeld, Points: want.held}, {Item: ItemGoingOut, Points: want.out}}
	scEq(t, "team "+itoa(got.Team)+"'s score", got.Breakdown.String(), lines.String())
	scEq(t, "team "+itoa(got.Team)+"'s points and total", [2]int{got.Points, got.Total}, [2]int{lines.Total(), total})
}

// scLegal checks Legal(s), in its order, in the text form.
func scLegal(t testing.TB, s State, want ...string) {
	t.Helper()
	var got []string
	for _, a := range Legal(s) {
		got = append(got, a.String())
	}
	scEq(t, "Legal", strings.Join(got, ", "), strings.Join(want, ", "))
}
