package main

import (
	"strings"
	"testing"
)

func TestRunPrintsTheSameDealForASeed(t *testing.T) {
	var a, b strings.Builder
	if err := run(&a, 7, 4); err != nil {
		t.Fatal(err)
	}
	if err := run(&b, 7, 4); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatal("the same seed printed two different deals")
	}
	out := a.String()
	for _, want := range []string{"4 players, 5 decks", "player 4 foot:", "stock: 181 cards"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var c strings.Builder
	if err := run(&c, 8, 4); err != nil {
		t.Fatal(err)
	}
	if c.String() == out {
		t.Error("seeds 7 and 8 printed the same deal")
	}
}

func TestRunRejectsBadPlayerCounts(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 9} {
		if err := run(&strings.Builder{}, 1, n); err == nil {
			t.Errorf("run with %d players: no error", n)
		}
	}
}
