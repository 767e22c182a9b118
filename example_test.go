package cardrules_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/cardrules/cardrules"
	// A bot package registers its game and the game's computer players.
	_ "github.com/cardrules/cardrules/canasta/bot"
	_ "github.com/cardrules/cardrules/doublets/bot"
	_ "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// A program that knows no game opens a table by the game's name. It seats
// a computer player at each seat and lets them play to the end.
func Example() {
	t, err := cardrules.Open("rummy", "", 3, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	computers := make([]cardrules.Computer, t.Seats())
	for seat := range computers {
		computers[seat], err = cardrules.NewComputer(t.Game(), "heuristic", uint64(seat))
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	t, err = cardrules.RunTable(t, computers, cardrules.Options[cardrules.Table, string]{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Game(), "over after", t.Seq(), "actions")
	for seat, o := range t.Outcomes() {
		fmt.Printf("seat %d: %d points, won %v\n", seat, o.Points, o.Won)
	}
	// Output:
	// rummy over after 52 actions
	// seat 0: 40 points, won true
	// seat 1: 35 points, won false
	// seat 2: -40 points, won false
}

// Computers play a table of every registered game, with its default
// preset and seats. The registry's MaxActions bounds each game.
func ExampleRunTable() {
	for _, game := range cardrules.Games() {
		g, _ := cardrules.Lookup(game)
		t, err := g.Open("", 0, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		rules, _ := json.Marshal(g.Presets[0]) // a preset's name, as JSON
		limit, err := g.MaxActions(rules)
		if err != nil {
			fmt.Println(err)
			return
		}
		computers := make([]cardrules.Computer, t.Seats())
		for seat := range computers {
			if computers[seat], err = cardrules.NewComputer(game, "heuristic", uint64(seat)); err != nil {
				fmt.Println(err)
				return
			}
		}
		t, err = cardrules.RunTable(t, computers, cardrules.Options[cardrules.Table, string]{Limit: limit})
		if err != nil {
			fmt.Println(err)
			return
		}
		var points, won []int
		for seat, o := range t.Outcomes() {
			points = append(points, o.Points)
			if o.Won {
				won = append(won, seat)
			}
		}
		fmt.Printf("%s: %d actions, points %v, won by seats %v\n", game, t.Seq(), points, won)
	}
	// Output:
	// canasta: 548 actions, points [2975 5450 2975 5450], won by seats [1 3]
	// doublets: 126 actions, points [26], won by seats []
	// handfoot: 864 actions, points [14265 12535 14265 12535], won by seats [0 2]
	// rummy: 34 actions, points [25 75], won by seats [1]
}

// A typed game: cardrules.Run plays rummy.State with the players of
// rummy/bot. Observe sees each action as it is played.
func ExampleRun() {
	s, err := rummy.New(rummy.Basic(), 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	players := []bot.Player{bot.Heuristic(1), bot.Random(2)}
	s, err = cardrules.Run(s, players, bot.Options{
		Limit: s.Rules().MaxActions(),
		Observe: func(seat int, a rummy.Action, next rummy.State) {
			if next.Seq() <= 6 {
				fmt.Printf("seat %d: %v\n", seat, a)
			}
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("went out:", s.Results()[0].WentOut, "- totals:", s.Totals(), "- winners:", s.Winners())
	// Output:
	// seat 0: draw stock
	// seat 0: discard 2H
	// seat 1: draw stock
	// seat 1: meld 6H 7H 8H
	// seat 1: lay 5H on 1
	// seat 1: discard AS
	// went out: 0 - totals: [60 5] - winners: [0]
}

// A Table saved as JSON names its game, so Load needs no other word.
// The loaded table plays on exactly as the saved one does.
func ExampleLoad() {
	t, err := cardrules.Open("rummy", "", 2, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	// finish lets fresh heuristic computers play t from where it stands.
	finish := func(t cardrules.Table, o cardrules.Options[cardrules.Table, string]) cardrules.Table {
		computers := make([]cardrules.Computer, t.Seats())
		for seat := range computers {
			computers[seat], _ = cardrules.NewComputer(t.Game(), "heuristic", uint64(seat))
		}
		t, err := cardrules.RunTable(t, computers, o)
		if err != nil {
			fmt.Println(err)
		}
		return t
	}
	// Play the first five actions, then save the table.
	t = finish(t, cardrules.Options[cardrules.Table, string]{
		Until: func(t cardrules.Table) bool { return t.Seq() == 5 },
	})
	data, err := json.Marshal(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.25s...\n", data)

	u, err := cardrules.Load("", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	again, _ := json.Marshal(u)
	fmt.Println(u.Game(), "- seq:", u.Seq(), "- to act:", u.ToAct(), "- same JSON:", bytes.Equal(data, again))

	t = finish(t, cardrules.Options[cardrules.Table, string]{})
	u = finish(u, cardrules.Options[cardrules.Table, string]{})
	fmt.Printf("saved: %d actions, %+v\n", t.Seq(), t.Outcomes())
	fmt.Printf("loaded: %d actions, %+v\n", u.Seq(), u.Outcomes())
	// Output:
	// {"game":"rummy","state":{...
	// rummy - seq: 5 - to act: 0 - same JSON: true
	// saved: 53 actions, [{Points:70 Won:true} {Points:40 Won:false}]
	// loaded: 53 actions, [{Points:70 Won:true} {Points:40 Won:false}]
}

// The registered games, for a lobby: each game's presets, default first,
// the seats its default preset takes, and its computer players.
func ExampleGames() {
	for _, name := range cardrules.Games() {
		g, _ := cardrules.Lookup(name)
		fmt.Printf("%s: presets %v, seats %v, players %v\n", g.Name, g.Presets, g.Seats, cardrules.Strengths(name))
	}
	// Output:
	// canasta: presets [classic two three cutthroat], seats [2 3 4], players [random heuristic search]
	// doublets: presets [aisleriot pysol], seats [1], players [random heuristic search]
	// handfoot: presets [A B], seats [2 3 4 5 6 7 8], players [random heuristic search]
	// rummy: presets [basic basic-2 basic-3 basic-4 basic-5 basic-6], seats [2 3 4 5 6], players [random heuristic search]
}
