package rummy

// Rummy under the conformance harness (internal/conform), which plays
// random games and checks the contract every game of the library keeps;
// this file tells it how to build and read rummy and adds the checks only
// rummy knows: runs and groups, the cards laid and their credit, the exact
// scores, who acts when, what a View shows.
//
// A long campaign over random tables:
//
//	CARDRULES_GAMES=2000 go test -run 'TestConform/random/campaign' -v ./rummy

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/score"
)

// TestConform runs the harness over the presets and over random tables:
// a rapid check of the start of many games, and a campaign of whole games.
func TestConform(t *testing.T) { conform.Suite(t, quickGame, 20) }

// quickGame is conformGame with, in the quick loop, the step checks on one
// step in 8 (see conform.Game.CheckOneIn); under CARDRULES_FULL, as
// conformGame sets them.
func quickGame() *conform.Game[Rules, State, Action, View] {
	g := conformGame()
	if !conform.Full() {
		g.CheckOneIn = max(g.CheckOneIn, 8)
	}
	return g
}

// conformGame is rummy as the harness sees it.
func conformGame() *conform.Game[Rules, State, Action, View] {
	return &conform.Game[Rules, State, Action, View]{
		Pkg:             pkg,
		Sentinels:       []error{ErrMalformed, ErrNotNow, ErrGameOver, ErrNotHeld, ErrStock, ErrEmptyPile, ErrMeld, ErrLayOff, ErrTaken},
		Presets:         conformPresets(),
		RandomRules:     conformRules,
		New:             New,
		Shoe:            func(Rules) card.Multiset { return deckOf() },
		Compare:         func(_ State, a, b Action) int { return slices.Compare(legalKey(a), legalKey(b)) },
		ArbitraryAction: arbitraryAction,
		CheckMelds:      checkMelds,
		CheckScore:      checkScore,
		CheckState:      checkState,
		GameEnds:        endsGame,
		CheckStep:       checkStep,
		CheckView:       checkView,
		Resample:        resample,
		Determinizing:   func(s State) bool { return s.Phase() == Drawing || s.Phase() == Playing },
		MaxLegal:        maxLegal,
		Describe:        describe,
		DeepOneIn:       8,
		CheckOneIn:      2, // a basic hand is some 700 random actions: check every other
		CheckSteps:      60,
	}
}

// conformPresets are basic rummy for two to six players, with the house
// rule that keeps the card taken from the pile, and to a target over
// rounds.
func conformPresets() []Rules {
	var out []Rules
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := Basic()
		r.Players = n
		out = append(out, r)
	}
	keep := Basic()
	keep.KeepTaken = true
	long := Basic()
	long.Players, long.Rounds, long.Target = 3, 0, 150
	return append(out, keep, long)
}

// deckOf is the 52 cards.
func deckOf() card.Multiset {
	var m card.Multiset
	_ = m.AddCards(full.cards())
	return m
}

// conformRules draws a table from Basic, then changes each field, one in
// four, to a value from a range that takes in the odd and the wrong:
// Validate is the one to refuse what cannot be played.
func conformRules(rnd conform.Rand) Rules {
	r := Basic()
	ch := conform.Changer{R: rnd}
	if ch.Change("Name") {
		r.Name = conform.Pick(rnd, "name", conform.Names)
	}
	if ch.Change("Names") {
		for i := range r.Names {
			r.Names[i] = conform.Pick(rnd, "names", conform.Names)
		}
	}
	r.Players = ch.Num("players", 2, 3, 4, 5, 6, 2, 3, 4, 1, 7, 0)
	if ch.Change("HandSize") {
		r.HandSize = ch.Num("handSize", 1, 2, 3, 5, 13, 20, 25, 26, -1)
	}
	if ch.Change("KeepTaken") {
		r.KeepTaken = !r.KeepTaken
	}
	if ch.Change("Rebuilds") {
		r.Rebuilds = ch.Num("rebuilds", 0, 1, 2, 5, 20, 21, -1)
	}
	if ch.Change("Values") {
		r.Values = score.Uniform(conform.RandomTable(rnd, "values", r.Values.Melded))
	}
	if ch.Change("Rounds") {
		r.Rounds = ch.Num("rounds", 0, 2, 3, -1, 101)
		r.Target = ch.Num("target", 0, 1, 100, 500, -5, 1<<30)
	}
	return r
}

