package conform

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
)

// The toy game the harness's tests play: Seats players are dealt Hand
// cards each from the first Cards cards of a deck; the rest is a face-down
// stock no one draws from. In turn, each player with cards left discards
// one onto a face-up pile; the game ends when every hand is empty. A bug,
// set by the test, breaks one promise of the contract.
type toyRules struct {
	Seats int `json:"seats"`
	Cards int `json:"cards"`
	Hand  int `json:"hand"`
}

// MaxActions bounds a toy game: each seat discards its hand.
func (r toyRules) MaxActions() int {
	if toyBug == "endless-rounds" {
		return 1000
	}
	return r.Seats * r.Hand
}

// toyState is a position of the toy game: a value whose slices are
// copied, never written, by toyApply.
type toyState struct {
	Rules      toyRules
	Hands      []card.Multiset
	Stock      []card.Card
	Pile       []card.Card
	Turn       int
	Moves      *int                         // actions played: a new int each time, shared and written in place under the "mutated" bug
	legalCache *atomic.Pointer[[]toyAction] // Legal's cache under the "legal-slice" bug
}

type toyAction struct{ Card card.Card }

type toyView struct {
	Seat   int             `json:"seat"`
	Hand   card.Multiset   `json:"hand"`
	Counts []int           `json:"counts"`           // cards in each hand
	Others []card.Multiset `json:"others,omitempty"` // the other hands: only the "leak" bug fills it
	Pile   []card.Card     `json:"pile"`
	Stock  int             `json:"stock"`
	Turn   int             `json:"turn"`
}

// toyBug names the broken promise; "" plays the sound game.
var toyBug string

var errToy = errors.New("not a legal move")

// toyErr is the toy game's error for detail.
func toyErr(detail string) error {
	if toyBug == "error-shape" {
		return fmt.Errorf("%w: %s", errToy, detail)
	}
	return fmt.Errorf("toy: %w: %s", errToy, detail)
}

// Validate reports whether the table can be played: two or three seats,
// a hand of a card or more, at most 20 cards and enough for the hands.
func (r toyRules) Validate() error {
	if r.Seats < 2 || r.Seats > 3 || r.Hand < 1 || r.Cards > 20 || r.Seats*r.Hand > r.Cards {
		return toyErr("no such table: " + strconv.Itoa(r.Seats) + " seats")
	}
	return nil
}

// MarshalJSON writes the table; the "rules-json" bug leaves out Hand.
func (r toyRules) MarshalJSON() ([]byte, error) {
	type plain toyRules
	if toyBug == "rules-json" {
		return json.Marshal(struct{ Seats, Cards int }{r.Seats, r.Cards})
	}
	return json.Marshal(plain(r))
}

func (r toyRules) shoe() []card.Card {
	cs := make([]card.Card, r.Cards)
	for i := range cs {
		cs[i] = card.Card(i + 1)
	}
	return cs
}

// toyDeals counts deals, for the "new" bug's nondeterminism.
var toyDeals atomic.Int64

func toyNew(r toyRules, seed uint64) (toyState, error) {
	if err := r.Validate(); err != nil {
		if toyBug == "new-accepts" {
			return toyState{Rules: r}, nil
		}
		return toyState{}, err
	}
	if toyBug == "new-refuses" && r.Seats == 3 {
		return toyState{}, toyErr("three seats")
	}
	if toyBug == "nondeterministic" {
		seed += uint64(toyDeals.Add(1))
	}
	cs := r.shoe()
	rand.New(rand.NewPCG(seed, 1)).Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	s := toyState{Rules: r, Hands: make([]card.Multiset, r.Seats), Stock: cs[r.Seats*r.Hand:], Moves: new(int)}
	for i, c := range cs[:r.Seats*r.Hand] {
		_ = s.Hands[i%r.Seats].Add(c)
	}
	s.cache()
	return s, nil
}

// cache gives s an empty cache of Legal under the "legal-slice" bug.
func (s *toyState) cache() {
	if toyBug == "legal-slice" {
		s.legalCache = new(atomic.Pointer[[]toyAction])
	}
}

func (s toyState) IsValid() bool { return s.Hands != nil }

