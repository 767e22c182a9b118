package famtest

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// CardsAction is what a game's Action offers of the cards it lays.
type CardsAction interface {
	Cards() []card.Card
	AppendCards(dst []card.Card) []card.Card
	Counts() (naturals, twos, jokers int)
}

// CheckActionCards checks that a's AppendCards appends exactly the cards
// Cards returns, after what dst holds, and that Counts counts them. It
// reports whether a lays cards.
func CheckActionCards[A CardsAction](t testing.TB, a A) bool {
	t.Helper()
	prefix := []card.Card{card.Joker, card.New(card.Ace, card.Spades)}
	got := a.AppendCards(prefix)
	want := append([]card.Card{card.Joker, card.New(card.Ace, card.Spades)}, a.Cards()...)
	if !slices.Equal(got, want) {
		t.Fatalf("%v: AppendCards = %v, want %v", a, got, want)
	}
	var n, tw, j int
	for _, c := range a.Cards() {
		switch {
		case c == card.Joker:
			j++
		case c.Rank() == card.Two:
			tw++
		default:
			n++
		}
	}
	if gn, gt, gj := a.Counts(); gn != n || gt != tw || gj != j {
		t.Fatalf("%v: Counts = %d, %d, %d; its cards %v hold %d, %d, %d", a, gn, gt, gj, a.Cards(), n, tw, j)
	}
	return len(want) > len(prefix)
}

// CheckActionCardsAlong plays each of starts 400 actions deep, or to its
// end, choosing by a fixed stride among the legal actions, and checks
// every legal action on the way with CheckActionCards. It fails unless 100
// of them at least lay cards.
func CheckActionCardsAlong[S any, A CardsAction](t *testing.T, starts []S, over func(S) bool, legal func(S) []A, apply func(S, A) (S, error)) {
	t.Helper()
	steps := 0
	for k, s := range starts {
		for i := 0; i < 400 && !over(s); i++ {
			as := legal(s)
			for _, a := range as {
				if CheckActionCards(t, a) {
					steps++
				}
			}
			var err error
			if s, err = apply(s, as[((k+1)*7+i*13)%len(as)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if steps < 100 {
		t.Errorf("only %d actions that lay cards: too few to test", steps)
	}
}