// legalKey is an action's place in Legal's order: by kind; melds runs
// first (by suit, low card, length), then groups (by rank, the four
// before the threes, these by the suit left out); lay-offs by card then
// meld; discards by card. Cards go in set order: by suit, then rank.
func legalKey(a Action) []int {
	k := []int{int(a.Kind())}
	switch a.Kind() {
	case KindMeld:
		m := a.cards
		if m.isRun() {
			return append(k, 0, lowBit(m), m.len())
		}
		left := 0
		if m.len() == 3 {
			left = 1 + lowBit(rankSet(card.Rank(lowBit(m)%16))&^m)
		}
		return append(k, 1, lowBit(m)%16, left)
	case KindLayOff:
		return append(k, lowBit(bit(a.Card())), a.Target())
	case KindDiscard:
		return append(k, lowBit(bit(a.Card())))
	}
	return k
}

// arbitraryAction draws an action that is mostly not legal: forged zero
// values, other phases' actions, cards not held, runs and groups of any
// cards, lay-offs on any meld number, and variants of the legal ones.
func arbitraryAction(rnd conform.Rand, s State, legal []Action) Action {
	c := card.Card(conform.Range(rnd, "card", 0, 54))
	switch conform.Range(rnd, "kind", 0, 9) {
	case 0:
		return Action{}
	case 1:
		return conform.Pick(rnd, "plain", []Action{DrawStock(), DrawPile(), Next()})
	case 2:
		a, _ := Discard(c)
		return a
	case 3:
		a, _ := LayOff(c, conform.Range(rnd, "target", 0, maxMelds-1))
		return a
	case 4:
		suit := card.Suit(conform.Range(rnd, "suit", 1, 4))
		lo := card.Rank(conform.Range(rnd, "lo", 1, 11))
		hi := card.Rank(conform.Range(rnd, "hi", int(lo)+2, 13))
		return Action{kind: KindMeld, cards: runSet(suit, lo, hi)}
	case 5:
		g := rankSet(card.Rank(conform.Range(rnd, "rank", 1, 13)))
		if conform.Bool(rnd, "three") {
			g &^= g & -g
		}
		return Action{kind: KindMeld, cards: g}
	case 6:
		if len(legal) > 0 {
			a := conform.Pick(rnd, "legal", legal)
			if a.kind == KindLayOff {
				a.target = uint8(conform.Range(rnd, "target", 1, maxMelds))
			}
			return a
		}
	case 7:
		if s.g != nil {
			// A discard or lay-off of a card of another seat, or of the pile.
			all := s.hands[(int(s.turn)+1)%s.g.rules.Players] | bit(s.Upcard())
			if all != 0 {
				a, _ := Discard(all.first())
				return a
			}
		}
	}
	a, _ := ParseAction(conform.RandomText(rnd, s.Hand(s.ToAct()).Cards(), []string{"draw", "stock", "pile", "meld", "lay", "on", "1", "17", "discard", "next", "18", "-1", "JK", "AC"}))
	return a
}

// checkMelds checks every meld is a run or a group, the melds are the
// cards laid, each credited to one seat, and no card is in two places.
func checkMelds(s State) error {
	var laid, melded set
	for i, code := range s.melds[:s.nmelds] {
		m := code.set()
		switch {
		case !m.isRun() && !m.isGroup():
			return fmt.Errorf("meld %d, %v, is no run or group", i+1, m)
		case melded&m != 0:
			return fmt.Errorf("meld %d, %v, shares cards with another", i+1, m)
		case code.owner() >= s.g.rules.Players || encode(m, code.owner()) != code:
			return fmt.Errorf("meld %d laid by seat %d, code %x", i+1, code.owner(), code)
		}
		melded |= m
	}
	for seat := range s.g.rules.Players {
		if laid&s.laidBy(seat) != 0 {
			return fmt.Errorf("seat %d's laid cards are credited twice", seat)
		}
		laid |= s.laidBy(seat)
	}
	if laid != melded {
		return fmt.Errorf("the cards laid %v are not the melds' %v", laid, melded)
	}
	for i, tm := range s.Melds() {
		if !tm.Meld.IsValid() || tm.Meld.Len() != s.melds[i].set().len() {
			return fmt.Errorf("Melds()[%d] = %v", i, tm)
		}
	}
	return nil
}

