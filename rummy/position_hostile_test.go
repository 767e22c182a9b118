package rummy

import (
	"errors"
	"math"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/score"
)

// twoHands are hands for basic rummy's two seats, for positions built
// with hp.
var twoHands = []string{"AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD"}

// A Seq near the largest int was accepted, and the first action made the
// count of actions overflow to below 0: the State reached had a Position
// FromPosition refused ("Seq below 0"). FromPosition now refuses a Seq the
// game's actions left could carry past 2^30, so a position at the largest
// Seq it accepts plays to the end with every check of the harness (the
// game of three seats to a target runs some 20000 actions: the step checks
// on one step in 64 after the first).
func TestHostileSeqOverflow(t *testing.T) {
	for _, r := range []Rules{Basic(), {Players: 3, Rebuilds: 1, Values: score.Uniform(BasicValues()), Target: 100}} {
		p := hp(t, r, Drawing, 0, append(twoHands, "AH 2H 3H")[:r.Players], nil, "AS", "")
		p.Seq = math.MaxInt
		if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
			t.Errorf("Seq %d: FromPosition gave %v, want ErrPosition", p.Seq, err)
		}
		p.Seq = largestSeq(p)
		s, err := FromPosition(p)
		if err != nil {
			t.Fatalf("the largest Seq accepted, %d: %v", p.Seq, err)
		}
		g := hostileGame()
		g.CheckOneIn = 64
		if !conform.Full() {
			g.CheckOneIn = 256 // the quick loop: the game whole, fewer steps checked
		}
		conform.From(t, g, r, s, 1, 0)
	}
}

// largestSeq returns the largest Seq FromPosition accepts in p.
func largestSeq(p Position) int {
	return conform.Largest(func(n int) bool {
		p.Seq = n
		_, err := FromPosition(p)
		return err == nil
	})
}

// result is a round's result of two seats with the points given, the
// cards laid scoring laid and those held held.
func result(n int, laid, held [2]int, before [2]int) RoundResult {
	res := RoundResult{Number: n, WentOut: -1}
	for seat := range 2 {
		pts := laid[seat] + held[seat]
		res.Players = append(res.Players, PlayerScore{Seat: seat, Points: pts,
			Breakdown: score.Breakdown{{Item: ItemLaid, Points: laid[seat]}, {Item: ItemHeld, Points: held[seat]}},
			Total:     before[seat] + pts})
	}
	return res
}

// A result's points were taken as given however large: a round scoring
// near the largest int made the totals overflow once the next round was
// scored, and the seat far ahead lost the game. FromPosition now refuses a
// round's score the cards cannot make: laid cards 0 to 52 × MaxValue, held
// cards 0 to −52 × MaxValue.
func TestHostileResultOverflow(t *testing.T) {
	r := Basic()
	r.Rounds = 2
	p := hp(t, r, Playing, 0, []string{"AC 2C 3C", twoHands[1]}, nil, "AH", "")
	p.Round = 2
	big := math.MaxInt - 5
	p.Results = []RoundResult{result(1, [2]int{big, 0}, [2]int{}, [2]int{})}
	s, err := FromPosition(p)
	if err == nil {
		s, err = Apply(s, mustMeld(t, "AC 2C 3C"))
		if err != nil {
			t.Fatal(err)
		}
		t.Fatalf("a result of %d points accepted: the game ends with totals %v, won by %v", big, s.Totals(), s.Winners())
	}
	if !errors.Is(err, ErrPosition) {
		t.Fatalf("FromPosition: %v, want ErrPosition", err)
	}
	for _, bad := range [][2][2]int{
		{{52*MaxValue + 1, 0}, {0, 0}}, {{-1, 0}, {0, 0}}, {{0, 0}, {1, 0}}, {{0, 0}, {0, -52*MaxValue - 1}},
	} {
		p.Results = []RoundResult{result(1, bad[0], bad[1], [2]int{})}
		if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
			t.Errorf("laid %v held %v: FromPosition gave %v", bad[0], bad[1], err)
		}
	}
	p.Results = []RoundResult{result(1, [2]int{52 * MaxValue, 0}, [2]int{0, -52 * MaxValue}, [2]int{})}
	if _, err := FromPosition(p); err != nil {
		t.Errorf("the most a round can score refused: %v", err)
	}
}

func mustMeld(t *testing.T, cs string) Action {
	t.Helper()
	a, err := ParseAction("meld " + cs)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A turn starts with cards in the stock and the pile, and its draw takes
// from one of them: after the draw one at least holds cards. FromPosition
// took a turn in play with both empty, which play never reaches.
func TestHostileStockAndPileEmptyAfterTheDraw(t *testing.T) {
	p := hp(t, Basic(), Playing, 0, []string{"AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", twoHands[1]}, nil, "AH", "")
	p.Hands[1] = append(p.Hands[1], p.Stock...)
	p.Stock, p.Rebuilds, p.Turns = nil, 3, 3
	if _, err := FromPosition(p); err != nil {
		t.Fatalf("an empty stock after the draw, the pile's card left: %v", err)
	}
	p.Hands[1] = append(p.Hands[1], p.Pile...)
	p.Pile = nil
	if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
		t.Fatalf("the stock and the pile both empty after the draw: %v, want ErrPosition", err)
	}
}

// JSON a Position cannot hold is refused, not read with the excess
// dropped: encoding/json took one seat's name more than Rules.Names holds.
func TestHostileJSONNothingDropped(t *testing.T) {
	s, err := New(Basic(), 1)
	if err != nil {
		t.Fatal(err)
	}
	conform.NothingDropped(t, s, ErrPosition, "names", `"E"`)
}
