package handfoot_test

import (
	"encoding/json"
	"fmt"

	"github.com/cardrules/cardrules/handfoot"
)

// The JSON a server sends one seat: Ann's, at a table of two under rule set
// A, after Bo drew and laid his first melds. The rules are the preset's for
// this table, so they travel by name; Bo's hand and both feet are counts;
// each meld says how actions name it ("add 8H to 8") and the cards it
// holds.
func ExampleView_MarshalJSON() {
	rules := handfoot.RulesA().WithLayout(2, 2)
	rules.Names[0], rules.Names[1] = "Ann", "Bo"
	s, err := handfoot.New(rules, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{"draw", "meld 9H 9S 9S JK", "meld 8C 8D 2D"} {
		a, err := handfoot.ParseAction(text)
		if err == nil {
			s, err = handfoot.Apply(s, a)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	data, err := json.MarshalIndent(s.View(0), "", "  ")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(data))

	// A client in Go reads it back to the same View, rules included.
	var v handfoot.View
	if err := json.Unmarshal(data, &v); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Rules == s.Rules(), v.Teams[1].Melds)
	// Output:
	// {
	//   "rules": "A",
	//   "seat": 0,
	//   "team": 0,
	//   "round": 1,
	//   "phase": "melding",
	//   "toAct": 1,
	//   "turn": 1,
	//   "hand": [
	//     "AC",
	//     "AC",
	//     "3H",
	//     "4S",
	//     "5H",
	//     "6D",
	//     "9D",
	//     "10C",
	//     "JH",
	//     "QS",
	//     "JK"
	//   ],
	//   "foot": 11,
	//   "packets": [
	//     [],
	//     []
	//   ],
	//   "footSeen": [],
	//   "players": [
	//     {
	//       "seat": 0,
	//       "team": 0,
	//       "name": "Ann",
	//       "hand": 11,
	//       "foot": 11,
	//       "inFoot": false
	//     },
	//     {
	//       "seat": 1,
	//       "team": 1,
	//       "name": "Bo",
	//       "hand": 6,
	//       "foot": 11,
	//       "inFoot": false
	//     }
	//   ],
	//   "teams": [
	//     {
	//       "team": 0,
	//       "melds": [],
	//       "canastas": {
	//         "clean": 0,
	//         "dirty": 0
	//       },
	//       "down": false,
	//       "minimum": 50,
	//       "total": 0
	//     },
	//     {
	//       "team": 1,
	//       "melds": [
	//         {
	//           "ref": "9",
	//           "cards": [
	//             "9H",
	//             "9S",
	//             "9S",
	//             "JK"
	//           ]
	//         },
	//         {
	//           "ref": "8",
	//           "cards": [
	//             "8C",
	//             "8D",
	//             "2D"
	//           ]
	//         }
	//       ],
	//       "canastas": {
	//         "clean": 0,
	//         "dirty": 0
	//       },
	//       "down": false,
	//       "minimum": 50,
	//       "total": 0
	//     }
	//   ],
	//   "upcard": "2S",
	//   "pileSize": 1,
	//   "pileCards": [
	//     "2S"
	//   ],
	//   "stockSize": 115,
	//   "asked": false,
	//   "answer": 0,
	//   "laidThisTurn": 120,
	//   "minimumMet": true,
	//   "late": false,
	//   "since": [
	//     "meld 9H 9S 9S JK",
	//     "meld 8C 8D 2D"
	//   ],
	//   "fixedMelds": [],
	//   "fixedLaid": 0,
	//   "laidCards": [
	//     "2D",
	//     "8C",
	//     "8D",
	//     "9H",
	//     "9S",
	//     "9S",
	//     "JK"
	//   ],
	//   "legal": [],
	//   "results": []
	// }
	// true [9H 9S 9S JK 8C 8D 2D]
}
