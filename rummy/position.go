package rummy

import (
	"encoding/json"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/record"
)

// Position is a game of rummy described in plain values, for tests,
// puzzles and saved games: [State.Position] describes a State, and
// [FromPosition] builds the State a Position describes, after checking
// that it can be played. It is also the JSON form of a State.
type Position struct {
	Rules Rules `json:"rules"`
	// Round is the round in play, or the last one played, from 1.
	Round int   `json:"round"`
	Phase Phase `json:"phase"`
	// Turn is the seat whose turn it is, or was when the round ended.
	Turn int `json:"turn"`
	// Hands are the seats' cards, Laid the cards each seat melded or laid
	// off this round (it scores them), Known the cards of its hand each
	// seat drew from the pile.
	Hands [][]card.Card `json:"hands"`
	Laid  [][]card.Card `json:"laid"`
	Known [][]card.Card `json:"known"`
	// Melds are the melds on the table, meld 1 first.
	Melds []TableMeld `json:"melds"`
	// Pile is the discard pile, bottom first; Stock the stock, top first.
	Pile  []card.Card `json:"pile"`
	Stock []card.Card `json:"stock"`
	// Taken is the card the player drew from the pile this turn and still
	// holds, or 0.
	Taken card.Card `json:"taken"`
	// Rebuilds is how many times the stock was rebuilt this round, and
	// Turns how many turns it has had (ended by a discard): at most
	// [MaxTurns], and at least Rebuilds, since the stock is rebuilt at the
	// end of a turn.
	Rebuilds int `json:"rebuilds"`
	Turns    int `json:"turns"`
	// Results are the rounds scored: Round-1 of them while a round is in
	// play, Round once it is over.
	Results []RoundResult `json:"results"`
	// RNG is the generator of the rebuilt stocks and the next rounds.
	RNG deck.RNG `json:"rng"`
	// Seq is the number of actions the game had played, which
	// [State.Happened] goes on counting from.
	Seq int `json:"seq"`
}

// Position describes s (the zero Position for the zero State).
func (s State) Position() Position {
	if s.g == nil {
		return Position{}
	}
	n := s.g.rules.Players
	p := Position{
		Rules: s.g.rules, Round: s.g.round, Phase: s.phase, Turn: int(s.turn),
		Hands: make([][]card.Card, n), Laid: make([][]card.Card, n), Known: make([][]card.Card, n),
		Melds: s.Melds(), Pile: s.Pile(), Taken: s.taken, Rebuilds: int(s.rebuilds), Turns: int(s.turns),
		Results: s.Results(), RNG: s.rng, Seq: s.h.Len(),
	}
	for seat := range n {
		p.Hands[seat] = s.hands[seat].cards()
		p.Laid[seat] = s.laidBy(seat).cards()
		p.Known[seat] = s.knownBy(seat).cards()
	}
	p.Stock = make([]card.Card, s.nstock)
	for i := range p.Stock {
		p.Stock[i] = s.cards[int(s.nstock)-1-i]
	}
	return p
}

// FromPosition builds the State p describes. It refuses a position that
// cannot be played, with an error wrapping [ErrPosition] that names the
// first problem. It refuses a position with:
//
//   - rules that Validate refuses;
//   - a round past [MaxTurns] turns (one in play has had fewer);
//   - a stock rebuilt more often than a limit the rules set, or than the
//     round has had turns (it is rebuilt at the end of a turn, at most
//     once);
//   - cards missing, repeated or not of the deck;
//   - a meld that is no run or group, or cards laid that are not on the
//     melds;
//   - a hand emptied while the round goes on;
//   - an empty stock or pile at the start of a turn, or both empty after
//     its draw;
//   - a card drawn from the pile that is not in the player's hand, or (with
//     [Rules].KeepTaken) is all it holds;
//   - results that do not follow from one another or, for a round over,
//     from the table;
//   - a round's score the cards cannot make (cards laid worth below 0 or
//     above 52 × [MaxValue], cards held likewise);
//   - a phase that does not follow from the results;
//   - a Seq below 0, or so large that the actions the game may still take
//     could carry it past 2^30.
func FromPosition(p Position) (State, error) {
	s, msg := p.build()
	if msg != "" {
		return State{}, fail(ErrPosition, msg)
	}
	start := s.Position()
	s.g.origin = &origin{start: &start}
	return s, nil
}