func (s toyState) Over() bool {
	if toyBug == "endless" {
		return false
	}
	for i, h := range s.Hands {
		if toyBug == "end" && i == len(s.Hands)-1 && i > 0 {
			break // ends with the last hand still held
		}
		if !h.IsEmpty() {
			return false
		}
	}
	return true
}

// ToAct is the seat to act, -1 once the game is over; the "to-act-over"
// bug leaves it at seat 0 then.
func (s toyState) ToAct() int {
	if s.Over() {
		if toyBug == "to-act-over" {
			return 0
		}
		return -1
	}
	return s.Turn
}

// Seats is the number of seats at the table.
func (s toyState) Seats() int { return len(s.Hands) }

// Seq is the number of actions played; the "seq" bug stops counting at
// two.
func (s toyState) Seq() int {
	if s.Moves == nil {
		return 0
	}
	if toyBug == "seq" {
		return min(*s.Moves, 2)
	}
	return *s.Moves
}

// AppendLegal appends the legal discards, by card, to dst; under the
// "legal-slice" bug it returns its cache when dst is empty.
func (s toyState) AppendLegal(dst []toyAction) []toyAction {
	if len(dst) == 0 {
		return s.legal()
	}
	return append(dst, s.legal()...)
}

func (s toyState) legal() []toyAction {
	if s.Over() || s.Turn < 0 || s.Turn >= len(s.Hands) {
		if toyBug == "legal-over" {
			return []toyAction{{card.Joker}}
		}
		return nil
	}
	if s.legalCache != nil {
		if cached := s.legalCache.Load(); cached != nil {
			return *cached
		}
	}
	var out []toyAction
	for c := range s.Hands[s.Turn].Kinds() {
		out = append(out, toyAction{c})
	}
	switch toyBug {
	case "refused":
		out = append(out, toyAction{card.Joker})
	case "order":
		slices.Reverse(out)
	case "stuck":
		if len(s.Pile) == 1 {
			out = nil
		}
	case "legal-size":
		out = append(out, out...) // unsorted too, but the bound is checked first
	}
	if s.legalCache != nil {
		s.legalCache.Store(&out)
	}
	return out
}

// toyBusy counts Applies in progress, for the "busy" bug.
var toyBusy atomic.Int64

func (s toyState) Apply(a toyAction) (toyState, error) {
	if toyBug == "busy" {
		toyBusy.Add(1)
		runtime.Gosched()
		busy := toyBusy.Load() > 1
		toyBusy.Add(-1)
		if busy {
			return s, toyErr("busy")
		}
	}
	if toyBug == "unlisted" && a.Card == 0 {
		s.Turn = s.next()
		return s, nil
	}
	if s.ToAct() < 0 || s.Hands[s.Turn].Count(a.Card) == 0 {
		if toyBug == "untouched" {
			s.Turn = s.next()
		}
		return s, toyErr("you do not hold " + a.Card.String())
	}
	if toyBug == "panic" && a.Card == 1 {
		panic("the ace of clubs")
	}
	if toyBug == "mutated" {
		*s.Moves++
	} else {
		moves := *s.Moves + 1
		s.Moves = &moves
	}
	hands := slices.Clone(s.Hands)
	_ = hands[s.Turn].Remove(a.Card)
	s.Hands = hands
	if toyBug != "cards" {
		s.Pile = append(slices.Clone(s.Pile), a.Card)
	}
	s.cache()
	s.Turn = s.next()
	if toyBug == "endless" && s.Turn < 0 {
		// Every hand is empty: the pile is dealt out again.
		s.Hands = make([]card.Multiset, len(s.Hands))
		for i, c := range s.Pile {
			_ = s.Hands[i%len(s.Hands)].Add(c)
		}
		s.Pile, s.Turn = nil, 0
	}
	return s, nil
}

// next returns the next seat after the turn with cards in hand, or -1.
func (s toyState) next() int {
	for i := 1; i <= len(s.Hands); i++ {
		if seat := (s.Turn + i) % len(s.Hands); !s.Hands[seat].IsEmpty() {
			return seat
		}
	}
	return -1
}

