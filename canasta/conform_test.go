package canasta

// Canasta under the conformance harness (internal/conform), which plays
// random games and checks the contract every game of the library keeps;
// this file tells it how to build and read Canasta and adds the checks only
// Canasta knows: its melds, its exact scoring, who acts when, what a View
// shows, and the frozen pile reported exactly when the rules freeze it.
//
// A long campaign over random tables:
//
//	CARDRULES_GAMES=2000 go test -run 'TestConform/random/campaign' -v ./canasta

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// TestConform runs the harness over the presets and over random tables:
// a rapid check of the start of many games, and a campaign of whole games.
func TestConform(t *testing.T) { conform.Suite(t, quickGame, 6) }

// quickGame is conformGame with, in the quick loop, the step checks on one
// step in 4 (see conform.Game.CheckOneIn); under CARDRULES_FULL, as
// conformGame sets them.
func quickGame() *conform.Game[Rules, State, Action, View] {
	g := conformGame()
	if !conform.Full() {
		g.CheckOneIn = max(g.CheckOneIn, 4)
	}
	return g
}

// conformGame is Canasta as the harness sees it.
func conformGame() *conform.Game[Rules, State, Action, View] {
	g := conform.Game[Rules, State, Action, View]{
		Pkg:             pkg,
		Presets:         conformPresets(),
		RandomRules:     conformRules,
		New:             New,
		Same:            Equivalent,
		ArbitraryAction: arbitraryAction,
		Resample:        resample,
		Determinizing:   func(s State) bool { return s.Phase() < RoundOver },
		MaxLegal:        maxLegal,
		Describe:        describe,
		// Canasta's own checks: its melds, its scoring, who acts when and
		// the frozen pile, the turn passing, what a View shows.
		CheckMelds: checkMelds,
		CheckScore: checkScore,
		CheckState: checkState,
		GameEnds:   endsGame,
		CheckStep:  checkStep,
		CheckView:  checkView,
	}
	return famtest.Conform(g, func(r Rules) famtest.Layout {
		return famtest.Layout{Players: r.Players, Decks: r.Decks, Jokers: r.JokersPerDeck}
	}, legalKey)
}

// conformPresets are the four tables, and Classic played for two rounds.
func conformPresets() []Rules {
	short := Classic()
	short.Rounds = 2
	return []Rules{Classic(), TwoPlayer(), ThreePlayer(), Cutthroat(), short}
}

// maxLegal is the bound on len(Legal(s)) that Legal's enumeration keeps:
// for each new meld and each of the team's melds, the natural cards times
// the twos times the jokers the hand could lay; the takes (a pair, five
// wild cards, onto the meld), the discards (one per card kind) and the few
// plain actions.
func maxLegal(s State) int {
	hand, ok := famtest.TurnHand(s)
	if !ok {
		return 0
	}
	melds := s.Melds(s.Turn() % s.Rules().Teams)
	return 16 + 53 + 2*len(melds) + famtest.MaxLays(s.Rules().Meld, hand, melds)
}

func describe(s State) string {
	seat := s.Turn()
	return fmt.Sprintf("round %d, %v, seat %d's turn, seat %d to act, hand [%v], upcard %v, pile %d, stock %d, melds %v, totals %v",
		s.Round(), s.Phase(), seat, s.ToAct(), s.Hand(seat), s.Upcard(), s.PileSize(), s.StockSize(), s.t.Melds, s.Totals())
}

// legalKey is an action's place in Legal's order: by kind; takes with the
// pair, then with each wild card by card, then onto the meld; new melds by
// rank (black threes between aces and fours), adds by the meld's place
// among the team's melds, each then by natural cards, twos and jokers;
// discards by card; answers yes first (see famtest.LegalKey, which orders
// what both games order alike). Actions that differ only in suits share a
// key, so a strictly increasing Legal lists one of each.
func legalKey(s State, a Action) []int {
	k := famtest.LegalKey(a.f, 5)
	switch a.Kind() {
	case KindTake:
		switch {
		case a.OntoMeld():
			k[1] = 1000
		case a.Card() != 0:
			k[1] = int(a.Card())
		}
	case KindMeld:
		k[1] = int(a.Rank()) // black threes (3) come between aces (1) and fours
	case KindAdd:
		k[1] = slices.IndexFunc(s.Melds(s.Turn()%s.Rules().Teams), func(m meld.RankMeld) bool { return m.Rank() == a.Rank() })
	}
	return k
}