// build makes the State of p, or says what is wrong.
func (p Position) build() (State, string) {
	r := p.Rules
	if err := r.Validate(); err != nil {
		return State{}, errs.Unprefixed(err)
	}
	n := r.Players
	switch {
	case p.Phase < Drawing || p.Phase > GameOver:
		return State{}, "the phase " + p.Phase.String()
	case p.Round < 1 || p.Round > MaxRounds || r.Rounds > 0 && p.Round > r.Rounds:
		return State{}, "round " + itoa(p.Round) + " of a game of " + rounds(r)
	case p.Turn < 0 || p.Turn >= n:
		return State{}, "the turn is seat " + itoa(p.Turn) + " at a table of " + itoa(n)
	case len(p.Hands) != n || len(p.Laid) != n || len(p.Known) != n:
		return State{}, "Hands, Laid and Known give each of the " + itoa(n) + " seats its cards"
	case p.Turns < 0 || p.Turns > MaxTurns || p.Turns == MaxTurns && (p.Phase == Drawing || p.Phase == Playing):
		return State{}, "turn " + itoa(p.Turns) + ": a round in play has had 0 to " + itoa(MaxTurns-1)
	case p.Rebuilds < 0:
		return State{}, "the stock rebuilt " + itoa(p.Rebuilds) + " times"
	case r.Rebuilds > 0 && p.Rebuilds > r.Rebuilds:
		return State{}, "the stock rebuilt " + itoa(p.Rebuilds) + " times: the rules allow " + itoa(r.Rebuilds)
	case p.Rebuilds > p.Turns:
		return State{}, "the stock rebuilt " + itoa(p.Rebuilds) + " times in " + plural(p.Turns, "turn") + ": it is rebuilt at most once a turn"
	case p.Seq < 0:
		return State{}, "Seq below 0"
	case len(p.Melds) > maxMelds || len(p.Stock) > 52 || len(p.Pile) > 52:
		return State{}, "more cards than the deck has"
	}
	g := &game{rules: r, round: p.Round, origin: &origin{}}
	s := State{state: state{g: g, phase: p.Phase, turn: uint8(p.Turn), rebuilds: uint16(p.Rebuilds), turns: uint16(p.Turns), rng: p.RNG, wentOut: -1}}
	var all, laid set
	take := func(what string, cs []card.Card) (set, string) {
		var x set
		for _, c := range cs {
			b := bit(c)
			switch {
			case b == 0:
				return 0, what + ": " + cardText(c) + " is not a card of the deck"
			case all&b != 0:
				return 0, what + ": " + c.String() + " is in two places"
			}
			x |= b
			all |= b
		}
		return x, ""
	}
	var msg string
	for seat := range n {
		if s.hands[seat], msg = take("seat "+itoa(seat)+"'s hand", p.Hands[seat]); msg != "" {
			return State{}, msg
		}
	}
	for i, m := range p.Melds {
		x, msg := take("meld "+itoa(i+1), m.Meld.Cards())
		switch {
		case msg != "":
			return State{}, msg
		case !x.isRun() && !x.isGroup():
			return State{}, "meld " + itoa(i+1) + " is no run or group"
		case m.Seat < 0 || m.Seat >= n:
			return State{}, "meld " + itoa(i+1) + " was laid by seat " + itoa(m.Seat)
		}
		s.melds[i] = encode(x, m.Seat)
		laid |= x
	}
	s.nmelds = uint8(len(p.Melds))
	var credited set
	for seat := range n {
		x, ok := setOf(p.Laid[seat])
		switch {
		case !ok:
			return State{}, "seat " + itoa(seat) + "'s laid cards are not cards of the deck, each once"
		case x&credited != 0:
			return State{}, "seat " + itoa(seat) + "'s laid cards: " + (x & credited).String() + " credited to two seats"
		}
		credited |= x
		s.credit(seat, x)
		k, ok := setOf(p.Known[seat])
		if !ok || k&^s.hands[seat] != 0 {
			return State{}, "seat " + itoa(seat) + "'s known cards are not cards of its hand"
		}
		s.known |= k
	}
	if credited != laid {
		return State{}, "the laid cards are not the cards of the melds"
	}
	if len(p.Pile)+len(p.Stock) > 52 {
		return State{}, "more cards than the deck has"
	}
	for i, c := range p.Pile {
		if _, msg = take("the pile", p.Pile[i:i+1]); msg != "" {
			return State{}, msg
		}
		s.cards[51-i] = c
	}
	s.npile = uint8(len(p.Pile))
	for i, c := range p.Stock {
		if _, msg = take("the stock", p.Stock[i:i+1]); msg != "" {
			return State{}, msg
		}
		s.cards[len(p.Stock)-1-i] = c
	}
	s.nstock = uint8(len(p.Stock))
	if all != full {
		return State{}, "the cards are not the whole deck: " + (full &^ all).String() + " missing"
	}
	if msg := s.checkPlay(p); msg != "" {
		return State{}, msg
	}
	if msg := s.checkResults(p); msg != "" {
		return State{}, msg
	}
	if p.Seq > maxSeq-actionsLeft(p) {
		return State{}, "Seq " + itoa(p.Seq) + ": the game's count of actions could pass " + itoa(maxSeq)
	}
	s.h = eventlog.WordsFrom(p.Seq)
	return s, ""
}

