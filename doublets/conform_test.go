package doublets

// Doublets under the conformance harness (internal/conform), which plays
// random games and checks the contract every game of the library keeps;
// this file tells it how to build and read Doublets and adds the checks
// only Doublets knows: the foundation doubles, the reserve stays filled,
// a game is over exactly when no move is left.
//
// A long campaign over random tables:
//
//	CARDRULES_GAMES=20000 go test -run 'TestConform/random/campaign' -v ./doublets

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/conform"
)

// TestConform runs the harness over the presets and over random tables.
func TestConform(t *testing.T) { conform.Suite(t, quickGame, 60) }

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

// conformGame is Doublets as the harness sees it.
func conformGame() *conform.Game[Rules, State, Action, View] {
	one := Aisleriot()
	one.Passes = 1
	return &conform.Game[Rules, State, Action, View]{
		Pkg:         pkg,
		Sentinels:   []error{ErrMalformed, ErrGameOver, ErrFoundation, ErrEmpty, ErrTurn, ErrStock},
		Presets:     []Rules{Aisleriot(), PySol(), one},
		RandomRules: conformRules,
		New:         New,
		Shoe:        func(Rules) card.Multiset { return deckOf() },
		Compare: func(_ State, a, b Action) int {
			return slices.Compare([]int{kindOrder(a.Kind()), a.Slot()}, []int{kindOrder(b.Kind()), b.Slot()})
		},
		ArbitraryAction: arbitraryAction,
		CheckScore:      checkScore,
		CheckState:      checkState,
		GameEnds:        endsGame,
		CheckStep:       checkStep,
		CheckView:       checkView,
		Resample:        resample,
		MaxLegal:        func(State) int { return 2 + Slots },
		DeepOneIn:       4,
	}
}

// kindOrder is a kind's place in Legal's order: plays, turn, redeal.
func kindOrder(k Kind) int { return int(k) }

func deckOf() card.Multiset {
	var m card.Multiset
	for c := card.Card(1); c < card.Joker; c++ {
		_ = m.Add(c)
	}
	return m
}

// conformRules draws a table: a preset with its fields changed one in
// four, to values that take in the odd and the wrong.
func conformRules(rnd conform.Rand) Rules {
	r := conform.Pick(rnd, "preset", []Rules{Aisleriot(), PySol()})
	ch := conform.Changer{R: rnd}
	if ch.Change("Name") {
		r.Name = conform.Pick(rnd, "name", conform.Names)
	}
	if ch.Change("Passes") {
		r.Passes = ch.Num("passes", 1, 2, 4, 10, 0, -1, 11)
	}
	if ch.Change("TurnAfterDeal") {
		r.TurnAfterDeal = !r.TurnAfterDeal
	}
	if ch.Change("KingsAside") {
		r.KingsAside = !r.KingsAside
	}
	return r
}

// arbitraryAction draws an action that is mostly not legal.
func arbitraryAction(rnd conform.Rand, _ State, legal []Action) Action {
	switch conform.Range(rnd, "kind", 0, 5) {
	case 0:
		return Action{}
	case 1:
		return Action{kind: Kind(conform.Range(rnd, "forged", 0, 5)), from: uint8(conform.Range(rnd, "from", 0, 9))}
	case 2:
		a, _ := PlayReserve(conform.Range(rnd, "slot", 0, Slots-1))
		return a
	case 3:
		if len(legal) > 0 {
			return conform.Pick(rnd, "legal", legal)
		}
	}
	return conform.Pick(rnd, "plain", []Action{PlayWaste(), Turn(), Redeal()})
}

// checkScore checks the score is the foundation's size, 48 at most, the
// win exactly at 48.
func checkScore(s State) error {
	if s.points() != len(s.Foundation()) || s.points() < 1 || s.points() > MaxScore || s.Won() != (s.points() == MaxScore) {
		return fmt.Errorf("score %d, foundation %v, won %v", s.points(), s.Foundation(), s.Won())
	}
	return nil
}