func (s toyState) Cards() card.Multiset {
	m, _ := card.MultisetOf(append(slices.Clone(s.Stock), s.Pile...)...)
	for _, h := range s.Hands {
		_ = m.AddAll(h)
	}
	return m
}

func (a toyState) Equal(b toyState) bool {
	return a.Rules == b.Rules && a.Turn == b.Turn && slices.Equal(a.Hands, b.Hands) &&
		slices.Equal(a.Stock, b.Stock) && slices.Equal(a.Pile, b.Pile)
}

// MarshalJSON writes the position; the "state-json" bug leaves out Turn.
func (s toyState) MarshalJSON() ([]byte, error) {
	type plain struct {
		Rules toyRules        `json:"rules"`
		Hands []card.Multiset `json:"hands"`
		Stock []card.Card     `json:"stock"`
		Pile  []card.Card     `json:"pile"`
		Turn  int             `json:"turn,omitempty"`
		Moves int             `json:"moves"`
	}
	p := plain{s.Rules, s.Hands, s.Stock, s.Pile, s.Turn, *s.Moves}
	if toyBug == "state-json" {
		p.Turn = 0
	}
	return json.Marshal(p)
}

func (s *toyState) UnmarshalJSON(data []byte) error {
	var p struct {
		Rules toyRules
		Hands []card.Multiset
		Stock []card.Card
		Pile  []card.Card
		Turn  int
		Moves int
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*s = toyState{Rules: p.Rules, Hands: p.Hands, Stock: p.Stock, Pile: p.Pile, Turn: p.Turn, Moves: &p.Moves}
	s.cache()
	return nil
}

func (a toyAction) String() string { return a.Card.String() }

// MarshalText writes the card; the "action-text" bug reads it back one
// card on.
func (a toyAction) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(a.Card))), nil }

// UnmarshalText reads the card's number, as MarshalText writes it, or its
// notation, as String writes it.
func (a *toyAction) UnmarshalText(text []byte) error {
	n, err := strconv.Atoi(string(text))
	if err != nil {
		c, perr := card.Parse(string(text))
		n, err = int(c), perr
	}
	if toyBug == "action-text" {
		n++
	}
	a.Card = card.Card(n)
	return err
}

func (s toyState) View(seat int) toyView {
	v := toyView{Seat: seat, Hand: s.Hands[seat], Pile: s.Pile, Stock: len(s.Stock), Turn: s.ToAct()}
	for i, h := range s.Hands {
		v.Counts = append(v.Counts, h.Len())
		if toyBug == "leak" && i != seat {
			v.Others = append(v.Others, h)
		}
	}
	return v
}

func (s toyState) ViewInto(v *toyView, seat int) { *v = s.View(seat) }

// Outcome is the toy game's: the seat whose hand empties first wins, with
// no points; the "outcome" bug has every seat won from the deal.
func (s toyState) Outcome(seat int) cardrules.Outcome {
	if seat < 0 || seat >= len(s.Hands) {
		return cardrules.Outcome{}
	}
	if toyBug == "outcome" {
		return cardrules.Outcome{Won: true} // won before the end
	}
	return cardrules.Outcome{Won: s.Over() && s.Hands[seat].IsEmpty()}
}

// MarshalJSON writes the view; the "view-json" bug leaves out the stock,
// and the "json-keys" bug writes the key "Turn" in Go's spelling.
func (v toyView) MarshalJSON() ([]byte, error) {
	type plain toyView
	p := plain(v)
	if toyBug == "view-json" {
		p.Stock = 0
	}
	if toyBug == "json-keys" {
		return json.Marshal(struct {
			plain
			Turn int
		}{p, p.Turn})
	}
	return json.Marshal(p)
}

// toyResample deals the cards seat cannot see (the other hands and the
// stock) afresh.
func toyResample(s toyState, seat int, seed uint64) (toyState, error) {
	var hidden []card.Card
	for i, h := range s.Hands {
		if i != seat {
			hidden = h.AppendCards(hidden)
		}
	}
	hidden = append(hidden, s.Stock...)
	rand.New(rand.NewPCG(seed, 2)).Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	hands := slices.Clone(s.Hands)
	for i, h := range s.Hands {
		if i != seat {
			hands[i], _ = card.MultisetOf(hidden[:h.Len()]...)
			hidden = hidden[h.Len():]
		}
	}
	s.Hands, s.Stock = hands, hidden
	return s, nil
}