// maxSeq bounds the count of a game's actions: FromPosition refuses a Seq
// that the actions left could carry past it, so the count never overflows
// and every State reached from a Position has one FromPosition accepts.
const maxSeq = 1 << 30

// actionsLeft bounds the actions left in the game of p, a position
// FromPosition has checked, and falls by at least one with each action. A
// turn is at most 53 actions (a draw, then at most 52 that each take one
// card or more from the hand, the discard among them); a round at most
// MaxTurns turns and the next that deals the round after it.
func actionsLeft(p Position) int {
	const turn = 53
	const round = MaxTurns*turn + 1
	last := MaxRounds
	if p.Rules.Rounds > 0 {
		last = p.Rules.Rounds
	}
	later := (last - p.Round) * round
	switch p.Phase {
	case Drawing:
		return len(p.Hands[p.Turn]) + 2 + (MaxTurns-1-p.Turns)*turn + 1 + later
	case Playing:
		return len(p.Hands[p.Turn]) + (MaxTurns-1-p.Turns)*turn + 1 + later
	case RoundOver:
		return 1 + later
	}
	return 0
}

// checkPlay checks the cards against the phase: a round in play has no
// empty hand, a turn starts with a stock and a pile and its draw leaves
// one of them, the card drawn from the pile this turn is held and not
// alone.
func (s *State) checkPlay(p Position) string {
	inPlay := p.Phase == Drawing || p.Phase == Playing
	if p.Taken != 0 {
		b := bit(p.Taken)
		switch {
		case p.Phase != Playing:
			return "a card drawn from the pile (Taken) outside a turn's play"
		case b == 0 || s.knownBy(p.Turn)&b == 0:
			return "Taken, " + cardText(p.Taken) + ", is not among the known cards of the player's hand"
		case s.g.rules.KeepTaken && s.hands[p.Turn] == b:
			return "the player holds only the card it drew from the pile, which it may not discard"
		}
		s.taken = p.Taken
	}
	if p.Phase == Drawing && (s.nstock == 0 || s.npile == 0) {
		return "a turn starts with cards in the stock and the pile"
	}
	if p.Phase == Playing && s.nstock == 0 && s.npile == 0 {
		return "the stock and the pile are both empty after the draw: a turn starts with cards in both, and its draw empties one at most"
	}
	if inPlay {
		for seat := range p.Hands {
			if s.hands[seat] == 0 {
				return "seat " + itoa(seat) + " has no cards while the round goes on: it went out"
			}
		}
	}
	return ""
}