// checkScore checks Score, Results and Totals: each seat's points are its
// breakdown's total and the values of its laid cards less its hand's,
// totals accumulate, and a game over ended when the rules say and names
// its winners.
func checkScore(s State) error {
	r := s.Rules()
	results := s.Results()
	var totals [MaxPlayers]int
	for k, res := range results {
		if res.Number != k+1 || len(res.Players) != r.Players || res.WentOut < -1 || res.WentOut >= r.Players {
			return fmt.Errorf("result %d: %+v", k+1, res)
		}
		for seat, ps := range res.Players {
			if ps.Seat != seat || ps.Breakdown.Total() != ps.Points || ps.Total != totals[seat]+ps.Points {
				return fmt.Errorf("result %d seat %d: %+v", k+1, seat, ps)
			}
			totals[seat] = ps.Total
		}
	}
	over := s.Phase() == RoundOver || s.Phase() == GameOver
	before := totals
	if over {
		for seat, ps := range results[len(results)-1].Players {
			before[seat] = ps.Total - ps.Points
		}
		if w := results[len(results)-1].WentOut; w >= 0 && s.HandSize(w) != 0 {
			return fmt.Errorf("seat %d went out holding %v", w, s.Hand(w).Cards())
		}
	}
	for seat, ps := range s.Score() {
		want := r.Values.Melded.SumCards(s.Laid(seat)) - r.Values.Melded.SumCards(s.Hand(seat).Cards())
		if ps.Seat != seat || ps.Points != want || ps.Breakdown.Total() != ps.Points || ps.Total != before[seat]+ps.Points {
			return fmt.Errorf("Score() of seat %d: %+v, want %d points after %d", seat, ps, want, before[seat])
		}
	}
	if got := s.Totals(); !slices.Equal(got, totals[:r.Players]) {
		return fmt.Errorf("Totals() %v, the results say %v", got, totals[:r.Players])
	}
	if s.Over() {
		best := slices.Max(totals[:r.Players])
		if !gameEnds(&r, s.Round(), totals) || r.Rounds == 0 && best < r.Target && s.Round() != MaxRounds {
			return fmt.Errorf("the game ended in round %d with totals %v", s.Round(), totals[:r.Players])
		}
		if w := s.Winners(); len(w) == 0 || totals[w[0]] != best {
			return fmt.Errorf("Winners() = %v with totals %v", w, totals[:r.Players])
		}
	}
	return nil
}

