package deck_test

import (
	"encoding/json"
	"fmt"

	"github.com/cardrules/cardrules/deck"
)

func ExampleShoe() {
	shoe, err := deck.Shoe(1, 2)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(shoe), shoe[:6], shoe[50:])

	_, err = deck.Shoe(0, 2)
	fmt.Println(err)
	// Output:
	// 54 [AC AD AH AS 2C 2D] [KH KS JK JK]
	// deck: invalid shoe: 0 decks: need at least 1
}

func ExampleShuffled() {
	// The same seed gives the same order, on every platform, forever.
	shoe, err := deck.Shuffled(1, 0, 42)
	if err != nil {
		panic(err)
	}
	fmt.Println("top cards:", shoe[:8])
	// Output:
	// top cards: [2S 2C 5S 10C 6S AS 10H 3C]
}

func ExampleDeal() {
	shoe, _ := deck.Shuffled(1, 0, 42)
	// Two players, five cards each, dealt one at a time in turn.
	hands, stock, err := deck.Deal(shoe, 2, 5)
	if err != nil {
		panic(err)
	}
	fmt.Println("north:", hands[0])
	fmt.Println("south:", hands[1])
	fmt.Println("stock:", len(stock), "cards, top", stock[0])

	_, _, err = deck.Deal(shoe[:7], 2, 5)
	fmt.Println(err)
	// Output:
	// north: [2S 5S 6S 10H JD]
	// south: [2C 10C AS 3C 7S]
	// stock: 42 cards, top QH
	// deck: stock too short: deal 2 packets of 5 cards: need 10 cards, stock has 7
}

func ExampleRNG() {
	r := deck.NewRNG(7)
	fork := r // copying an RNG forks the stream
	fmt.Println(r.IntN(6), r.IntN(6), r.IntN(6))
	fmt.Println(fork.IntN(6), fork.IntN(6), fork.IntN(6))
	// Output:
	// 5 4 5
	// 5 4 5
}

func ExampleRNG_MarshalText() {
	// A game state that holds an RNG saves it as text and resumes the stream.
	type saved struct{ RNG deck.RNG }
	r := deck.NewRNG(1)
	data, _ := json.Marshal(saved{r})
	fmt.Println(string(data))

	var back saved
	if err := json.Unmarshal(data, &back); err != nil {
		panic(err)
	}
	fmt.Println(r.IntN(100) == back.RNG.IntN(100))
	// Output:
	// {"RNG":"7063673a00000000000000016361726472756c65"}
	// true
}