// resample deals the cards seat cannot see afresh among the places they
// are in, each keeping its size: the other seats' hands, the stock and the
// pile under the upcard; and gives the next rounds another generator. It
// keeps the turn's fixed point consistent for TakeBack.
func resample(s State, seat int, seed uint64) (State, error) {
	if !s.validSeat(seat) {
		return State{}, fmt.Errorf("%w: seat %d is not a seat of the game", ErrPosition, seat)
	}
	rd := *s.r
	out := s
	out.t, rd.cfg.Shoe, _ = famtest.Reshuffle(s.t, &s.r.cfg, famtest.Hidden{Seat: seat}, seed)
	rd.rng = deck.NewRNG(seed ^ 0x5eed)
	out.r = &rd
	// A red three or wild card hidden in the pile freezes it: the
	// reshuffle may not move one in or out, or the View (Frozen) would
	// change. Such a draw is reported as not found.
	for team := range rd.rules.Teams {
		if out.Frozen(team) != s.Frozen(team) {
			return State{}, errors.New("the reshuffle changed whether the pile is frozen")
		}
	}
	return out, nil
}

// checkMelds checks every meld against the table's policy and Canasta's
// own rules: one meld per rank per team, threes only black, three or four
// and no wild card.
func checkMelds(s State) error {
	r := s.Rules()
	p := r.Meld
	for team := range r.Teams {
		var ranks meld.RankSet
		for i, m := range s.Melds(team) {
			what := fmt.Sprintf("team %d meld %d %v", team, i, m)
			switch {
			case p.Validate(m) != nil:
				return fmt.Errorf("%s breaks a meld rule: %v", what, p.Validate(m))
			case ranks.Has(m.Rank()):
				return fmt.Errorf("%s: a second meld of %v", what, m.Rank())
			case m.Rank() == card.Three && (m.Wilds() != 0 || m.Len() < 3 || m.Len() > 4 || m.RedThrees() != 0):
				return fmt.Errorf("%s: a meld of threes is three or four black threes", what)
			case m.Rank() != card.Three && !p.Ranks.Has(m.Rank()):
				return fmt.Errorf("%s: rank %v is not meldable", what, m.Rank())
			case m.Rank() != card.Three && m.Naturals() < p.MinNaturals || (p.MaxWilds > 0 && m.Wilds() > p.MaxWilds):
				return fmt.Errorf("%s: %d natural and %d wild cards", what, m.Naturals(), m.Wilds())
			case m.Rank() == card.Three && s.Phase() != RoundOver && s.Phase() != GameOver && s.t.AtFixedPoint():
				return fmt.Errorf("%s: black threes on the table at a turn's fixed point", what)
			}
			ranks = ranks.With(m.Rank())
		}
	}
	return nil
}

// checkScore checks Score, Results and Totals (see famtest.Scores.Check:
// each round's score is its breakdown's total and what the rules make of
// the cards, concealed going out included; totals accumulate), that only
// a round someone went out of went out concealed, and that a game over
// ended when the rules say and names its winners.
func checkScore(s State) error {
	r := s.Rules()
	results := s.Results()
	sc := famtest.Scores{
		Round: s.Round(), Over: s.Phase() >= RoundOver, Teams: r.Teams, Players: r.Players,
		Results: make([]family.Result, 0, len(results)), Score: s.Score(), Totals: s.Totals(),
		Items: scoreItems[:],
	}
	concealed := false // the round over went out concealed
	for k, res := range results {
		if res.Concealed && res.WentOut < 0 {
			return fmt.Errorf("result %d went out concealed with no one going out", k)
		}
		sc.Results = append(sc.Results, family.Result{Number: res.Number, WentOut: res.WentOut, Teams: res.Teams})
		concealed = sc.Over && res.Concealed
	}
	if err := sc.Check(func(team, wentOut int) int { return roundScore(s, team, wentOut, concealed) }); err != nil {
		return err
	}
	if s.Over() {
		totals := s.Totals()
		best := slices.Max(totals)
		if r.Rounds > 0 && s.Round() != r.Rounds || r.Rounds == 0 && best < r.Target && s.Round() != MaxRounds {
			return fmt.Errorf("the game ended in round %d with totals %v", s.Round(), totals)
		}
		return famtest.CheckWinners(s.Winners(), totals)
	}
	return nil
}

// sideOf is the side seat plays on, from the public accessors: its team,
// but for Cutthroat's partners the lower seat of the two.
func sideOf(s State, seat int) int {
	r, lone := s.Rules(), s.LoneHand()
	if lone < 0 || seat == lone {
		return seat % r.Teams
	}
	return min((lone+1)%r.Players, (lone+2)%r.Players)
}