// checkState checks the bounds on turns, rounds and rebuilds, who acts in
// each phase, that a round in play has no empty hand, a stock and pile at
// a turn's start, the card taken held and known, and the known cards held.
func checkState(s State) error {
	r := s.Rules()
	if s.Round() > MaxRounds || s.turns > MaxTurns {
		return fmt.Errorf("%w: round %d, turn %d", conform.ErrEndless, s.Round(), s.turns)
	}
	if s.rebuilds > s.turns || r.Rebuilds > 0 && int(s.rebuilds) > r.Rebuilds {
		return fmt.Errorf("the stock rebuilt %d times in %d turns, the limit %d", s.rebuilds, s.turns, r.Rebuilds)
	}
	for seat := range r.Players {
		if s.knownBy(seat)&^s.hands[seat] != 0 {
			return fmt.Errorf("seat %d knows cards %v it does not hold", seat, s.knownBy(seat)&^s.hands[seat])
		}
	}
	switch ph := s.Phase(); ph {
	case GameOver:
		if s.ToAct() != -1 || !s.Over() || len(Legal(s)) != 0 {
			return fmt.Errorf("game over but ToAct %d", s.ToAct())
		}
	case RoundOver:
		if s.ToAct() != 0 || s.taken != 0 {
			return fmt.Errorf("round over: ToAct %d, taken %v", s.ToAct(), s.taken)
		}
	case Drawing, Playing:
		for seat := range r.Players {
			if s.hands[seat] == 0 {
				return fmt.Errorf("seat %d has no cards in play", seat)
			}
		}
		switch {
		case s.ToAct() != s.Turn():
			return fmt.Errorf("phase %v: ToAct %d, Turn %d", ph, s.ToAct(), s.Turn())
		case ph == Drawing && (s.nstock == 0 || s.npile == 0 || s.taken != 0):
			return fmt.Errorf("a turn starts with stock %d, pile %d, taken %v", s.nstock, s.npile, s.taken)
		case s.taken != 0 && s.knownBy(int(s.turn))&bit(s.taken) == 0:
			return fmt.Errorf("the taken card %v is not known in the hand", s.taken)
		case s.taken != 0 && r.KeepTaken && s.hands[s.turn] == bit(s.taken):
			return errors.New("the player holds only the card it may not discard")
		}
	default:
		return fmt.Errorf("unknown phase %d", ph)
	}
	// The unused slots stay zero, so that == compares positions.
	for i := int(s.nstock); i < 52-int(s.npile); i++ {
		if s.cards[i] != 0 {
			return fmt.Errorf("free slot %d holds %v", i, s.cards[i])
		}
	}
	for i := int(s.nmelds); i < maxMelds; i++ {
		if s.melds[i] != 0 {
			return fmt.Errorf("free meld slot %d holds %x", i, s.melds[i])
		}
	}
	return nil
}

