package main

import (
	"io"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/rummy"
)

// A hint is the choice of a computer player of the table's strength from
// the human's View alone: two games the human cannot tell apart (the same
// View, the hidden cards in another order) get the same hint, and the
// hint names the strength. In Doublets only the solver's verdict, which
// says it knows the stock, may differ.
func TestHintSeesWhatTheSeatSees(t *testing.T) {
	firstSentence := func(h string) string {
		h = strings.ReplaceAll(h, "\n", " ")
		return h[:strings.Index(h, "). ")+2]
	}
	t.Run("doublets", func(t *testing.T) {
		tb, err := newDoublets(io.Discard, options{game: "doublets", rules: "A", bots: "search", seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		other, err := doublets.Determinize(tb.s.View(0), 99)
		if err != nil {
			t.Fatal(err)
		}
		if other.Equal(tb.s) {
			t.Fatal("the sample dealt the same stock: pick another seed")
		}
		h1 := tb.hint()
		tb.s = other
		h2 := tb.hint()
		if !strings.Contains(h1, "(the search computer player's choice, from what your seat sees).") {
			t.Errorf("the hint does not name its player: %q", h1)
		}
		if firstSentence(h1) != firstSentence(h2) {
			t.Errorf("the hint depends on the stock's order:\n%s\n%s", h1, h2)
		}
		if !strings.Contains(strings.ReplaceAll(h1, "\n", " "), "Knowing the stock's order, which you do not, the solver says") {
			t.Errorf("the solver's verdict is not labelled: %q", h1)
		}
	})
	t.Run("rummy", func(t *testing.T) {
		tb, err := newRummy(io.Discard, options{game: "rummy", players: 2, bots: "heuristic", seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		other, err := rummy.Determinize(tb.s.View(tb.human), 5)
		if err != nil {
			t.Fatal(err)
		}
		h1 := strings.ReplaceAll(tb.hint(), "\n", " ")
		tb.s = other
		if h2 := strings.ReplaceAll(tb.hint(), "\n", " "); h1 != h2 || !strings.Contains(h1, "(the heuristic computer player's choice, from what your seat sees).") {
			t.Errorf("hints %q and %q", h1, h2)
		}
	})
}