// roundScore scores team's round from the public accessors: its side's
// melds, hands and going out, and its own red threes.
func roundScore(s State, team, wentOut int, concealed bool) int {
	r := s.Rules()
	total, melded := 0, false
	for _, m := range s.Melds(team) {
		melded = true
		switch r.Meld.Class(m) {
		case meld.Clean:
			total += r.NaturalBonus
		case meld.Dirty:
			total += r.MixedBonus
		}
		total += r.Values.Melded.Sum(m.Multiset())
	}
	reds := len(s.RedThrees(team))
	redPoints := reds * r.RedThreeBonus
	if reds > 0 && reds == 2*r.Decks {
		redPoints = r.AllRedThreesBonus
	}
	if !melded {
		redPoints = -redPoints
	}
	total += redPoints
	for seat := range r.Players {
		if sideOf(s, seat) == sideOf(s, team) {
			total -= r.Values.Melded.Sum(s.Hand(seat))
		}
	}
	if wentOut >= 0 && sideOf(s, wentOut) == sideOf(s, team) {
		if concealed {
			total += r.ConcealedBonus
		} else {
			total += r.GoOutBonus
		}
	}
	return total
}

// partnerOf is the partner seat asks "May I go out?", in the test's own
// words: across the table of four; at Cutthroat, once the lone hand is
// known, the third player, who is neither seat nor the lone hand (-1 when
// seat is the lone hand, who has no one to ask).
func partnerOf(s State, seat int) int {
	if !s.Rules().Cutthroat {
		return (seat + 2) % 4
	}
	lone := s.LoneHand()
	if lone < 0 || lone == seat {
		return -1
	}
	return 3 - seat - lone
}

// checkState checks who acts in each phase, that no hand holds a red
// three, and that the pile is frozen for a team exactly when the team is
// not down or the pile holds a wild card or a red three.
func checkState(s State) error {
	// Legal and Apply note whether the player can go out on their own
	// copy of the table only; a State handed back holds no such note.
	if s.t.Note != nil {
		return errors.New("the State holds the going-out note of the copy Legal or Apply worked on: clear t.Note before handing a State back")
	}
	r := s.Rules()
	if s.Round() > MaxRounds {
		return fmt.Errorf("%w: round %d", conform.ErrEndless, s.Round())
	}
	switch ph := s.Phase(); ph {
	case GameOver:
		if s.ToAct() != -1 || !s.Over() {
			return fmt.Errorf("game over but ToAct %d", s.ToAct())
		}
	case Drawing, Opening, Melding, RoundOver, Answering:
		switch {
		case s.Turn() < 0 || s.Turn() >= r.Players:
			return fmt.Errorf("phase %v: Turn %d", ph, s.Turn())
		case ph == Answering && s.ToAct() != partnerOf(s, s.Turn()):
			return fmt.Errorf("answering: ToAct %d, want the partner of seat %d", s.ToAct(), s.Turn())
		case ph != Answering && ph != RoundOver && s.ToAct() != s.Turn():
			return fmt.Errorf("phase %v: ToAct %d, Turn %d", ph, s.ToAct(), s.Turn())
		}
	default:
		return fmt.Errorf("unknown phase %d", ph)
	}
	for seat := range r.Players {
		if h := s.Hand(seat); h.Count(red3[0])+h.Count(red3[1]) > 0 {
			return fmt.Errorf("seat %d holds a red three: %v", seat, h)
		}
	}
	pile := s.t.Pile
	hot := pile.Count(card.Joker)+pile.CountRank(card.Two)+pile.Count(red3[0])+pile.Count(red3[1]) > 0
	for team := range r.Teams {
		if want := !s.Down(team) || hot; s.Frozen(team) != want {
			return fmt.Errorf("Frozen(%d) = %v, want %v (down %v, pile %v)", team, s.Frozen(team), want, s.Down(team), pile)
		}
	}
	return nil
}

// checkStep checks what a legal action did: the rules stay, a new round
// starts with the next seat, and only a discard passes the turn, to the
// next seat.
func checkStep(s State, a Action, next State) error {
	r := s.Rules()
	switch {
	case next.Rules() != r:
		return fmt.Errorf("%q changed the rules", a)
	case next.Round() != s.Round():
		if a.Kind() != KindNext || next.Round() != s.Round()+1 || next.Turn() != (next.Round()-1)%r.Players {
			return fmt.Errorf("%q went from round %d to round %d, seat %d first", a, s.Round(), next.Round(), next.Turn())
		}
	case next.Turn() != s.Turn():
		if a.Kind() != KindDiscard || next.Turn() != (s.Turn()+1)%r.Players {
			return fmt.Errorf("%q passed the turn from seat %d to seat %d", a, s.Turn(), next.Turn())
		}
	case a.Kind() == KindDiscard && next.Phase() < RoundOver:
		return fmt.Errorf("%q did not pass the turn", a)
	}
	return nil
}