// Sample is toyDeterminize: the toy View is a cardrules.Sampler, which
// the harness checks.
func (v toyView) Sample(seed uint64) (toyState, error) { return toyDeterminize(v, seed) }

// toyDeterminize builds a State from seat's View: its hand, the pile and
// the counts as the View shows them, the other cards dealt from seed. The
// "determinize" bug gives the turn to the next seat.
func toyDeterminize(v toyView, seed uint64) (toyState, error) {
	total := v.Stock + len(v.Pile)
	for _, n := range v.Counts {
		total += n
	}
	s := toyState{Rules: toyRules{Seats: len(v.Counts), Cards: total}, Pile: v.Pile, Turn: v.Turn, Moves: new(int)}
	var hidden []card.Card
	for _, c := range s.Rules.shoe() {
		if v.Hand.Count(c) == 0 && !slices.Contains(v.Pile, c) {
			hidden = append(hidden, c)
		}
	}
	rand.New(rand.NewPCG(seed, 3)).Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	for i, n := range v.Counts {
		if i == v.Seat {
			s.Hands = append(s.Hands, v.Hand)
			continue
		}
		if n > len(hidden) {
			return toyState{}, errors.New("the counts do not add up")
		}
		h, _ := card.MultisetOf(hidden[:n]...)
		s.Hands, hidden = append(s.Hands, h), hidden[n:]
	}
	if toyBug == "determinize" {
		s.Turn = (s.Turn + 1) % len(s.Hands)
	}
	s.Stock = hidden
	return s, nil
}

func toyHook(bug string) func(toyState) error {
	return func(s toyState) error {
		if toyBug == bug && len(s.Pile) == 2 {
			return errors.New("a broken invariant")
		}
		return nil
	}
}

// toyGame is the toy game as the harness sees it.
func toyGame() *Game[toyRules, toyState, toyAction, toyView] {
	return &Game[toyRules, toyState, toyAction, toyView]{
		Pkg:       "toy",
		Sentinels: []error{errToy},
		Presets:   []toyRules{{2, 6, 2}, {3, 9, 2}, {2, 8, 3}},
		RandomRules: func(r Rand) toyRules {
			return toyRules{Range(r, "seats", 1, 4), Range(r, "cards", 0, 22), Range(r, "hand", 0, 6)}
		},
		New: toyNew,
		Shoe: func(r toyRules) card.Multiset {
			m, _ := card.MultisetOf(r.shoe()...)
			return m
		},
		Compare: func(_ toyState, a, b toyAction) int { return int(a.Card) - int(b.Card) },
		ArbitraryAction: func(r Rand, _ toyState, _ []toyAction) toyAction {
			return toyAction{card.Card(Range(r, "card", 0, 25))}
		},
		CheckMelds: toyHook("melds"),
		CheckScore: toyHook("score"),
		CheckState: func(s toyState) error {
			if toyBug == "endless-rounds" && len(s.Pile) > 3 {
				return fmt.Errorf("%w: four cards on the pile", ErrEndless)
			}
			return toyHook("state")(s)
		},
		GameEnds: func(s toyState) (scored, ends bool) {
			// The toy game is one deal: it ends when every hand is empty.
			return true, !slices.ContainsFunc(s.Hands, func(h card.Multiset) bool { return !h.IsEmpty() })
		},
		CheckStep: func(_ toyState, _ toyAction, after toyState) error { return toyHook("step")(after) },
		CheckView: func(s toyState, _ int, _ toyView) error { return toyHook("view")(s) },
		Resample:  toyResample,
		MaxLegal: func(s toyState) int {
			switch toyBug {
			case "legal-size":
				return len(s.Hands[max(s.Turn, 0)].Cards())
			case "ceiling":
				return 1 << 30
			}
			return 52
		},
		CheckSteps: 20,
	}
}