// checkStep checks what a legal action did: the rules stay; a new round
// starts at seat 0; only a discard passes the turn, to the next seat; a
// draw adds one card; a meld or lay-off moves its cards to the table.
func checkStep(s State, a Action, next State) error {
	r := s.Rules()
	seat := s.Turn()
	switch {
	case next.Rules() != r:
		return fmt.Errorf("%q changed the rules", a)
	case next.Round() != s.Round():
		if a.Kind() != KindNext || next.Round() != s.Round()+1 || next.Turn() != 0 || next.Phase() != Drawing {
			return fmt.Errorf("%q went from round %d to round %d, seat %d first", a, s.Round(), next.Round(), next.Turn())
		}
		return nil
	case next.Turn() != seat && (a.Kind() != KindDiscard || next.Turn() != (seat+1)%r.Players):
		return fmt.Errorf("%q passed the turn from seat %d to seat %d", a, seat, next.Turn())
	}
	grow := next.HandSize(seat) - s.HandSize(seat)
	switch a.Kind() {
	case KindDrawStock, KindDrawPile:
		if grow != 1 || next.Phase() != Playing {
			return fmt.Errorf("%q: the hand grew by %d, phase %v", a, grow, next.Phase())
		}
		if a.Kind() == KindDrawPile && (next.Taken() != s.Upcard() || !slices.Contains(next.Known(seat), s.Upcard())) {
			return fmt.Errorf("%q: took %v, the upcard was %v", a, next.Taken(), s.Upcard())
		}
	case KindMeld, KindLayOff, KindDiscard:
		if grow != -len(a.Cards()) || len(next.Laid(seat))-len(s.Laid(seat)) != len(a.Cards())*b2i(a.Kind() != KindDiscard) {
			return fmt.Errorf("%q: the hand changed by %d", a, grow)
		}
		if out := next.HandSize(seat) == 0; out != (next.Phase() >= RoundOver && next.Results()[len(next.Results())-1].WentOut == seat) {
			return fmt.Errorf("%q: hand %d cards, phase %v", a, next.HandSize(seat), next.Phase())
		}
		if a.Kind() == KindDiscard && next.Phase() == Drawing && next.StockSize() == 0 {
			return fmt.Errorf("%q: a turn starts with no stock", a)
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkView checks seat's View against the State's accessors.
func checkView(s State, seat int, v View) error {
	r := s.Rules()
	switch {
	case v.Seat != seat || v.Rules != r || v.Round != s.Round() || v.Phase != s.Phase() || v.ToAct != s.ToAct() || v.Turn != s.Turn():
		return fmt.Errorf("header %d %d %v %d %d differs from the state", v.Seat, v.Round, v.Phase, v.ToAct, v.Turn)
	case v.StockSize != s.StockSize() || !slices.Equal(v.Pile, s.Pile()) || !slices.Equal(v.Hand.Cards(), s.Hand(seat).Cards()) || v.Taken != s.Taken():
		return fmt.Errorf("stock %d, pile %v, hand %v differ from the state", v.StockSize, v.Pile, v.Hand.Cards())
	case v.Rebuilds != s.Rebuilds() || !slices.Equal(v.Melds, s.Melds()) || len(v.Players) != r.Players:
		return fmt.Errorf("rebuilds %d, melds %v, %d players", v.Rebuilds, v.Melds, len(v.Players))
	case !slices.EqualFunc(v.Results, s.Results(), RoundResult.equal):
		return fmt.Errorf("results %+v, state %+v", v.Results, s.Results())
	}
	totals := s.Totals()
	for p, pv := range v.Players {
		if pv.Seat != p || pv.Hand != s.HandSize(p) || pv.Name != r.Names[p] || !slices.Equal(pv.Known, s.Known(p)) ||
			!slices.Equal(pv.Laid, s.Laid(p)) || pv.Melded != r.Values.Melded.SumCards(s.Laid(p)) || pv.Total != totals[p] {
			return fmt.Errorf("seat %d: %+v", p, pv)
		}
	}
	if seat == s.ToAct() {
		if !slices.Equal(v.Legal, Legal(s)) {
			return fmt.Errorf("Legal %v differs from Legal(s)", v.Legal)
		}
	} else if len(v.Legal) != 0 {
		return fmt.Errorf("a seat not to act is shown actions %v", v.Legal)
	}
	return nil
}

// resample deals the cards seat cannot see afresh among the places they
// are in, each keeping its size: the other seats' hands (but the cards
// they drew from the pile, which everyone saw) and the stock; and gives
// the game another generator.
func resample(s State, seat int, seed uint64) (State, error) {
	if !s.validSeat(seat) {
		return State{}, fmt.Errorf("seat %d is not a seat of the game", seat)
	}
	var hidden []card.Card
	for p := range s.g.rules.Players {
		if p != seat {
			hidden = (s.hands[p] &^ s.knownBy(p)).appendCards(hidden)
		}
	}
	hidden = append(hidden, s.cards[:s.nstock]...)
	rng := deck.NewRNG(seed)
	rng.Shuffle(hidden)
	out := s
	for p := range s.g.rules.Players {
		if p == seat {
			continue
		}
		n := (s.hands[p] &^ s.knownBy(p)).len()
		out.hands[p] = s.knownBy(p)
		for _, c := range hidden[:n] {
			out.hands[p] |= bit(c)
		}
		hidden = hidden[n:]
	}
	copy(out.cards[:out.nstock], hidden)
	out.rng = deck.NewRNG(seed ^ 0x5eed)
	return out, nil
}

// maxLegal bounds len(Legal(s)): two draws or a next; or every run and
// group the hand holds, every lay-off of each card on each meld, and
// every discard.
func maxLegal(s State) int {
	if s.g == nil || s.phase != Playing {
		return 2
	}
	n := s.hands[s.turn].len()
	return 4*78 + 13*5 + n*int(s.nmelds) + n
}

func describe(s State) string {
	return fmt.Sprintf("round %d, %v, seat %d to act, hand %v, upcard %v, pile %d, stock %d, rebuilds %d, melds %v, taken %v",
		s.Round(), s.Phase(), s.ToAct(), s.hands[max(s.ToAct(), 0)], s.Upcard(), s.npile, s.nstock, s.rebuilds, s.Melds(), s.taken)
}

// endsGame reads the end of a game from a scored hand: Basic Rummy is one
// hand (the text: "The game end when one player has no more cards in their
// hand", or when the hand ends with no one out); a game of a set number of
// hands ends after the last of them, and a game to a target after the
// first hand at which a player's total reaches it; no game plays more than
// MaxRounds hands.
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
