package card_test

import (
	"errors"
	"fmt"

	"github.com/cardrules/cardrules/card"
)

func ExampleParse() {
	for _, s := range []string{"7H", "10s", "T♠", "q♦", "jk", "1X"} {
		c, err := card.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "->", c)
	}
	// Output:
	// 7H -> 7H
	// 10s -> 10S
	// T♠ -> 10S
	// q♦ -> QD
	// jk -> JK
	// card: invalid card notation: "1X": unknown suit "X"
}

func ExampleParseCards() {
	cards, err := card.ParseCards("7H, 7d 2C\tJK")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cards, len(cards))

	_, err = card.ParseCards("7H 7D 11C")
	fmt.Println(err)
	// Output:
	// [7H 7D 2C JK] 4
	// card: invalid card notation: "11C" (card 3 of the list): unknown rank "11"
}

func ExampleNew() {
	c := card.New(card.Queen, card.Diamonds)
	fmt.Println(c, c.Rank().Name(), "of", c.Suit().Name(), c.Suit().Symbol(), "red:", c.IsRed())

	// An invalid rank or suit gives the zero Card.
	bad := card.New(card.King, 0)
	fmt.Println(bad, bad.IsValid())
	// Output:
	// QD queen of diamonds ♦ red: true
	// ?? false
}

func ExampleCard_String() {
	for _, c := range []card.Card{
		card.New(card.Ace, card.Spades),
		card.New(card.Ten, card.Hearts),
		card.Joker,
		0, // the zero Card is invalid
	} {
		fmt.Println(c.String())
	}
	// Output:
	// AS
	// 10H
	// JK
	// ??
}

func ExampleMultiset() {
	var hand card.Multiset // the zero Multiset is empty and ready to use
	if err := hand.AddCards(card.MustParseCards("7H 7D 2C JK 7H KS")); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(hand, "-", hand.Len(), "cards")
	fmt.Println("7H:", hand.Count(card.MustParse("7H")), "sevens:", hand.CountRank(card.Seven))

	// Meld three sevens.
	if err := hand.RemoveCards(card.MustParseCards("7H 7H 7D")); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(hand)

	// A failed removal changes nothing.
	err := hand.RemoveCards(card.MustParseCards("KS AS"))
	fmt.Println(err, errors.Is(err, card.ErrMissing))
	fmt.Println(hand)
	// Output:
	// 2C 7D 7H 7H KS JK - 6 cards
	// 7H: 2 sevens: 3
	// 2C KS JK
	// card: card not held: cannot remove AS true
	// 2C KS JK
}

func ExampleMultiset_Kinds() {
	hand, err := card.MultisetOf(card.MustParseCards("JK 7H 7H 2C JK JK")...)
	if err != nil {
		fmt.Println(err)
		return
	}
	for c, n := range hand.Kinds() {
		fmt.Printf("%v ×%d\n", c, n)
	}
	// Output:
	// 2C ×1
	// 7H ×2
	// JK ×3
}

func ExampleParse_error() {
	_, err := card.Parse("1X")
	fmt.Println(err)
	fmt.Println(errors.Is(err, card.ErrSyntax))

	_, err = card.ParseCards("7H 8D 1X")
	fmt.Println(err)
	// Output:
	// card: invalid card notation: "1X": unknown suit "X"
	// true
	// card: invalid card notation: "1X" (card 3 of the list): unknown suit "X"
}
