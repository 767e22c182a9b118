// Command deal prints a seeded Hand and Foot deal: the shoe for four players
// under rule set A (five decks with two jokers each), each player's 11-card
// hand and 11-card foot, the upcard and the size of the stock.
//
// The same seed prints the same deal on every machine, now and in every
// future version of the library:
//
//	go run ./examples/deal -seed 7
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cardrules/cardrules/deck"
)

func main() {
	seed := flag.Uint64("seed", 1, "the deal's seed")
	players := flag.Int("players", 4, "number of players (2-8)")
	flag.Parse()
	if err := run(os.Stdout, *seed, *players); err != nil {
		fmt.Fprintln(os.Stderr, "deal:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, seed uint64, players int) error {
	if players < 2 || players > 8 {
		return fmt.Errorf("%d players: Hand and Foot takes 2 to 8", players)
	}
	decks := players + 1 // rule set A: "The number of decks used must be >=number of players + 1"
	shoe, err := deck.Shuffled(decks, 2, seed)
	if err != nil {
		return err
	}
	hands, rest, err := deck.DealHands(shoe, players, 11)
	if err != nil {
		return err
	}
	feet, stock, err := deck.DealHands(rest, players, 11)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Hand and Foot, %d players, %d decks with jokers, seed %d\n\n", players, decks, seed)
	for p := range players {
		fmt.Fprintf(w, "player %d hand: %v\n", p+1, hands[p])
		fmt.Fprintf(w, "player %d foot: %v\n", p+1, feet[p])
	}
	fmt.Fprintf(w, "\nupcard: %v   stock: %d cards\n", stock[0], len(stock)-1)
	return nil
}