// checkView checks seat's View against the State's accessors: the header,
// the stock, pile and hand, every seat's hand size and name, each team's
// melds, red threes, frozen pile and canastas, the results, and the
// actions shown.
func checkView(s State, seat int, v View) error {
	r := s.Rules()
	switch {
	case v.Seat != seat || v.Team != seat%r.Teams || v.Rules != r || v.Round != s.Round() || v.Phase != s.Phase() ||
		v.ToAct != s.ToAct() || v.Turn != s.Turn():
		return fmt.Errorf("header %d %d %d %v %d %d differs from the state", v.Seat, v.Team, v.Round, v.Phase, v.ToAct, v.Turn)
	case v.StockSize != s.StockSize() || v.PileSize != s.PileSize() || v.Upcard != s.Upcard() || v.Hand != s.Hand(seat):
		return fmt.Errorf("stock %d, pile %d, upcard %v, hand %v differ from the state", v.StockSize, v.PileSize, v.Upcard, v.Hand)
	case v.LaidThisTurn != s.LaidThisTurn() || len(v.Players) != r.Players || len(v.Teams) != r.Teams:
		return fmt.Errorf("laid %d, %d players, %d teams", v.LaidThisTurn, len(v.Players), len(v.Teams))
	case !slices.EqualFunc(v.Results, s.Results(), RoundResult.equal):
		return fmt.Errorf("results %+v, state %+v", v.Results, s.Results())
	}
	for p, pv := range v.Players {
		if pv.Seat != p || pv.Team != p%r.Teams || pv.Hand != s.Hand(p).Len() || pv.Name != r.Names[p] {
			return fmt.Errorf("seat %d: %+v", p, pv)
		}
	}
	totals := s.Totals()
	for t, tv := range v.Teams {
		if tv.Team != t || !slices.Equal(tv.Melds, s.Melds(t)) || !slices.Equal(tv.RedThrees, s.RedThrees(t)) || tv.Down != s.Down(t) ||
			tv.Frozen != s.Frozen(t) || tv.Minimum != s.Minimum(t) || tv.Total != totals[t] || tv.Canastas != teamCanastas(s, t) {
			return fmt.Errorf("team %d: %+v", t, tv)
		}
	}
	return famtest.CheckShownLegal(seat, s.ToAct(), v.Legal, func() []Action { return Legal(s) })
}

// teamCanastas counts team's natural and mixed canastas (under Cutthroat,
// its side's) one team at a time, as the View does not.
func teamCanastas(s State, team int) Canastas {
	c := family.CountCanastas(s.r.rules.Meld, s.t.Melds, s.r.side(team))
	return Canastas{Natural: c.Clean, Mixed: c.Dirty}
}

// conformLayouts are the tables' layouts, players x teams, and odd ones.
var conformLayouts = [][2]int{{4, 2}, {2, 2}, {3, 3}, {4, 4}, {3, 2}, {5, 5}}