// checkResults checks the results against one another and the phase, and
// a round over against the table, and sets the totals.
func (s *State) checkResults(p Position) string {
	g, r := s.g, &s.g.rules
	want := p.Round - 1
	if p.Phase == RoundOver || p.Phase == GameOver {
		want = p.Round
	}
	if len(p.Results) != want {
		return itoa(len(p.Results)) + " results in round " + itoa(p.Round) + " (" + p.Phase.String() + "): want " + itoa(want)
	}
	var totals [MaxPlayers]int
	for i, res := range p.Results {
		at := "result " + itoa(i+1)
		if res.Number != i+1 || len(res.Players) != r.Players || res.WentOut < -1 || res.WentOut >= r.Players {
			return at + ": its Number, WentOut or Players"
		}
		for seat, ps := range res.Players {
			if ps.Seat != seat || ps.Breakdown.Total() != ps.Points || ps.Total != totals[seat]+ps.Points || len(ps.Breakdown) != 2 ||
				ps.Breakdown[0].Item != ItemLaid || ps.Breakdown[1].Item != ItemHeld {
				return at + ": seat " + itoa(seat) + "'s score does not add up"
			}
			if laid, held := ps.Breakdown[0].Points, ps.Breakdown[1].Points; laid < 0 || laid > 52*MaxValue || held > 0 || held < -52*MaxValue {
				return at + ": seat " + itoa(seat) + "'s score is more than the cards can make"
			}
			totals[seat] = ps.Total
		}
		if i+1 < p.Round && gameEnds(r, i+1, totals) {
			return at + ": the game ended there"
		}
	}
	g.totals = totals
	g.results = make([]RoundResult, len(p.Results))
	for i, res := range p.Results {
		g.results[i] = res.clone()
	}
	if want == p.Round {
		last := p.Results[want-1]
		w := last.WentOut
		if w >= 0 && s.hands[w] != 0 || w < 0 && slices.Contains(s.hands[:r.Players], 0) {
			return "the last result's WentOut does not match the hands"
		}
		var before [MaxPlayers]int
		for seat, ps := range last.Players {
			before[seat] = ps.Total - ps.Points
		}
		if !slices.EqualFunc(s.tally(before), last.Players, func(a, b PlayerScore) bool {
			return a.Points == b.Points && slices.Equal(a.Breakdown, b.Breakdown)
		}) {
			return "the last result is not the score of the table"
		}
		s.wentOut = int8(w)
		if ends := gameEnds(r, p.Round, totals); ends != (p.Phase == GameOver) {
			return "the phase is " + p.Phase.String() + " but the game " + map[bool]string{true: "has ended", false: "goes on"}[ends]
		}
	}
	return ""
}

// gameEnds reports whether a game of r ends after round n with totals.
func gameEnds(r *Rules, n int, totals [MaxPlayers]int) bool {
	if r.Rounds > 0 {
		return n >= r.Rounds
	}
	if n >= MaxRounds {
		return true
	}
	for _, t := range totals[:r.Players] {
		if t >= r.Target {
			return true
		}
	}
	return false
}

// rounds describes the length of a game of r.
func rounds(r Rules) string {
	if r.Rounds > 0 {
		return plural(r.Rounds, "round")
	}
	return "rounds to " + itoa(r.Target)
}

// MarshalJSON writes s as the JSON of its [Position].
func (s State) MarshalJSON() ([]byte, error) { return json.Marshal(s.Position()) }

// UnmarshalJSON builds the State a [Position] in JSON describes, with
// [FromPosition]; on error s is unchanged. JSON the Position cannot hold
// is refused, not dropped: an unknown field, or more values than a
// fixed-size array holds (the seats' names). So is JSON no game holds, before
// it is decoded: a list of more than 4,096 values, a string of more than
// 8 KB, nesting more than 16 deep. Decoding allocates at most 8 bytes for
// each byte of JSON, plus 1 MB.
func (s *State) UnmarshalJSON(data []byte) error {
	p, err := record.Strict[Position](data, pkg, ErrPosition)
	if err != nil {
		return err
	}
	v, err := FromPosition(p)
	if err != nil {
		return err
	}
	*s = v
	return nil
}