// checkState checks the foundation doubles from a card that is no king,
// the reserve is full while the talon could fill it, the pass is in
// range, and the game is over exactly when no action is legal.
func checkState(s State) error {
	f := s.Foundation()
	if f[0].Rank() == card.King {
		return errors.New("the foundation starts with a king")
	}
	for i := 1; i < len(f); i++ {
		if f[i].Rank() != next(f[i-1].Rank()) {
			return fmt.Errorf("the foundation %v does not double at card %d", f, i+1)
		}
	}
	if s.Pass() < 1 || s.Pass() > s.Rules().Passes {
		return fmt.Errorf("pass %d", s.Pass())
	}
	if slices.Contains(s.reserve[:], 0) && s.n > 0 {
		return fmt.Errorf("an empty slot with %d cards in the talon", s.n)
	}
	if s.Over() != (len(Legal(s)) == 0) || s.ToAct() != map[bool]int{true: -1, false: 0}[s.Over()] {
		return fmt.Errorf("over %v with %d legal actions, ToAct %d", s.Over(), len(Legal(s)), s.ToAct())
	}
	for i := s.n; i < 52; i++ {
		if s.talon[i] != 0 {
			return fmt.Errorf("free talon slot %d holds %v", i, s.talon[i])
		}
	}
	for i := s.count; i < MaxScore; i++ {
		if s.found[i] != 0 {
			return fmt.Errorf("free foundation slot %d holds %v", i, s.found[i])
		}
	}
	return nil
}

// checkStep checks what each kind of move did.
func checkStep(s State, a Action, next State) error {
	switch a.Kind() {
	case KindTurn:
		if next.StockSize() != s.StockSize()-1 || len(next.Waste()) != len(s.Waste())+1 || next.Waste()[len(s.Waste())] != s.Stock()[0] {
			return fmt.Errorf("turn: stock %d -> %d", s.StockSize(), next.StockSize())
		}
	case KindRedeal:
		if next.Pass() != s.Pass()+1 || !slices.Equal(next.Stock(), s.Waste()) || len(next.Waste()) != 0 {
			return fmt.Errorf("redeal: pass %d -> %d, stock %v from waste %v", s.Pass(), next.Pass(), next.Stock(), s.Waste())
		}
	case KindPlayWaste, KindPlayReserve:
		if next.points() != s.points()+1 {
			return fmt.Errorf("%v: score %d -> %d", a, s.points(), next.points())
		}
		if a.Slot() >= 0 {
			want := card.Card(0)
			switch {
			case len(s.Waste()) > 0:
				want = s.Waste()[len(s.Waste())-1]
			case s.StockSize() > 0:
				want = s.Stock()[0]
			}
			if next.Reserve()[a.Slot()] != want {
				return fmt.Errorf("%v: slot refilled with %v, want %v", a, next.Reserve()[a.Slot()], want)
			}
		}
	}
	return nil
}

// checkView checks the View against the State.
func checkView(s State, seat int, v View) error {
	if seat != 0 {
		return nil
	}
	switch {
	case v.Rules != s.Rules() || v.StockSize != s.StockSize() || v.Pass != s.Pass() || !slices.Equal(v.Waste, s.Waste()):
		return fmt.Errorf("view header %+v", v)
	case v.Reserve != s.Reserve() || !slices.Equal(v.Foundation, s.Foundation()) || v.Needed != s.Needed():
		return fmt.Errorf("view table %+v", v)
	case v.Score != s.points() || v.Over != s.Over() || v.Won != s.Won() || v.ToAct != s.ToAct() || !slices.Equal(v.Legal, Legal(s)):
		return fmt.Errorf("view state %+v", v)
	}
	return nil
}

// resample reshuffles the stock, the one thing the player cannot see.
func resample(s State, seat int, seed uint64) (State, error) {
	if seat != 0 {
		return State{}, fmt.Errorf("seat %d: Doublets has one seat", seat)
	}
	rng := deck.NewRNG(seed)
	rng.Shuffle(s.talon[s.w:s.n])
	return s, nil
}

// endsGame reads the end of the game, which is one deal, from any
// position: it is over when it is won (all 48 cards that can be built are
// on the foundation), or when no move is left: no reserve card and not the
// waste's top card is the rank the foundation needs, the stock is empty,
// and no pass is left to turn the waste over into a new stock.
func endsGame(s State) (scored, ends bool) {
	if s.Won() {
		return true, true
	}
	need := s.Needed()
	for _, c := range s.Reserve() {
		if c != 0 && c.Rank() == need {
			return true, false
		}
	}
	waste := s.Waste()
	if len(waste) > 0 && waste[len(waste)-1].Rank() == need {
		return true, false
	}
	return true, s.StockSize() == 0 && (len(waste) == 0 || s.Pass() >= s.Rules().Passes)
}