// conformRules draws a table from a preset, then changes each field, one
// in four, to a value from a range that takes in the odd and the wrong:
// Validate is the one to refuse what cannot be played.
func conformRules(rnd conform.Rand) Rules {
	r := conform.Pick(rnd, "preset", []Rules{Classic(), TwoPlayer(), ThreePlayer(), Cutthroat()})
	ch := conform.Changer{R: rnd}
	if ch.Change("Name") {
		r.Name = conform.Pick(rnd, "name", conform.Names)
	}
	if ch.Change("Names") {
		for i := range r.Names {
			r.Names[i] = conform.Pick(rnd, "seatName", conform.Names[:len(conform.Names)-1])
		}
	}
	if ch.Change("Layout") {
		l := conform.Pick(rnd, "layout", conformLayouts)
		r.Players, r.Teams = l[0], l[1]
	}
	if ch.Change("Decks") {
		r.Decks = ch.Num("decks", 1, 3, 4, 5, 0, -1)
	}
	if ch.Change("JokersPerDeck") {
		r.JokersPerDeck = conform.Range(rnd, "jokers", -1, 5)
	}
	if ch.Change("HandSize") {
		r.HandSize = ch.Num("handSize", 1, 2, 3, 7, 15, 20, 21, 0, -1)
	}
	if ch.Change("DrawCount") {
		r.DrawCount = ch.Num("drawCount", 1, 2, 3, 4, 0, -1)
	}
	r.Meld = conform.RandomPolicy(ch, r.Meld)
	if ch.Change("Minimums") {
		r.Minimums = conform.RandomBands(rnd)
	}
	if ch.Change("GoOut") {
		r.GoOut = ch.Num("goOut", 0, 1, 2, 3, 4, 5, -1)
	}
	if ch.Change("AskPartner") {
		r.AskPartner = !r.AskPartner
	}
	if ch.Change("Values") {
		r.Values = score.Uniform(conform.RandomTable(rnd, "values", classicValues()))
	}
	for _, b := range []*int{&r.NaturalBonus, &r.MixedBonus, &r.RedThreeBonus, &r.AllRedThreesBonus, &r.GoOutBonus, &r.ConcealedBonus} {
		if ch.Change("bonus") {
			*b = ch.Bonus("bonusValue")
		}
	}
	if ch.Change("Rounds") {
		r.Rounds = ch.Num("rounds", 0, 1, 2, 3, 100, 101, -1)
	}
	if ch.Change("Cutthroat") {
		r.Cutthroat = !r.Cutthroat
	}
	if ch.Change("StockEnds") {
		r.StockEnds = !r.StockEnds
	}
	if ch.Change("Target") {
		r.Target = ch.Num("target", 0, 1, 500, 3000, 5000, 1_000_000_000, math.MaxInt, -1)
	}
	return r
}

// actionWords are words of the action texts, good and bad.
var actionWords = []string{
	"draw", "take", "with", "meld", "add", "discard", "back", "ask", "yes", "no", "next", "lay", "packet",
	"undo", "y", "n", "to", "on", "#1", "#2", "1", "0", "A", "4", "7", "10", "K", "2", "3",
	"JK", "3H", "3C", "3S", "7H", "7C", "2C", "KS", "1X", ",", "\xff",
}

// arbitraryAction makes up an action for s: every kind through its
// constructor, with cards and ranks mostly from the hand and the team's
// melds, random text through ParseAction, variants of legal actions, and
// forged values no constructor builds.
func arbitraryAction(rnd conform.Rand, s State, legal []Action) Action {
	seat := max(s.Turn(), 0)
	hand := s.Hand(seat).Cards()
	arb := famtest.Arbitrary[Action]{Picker: famtest.Picker{R: rnd, Hand: hand}, Legal: legal, Parse: ParseAction, Words: actionWords,
		Shift:     func(a Action, d uint8) Action { a.f.Target += d; return a },
		DiscardOf: Discard, PlainActions: []Action{Ask(), Answer(true), Answer(false), TakeBack(), Next()}}
	anyCard, anyRank, layCards := arb.Card, arb.Rank, arb.Lay
	switch conform.Range(rnd, "arbitraryKind", 0, 13) {
	case 0:
		return Draw()
	case 1:
		return conform.Pick(rnd, "take", []Action{Take(), mustTakeTo()})
	case 2:
		a, _ := TakeWith(anyCard("wild"))
		return a
	case 3, 4:
		a, _ := Meld(layCards(anyRank())...)
		return a
	case 5, 6:
		rank := anyRank()
		a, _ := Add(rank, layCards(rank)...)
		return a
	case 7:
		return arb.Discard()
	case 8:
		return arb.Plain()
	case 9, 10:
		return arb.Text()
	case 11:
		return arb.Variant()
	}
	return Action{arb.Forged()}
}

// TestResampleKeepsWhatTheSeatSees checks the adapter's Resample (see
// famtest.CheckResample): it changes what the seat cannot see and nothing
// it can (its hand and the red threes laid out), and keeps the cards.
func TestResampleKeepsWhatTheSeatSees(t *testing.T) {
	famtest.CheckResample(t, Classic(), New, resample, func(s, other State, _ int) bool {
		return slices.Equal(other.RedThrees(0), s.RedThrees(0))
	})
}

// endsGame reads the end of a game from a scored round: a game of a set
// number of rounds ends after the last of them; a game to a target (5000
// in Classic Canasta) ends after the first round at which a team's total
// reaches it, and no game plays more than MaxRounds rounds.
func endsGame(s State) (scored, ends bool) {
	if s.Phase() != RoundOver && s.Phase() != GameOver {
		return false, false
	}
	r := s.Rules()
	if r.Rounds > 0 {
		return true, s.Round() >= r.Rounds
	}
	return true, slices.Max(s.Totals()) >= r.Target || s.Round() >= MaxRounds
}
